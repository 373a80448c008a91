/**
 * A client's portal account: their email-link account in Firebase Auth
 * (the address is stored there) and the record of their first sign-in
 * (portalSignInStore.ts). A client's erasure removes both
 * (features/client-data); an account with the admin custom claim is never
 * touched.
 */
import { getAuth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import '../../platform/firebase.js'; // the default app, initialised once
import { deleteFirstSignIn } from './portalSignInStore.js';

/** True for the Admin SDK's "no user with this address" error. */
const isNoUser = (e: unknown) => (e as { code?: unknown } | null)?.code === 'auth/user-not-found';

/**
 * Removes the portal account of `email`: its Auth user (unless it is an admin's) and its first sign-in record.
 * @returns whether an Auth user was deleted. @throws what Auth or Firestore report (nothing is half-removed that
 *   a repeat would not finish).
 */
export async function removePortalAccount(db: Firestore, email: string): Promise<boolean> {
  await deleteFirstSignIn(db, email);
  const auth = getAuth();
  try {
    const user = await auth.getUserByEmail(email.trim().toLowerCase());
    if (user.customClaims?.admin === true) return false;
    await auth.deleteUser(user.uid);
    return true;
  } catch (e) {
    if (isNoUser(e)) return false;
    throw e;
  }
}
