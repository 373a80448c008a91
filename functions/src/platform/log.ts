/**
 * The failures that need a person, each with a stable event name, logged at
 * ERROR through `logEvent` only. Cloud Logging receives the entry's fields as
 * `jsonPayload`, so `jsonPayload.event="<name>"` finds every occurrence
 * whatever its message says; `npm run ops:alerts` (scripts/ops-alerts.ts)
 * builds one log-based metric and one alert policy per event from this
 * catalogue. Rename an event and its alert follows; an alert policy already
 * created in a project keeps the old name until ops:alerts runs again.
 *
 * Everything else keeps logging through firebase-functions' logger as it is:
 * an entry here means someone has to look.
 */
import * as logger from 'firebase-functions/logger';

/** What an event means, where it is logged, and what the person who gets the alert does. */
export interface AlertEvent {
  /** One line for the alert policy's title and documentation. */
  summary: string;
  /** What to do about it (shown in the alert's documentation). */
  action: string;
  /** The source files (relative to the repository) that log it through logEvent. */
  sources: readonly string[];
}

/**
 * The catalogue's event names, as constants: call sites pass `EVENTS.x` to
 * logEvent, and ops:alerts matches `jsonPayload.event` on the same strings.
 */
export const EVENTS = {
  emailFailed: 'email.failed',
  emailSuppressed: 'email.suppressed',
  jobItemFailed: 'job.item_failed',
  webhookSignatureFailed: 'webhook.signature_failed',
  emailBounced: 'email.bounced',
  webhookUnexpectedEvent: 'webhook.unexpected_event',
  paymentHeldForReview: 'payment.held_for_review',
  paymentExpiredOrderPaid: 'payment.expired_order_paid',
  paymentSecondPayment: 'payment.second_payment',
  ledgerMismatch: 'ledger.mismatch',
  configMissing: 'config.missing',
  apiNotConfigured: 'api.not_configured',
  authCheckFailed: 'auth.check_failed',
  boardCardRefused: 'board.card_refused',
  appCheckUnavailable: 'appcheck.unavailable',
} as const;

/** The name of a catalogued event. */
export type AlertEventName = (typeof EVENTS)[keyof typeof EVENTS];

