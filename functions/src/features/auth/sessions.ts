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
import { loginDelayAfterRevocationMs, revocationSeconds } from '@studio/domain';
import type { Clock, Deps } from '../useCase.js';
import { readRevokedAtSeconds, writeAdminSession } from './sessionStore.js';

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
  const { db } = deps;
  return db.runTransaction(async (tx) => {
    const stored = (await readRevokedAtSeconds(db, uid, tx)) ?? 0;
    const revokedAtSeconds = Math.max(stored, revocationSeconds(clock().getTime()));
    writeAdminSession(tx, db, uid, { revokedAtSeconds });
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
  const revokedAt = await readRevokedAtSeconds(deps.db, uid);
  const delay = loginDelayAfterRevocationMs(revokedAt, clock().getTime());
  if (delay > 0) await sleep(delay);
  return delay;
}
