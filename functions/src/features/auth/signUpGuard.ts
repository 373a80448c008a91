/**
 * Auth's `beforeUserCreated` blocking function (index.ts `guardSignUp`): only a client's email-link sign-in
 * creates an account (domain signUpAllowed). A sign-up by password, Google, phone or anonymously through the
 * Auth REST API is refused before the account exists; the admin is made by `admin:create` through the Admin
 * SDK, which blocking functions do not see. Identity Platform runs it (docs/operations.md "Firebase Auth").
 */
import { HttpsError, type AuthBlockingEvent } from 'firebase-functions/v2/identity';
import * as logger from 'firebase-functions/logger';
import { SIGN_UP_REFUSED, signUpAllowed } from '@studio/domain';

/**
 * The sign-in method of a blocking event: firebase-functions writes it after the event type
 * ("providers/cloud.auth/eventTypes/user.beforeCreate:emailLink"); its `credential` is null for an email link
 * and `additionalUserInfo.providerId` says "password" for both. Null when the event names none (anonymous).
 */
export function signInMethodOf(event: Pick<AuthBlockingEvent, 'eventType'>): string | null {
  const at = event.eventType.lastIndexOf(':');
  return at === -1 ? null : event.eventType.slice(at + 1) || null;
}

/**
 * Lets the account of `event` be created when its sign-in is by email link.
 * @throws HttpsError permission-denied SIGN_UP_REFUSED otherwise (Auth answers the sign-up with it; logged at
 *   WARN with the method, not the address).
 */
export function guardSignUp(event: Pick<AuthBlockingEvent, 'eventType'>): void {
  const method = signInMethodOf(event);
  if (signUpAllowed(method)) return;
  logger.warn('auth: a sign-up other than by email link was refused', { signInMethod: method });
  throw new HttpsError('permission-denied', SIGN_UP_REFUSED);
}
