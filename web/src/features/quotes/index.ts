/**
 * The quotes feature's public face: the dialogs the dashboard opens on a lead
 * (spec §2 "Project plan", "Quote review", "Edit quote"). Each is its own
 * chunk, loaded and rendered on first open.
 */
import { lazyNamed } from '../../shared/lib/lazyNamed';

export const ProjectPlanDialog = lazyNamed(() => import('./components/ProjectPlanDialog'), 'ProjectPlanDialog');
export const QuoteReviewDialog = lazyNamed(() => import('./components/QuoteReviewDialog'), 'QuoteReviewDialog');
export const EditQuoteDialog = lazyNamed(() => import('./components/EditQuoteDialog'), 'EditQuoteDialog');
