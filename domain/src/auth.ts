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

// ---------------------------------------------------------------------------
// Client (portal) accounts
// ---------------------------------------------------------------------------
//
// A client's portal account is made by their first email-link sign-in and is
// nothing else: anyone holding the public Web API key could otherwise sign an
// address up with a password before its owner's first link, keep the password
// once the link verifies the address, and read the portal with it. So Auth's
// `beforeUserCreated` blocking function lets only an email-link sign-in create
// an account (the admin is made through the Admin SDK, which it does not see),
// and the portal takes a session only from an account without a password or
// any other sign-in method.

/** The sign-in method Auth's blocking functions name for an email-link sign-in: the only one that creates accounts. */
export const EMAIL_LINK_SIGN_IN_METHOD = 'emailLink';

/** The blocking function's refusal of any other sign-up (Auth hands it to the caller). */
export const SIGN_UP_REFUSED =
  'Accounts are created only by the sign-in link of the client portal: ask for a link at /portal.';

/** Whether a sign-up by `signInMethod` ("emailLink", "password", "google.com", "phone", none for anonymous) may create an account. */
export const signUpAllowed = (signInMethod: string | null | undefined): boolean =>
  signInMethod === EMAIL_LINK_SIGN_IN_METHOD;

/**
 * The ID token `firebase.sign_in_provider` values an email-link sign-in can carry. Firebase writes
 * "password" for it (the Email/Password provider's id; the Admin SDK lists no "emailLink" value), so a
 * token alone cannot tell an email link from a password: the account check below does. "emailLink" is
 * accepted too, should Auth name the method in the token.
 */
export const PORTAL_TOKEN_PROVIDERS: readonly string[] = ['password', EMAIL_LINK_SIGN_IN_METHOD];

/** The 403 of a portal token from another kind of sign-in (custom token, Google, phone, anonymous...). */
export const PORTAL_SIGN_IN_REFUSED =
  'The client portal opens only from a sign-in link sent by email. Sign out and ask for a new link.';

/** The 403 of a portal session whose account also has a password or another sign-in method. */
export const PORTAL_ACCOUNT_REFUSED =
  'This address has a portal account with a password or another sign-in method, so the portal does not open with it. Ask the studio to reset your portal access, then sign in with a new link.';

/** What the portal reads of a session: its ID token and its Auth account. */
export interface PortalSignIn {
  /** The ID token's `firebase.sign_in_provider`. */
  tokenProvider: string;
  /** Whether the account has a password (Auth's password hash or password time is set). */
  hasPassword: boolean;
  /** The ids of the account's sign-in methods (Auth's `providerUserInfo[].providerId`; an email link is "password"). */
  providerIds: readonly string[];
  /** Whether a phone number is on the account (phone sign-in). */
  hasPhone: boolean;
}

/**
 * Why the portal refuses the session `s`, or null when it came from an email-link sign-in of an account that
 * has nothing else: a token of any other kind gets PORTAL_SIGN_IN_REFUSED; an account with a password, a
 * phone or a provider other than the email identity gets PORTAL_ACCOUNT_REFUSED, whichever way its token was
 * got (with a password, the one who set it could sign in as the client).
 */
export function portalSignInRefusal(s: PortalSignIn): string | null {
  if (!PORTAL_TOKEN_PROVIDERS.includes(s.tokenProvider)) return PORTAL_SIGN_IN_REFUSED;
  if (s.hasPassword || s.hasPhone || s.providerIds.some((p) => p !== ADMIN_SIGN_IN_PROVIDER))
    return PORTAL_ACCOUNT_REFUSED;
  return null;
}

// ---------------------------------------------------------------------------
// Admin passwords
// ---------------------------------------------------------------------------

/** The shortest admin password `admin:create` sets (the README asks the same of Identity Platform's policy). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
