/**
 * The proposals feature's admin face: a lead's proposals (lead details) and
 * the quote review's contract choice. The client's side (reading and
 * signing) lives on the public quote page (features/quote-acceptance).
 */
export { LeadProposals } from './components/LeadProposals';
export { ContractPicker, NO_CONTRACT } from './components/ContractPicker';
export { ProposalSettingsPanel } from './components/ProposalSettingsPanel';
