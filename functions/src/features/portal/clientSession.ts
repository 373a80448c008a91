/**
 * The portal's guard: a client signed in by email link. The client's session
 * is not the admin's: a token with the admin claim is refused here, and the
 * admin guard (platform/session.ts requireAdmin) refuses every client token
 * (no admin claim → 403).
 */
import type { RequestHandler, Response } from 'express';
import { AppError } from '../../platform/errors.js';
import { verifiedIdToken } from '../../platform/session.js';

/** The client requireClient found: their verified, lowercased address. */
export interface ClientSession {
  uid: string;
  email: string;
}

declare global {
  // Express reads its `res.locals` type from this global interface: merging is the supported way to type it.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** Set by requireClient (features/portal). */
      portalClient?: ClientSession;
    }
  }
}

/**
 * Requires a valid, unrevoked Firebase ID token of a verified address (an
 * email-link sign-in verifies it) and no admin claim. 401 "Not authenticated"
 * without a valid token; 403 "Forbidden" for an unverified address or an admin.
 * Puts the session in `res.locals.portalClient`.
 */
export const requireClient: RequestHandler = async (req, res, next) => {
  const decoded = await verifiedIdToken(req);
  if (decoded.admin === true || decoded.email_verified !== true || !decoded.email) {
    throw new AppError('Forbidden', 'Forbidden');
  }
  res.locals.portalClient = { uid: decoded.uid, email: decoded.email.toLowerCase() } satisfies ClientSession;
  next();
};

/** The client of a request that passed requireClient. @throws Unauthenticated otherwise. */
export function clientOf(res: Response): ClientSession {
  const client = res.locals.portalClient;
  if (!client) throw new AppError('Unauthenticated', 'Not authenticated');
  return client;
}
