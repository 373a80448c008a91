/**
 * The My Project feature's public face: the "Access Your Project" dialog the
 * landing's top bar opens (spec §2). A chunk of its own, loaded on first open,
 * so the landing's initial JS does not carry it.
 */
import { lazyNamed } from '../../shared/lib/lazyNamed';

export const AccessProjectDialog = lazyNamed(() => import('./components/AccessProjectDialog'), 'AccessProjectDialog');
