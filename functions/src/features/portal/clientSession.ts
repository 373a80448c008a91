/**
 * The portal's guard: a client signed in by email link. The client's session
 * is not the admin's: a token with the admin claim is refused here, and the
 * admin guard (platform/session.ts requireAdmin) refuses every client token
 * (no admin claim → 403). Nor is it a password's: the account behind the
 * token must have no password and no other sign-in method (domain
 * portalSignInRefusal), so an account someone signed up with a password at a
 * client's address, before the client's first link verified it, opens nothing.
 */
import type { RequestHandler, Response } from 'express';
import * as logger from 'firebase-functions/logger';
import { portalSignInRefusal } from '@studio/domain';
import { AppError } from '../../platform/errors.js';
import { lookupAuthAccount } from '../../platform/authAccounts.js';
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
 * email-link sign-in verifies it), no admin claim, and an email-link session:
 * the token from a password-kind sign-in (Firebase names an email link so) of
 * an account with no password, phone or other provider, as Auth reads it now.
 * 401 "Not authenticated" without a valid token; 403 "Forbidden" for an
 * unverified address or an admin; 403 with domain PORTAL_SIGN_IN_REFUSED or
 * PORTAL_ACCOUNT_REFUSED for another kind of session (logged at WARN by uid).
 * Checked before any route reads or writes. Puts the session in
 * `res.locals.portalClient`.
 */
export const requireClient: RequestHandler = async (req, res, next) => {
  const decoded = await verifiedIdToken(req);
  if (decoded.admin === true || decoded.email_verified !== true || !decoded.email) {
    throw new AppError('Forbidden', 'Forbidden');
  }
  const account = await lookupAuthAccount(decoded.uid);
  if (!account) throw new AppError('Unauthenticated', 'Not authenticated');
  const refusal = portalSignInRefusal({ tokenProvider: decoded.firebase.sign_in_provider, ...account });
  if (refusal) {
    logger.warn('portal: a session that is not an email-link account was refused', {
      uid: decoded.uid,
      signInProvider: decoded.firebase.sign_in_provider,
      hasPassword: account.hasPassword,
      providerIds: account.providerIds,
      hasPhone: account.hasPhone,
    });
    throw new AppError('Forbidden', refusal);
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
