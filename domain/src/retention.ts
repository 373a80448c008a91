/**
 * How long records that only serve operations are kept. Firestore's TTL
 * policies (firestore.indexes.json fieldOverrides, one per collection here)
 * delete a document some time after its `expireAt` passes (typically within
 * a day); the writer sets `expireAt` in the same write as the document, so no
 * extra write is billed. Business records (leads, quotes, invoices, payments,
 * ledger entries) have no TTL. Why each period: docs/operations.md "Retention".
 */
import { COLLECTIONS } from './collections.js';
import { DAY_MS } from './constants.js';

/** The field every TTL policy expires on. */
export const TTL_FIELD = 'expireAt';

/** Days each collection's documents are kept, counted from the write that sets `expireAt`. */
export const RETENTION_DAYS = {
  /** From the entry's terminal status (sent, failed or skipped): long enough to answer "did they get it?". */
  [COLLECTIONS.outbox]: 90,
  /** The emulators' stand-in for SendGrid: a local inbox, not a record. */
  [COLLECTIONS.emailLog]: 30,
  /** The webhook's once-only record: Stripe retries for 3 days, disputes and refunds arrive for months. */
  [COLLECTIONS.stripeEvents]: 400,
  /** A lead's history: the money itself stays in the ledger and the invoices. */
  [COLLECTIONS.leadActivity]: 3 * 365,
} as const;

/** A collection with a retention period. */
export type RetainedCollection = keyof typeof RETENTION_DAYS;

/** When a document of `collection` written (or made terminal) at `from` may be deleted. */
export function retentionEnd(collection: RetainedCollection, from: Date): Date {
  return new Date(from.getTime() + RETENTION_DAYS[collection] * DAY_MS);
}