/** The catalogue: every event that pages someone. */
export const ALERT_EVENTS = {
  [EVENTS.emailFailed]: {
    summary: 'An email was not sent and will not be retried',
    action:
      'Read the entry\'s lastError in the CRM\'s email pages (SendGrid rejection, retries spent, unknown template or address, delivery not configured), fix the cause, then use "Resend".',
    sources: ['functions/src/features/email/outboxSender.ts'],
  },
  [EVENTS.emailSuppressed]: {
    summary: 'An email was not sent (SKIPPED): its address is suppressed, or over its recipient limit',
    action:
      'Suppressed (the entry names bounce, drop or spam report): the address is dead or the recipient complained; get a working address from the client before writing again. Recipient limit: one mailbox asked for more than its allowance (e.g. contact confirmations), a repeat visitor or someone using the form against a third party; check the lead list for a burst from one address.',
    sources: ['functions/src/features/email/outboxSender.ts'],
  },
  [EVENTS.jobItemFailed]: {
    summary: 'A scheduled job left an item for its next run',
    action:
      'The job retries it at its next run; if the same id repeats, read the error in the log entry (launch countdown, reminders, order expiry, outbox sweep).',
    sources: [
      'functions/src/features/projects/launchCountdown.ts',
      'functions/src/features/reminders/reminders.ts',
      'functions/src/features/billing/orderExpiry.ts',
      'functions/src/features/email/outboxSender.ts',
    ],
  },
  [EVENTS.webhookSignatureFailed]: {
    summary: 'A Stripe or SendGrid webhook call failed its signature check',
    action:
      "The entry's `webhook` names which. Stripe: compare STRIPE_WEBHOOK_SECRET with the endpoint's signing secret in Stripe's dashboard. SendGrid: compare SENDGRID_WEBHOOK_PUBLIC_KEY with the Event Webhook's verification key (Mail Settings → Event Webhook). A rotated secret or key refuses every event; a few strays are someone probing the URL.",
    sources: ['functions/src/features/payments/router.ts', 'functions/src/features/email/sendgridEvents.ts'],
  },
  [EVENTS.emailBounced]: {
    summary: 'SendGrid reported an email bounced, dropped or marked as spam: its address is now suppressed',
    action:
      "The outbox entry (the CRM's email pages) shows the reason. Ask the client for a working address; nothing more is sent to this one until its email_suppressions document is deleted.",
    sources: ['functions/src/features/email/sendgridEvents.ts'],
  },
  [EVENTS.webhookUnexpectedEvent]: {
    summary: 'A verified Stripe event did not have the shape the code reads',
    action: "Stripe's API version or the endpoint's events changed: read the issues in the log entry.",
    sources: ['functions/src/features/payments/router.ts'],
  },
  [EVENTS.paymentHeldForReview]: {
    summary: 'A payment was held for review instead of being applied',
    action: "The Money page lists it: refund it from Stripe's dashboard or record what was agreed with the client.",
    sources: [
      'functions/src/features/billing/payments.ts',
      'functions/src/features/billing/subscriptions.ts',
      'functions/src/features/billing/chargeEvents.ts',
    ],
  },
  [EVENTS.paymentExpiredOrderPaid]: {
    summary: 'An expired cart order was paid',
    action: "Its promo code may be over its usage limit: check the code's usage on the promo page.",
    sources: ['functions/src/features/billing/payments.ts'],
  },
  [EVENTS.paymentSecondPayment]: {
    summary: 'A second payment arrived for a stage already paid',
    action: 'Refund the duplicate from the Money page unless the client meant it.',
    sources: ['functions/src/features/billing/payments.ts'],
  },
  [EVENTS.ledgerMismatch]: {
    summary: 'The books do not balance: a stored balance or payment disagrees with the ledger',
    action: 'Run `npm run books:check -- --project PROJECT` for the full list and fix each document by hand.',
    sources: ['functions/src/features/billing/booksCheck.ts'],
  },
  [EVENTS.configMissing]: {
    summary: 'An instance started with settings missing',
    action:
      'Set the settings the entry names (README, "Production checklist") and deploy again; until then their features answer 503.',
    sources: ['functions/src/config.ts'],
  },
  [EVENTS.apiNotConfigured]: {
    summary: 'A request was answered 503 because a setting its feature needs is missing',
    action:
      'The entry names the feature and the settings (e.g. a secret not bound): set them (README, "Production checklist") and deploy again. config.missing named them at the instance\'s start.',
    sources: ['functions/src/http.ts'],
  },
  [EVENTS.authCheckFailed]: {
    summary: 'The admin login could not check a password (not a wrong password)',
    action:
      'The SERVER_API_KEY secret is missing, wrong or restricted to referrers (it must allow the Identity Toolkit API with no application restriction), or the Email/Password provider is off: the log entry names the code.',
    sources: ['functions/src/features/auth/passwordCheck.ts'],
  },
  [EVENTS.appCheckUnavailable]: {
    summary:
      'App Check could not check a call to a public form (contact, lookup, quote, cart, checkout): it answered 503',
    action:
      "The entry's `error` says why. APP_CHECK_APP_ID missing: set it to the web app's id (VITE_FIREBASE_APP_ID) in functions/.env.<project> and deploy. Otherwise Google's App Check keys were out of reach: if it repeats, check the status of Firebase App Check (README, \"App Check\").",
    sources: ['functions/src/platform/appCheck.ts'],
  },
  [EVENTS.boardCardRefused]: {
    summary:
      "Firestore refused a board shard while folding the board's recent changes into it (the shard is likely full)",
    action: 'Run `npm run board:rebuild -- --project PROJECT --shards N` with more shards (docs/operations.md).',
    sources: ['functions/src/features/leads/leadBoardSync.ts'],
  },
} as const satisfies Record<AlertEventName, AlertEvent>;

/** The catalogue's event names, in the order of EVENTS. */
export const ALERT_EVENT_NAMES = Object.values(EVENTS);

/**
 * Logs a catalogued event at ERROR: `message` for a reader of the log,
 * `fields` for the details, and `event` for the alert's filter.
 */
export function logEvent(event: AlertEventName, message: string, fields: Record<string, unknown> = {}): void {
  logger.error(message, { ...fields, event });
}
