/**
 * What other features use of leads: a lead's card on the CRM board brought up
 * to date (leadBoardStore.ts), and a lead read and written inside the
 * caller's transaction (leadStore.ts: parsed reads, checked writes).
 */
export { syncBoardCard } from './leadBoardStore.js';
export {
  leadExistsIn,
  parseLeadSnapshot,
  readLead,
  readNewestLead,
  readLeadIn,
  updateLead,
  updateLeadIn,
  type ReadLead,
} from './leadStore.js';
