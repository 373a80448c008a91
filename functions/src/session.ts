/**
 * Admin session (spec §2 "Admin login", §6, §7 /api/auth/*).
 *
 * Design: the SPA signs in through POST /api/auth/login, which checks the
 * password with Firebase Auth, requires the `admin` custom claim and returns a
 * custom token. The SPA signs in to the Firebase JS SDK with it (for live
 * Firestore reads) and sends its ID token as `Authorization: Bearer` on every
 * /api call. Hosting forwards that header; no cookie is involved, so there is
 * nothing for a cross-site request to ride on (no CSRF surface).
 */
import { Router, type RequestHandler } from 'express';
import { emptyBodySchema, loginSchema, usernameToEmail } from '@studio/domain';
import * as logger from 'firebase-functions/logger';
import { auth } from './firebase.js';
import { HttpError, parseBody } from './http.js';
import { ipKey, limiter } from './services/rateLimit.js';

export interface AdminLocals {
  uid: string;
  username: string;
}

const INVALID = 'Invalid credentials';

/** Bearer token of the request, or null. */
function bearer(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m?.[1] ?? null;
}

/**
 * Verifies the password of `email` against Firebase Auth's REST API (the Admin
 * SDK cannot). Uses the Auth emulator when FIREBASE_AUTH_EMULATOR_HOST is set,
 * otherwise needs WEB_API_KEY. Returns the uid, or null when sign-in fails.
 */
async function verifyPassword(email: string, password: string): Promise<string | null> {
  const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const key = emulator ? 'emulator' : process.env.WEB_API_KEY;
  if (!key) {
    logger.error('auth: WEB_API_KEY is not set; admin login cannot work');
    return null;
  }
  const base = emulator ? `http://${emulator}/identitytoolkit.googleapis.com` : 'https://identitytoolkit.googleapis.com';
  const res = await fetch(`${base}/v1/accounts:signInWithPassword?key=${encodeURIComponent(key)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: false }),
  });
  if (!res.ok) return null;
  const body = (await res.json()) as { localId?: string };
  return body.localId ?? null;
}

/**
 * Requires a valid, unrevoked ID token carrying the admin claim.
 * 401 "Not authenticated" without one; 403 "Forbidden" for a non-admin.
 * Sets `res.locals.admin` (AdminLocals).
 */
export const requireAdmin: RequestHandler = async (req, res, next) => {
  if (res.locals.admin) return next(); // already checked by an outer router
  const token = bearer(req.get('authorization'));
  if (!token) throw new HttpError(401, 'Not authenticated');
  let decoded;
  try {
    decoded = await auth.verifyIdToken(token, true);
  } catch {
    throw new HttpError(401, 'Not authenticated');
  }
  if (decoded.admin !== true) throw new HttpError(403, 'Forbidden');
  res.locals.admin = { uid: decoded.uid, username: String(decoded.username ?? decoded.email ?? decoded.uid) } satisfies AdminLocals;
  next();
};

export const sessionRouter = Router();

/** Failed logins allowed per IP and username in 15 minutes; a success clears the count. */
export const LOGIN_FAILURES = { points: 10, durationSec: 15 * 60 } as const;
const loginFailures = limiter('login-failures', LOGIN_FAILURES.points, LOGIN_FAILURES.durationSec);

/**
 * POST /api/auth/login {username, password} → { success, user: { username }, customToken }.
 * Any failure → 401 "Invalid credentials"; after 10 failures for one IP and
 * username within 15 minutes → 429 until the window passes.
 */
sessionRouter.post('/login', async (req, res) => {
  const parsed = loginSchema.safeParse(req.body ?? {});
  if (!parsed.success) throw new HttpError(401, INVALID);
  const { username, password } = parsed.data;
  const key = `${ipKey(req)}|${username.toLowerCase()}`;
  const seen = await loginFailures.get(key).catch(() => null);
  if (seen && seen.consumedPoints >= LOGIN_FAILURES.points) {
    res.set('Retry-After', String(Math.ceil(seen.msBeforeNext / 1000)));
    throw new HttpError(429, 'Too many failed logins. Please wait 15 minutes and try again.');
  }
  const fail = async (): Promise<never> => {
    await loginFailures.penalty(key).catch(() => undefined);
    throw new HttpError(401, INVALID);
  };
  const uid = await verifyPassword(usernameToEmail(username), password);
  if (!uid) return fail();
  const user = await auth.getUser(uid);
  if (user.customClaims?.admin !== true) return fail();
  await loginFailures.delete(key).catch(() => undefined);
  const customToken = await auth.createCustomToken(uid);
  res.json({ success: true, user: { username: String(user.customClaims.username ?? username) }, customToken });
});

/** GET /api/auth/me → { success, user: { username } } or 401/403. */
sessionRouter.get('/me', requireAdmin, (_req, res) => {
  const admin = res.locals.admin as AdminLocals;
  res.json({ success: true, user: { username: admin.username } });
});

/** POST /api/auth/logout {}: revokes the caller's refresh tokens when a valid token is sent; 200 even without one. */
sessionRouter.post('/logout', async (req, res) => {
  parseBody(req, emptyBodySchema);
  const token = bearer(req.get('authorization'));
  if (token) {
    try {
      const decoded = await auth.verifyIdToken(token);
      await auth.revokeRefreshTokens(decoded.uid);
    } catch {
      // Nothing to revoke: an invalid token is already no session.
    }
  }
  res.json({ success: true });
});
