/**
 * The client-data slice's read of every client address stored where findClientRecords (clientRecordStore.ts)
 * looks for one, for erasing again after a restore (eraseAgain.ts; the erasures recorded are read by
 * clientRecordStore.ts).
 */
import { COLLECTIONS, type CollectionName } from '@studio/domain';
import type { Firestore } from 'firebase-admin/firestore';

/** Where a client's address is stored: the fields findClientRecords searches by address. */
const ADDRESS_FIELDS: ReadonlyArray<readonly [CollectionName, string]> = [
  [COLLECTIONS.leads, 'email'],
  [COLLECTIONS.contacts, 'email'],
  [COLLECTIONS.invoices, 'email'],
  [COLLECTIONS.orders, 'clientInfo.email'],
  [COLLECTIONS.subscriptions, 'customerEmail'],
  [COLLECTIONS.ledgerEntries, 'customerEmail'],
  [COLLECTIONS.outbox, 'to'],
  [COLLECTIONS.emailLog, 'to'],
];

/** Every distinct address stored in ADDRESS_FIELDS, trimmed (reads those fields of every document once). */
export async function storedAddresses(db: Firestore): Promise<Set<string>> {
  const out = new Set<string>();
  for (const [collection, field] of ADDRESS_FIELDS) {
    const snap = await db.collection(collection).select(field).get();
    for (const d of snap.docs) {
      const v: unknown = d.get(field);
      if (typeof v === 'string' && v.trim()) out.add(v.trim());
    }
  }
  return out;
}
