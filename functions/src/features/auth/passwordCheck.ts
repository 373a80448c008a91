/**
 * The admin login's password check against Firebase Auth's REST API (Identity
 * Toolkit `accounts:signInWithPassword`), apart from the router so that a unit
 * test can run it against a stand-in for Google's reply.
 */
import { z } from 'zod';
import * as logger from 'firebase-functions/logger';
import { AppError } from '../../platform/errors.js';
import { EVENTS, logEvent } from '../../platform/log.js';
import { config, NOT_CONFIGURED, NotConfigured } from '../../config.js';

/** Identity Toolkit error codes that mean "wrong username or password" (the caller's fault). */
const CREDENTIAL_ERRORS = new Set([
  'INVALID_LOGIN_CREDENTIALS',
  'INVALID_PASSWORD',
  'EMAIL_NOT_FOUND',
  'USER_DISABLED',
  'INVALID_EMAIL',
  'MISSING_PASSWORD',
]);

/**
 * The 429 when Identity Platform pauses an address after repeated failures (`TOO_MANY_ATTEMPTS_TRY_LATER`):
 * its own abuse protection, over every caller of its API, not this API's per-IP lockout.
 */
export const AUTH_PAUSED =
  'Too many failed sign-ins for this account: Firebase Auth has paused it for a while. Try again later, or reset the password with npm run admin:create -- --update.';

/**
 * The 403 when the password is refused by the project's password policy (Identity Platform,
 * `PASSWORD_DOES_NOT_MEET_REQUIREMENTS`): set in the console after this password was.
 */
export const PASSWORD_POLICY_REFUSED =
  "This password does not meet the project's password policy. Set a new one with npm run admin:create -- --update.";

/** Identity Toolkit errors that are neither wrong credentials nor a broken setup: each has its own answer. */
const OWN_ANSWERS: Record<string, () => AppError> = {
  TOO_MANY_ATTEMPTS_TRY_LATER: () => new AppError('TooMany', AUTH_PAUSED),
  PASSWORD_DOES_NOT_MEET_REQUIREMENTS: () => new AppError('Forbidden', PASSWORD_POLICY_REFUSED),
};

/**
 * Verifies the password of `email` against Firebase Auth's REST API (the Admin
 * SDK cannot): the Auth emulator locally, else with the server's own key,
 * SERVER_API_KEY (config.ts). Not the browser's Web API key: the README has
 * that one restricted to the site's referrers, and a server call carries no
 * Referer (sending the site's own origin would work, but would make the
 * browser key's referrer restriction the only thing that guards a key any
 * caller can copy from the page; a separate key restricted to the Identity
 * Toolkit API is revoked and rotated on its own).
 * Returns the uid, or null for wrong credentials.
 * @throws AppError TooMany (429, AUTH_PAUSED) when Identity Platform has paused the address, Forbidden (403,
 *   PASSWORD_POLICY_REFUSED) when its password policy refuses the password; both logged at WARN with the code.
 * @throws NotConfigured (503) when the check cannot run: no server key, a key
 *   Auth refuses, or the Email/Password provider is off. Logged, so a broken
 *   setup never looks like a wrong password.
 */
export async function verifyPassword(email: string, password: string): Promise<string | null> {
  const { emulatorHost, serverApiKey } = config().auth;
  const key = emulatorHost ? 'emulator' : serverApiKey;
  if (!key) {
    logEvent(EVENTS.authCheckFailed, 'auth: no SERVER_API_KEY secret is bound, so no admin can sign in', {
      code: 'SERVER_API_KEY_MISSING',
    });
    throw new NotConfigured(NOT_CONFIGURED.login, ['SERVER_API_KEY']);
  }
  const base = emulatorHost
    ? `http://${emulatorHost}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';
  const res = await fetch(`${base}/v1/accounts:signInWithPassword?key=${encodeURIComponent(key)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: false }),
  });
  const body = signInReply.safeParse(await res.json().catch(() => null));
  if (res.ok && body.success && body.data.localId) return body.data.localId;
  // "INVALID_PASSWORD : ..." style messages carry the code first.
  const code = (body.success ? (body.data.error?.message ?? '') : '').split(/[\s:]/)[0] ?? '';
  if (res.status === 400 && CREDENTIAL_ERRORS.has(code)) return null;
  const own = OWN_ANSWERS[code];
  if (own) {
    logger.warn('auth: Identity Platform refused the admin sign-in', { status: res.status, code });
    throw own();
  }
  logEvent(EVENTS.authCheckFailed, 'auth: the password check failed for a reason other than the credentials', {
    status: res.status,
    code: code || null,
  });
  throw new NotConfigured(NOT_CONFIGURED.login, code.startsWith('API_KEY') ? ['SERVER_API_KEY'] : code ? [code] : []);
}

/** The parts of Identity Toolkit's signInWithPassword reply we read. */
const signInReply = z.object({
  localId: z.string().optional(),
  error: z.object({ message: z.string().optional() }).optional(),
});
