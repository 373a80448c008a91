/**
 * Ending an admin's sessions (logout) so that Firestore sees it too, and the
 * login that follows (domain auth.ts "Ending sessions").
 *
 * Auth's revocation ends refresh tokens, and requireAdmin checks it on every
 * /api call; but an ID token already issued keeps reading Firestore for up to
 * an hour, since security rules cannot ask Auth. So logout also stores the
 * revocation time in `admin_sessions/{uid}`, which firestore.rules compare with
 * each token's `auth_time`, and which the admin's open tabs listen to.
 */
import type { Auth } from 'firebase-admin/auth';
import {
  adminSessionDocSchema,
  COLLECTIONS,
  loginDelayAfterRevocationMs,
  revocationSeconds,
  type AdminSessionDoc,
} from '@studio/domain';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { Clock, Deps } from '../useCase.js';

const sessionRef = (deps: Deps, uid: string) => deps.db.collection(COLLECTIONS.adminSessions).doc(uid);

/**
 * The revocation time of a read `admin_sessions/{uid}`, or null when there is
 * none. A document that does not parse reads as none here, so it never
 * blocks a logout or a login (the rules refuse every read for it meanwhile,
 * and the next logout replaces it).
 */
const revokedAtOf = (snap: DocumentSnapshot): number | null => {
  const parsed = adminSessionDocSchema.safeParse(snap.data());
  return parsed.success ? parsed.data.revokedAtSeconds : null;
};

/**
 * Ends every session of the admin `uid`: Auth revokes its refresh tokens
 * (requireAdmin refuses their ID tokens from then on), then the revocation
 * time, taken after Auth's, is stored for the rules. A later time only: two
 * logouts racing never move it back.
 * @returns the stored revocation time (whole seconds).
 * @throws whatever Auth or Firestore throws (the route answers 5xx: the other devices are not known to be cut off).
 */
export async function endAdminSessions(deps: Deps & { auth: Auth }, uid: string, clock: Clock): Promise<number> {
  await deps.auth.revokeRefreshTokens(uid);
  const ref = sessionRef(deps, uid);
  return deps.db.runTransaction(async (tx) => {
    const stored = revokedAtOf(await tx.get(ref)) ?? 0;
    const revokedAtSeconds = Math.max(stored, revocationSeconds(clock().getTime()));
    tx.set(ref, { revokedAtSeconds } satisfies AdminSessionDoc);
    return revokedAtSeconds;
  });
}

/**
 * Holds a login of the admin `uid` until the second of its last revocation is
 * over (domain loginDelayAfterRevocationMs, at most one second), so that the
 * sign-in made with the custom token it returns has an `auth_time` after the
 * revocation and the rules let it read.
 * @returns how long it waited (ms).
 */
export async function waitOutRevocation(
  deps: Deps,
  uid: string,
  clock: Clock,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<number> {
  const revokedAt = revokedAtOf(await sessionRef(deps, uid).get());
  const delay = loginDelayAfterRevocationMs(revokedAt, clock().getTime());
  if (delay > 0) await sleep(delay);
  return delay;
}
