/**
 * Takes a signed-in tab to the login page within moments of a logout made on
 * another device (or in another browser): that logout revokes every session
 * of the admin and stores its time in `admin_sessions/{uid}`, after which
 * Firestore refuses this tab's reads (firestore.rules) and the API its calls.
 * This listens to that one document (shared/data/hooks
 * useLiveSessionRevocation) and, when the revocation is not before this tab's
 * sign-in (the ID token's auth_time, domain sessionRevoked), signs the tab out:
 * <RequireAdmin> then shows "Not authenticated" and the login page (spec §8).
 * A read Firestore refuses on a page goes the same way once the API confirms
 * the session is over (shared/data/sessionCheck.ts, registered here).
 *
 * Rendered inside every signed-in page's Firestore scope (app/admin/lazyPages.tsx),
 * so it ships with the Firestore chunk, never with the login page.
 */
import { useEffect, useState } from 'react';
import { onIdTokenChanged } from 'firebase/auth';
import { sessionRevoked } from '@studio/domain';
import { auth } from '../../../shared/data/firebase';
import { useLiveSessionRevocation } from '../../../shared/data/hooks';
import { setSessionCheck } from '../../../shared/data/sessionCheck';
import { leaveEndedSession, sessionEndedOnServer } from '../session';

/** The signed-in user and when it signed in (auth_time, whole seconds), or null. */
interface SignIn {
  uid: string;
  authTimeSeconds: number;
}

/** This tab's sign-in, following Auth (a new sign-in has a new auth_time). */
function useSignIn(): SignIn | null {
  const [signIn, setSignIn] = useState<SignIn | null>(null);
  useEffect(
    () =>
      onIdTokenChanged(auth, (user) => {
        if (!user) return setSignIn(null);
        user.getIdTokenResult().then(
          (token) => {
            if (auth.currentUser !== user) return; // another sign-in (or a sign-out) came meanwhile
            const authTimeSeconds = Number(token.claims.auth_time);
            setSignIn(Number.isFinite(authTimeSeconds) ? { uid: user.uid, authTimeSeconds } : null);
          },
          () => setSignIn(null), // no token: Auth signs the user out itself
        );
      }),
    [],
  );
  return signIn;
}

export function SessionWatch() {
  const signIn = useSignIn();
  const revokedAt = useLiveSessionRevocation(signIn?.uid ?? null);

  useEffect(() => setSessionCheck(sessionEndedOnServer), []);

  useEffect(() => {
    if (signIn && revokedAt !== undefined && sessionRevoked(signIn.authTimeSeconds, revokedAt)) leaveEndedSession();
  }, [signIn, revokedAt]);

  return null;
}
