/** The promo feature's public face: Promo Code Management (spec §2), a chunk of its own loaded on first open. */
import { lazyNamed } from '../../shared/lib/lazyNamed';

export const PromoCodesDialog = lazyNamed(() => import('./components/PromoCodesDialog'), 'PromoCodesDialog');
