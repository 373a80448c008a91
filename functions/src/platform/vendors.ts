/**
 * What each vendor must be for this code to work, said once: the Stripe
 * events the webhook handles and the Stripe API version the code reads, what
 * SendGrid must send and must not do, what Firebase Auth must allow, and
 * where Firestore should live. The code (platform/stripe.ts, the billing
 * handlers) reads it; so do `npm run preflight` (scripts/preflight.ts), which
 * compares a real project with it, and the unit test that keeps the README
 * and docs/operations.md naming the same lists (tests/unit/vendors.test.ts).
 *
 * No imports: scripts and tests load it without Firebase.
 */

/**
 * The Stripe API version the code reads (the version the installed `stripe`
 * SDK is typed for; its client is pinned to it, and the webhook endpoint must
 * send events in it). A newer SDK is typed for a newer version: the Stripe
 * client then fails to typecheck until this line, the endpoint and the fields
 * read are moved together.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

/** One-off payments (features/billing/payments.ts). */
export const STRIPE_PAYMENT_EVENT_TYPES = ['payment_intent.succeeded', 'payment_intent.payment_failed'] as const;

/** A subscription's invoices and changes (features/billing/subscriptions.ts). */
export const STRIPE_SUBSCRIPTION_EVENT_TYPES = [
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;

/** Refunds and disputes, also those made in Stripe's dashboard (features/billing/chargeEvents.ts). */
export const STRIPE_CHARGE_EVENT_TYPES = [
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
] as const;

/** Every event type the webhook applies: the webhook endpoint must send all of them (others are recorded as ignored). */
export const STRIPE_WEBHOOK_EVENTS: readonly string[] = [
  ...STRIPE_PAYMENT_EVENT_TYPES,
  ...STRIPE_SUBSCRIPTION_EVENT_TYPES,
  ...STRIPE_CHARGE_EVENT_TYPES,
];

/** The webhook's path on the site (features/payments/router.ts, under /api). */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/** The Stripe CLI command that forwards test events to `site` (e.g. "https://studio-staging.web.app"). */
export function stripeListenCommand(site: string): string {
  return `stripe listen --forward-to ${site}${STRIPE_WEBHOOK_PATH} \\\n  --events ${STRIPE_WEBHOOK_EVENTS.join(',')}`;
}

/** SendGrid's signed Event Webhook path on the site (features/email/sendgridEvents.ts, under /api). */
export const SENDGRID_EVENT_WEBHOOK_PATH = '/api/sendgrid/events';

/**
 * The Event Webhook settings (SendGrid's field names) that must be on: the
 * events that suppress an address (domain SUPPRESSING_EMAIL_EVENTS: bounce,
 * dropped, spamreport).
 */
export const SENDGRID_WEBHOOK_EVENTS = ['bounce', 'dropped', 'spam_report'] as const;

/**
 * Tracking settings that must be off: click tracking rewrites every quote,
 * portal and document link through SendGrid's redirect host (which breaks
 * under the site's HSTS includeSubDomains with branded links); open tracking
 * adds a pixel the studio never reads.
 */
export const SENDGRID_TRACKING_OFF = ['click', 'open'] as const;

/**
 * Firebase Auth: the owner signs in with a password (admin:create makes the
 * account); clients sign in by email link only; nobody signs up by any other
 * way, which the `beforeUserCreated` blocking function named by
 * `signUpBlocker` (exported from functions/src/index.ts) refuses. Its
 * deployed URI holds the name in lower case (Cloud Run:
 * `https://guardsignup-<hash>-uc.a.run.app`). No other provider is on.
 */
export const AUTH_NEEDS = {
  password: true,
  emailLink: true,
  signUpBlocker: 'guardSignUp',
} as const;

/** Where the Firestore database should be: the functions run in us-central1 (docs/operations.md "First deploy"). */
export const FIRESTORE_LOCATIONS: readonly string[] = ['nam5', 'us-central1'];
