/**
 * The client portal's face to other features: the lead details' invite
 * button. The portal page itself is a lazy route of web/src/app/App.tsx.
 */
export { InviteToPortalButton } from './components/InviteToPortalButton';
