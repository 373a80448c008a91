/** This slice's side of a quote's contract (features/quotes contracts.ts), which app.ts passes to the quote routes. */
import type { QuoteContracts } from '../quotes/index.js';
import { prepareProposal } from './freezeProposal.js';
import { proposalOfLink } from './proposalStore.js';

export const quoteContracts: QuoteContracts = { prepareProposal, proposalOfLink };
