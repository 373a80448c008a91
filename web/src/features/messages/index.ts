/**
 * Messages between the studio and its clients, the admin's side: the lead
 * details' threads, read live. The portal's side is the portal feature's
 * (portal/components/PortalMessages); both draw the messages with
 * shared/components/messages.
 */
export { LeadMessages } from './components/LeadMessages';
