/** What other features use of leads: a lead's card on the CRM board brought up to date (leadBoard.ts). */
export { syncBoardCard } from './leadBoard.js';
