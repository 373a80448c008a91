/**
 * What other features use of leads: a lead's card on the CRM board brought up
 * to date (leadBoardStore.ts), a lead read and written inside the
 * caller's transaction or outside one (leadStore.ts, the only store opening
 * `leads`: parsed reads, checked writes, the queries other slices need), a
 * paid cart order's buyer made a client (cartClient.ts), and what a board
 * move asks of the slices built on leads (moveFollowers.ts).
 */
export { syncBoardCard } from './leadBoardStore.js';
export { ensureCartClientIn, existingClientLeadId, type CartClient } from './cartClient.js';
export {
  createLeadIn,
  hostedProjectLeads,
  leadExistsIn,
  leadRef,
  newestLeadIdsOfEmail,
  newestLeadsOfEmail,
  newLeadRef,
  parseLeadSnapshot,
  readLead,
  readLeadLenient,
  readLeadsById,
  readNewestLead,
  readLeadIn,
  setUnreadMessagesIn,
  updateLead,
  updateLeadIn,
  type ReadLead,
} from './leadStore.js';
export type { LeadMoveFollowers, MovedProject } from './moveFollowers.js';
