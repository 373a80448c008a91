/**
 * What other features use of quotes: the client links of a lead's quote, read
 * and revoked inside the caller's transaction (see quoteStore.ts).
 */
export { openLinks, revokeLinks } from './quoteStore.js';
export { readLink, type StoredLead } from './quoteStore.js';
export { acceptanceOutcome } from './acceptQuoteLink.js';
export { acceptQuoteInTx } from './quoteAcceptance.js';
export type { QuoteContracts } from './contracts.js';
