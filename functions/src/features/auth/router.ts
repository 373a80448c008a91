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
import { Router } from 'express';
import {
  adminSessionReply,
  emptyBodySchema,
  loggedOutReply,
  loginReply,
  loginSchema,
  usernameToEmail,
} from '@studio/domain';
import { auth, db } from '../../platform/firebase.js';
import { parseBody, sendReply } from '../../http.js';
import { AppError } from '../../platform/errors.js';
import { ipKey, limiterFor, takePoint } from '../../platform/rateLimit.js';
import { verifyPassword } from './passwordCheck.js';
import { adminOf, bearer } from '../../platform/session.js';
import { systemClock } from '../useCase.js';
import { endAdminSessions, waitOutRevocation } from './sessions.js';

const INVALID = 'Invalid credentials';

/** /api/auth routes anyone may call (login, logout). */
export const authPublicRouter = Router();
/** /api/auth routes behind requireAdmin (app.ts mounts them on the admin router). */
export const authAdminRouter = Router();

/** Failed logins allowed per IP and username (platform/rateLimits.ts); a success clears the count. */
const LOGIN_FAILURES = 'login-failures';

/**
 * POST /api/auth/login {username, password} → { success, user: { username }, customToken }.
 * Any failure → 401 "Invalid credentials"; after 10 failures for one IP and
 * username within 15 minutes → 429 with the lockout message and Retry-After.
 *
 * Each attempt takes a point before the password is checked (an atomic
 * increment, platform/rateLimit.ts), so N+1 parallel wrong passwords get at
 * most N answers of 401; a success gives the points back.
 */
authPublicRouter.post('/login', async (req, res) => {
  const parsed = loginSchema.safeParse(req.body ?? {});
  if (!parsed.success) throw new AppError('Unauthenticated', INVALID);
  const { username, password } = parsed.data;
  const key = `${ipKey(req)}|${username.toLowerCase()}`;
  await takePoint(LOGIN_FAILURES, key);
  const uid = await verifyPassword(usernameToEmail(username), password);
  if (!uid) throw new AppError('Unauthenticated', INVALID);
  const user = await auth.getUser(uid);
  if (user.customClaims?.admin !== true) throw new AppError('Unauthenticated', INVALID);
  await limiterFor(LOGIN_FAILURES)
    .delete(key)
    .catch(() => undefined);
  // A login in the second of this admin's last logout would sign in with an auth_time the rules refuse.
  await waitOutRevocation({ db }, uid, systemClock);
  const customToken = await auth.createCustomToken(uid);
  sendReply(res, adminSessionReply.and(loginReply), {
    success: true,
    user: { username: String(user.customClaims.username ?? username) },
    customToken,
  });
});

/** GET /api/auth/me → { success, user: { username } } or 401/403. */
authAdminRouter.get('/me', (_req, res) => {
  const admin = adminOf(res);
  sendReply(res, adminSessionReply, { success: true, user: { username: admin.username } });
});

/**
 * POST /api/auth/logout {}: ends every session of the caller when a valid token is sent; 200 even without one.
 * Auth revokes the refresh tokens (requireAdmin then refuses the ID tokens), and for an admin the revocation
 * time is stored for the rules (./sessions.ts), so those ID tokens read nothing from Firestore either and the
 * admin's open tabs go to the login page. A revocation that fails answers 5xx: the other devices are not cut off.
 */
authPublicRouter.post('/logout', async (req, res) => {
  parseBody(req, emptyBodySchema);
  const token = bearer(req.header('authorization'));
  let decoded: Awaited<ReturnType<typeof auth.verifyIdToken>> | null = null;
  if (token) {
    try {
      decoded = await auth.verifyIdToken(token);
    } catch {
      // Nothing to revoke: an invalid token is already no session.
    }
  }
  if (decoded?.admin === true) await endAdminSessions({ db, auth }, decoded.uid, systemClock);
  else if (decoded) await auth.revokeRefreshTokens(decoded.uid);
  sendReply(res, loggedOutReply, { success: true });
});
