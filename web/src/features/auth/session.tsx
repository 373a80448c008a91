/**
 * Admin session on the client (spec §6): every admin page first checks the
 * session with GET /api/auth/me ("Loading..." meanwhile) and redirects to
 * /admin/login with "Not authenticated" when it fails. A session a logout
 * ended elsewhere leaves the same way, within moments (./components/SessionWatch).
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { onAuthStateChanged, signOut } from 'firebase/auth';
import { adminSessionReply } from '@studio/domain';
import { api, ApiError } from '../../shared/lib/api';
import { Loading } from '../../shared/components/PageState';
import { useToast } from '../../shared/components/Toast';
import { auth } from '../../shared/data/firebase';

export interface AdminSession {
  username: string;
}

const SessionContext = createContext<AdminSession | null>(null);

/** The signed-in admin; only inside <RequireAdmin>. */
export function useAdminSession(): AdminSession {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useAdminSession outside <RequireAdmin>');
  return s;
}

type Check = { state: 'checking' } | { state: 'ok'; session: AdminSession } | { state: 'denied' };

/** How long (ms) an early session check may wait for <RequireAdmin> to take it. */
const EARLY_CHECK_MS = 10_000;
let early: { uid: string; at: number; check: Promise<AdminSession> } | null = null;

/** The early check if it is for `uid` and still fresh. */
const earlyFor = (uid: string) => (early?.uid === uid && Date.now() - early.at < EARLY_CHECK_MS ? early : null);

const fetchSession = () => api.get('/api/auth/me', adminSessionReply).then((r): AdminSession => r.user);

/**
 * Starts the session check (GET /api/auth/me) for the signed-in `uid` before
 * <RequireAdmin> mounts, so it travels with the page's chunks and data instead
 * of after them; the next <RequireAdmin> for that uid takes its answer.
 */
export function prefetchSession(uid: string): void {
  if (earlyFor(uid)) return;
  early = { uid, at: Date.now(), check: fetchSession() };
  early.check.catch(() => undefined); // handled by whoever takes it
}

/** The early check for `uid` if there is a fresh one (used once), else a new one. */
function takeSession(uid: string): Promise<AdminSession> {
  const e = earlyFor(uid);
  early = null;
  return e ? e.check : fetchSession();
}

/**
 * The signed-in Firebase user's uid: undefined until Auth has restored its
 * state, then the uid or null. (Plain Auth rather than reactfire, so the
 * login path never loads reactfire and the Firestore SDK it pulls in.)
 */
function useAuthUid(): string | null | undefined {
  const [uid, setUid] = useState<string | null | undefined>(undefined);
  useEffect(() => onAuthStateChanged(auth, (user) => setUid(user?.uid ?? null)), []);
  return uid;
}

/** How long (ms) after Logout asked to sign out a redirect to the login counts as that sign-out. */
const SIGN_OUT_GRACE_MS = 10_000;
let signOutAskedAt = -Infinity;

/**
 * Called by Logout before it asks the server to end the session: the redirect that follows is asked for, so it
 * shows no "Not authenticated", and this tab's own revocation is not taken for one made elsewhere.
 */
export function expectSignOut(): void {
  signOutAskedAt = Date.now();
}

const signOutExpected = () => Date.now() - signOutAskedAt <= SIGN_OUT_GRACE_MS;

/**
 * Signs this tab out (Logout, or a session the API refuses) and deletes the
 * device's Firestore cache (shared/data/FirestoreScope signOutAndForgetCache; its
 * chunk is already loaded on every signed-in page). Never rejects.
 */
export async function signOutAndForget(): Promise<void> {
  const signOutHere = () => signOut(auth);
  const scope = await import('../../shared/data/FirestoreScope').catch(() => null);
  await (scope ? scope.signOutAndForgetCache(signOutHere) : signOutHere().catch(() => undefined));
}

let ending: Promise<void> | null = null;

/**
 * Signs this tab out because its session ended elsewhere (a logout on another
 * device or tab revoked it): <RequireAdmin> then shows "Not authenticated"
 * and the login page (spec §8 "Session check fails"), as for any session
 * that is gone. Nothing while this tab's own Logout is signing out (it has
 * its own message); once however often it is called.
 */
export function leaveEndedSession(): void {
  // Already signed out here (a Logout in another tab of this browser): that sign-out's own path is under way.
  if (signOutExpected() || ending || !auth.currentUser) return;
  ending = signOutAndForget().finally(() => {
    ending = null;
  });
}

/**
 * Whether this tab's session has ended, asked of the server (GET
 * /api/auth/me, which refuses a revoked token): after Firestore refused a
 * read (shared/data/sessionCheck.ts). An ended session is left at once
 * (leaveEndedSession); an answer other than 401/403 (offline, 5xx) says
 * nothing about the session, so the refusal shows as an error.
 */
export async function sessionEndedOnServer(): Promise<boolean> {
  if (signOutExpected()) return true;
  try {
    await fetchSession();
    return false;
  } catch (e) {
    if (!(e instanceof ApiError) || (e.status !== 401 && e.status !== 403)) return false;
    leaveEndedSession();
    return true;
  }
}

/**
 * Shows `children` once the session check succeeds; otherwise redirects to
 * /admin/login with the toast "Not authenticated" (spec §6, §8): when nobody
 * is signed in (opened signed out, or signed out elsewhere, e.g. in another
 * tab or by a revoked session), or when GET /api/auth/me refuses. Logout,
 * which has its own message, redirects without it (expectSignOut).
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const toast = useToast();
  const uid = useAuthUid();
  const [check, setCheck] = useState<Check>({ state: 'checking' });

  useEffect(() => {
    if (uid === undefined) return;
    if (!uid) {
      if (Date.now() - signOutAskedAt > SIGN_OUT_GRACE_MS) toast({ title: 'Not authenticated', severity: 'error' });
      setCheck({ state: 'denied' });
      return;
    }
    let alive = true;
    setCheck({ state: 'checking' });
    takeSession(uid).then(
      (session) => alive && setCheck({ state: 'ok', session }),
      () => {
        if (!alive) return;
        void signOutAndForget();
        toast({ title: 'Not authenticated', severity: 'error' });
        setCheck({ state: 'denied' });
      },
    );
    return () => {
      alive = false;
    };
  }, [uid, toast]);

  if (check.state === 'denied') return <Navigate to="/admin/login" replace />;
  if (check.state === 'checking') return <Loading />;
  return <SessionContext.Provider value={check.session}>{children}</SessionContext.Provider>;
}
