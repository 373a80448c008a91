/** The admin sign-in feature's public face: the signed-in admin's session, for the pages that greet or act as them. */
export { useAdminSession } from './session';
