/**
 * What other features use of proposals: a quote's contract side
 * (quoteContracts, which app.ts passes to the quote routes: freezing a
 * proposal when a quote is approved with a contract, finding a quote link's
 * proposal, for the acceptance call refuses a quote that has one), and a
 * signed proposal's PDF as a document (features/documents kind `proposal`:
 * email attachments and the client's My Project links).
 */
export { quoteContracts } from './quoteContracts.js';
export { signedProposalPdf, signedProposalsOfLead } from './signProposal.js';
