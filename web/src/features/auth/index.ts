/** What other features use of the admin session: the signed-in admin. */
export { useAdminSession, type AdminSession } from './session';
