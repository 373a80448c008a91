/**
 * What other features use of email: a copy in `email_log` by id (emailStore.ts, the only store opening that
 * collection), which a client's export and erasure read beside the outbox entry it copies.
 */
export { emailLogRef } from './emailStore.js';
