/**
 * `portal_sign_ins/{sha256(email)}`: when an address first used the client
 * portal (domain portalSignInDocSchema), and the activity entries of that
 * first sign-in, written together in one transaction so each is written once.
 */
import { createHash } from 'node:crypto';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, portalSignInDocSchema } from '@studio/domain';
import { checkedDoc, zodConverter } from '../../platform/converter.js';
import { recordActivity, type ActivityEntry } from '../../shared/activity.js';

const converter = zodConverter(portalSignInDocSchema);

/** The record of `email` (lowercased): keyed by its SHA-256, so the address itself is not a document id. */
const signInRef = (db: Firestore, email: string) =>
  db
    .collection(COLLECTIONS.portalSignIns)
    .doc(createHash('sha256').update(email.trim().toLowerCase()).digest('hex'))
    .withConverter(converter);

/** When `email` first signed in to the portal, or null if it never has. */
export async function readFirstSignIn(db: Firestore, email: string): Promise<Date | null> {
  return (await signInRef(db, email).get()).data()?.firstSignedInAt ?? null;
}

/**
 * Stores `email`'s first portal sign-in (now) with `entries` in the activity
 * history, unless it is already stored. @returns true when this call stored it.
 */
export async function storeFirstSignIn(db: Firestore, email: string, entries: ActivityEntry[]): Promise<boolean> {
  const ref = signInRef(db, email);
  return db.runTransaction(async (tx) => {
    if ((await tx.get(ref.withConverter(null))).exists) return false;
    tx.create(
      ref.withConverter(null),
      checkedDoc(portalSignInDocSchema, { firstSignedInAt: FieldValue.serverTimestamp() }),
    );
    for (const entry of entries) recordActivity(db, tx, entry);
    return true;
  });
}

/** Deletes `email`'s first sign-in record (nothing to delete is not an error). */
export async function deleteFirstSignIn(db: Firestore, email: string): Promise<void> {
  await signInRef(db, email).delete();
}
