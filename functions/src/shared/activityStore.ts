/**
 * `lead_activity`: the store of the lead activity history (shared/activity.ts
 * records entries). Entries are checked against domain leadActivityDocSchema
 * when written and parsed with it when read.
 */
import { type DocumentReference, type Firestore, type Transaction, type WriteBatch } from 'firebase-admin/firestore';
import { COLLECTIONS, leadActivityDocSchema, type LeadActivityDoc } from '@studio/domain';
import { checkedDoc, parsedDocs, type StoredWrite } from '../platform/converter.js';

/**
 * Creates the activity entry `data` in `tx` (a transaction or batch) under a new id.
 * @returns its ref. @throws ZodError when `data` does not match leadActivityDocSchema.
 */
export function createActivityEntry(
  db: Firestore,
  tx: Transaction | WriteBatch,
  data: StoredWrite<typeof leadActivityDocSchema>,
): DocumentReference {
  const ref = db.collection(COLLECTIONS.leadActivity).doc();
  (tx as WriteBatch).create(ref, checkedDoc(leadActivityDocSchema, data));
  return ref;
}

/** The lead's activity entries, newest first, each parsed (one that does not parse is left out, logged). */
export async function readLeadActivity(
  db: Firestore,
  leadId: string,
): Promise<Array<LeadActivityDoc & { id: string }>> {
  const snap = await db.collection(COLLECTIONS.leadActivity).where('leadId', '==', leadId).orderBy('at', 'desc').get();
  return parsedDocs(snap, leadActivityDocSchema, 'listActivity');
}
