/**
 * The client-data slice's reads for erasing again after a restore (eraseAgain.ts): the erasures recorded in
 * `client_data_requests` (parsed with clientDataRequestDocSchema) and every client address stored where
 * findClientRecords (clientRecordStore.ts) looks for one.
 */
import { clientDataRequestDocSchema, COLLECTIONS, type CollectionName } from '@studio/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { parsedDocs } from '../../platform/converter.js';

/** The SHA-256 of every address whose erasure `client_data_requests` records. */
export async function erasedAddressHashes(db: Firestore): Promise<Set<string>> {
  const snap = await db.collection(COLLECTIONS.clientDataRequests).where('action', '==', 'erase').get();
  return new Set(parsedDocs(snap, clientDataRequestDocSchema, 'client data request').map((r) => r.emailSha256));
}

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
