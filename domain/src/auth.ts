/**
 * Admin identity rules (spec §2 "Admin login", §6).
 * The admin signs in with a username; Firebase Auth knows users by email, so
 * every username maps to one synthetic, never-mailed address.
 */

/** Domain of the synthetic sign-in addresses. `.invalid` is reserved (RFC 2606) and never delivers mail. */
export const ADMIN_EMAIL_DOMAIN = 'admin.studio.invalid';

/** Usernames: 3–64 letters, digits, dot, dash or underscore. */
export const USERNAME_PATTERN = /^[a-zA-Z0-9._-]{3,64}$/;

/** Maps a username to its Firebase Auth email: "Admin" → "admin@admin.studio.invalid". */
export function usernameToEmail(username: string): string {
  return `${username.trim().toLowerCase()}@${ADMIN_EMAIL_DOMAIN}`;
}

/** The only sign-in method an admin account may have: Firebase Auth's Email/Password provider. */
export const ADMIN_SIGN_IN_PROVIDER = 'password';

/** What `admin:create` reads of an Auth account that already holds an admin's address. */
export interface ExistingAdminAccount {
  /** The account's custom claims (Auth's `customClaims`; undefined when it has none). */
  claims: Record<string, unknown> | undefined | null;
  /** The ids of its sign-in methods (Auth's `providerData[].providerId`: "password", "google.com", ...). */
  providerIds: readonly string[];
}

/**
 * Why `admin:create` must not take over an existing account at the address of
 * `username`, or null when `--update` may give it a new password.
 *
 * Anyone holding the public Web API key can sign up any address, including
 * `<username>@admin.studio.invalid`, and link another sign-in method to it; a
 * new password does not remove that method, so putting the admin claim on
 * such an account would hand the CRM to its maker. Only an account that
 * already carries the `admin` claim and signs in by password alone is
 * updated; any other is deleted and created afresh.
 * @returns the refusal (naming the safe path), or null when the update is safe.
 */
export function existingAdminAccountRefusal(username: string, account: ExistingAdminAccount): string | null {
  const safePath =
    'Delete the account (Firebase console → Authentication → the user → Delete account), ' +
    'then run admin:create again without --update to create it afresh.';
  if (account.claims?.admin !== true)
    return `The account "${username}" exists but is not an admin: it was not created by admin:create and may belong to someone else. ${safePath}`;
  const others = account.providerIds.filter((p) => p !== ADMIN_SIGN_IN_PROVIDER);
  if (others.length > 0)
    return `The account "${username}" can also sign in with ${others.join(', ')}: whoever controls that sign-in method could use the admin rights. ${safePath}`;
  return null;
}

// ---------------------------------------------------------------------------
// Ending sessions (logout)
// ---------------------------------------------------------------------------
//
// Logout revokes the admin's refresh tokens, but an ID token already issued
// stays valid for up to an hour and security rules cannot ask Auth about a
// revocation. So logout also writes the time of the revocation to
// `admin_sessions/{uid}` (adminSessionDocSchema), and firestore.rules refuse
// every CRM read by a token whose `auth_time` (the sign-in it comes from,
// refreshed tokens included) is not after it. Both are whole seconds, the unit
// of `auth_time`.

/** The revocation time logout stores for a logout at `nowMs`: whole seconds, rounded down like `auth_time`. */
export const revocationSeconds = (nowMs: number): number => Math.floor(nowMs / 1000);

/**
 * Whether a session signed in at `authTimeSeconds` (the ID token's `auth_time`)
 * was ended by the revocation at `revokedAtSeconds` (null: never revoked).
 * A sign-in in the very second of the revocation counts as ended: `auth_time`
 * cannot tell whether it came before or after, and a token that may be the
 * old one must read nothing (the next login waits that second out,
 * loginDelayAfterRevocationMs). firestore.rules states the same comparison.
 */
export function sessionRevoked(authTimeSeconds: number, revokedAtSeconds: number | null): boolean {
  return revokedAtSeconds !== null && authTimeSeconds <= revokedAtSeconds;
}

/** The longest a login waits for a revocation's second to pass (ms): one second, whatever the stored time says. */
export const MAX_LOGIN_DELAY_MS = 1000;

/**
 * How long (ms) a login at `nowMs` holds its custom token back so that the
 * sign-in it makes has an `auth_time` after `revokedAtSeconds`: until the next
 * whole second, so a login right after a logout (the same second) is not
 * refused by the rules as the session that logout ended. 0 when the
 * revocation's second is over or there is none; at most MAX_LOGIN_DELAY_MS (a
 * revocation stored further ahead, by a clock that jumped, is not waited for).
 */
export function loginDelayAfterRevocationMs(revokedAtSeconds: number | null, nowMs: number): number {
  if (revokedAtSeconds === null) return 0;
  return Math.min(MAX_LOGIN_DELAY_MS, Math.max(0, (revokedAtSeconds + 1) * 1000 - nowMs));
}
