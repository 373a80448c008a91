/**
 * Messages between the studio and its clients: the portal's thread routes
 * (mounted by the portal router behind its client guard) and the owner's
 * routes (mounted in the admin router).
 */
export { messagesAdminRouter, messagesPortalRouter } from './router.js';
