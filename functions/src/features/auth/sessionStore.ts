/**
 * `admin_sessions/{uid}` (domain adminSessionDocSchema): an admin's last
 * logout, read leniently (a document that does not parse reads as none, so
 * it never blocks a logout or a login) and checked when written.
 */
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { adminSessionDocSchema, COLLECTIONS, type AdminSessionDoc } from '@studio/domain';
import { checkedDoc } from '../../platform/converter.js';

const sessionRef = (db: Firestore, uid: string) => db.collection(COLLECTIONS.adminSessions).doc(uid);

/**
 * The stored revocation time of `uid` (whole seconds; in `tx` when given), or
 * null when there is none or the document does not parse (the rules refuse
 * every read for it meanwhile, and the next logout replaces it).
 */
export async function readRevokedAtSeconds(db: Firestore, uid: string, tx?: Transaction): Promise<number | null> {
  const ref = sessionRef(db, uid);
  const snap = tx ? await tx.get(ref) : await ref.get();
  const parsed = adminSessionDocSchema.safeParse(snap.data());
  return parsed.success ? parsed.data.revokedAtSeconds : null;
}

/** Replaces `admin_sessions/{uid}` with `doc` in `tx`. @throws ZodError when it does not match the schema. */
export function writeAdminSession(tx: Transaction, db: Firestore, uid: string, doc: AdminSessionDoc): void {
  tx.set(sessionRef(db, uid), checkedDoc(adminSessionDocSchema, doc));
}
