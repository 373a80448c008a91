/**
 * Messages between the studio and its clients: the portal's thread routes
 * (app.ts passes them to the portal router, which serves them behind its
 * client guard) and the owner's routes (mounted in the admin router).
 */
export { messagesAdminRouter, messagesPortalRouter } from './router.js';
