/** `users/{uid}` (domain userDocSchema): an admin's profile, merged in when the admin is created. */
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, userDocSchema } from '@studio/domain';
import { checkedDoc } from '../../platform/converter.js';

/** Stores (merging) the profile of admin `uid`, `createdAt` stamped now. @throws ZodError on a malformed profile. */
export async function saveAdminProfile(db: Firestore, uid: string, username: string): Promise<void> {
  const doc = checkedDoc(userDocSchema, { id: uid, username, createdAt: FieldValue.serverTimestamp() });
  await db.collection(COLLECTIONS.users).doc(uid).set(doc, { merge: true });
}
