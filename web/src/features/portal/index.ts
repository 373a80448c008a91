/**
 * The client portal's face to other features: the lead details' invite
 * button and portal sign-in line. The portal page itself is a lazy route of
 * web/src/app/App.tsx.
 */
export { InviteToPortalButton } from './components/InviteToPortalButton';
export { PortalSignInStatus } from './components/PortalSignInStatus';
