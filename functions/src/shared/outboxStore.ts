/**
 * The only store opening `outbox`. Writes of the shared kernel (shared/outbox.ts enqueueEmail): each
 * new entry is checked against domain outboxDocSchema before it is written.
 * The sender's reads and updates live with the email slice (emailStore.ts), on the collection given here.
 */
import type {
  CollectionReference,
  DocumentReference,
  Firestore,
  Transaction,
  WriteBatch,
} from 'firebase-admin/firestore';
import { COLLECTIONS, outboxDocSchema } from '@studio/domain';
import { checkedDoc, type StoredWrite } from '../platform/converter.js';

/** `outbox`, plain: the email slice's sender also reads entries that do not parse, to fail or take them back. */
export const outboxCol = (db: Firestore): CollectionReference => db.collection(COLLECTIONS.outbox);

/**
 * Creates the outbox entry `data` in `tx` (a transaction or batch) under a new id.
 * @returns its ref. @throws ZodError when `data` does not match outboxDocSchema.
 */
export function createOutboxEntry(
  db: Firestore,
  tx: Transaction | WriteBatch,
  data: StoredWrite<typeof outboxDocSchema>,
): DocumentReference {
  const ref = outboxCol(db).doc();
  (tx as WriteBatch).create(ref, checkedDoc(outboxDocSchema, data));
  return ref;
}
