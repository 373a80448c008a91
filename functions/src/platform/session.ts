/**
 * The admin guard (spec §6): requireAdmin, and the typed `res.locals.admin`
 * it sets. app.ts mounts every admin route behind it; features/auth holds
 * the login routes.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { AdminActor } from '../features/useCase.js';
import { auth } from './firebase.js';
import { AppError } from './errors.js';

/** The admin requireAdmin found on the request. */
export type AdminLocals = AdminActor;

declare global {
  // Express reads its `res.locals` type from this global interface: merging is the supported way to type it.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** Set by requireAdmin. */
      admin?: AdminLocals;
      /** The client-project lookup's validated, lowercased email (features/my-project). */
      email?: string;
    }
  }
}

/**
 * The admin of a request that passed requireAdmin.
 * @throws AppError Unauthenticated when none did (a route mounted outside the admin router).
 */
export function adminOf(res: Response): AdminLocals {
  const admin = res.locals.admin;
  if (!admin) throw new AppError('Unauthenticated', 'Not authenticated');
  return admin;
}

/** Bearer token of the request, or null. */
export function bearer(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m?.[1] ?? null;
}

/**
 * The request's Firebase ID token (`Authorization: Bearer …`), verified and checked for revocation.
 * @throws AppError Unauthenticated "Not authenticated" without a token, or with an invalid or revoked one.
 */
export async function verifiedIdToken(req: Request): Promise<DecodedIdToken> {
  const token = bearer(req.header('authorization'));
  if (!token) throw new AppError('Unauthenticated', 'Not authenticated');
  try {
    return await auth.verifyIdToken(token, true);
  } catch {
    throw new AppError('Unauthenticated', 'Not authenticated');
  }
}

/**
 * Requires a valid, unrevoked ID token carrying the admin claim.
 * 401 "Not authenticated" without one; 403 "Forbidden" for a non-admin.
 * Sets `res.locals.admin` (AdminLocals).
 */
export const requireAdmin: RequestHandler = async (req, res, next) => {
  const decoded = await verifiedIdToken(req);
  if (decoded.admin !== true) throw new AppError('Forbidden', 'Forbidden');
  res.locals.admin = {
    uid: decoded.uid,
    username: String(decoded.username ?? decoded.email ?? decoded.uid),
  } satisfies AdminLocals;
  next();
};
