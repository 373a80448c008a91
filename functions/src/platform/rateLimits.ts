/**
 * Every rate limit of the API, in one table: its name (also its counters' key
 * prefix `rl:{name}` in `rate_limits`), what it counts by (`key`), how many
 * hits (`points`) it allows in any `windowSec` seconds (a sliding window), and
 * the refusal's message (the 429's `{ error }`; a function gets the seconds
 * until the caller may try again). Routes and senders name an entry; none
 * declares a figure of its own. Built one way: platform/rateLimit.ts limiterFor.
 *
 * The spec gives no figures (its §9 has none); the messages are ours except
 * where a route's spec wording applies.
 */
import { TOO_MANY_MESSAGES, type RecipientLimit } from '@studio/domain';

/** What a limit counts by. */
export type RateLimitKey =
  /** The client's IP address (IPv6 by its /56: platform/rateLimit.ts ipLimitKey). */
  | 'ip'
  /** The client's IP and the username it tries. */
  | 'ip+username'
  /** The email looked up, from one client IP. */
  | 'email+ip'
  /** The email looked up, from every caller together. */
  | 'email'
  /** The recipient's mailbox (domain mailboxKey: `+tag` and gmail dots do not make a new address). */
  | 'mailbox'
  /** The portal client's verified address (features/portal requireClient): the same person on any network. */
  | 'client';

/** One limit (see the module comment). */
export interface RateLimitSpec {
  key: RateLimitKey;
  points: number;
  windowSec: number;
  message: string | ((retryAfterSec: number) => string);
}

const TRY_LATER = 'Too many attempts. Please try again in a few minutes.';
const TOO_MANY_PAYMENTS = 'Too many payment attempts. Please try again in a few minutes.';
/** The client lookup's refusal (features/my-project). */
export const TOO_MANY_LOOKUPS = 'Too many lookups. Please wait a minute and try again.';

/** The login lockout message, in whole minutes (at least 1), matching Retry-After. */
export const lockoutMessage = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};

/** The table. */
export const RATE_LIMITS = {
  /** Opening and accepting quote links (app.ts): token guessing. */
  quoteAcceptance: { key: 'ip', points: 30, windowSec: 10 * 60, message: TRY_LATER },
  /** Promo code checks (app.ts): code guessing. */
  promoValidation: { key: 'ip', points: 30, windowSec: 10 * 60, message: TRY_LATER },
  /** Checkouts started (app.ts): each may create a PaymentIntent at Stripe. */
  checkout: { key: 'ip', points: 30, windowSec: 10 * 60, message: TOO_MANY_PAYMENTS },
  /** Cart orders (app.ts): each reserves a promo code and may create a PaymentIntent or subscription. */
  subscription: { key: 'ip', points: 30, windowSec: 10 * 60, message: TOO_MANY_PAYMENTS },
  /** Failed admin logins (features/auth): a success gives its points back. */
  'login-failures': { key: 'ip+username', points: 10, windowSec: 15 * 60, message: lockoutMessage },
  /** Client project lookups per client IP (features/my-project). */
  'client-project-ip': { key: 'ip', points: 10, windowSec: 60, message: TOO_MANY_LOOKUPS },
  /** Lookups of one email from one client IP, so one caller's lookups never use up another's. */
  'client-project-email-ip': { key: 'email+ip', points: 5, windowSec: 60, message: TOO_MANY_LOOKUPS },
  /** Lookups of one email from everyone, counted after the caller's own limits let it through. */
  'client-project-email': { key: 'email', points: 100, windowSec: 60, message: TOO_MANY_LOOKUPS },
  /** Contact messages (features/leads submitContact, taken in the message's own transaction): the spam guard. */
  contact: {
    key: 'ip',
    points: 10,
    windowSec: 10 * 60,
    message: 'Too many messages from your network. Please try again in a few minutes.',
  },
  /** Messages a portal client writes (features/messages), counted by their verified address, not by IP. */
  'portal-messages': { key: 'client', points: 20, windowSec: 10 * 60, message: TOO_MANY_MESSAGES },
  /**
   * Contact confirmations per mailbox, a recipient limit (domain RECIPIENT_LIMIT_NAMES) the outbox sender takes
   * before the first send: an entry over it is SKIPPED with this message as its lastError, never sent.
   */
  'contact-confirmation': {
    key: 'mailbox',
    points: 1,
    windowSec: 60 * 60,
    message: 'Not sent: this address already got a confirmation within the hour',
  },
} as const satisfies Record<string, RateLimitSpec> & Record<RecipientLimit, RateLimitSpec>;

/** The name of a limit in the table. */
export type RateLimitName = keyof typeof RATE_LIMITS;

/** The refusal message of limit `name` for a caller who may try again in `retryAfterSec` seconds. */
export function limitMessage(name: RateLimitName, retryAfterSec: number): string {
  const { message } = RATE_LIMITS[name] as RateLimitSpec;
  return typeof message === 'function' ? message(retryAfterSec) : message;
}
