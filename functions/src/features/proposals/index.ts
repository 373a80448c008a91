/**
 * What other features use of proposals: freezing one when a quote is
 * approved with a contract, and finding a quote link's proposal (the
 * acceptance call refuses a quote that has one).
 */
export { prepareProposal } from './freezeProposal.js';
export { proposalOfLink } from './proposalStore.js';
