/**
 * What other features use of proposals: freezing one when a quote is
 * approved with a contract, finding a quote link's proposal (the
 * acceptance call refuses a quote that has one), and a signed proposal's PDF
 * as a document (features/documents kind `proposal`: email attachments and
 * the client's My Project links).
 */
export { prepareProposal } from './freezeProposal.js';
export { proposalOfLink } from './proposalStore.js';
export { signedProposalPdf, signedProposalsOfLead } from './signProposal.js';
