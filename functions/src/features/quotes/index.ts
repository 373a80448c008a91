/**
 * What other features use of quotes: the client links of a lead's quote, read
 * and revoked inside the caller's transaction (see quoteStore.ts; app.ts
 * passes revokeOpenLinksIn to the leads routes), the acceptance a signed
 * proposal makes, the contract side a quote asks of proposals, and the open
 * links the reminders chase (the quote_links collection is opened only in quoteStore.ts).
 */
export { readLink, readLinkByIdIn, revokeOpenLinksIn, unusedOpenLinks, type StoredLead } from './quoteStore.js';
export { acceptanceOutcome } from './acceptQuoteLink.js';
export { acceptQuoteInTx } from './quoteAcceptance.js';
export type { QuoteContracts } from './contracts.js';
