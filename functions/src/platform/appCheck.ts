/**
 * Firebase App Check on the public routes that write or look up client data:
 * the contact form, the client lookup, quote acceptance (and its signed
 * proposal twin), the cart order and checkout. Each router mounts
 * `requireAppCheck` on those paths only.
 *
 * The browser sends its App Check token (reCAPTCHA Enterprise provider) in the
 * `X-Firebase-AppCheck` header; what is checked follows config().appCheck
 * (config.ts AppCheckPolicy), decided by the project id alone:
 * - a real project: always verified with firebase-admin's verifyToken, and the
 *   token must come from the web app APP_CHECK_APP_ID. Without that setting the
 *   routes answer 503 (config.missing names it at cold start; each refusal is
 *   logged too);
 * - a demo project (the emulators, which cannot mint or verify real tokens):
 *   off unless APP_CHECK_ENFORCE=true, and then only APP_CHECK_DEBUG_TOKEN
 *   passes. The debug token is never read on a real project.
 * A call without a valid token is answered 401 `{ error: APP_CHECK_REFUSED }`
 * before its handler runs, so nothing is written.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { getAppCheck } from 'firebase-admin/app-check';
import { config, NOT_CONFIGURED, NotConfigured, type AppCheckPolicy } from '../config.js';
import { unavailable } from '../http.js';
import { AppError } from './errors.js';
import { EVENTS, logEvent } from './log.js';
// The default Admin app (initialised there) is the one whose project verifies the tokens.
import './firebase.js';

/** The header the Firebase web SDK's App Check token travels in. */
export const APP_CHECK_HEADER = 'x-firebase-appcheck';

/** The 401's message: the browser shows it as the form's error. */
export const APP_CHECK_REFUSED = 'This request could not be verified. Please reload the page and try again.';

/** The longest header value looked at (a real App Check token is a JWT well under 2 KB). */
const MAX_TOKEN_CHARS = 4096;

/** Verifies a real App Check token: resolves to the id of the app that minted it, throws when it is not valid. */
export type AppCheckVerifier = (token: string) => Promise<{ appId: string }>;

/** firebase-admin's verifyToken against the project's App Check keys. */
const verifyWithFirebase: AppCheckVerifier = async (token) => ({
  appId: (await getAppCheck().verifyToken(token)).appId,
});

let verifier: AppCheckVerifier = verifyWithFirebase;

/**
 * Replaces the verifier of real tokens (in-process tests standing in for a real project, where Google's keys are
 * out of reach); `undefined` restores firebase-admin's. Deployed code never calls it.
 */
export function setAppCheckVerifierForTests(next: AppCheckVerifier | undefined): void {
  verifier = next ?? verifyWithFirebase;
}

/** Equal strings, compared in constant time (hashes first, so lengths do not leak either). */
function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * True when firebase-admin refused the token itself (bad signature, expired, wrong project, not a JWT);
 * false when it could not check (Google's keys unreachable, no project id): that is ours to fix, not the caller's.
 */
function tokenRefused(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  if (e?.code === 'app-check/app-check-token-expired') return true;
  return e?.code === 'app-check/invalid-argument' && !/fetching/i.test(String(e.message));
}

/** What the policy says of `token`: let it through, or refuse it (401). Throws when the check itself fails. */
export async function appCheckVerdict(
  policy: AppCheckPolicy,
  token: string | undefined,
  verify: AppCheckVerifier = verifier,
): Promise<'pass' | 'refuse'> {
  switch (policy.mode) {
    case 'off':
      return 'pass';
    case 'unconfigured':
      throw new NotConfigured(NOT_CONFIGURED.appCheck, policy.missing);
    case 'debug-token':
      return token && sameSecret(token, policy.debugToken) ? 'pass' : 'refuse';
    case 'verify': {
      if (!token) return 'refuse';
      try {
        const { appId } = await verify(token);
        return appId === policy.appId ? 'pass' : 'refuse';
      } catch (err) {
        if (tokenRefused(err)) return 'refuse';
        throw err;
      }
    }
  }
}

/** The route a refusal names in the log: method and path, no query (the lookup's carries an email). */
const routeOf = (req: Request) => `${req.method} ${req.originalUrl.split('?')[0]}`;

/**
 * Middleware: passes a call whose App Check token the configuration accepts; otherwise 401
 * `{ error: APP_CHECK_REFUSED }` (logged at WARN as `appcheck.refused`, paged by volume), or 503 when App Check is not configured on a real
 * project or the check could not run (logged as `appcheck.unavailable`).
 */
export const requireAppCheck: RequestHandler = async (req, res, next) => {
  const policy = config().appCheck;
  const raw = req.get(APP_CHECK_HEADER)?.trim();
  const token = raw && raw.length <= MAX_TOKEN_CHARS ? raw : undefined;
  try {
    if ((await appCheckVerdict(policy, token)) === 'pass') return next();
    // At WARN, paged by volume (`appcheck.refused`): bots are refused one by one, a wrong key refuses everyone.
    logEvent(EVENTS.appCheckRefused, 'appcheck: refused an unattested call', {
      route: routeOf(req),
      mode: policy.mode,
      header: !!raw,
    });
    next(new AppError('Unauthenticated', APP_CHECK_REFUSED));
  } catch (err) {
    const message = err instanceof NotConfigured ? err.message : 'App Check could not verify a token';
    logEvent(EVENTS.appCheckUnavailable, `appcheck: ${message} on ${routeOf(req)}`, {
      route: routeOf(req),
      mode: policy.mode,
      error: err instanceof Error ? err.message : String(err),
    });
    // Not configured: 503 naming it (http.ts). Google's keys out of reach: 503 "try again shortly", with Retry-After.
    if (err instanceof NotConfigured) next(err);
    else unavailable(res);
  }
};
