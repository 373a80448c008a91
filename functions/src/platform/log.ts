/**
 * The symptoms that need a person, each with a stable event name, logged
 * through `logEvent` only, at the severity the catalogue gives it. Cloud
 * Logging receives the entry's fields as `jsonPayload`, so
 * `jsonPayload.event="<name>"` finds every occurrence whatever its message
 * says; `npm run ops:alerts` (scripts/ops-alerts.ts) builds the log-based
 * metrics and alert policies from this catalogue: each event says when it
 * pages (`alert`) and why (`reason`). An ERROR event pages on its first
 * occurrence; a WARNING event pages by volume, because one occurrence is
 * ordinary (a stray request, a visitor writing twice); the INFO heartbeat
 * pages by its absence. Rename an event and its alert follows; an alert
 * policy already created in a project keeps the old name until ops:alerts
 * runs again.
 *
 * Everything else keeps logging through firebase-functions' logger as it is:
 * an entry here means someone has to look, or is what tells that nobody ran.
 */
import * as logger from 'firebase-functions/logger';

/** The severity an event is logged at (Cloud Logging's names). */
export type EventSeverity = 'ERROR' | 'WARNING' | 'INFO';

/**
 * When an event's alert opens an incident:
 * - `each`: any occurrence in 5 minutes;
 * - `volume`: more than `above` occurrences in `minutes` minutes;
 * - `absence`: the heartbeat: one policy per scheduled job, opened when the job has logged none for longer than its
 *   schedule allows (scripts/ops-alerts.ts works the window out from the schedule).
 */
export type AlertRule = { kind: 'each' } | { kind: 'volume'; above: number; minutes: number } | { kind: 'absence' };

/** What an event means, where it is logged, when it pages, and what the person who gets the alert does. */
export interface AlertEvent {
  severity: EventSeverity;
  alert: AlertRule;
  /** Why the alert is set as it is (written next to the policy: its documentation and ops:alerts --dry-run). */
  reason: string;
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
  emailRecipientLimited: 'email.recipient_limited',
  emailBacklog: 'email.backlog',
  emailBlocked: 'email.blocked',
  emailEventsUnreadable: 'email.events_unreadable',
  jobItemFailed: 'job.item_failed',
  jobHeartbeat: 'job.heartbeat',
  webhookSignatureFailed: 'webhook.signature_failed',
  emailBounced: 'email.bounced',
  webhookUnexpectedEvent: 'webhook.unexpected_event',
  webhookUnmatchedEvent: 'webhook.unmatched_event',
  paymentHeldForReview: 'payment.held_for_review',
  paymentExpiredOrderPaid: 'payment.expired_order_paid',
  paymentSecondPayment: 'payment.second_payment',
  ledgerMismatch: 'ledger.mismatch',
  stripeMismatch: 'stripe.mismatch',
  configMissing: 'config.missing',
  configStripeTestKey: 'config.stripe_test_key',
  apiNotConfigured: 'api.not_configured',
  authCheckFailed: 'auth.check_failed',
  boardCardRefused: 'board.card_refused',
  appCheckUnavailable: 'appcheck.unavailable',
  appCheckRefused: 'appcheck.refused',
} as const;

/** The name of a catalogued event. */
export type AlertEventName = (typeof EVENTS)[keyof typeof EVENTS];

/** The alert of an ERROR event: its first occurrence pages. */
const EACH = { kind: 'each' } as const;

/** The catalogue: every event that pages someone, by its presence, its volume or its absence. */
export const ALERT_EVENTS = {
  [EVENTS.emailFailed]: {
    severity: 'ERROR',
    alert: EACH,
    reason: 'No retry will send it: the client never gets the email unless someone resends it.',
    summary: 'An email was not sent and will not be retried',
    action:
      'Read the entry\'s lastError in the CRM\'s email pages (SendGrid rejection, retries spent, unknown template or address, delivery not configured), fix the cause, then use "Resend".',
    sources: ['functions/src/features/email/outboxSender.ts', 'functions/src/features/email/sendgridEvents.ts'],
  },
  [EVENTS.emailSuppressed]: {
    severity: 'ERROR',
    alert: EACH,
    reason:
      'The studio tried to write to an address that bounced or complained: the client is not reached until someone gets a working address.',
    summary: 'An email was not sent (SKIPPED): its address is suppressed',
    action:
      'The entry names bounce, drop or spam report: the address is dead or the recipient complained; get a working address from the client before writing again.',
    sources: ['functions/src/features/email/outboxSender.ts'],
  },
  [EVENTS.emailRecipientLimited]: {
    severity: 'WARNING',
    alert: { kind: 'volume', above: 5, minutes: 60 },
    reason:
      'A visitor who writes twice in an hour meets the limit, which is the limit working, not a failure; more than 5 in an hour is someone using the contact form against a mailbox.',
    summary: 'Emails were skipped because their mailbox was over its recipient limit',
    action:
      'One mailbox asked for more than its allowance (e.g. contact confirmations): check the lead list for a burst of enquiries naming one address, and block its sender if it is abuse.',
    sources: ['functions/src/features/email/outboxSender.ts'],
  },
  [EVENTS.emailBacklog]: {
    severity: 'ERROR',
    alert: EACH,
    reason:
      'Retries run for about 32 hours before email.failed; an email unsent after 2 hours means SendGrid or its key is failing for every email, which clients notice first.',
    summary: 'The oldest unsent email in the outbox is more than 2 hours old',
    action:
      "Read the entry's lastError in the CRM's email pages: a SendGrid outage (status.sendgrid.com), a revoked or rate-limited SENDGRID_API_KEY, or an unverified sender. Fix it; the sweep sends the backlog by itself.",
    sources: ['functions/src/features/email/outboxSender.ts'],
  },
  [EVENTS.emailBlocked]: {
    severity: 'WARNING',
    alert: { kind: 'volume', above: 5, minutes: 60 },
    reason:
      "A `blocked` bounce is a receiving server's temporary refusal and the email is retried; many in an hour mean the sending domain's reputation or authentication is failing.",
    summary: 'Receiving servers blocked emails (temporary; each is retried)',
    action:
      "Check SendGrid's Sender Authentication (SPF, DKIM, DMARC) and Suppressions → Blocks for the reasons the receivers gave.",
    sources: ['functions/src/features/email/sendgridEvents.ts'],
  },
  [EVENTS.emailEventsUnreadable]: {
    severity: 'ERROR',
    alert: EACH,
    reason:
      'A signed batch the code cannot read is answered 400 and retried by SendGrid for 24 hours, then lost: bounces in it would never suppress their addresses.',
    summary: 'A signed SendGrid event batch did not parse',
    action:
      "Read the issues in the log entry: SendGrid's Event Webhook format changed, or an event carries a field longer than the schema allows (domain emailEvents.ts).",
    sources: ['functions/src/features/email/sendgridEvents.ts'],
  },
  [EVENTS.jobItemFailed]: {
    severity: 'ERROR',
    alert: EACH,
    reason: 'An item the job could not finish is retried at its next run, but a repeating one never finishes alone.',
    summary: 'A scheduled job left an item for its next run',
    action:
      'The job retries it at its next run; if the same id repeats, read the error in the log entry (launch countdown, reminders, order expiry, outbox sweep, the books check).',
    sources: [
      'functions/src/features/projects/launchCountdown.ts',
      'functions/src/features/reminders/reminders.ts',
      'functions/src/features/billing/orderExpiry.ts',
      'functions/src/features/email/outboxSender.ts',
      'functions/src/features/billing/booksCheck.ts',
    ],
  },
  [EVENTS.jobHeartbeat]: {
    severity: 'INFO',
    alert: { kind: 'absence' },
    reason:
      'A job that crashes or is never scheduled logs nothing at all: only the missing heartbeat tells, e.g. a booksCheck that stopped would never report a mismatch.',
    summary: 'A scheduled job did not complete in its schedule',
    action:
      "Open the job's function logs (Cloud Run → the job's service): a crash logs its error there; no run at all means its Cloud Scheduler job is paused or deleted (Cloud Scheduler in the console; `npm run deploy` recreates it).",
    sources: ['functions/src/index.ts'],
  },
  [EVENTS.webhookSignatureFailed]: {
    severity: 'WARNING',
    alert: { kind: 'volume', above: 3, minutes: 60 },
    reason:
      'One stray request is someone probing the public URL; a rotated secret or key refuses every event, and Stripe and SendGrid retry each, so it passes 3 in an hour.',
    summary: 'Stripe or SendGrid webhook calls failed their signature check',
    action:
      "The entry's `webhook` names which. Stripe: compare STRIPE_WEBHOOK_SECRET with the endpoint's signing secret in Stripe's dashboard. SendGrid: compare SENDGRID_WEBHOOK_PUBLIC_KEY with the Event Webhook's verification key (Mail Settings → Event Webhook).",
    sources: ['functions/src/features/payments/router.ts', 'functions/src/features/email/sendgridEvents.ts'],
  },
  [EVENTS.emailBounced]: {
    severity: 'ERROR',
    alert: EACH,
    reason: 'Only a hard bounce, a drop or a spam report suppresses: the client is not reached any more.',
    summary: 'SendGrid reported an email bounced, dropped or marked as spam: its address is now suppressed',
    action:
      "The outbox entry (the CRM's email pages) shows the reason. Ask the client for a working address; nothing more is sent to this one until its email_suppressions document is deleted.",
    sources: ['functions/src/features/email/sendgridEvents.ts'],
  },
  [EVENTS.webhookUnexpectedEvent]: {
    severity: 'ERROR',
    alert: EACH,
    reason: 'A verified event the code cannot read is refused (400) and, after Stripe stops retrying, lost.',
    summary: 'A verified Stripe event did not have the shape the code reads',
    action: "Stripe's API version or the endpoint's events changed: read the issues in the log entry.",
    sources: ['functions/src/features/payments/router.ts'],
  },
  [EVENTS.webhookUnmatchedEvent]: {
    severity: 'ERROR',
    alert: EACH,
    reason:
      'It is answered 200 so Stripe stops sending it, and nothing else records it: money Stripe moved that the books may not know of.',
    summary: 'A verified Stripe event matched nothing the code handles, and was ignored',
    action:
      "The entry names the event and why: a type the code does not handle (remove it from the endpoint's events in Stripe's dashboard), or a subscription event naming no order of the studio (look at it in Stripe's dashboard).",
    sources: ['functions/src/features/billing/payments.ts'],
  },
  [EVENTS.paymentHeldForReview]: {
    severity: 'ERROR',
    alert: EACH,
    reason: 'A client paid and the payment was not applied: only a person can decide.',
    summary: 'A payment was held for review instead of being applied',
    action: "The Money page lists it: refund it from Stripe's dashboard or record what was agreed with the client.",
    sources: [
      'functions/src/features/billing/payments.ts',
      'functions/src/features/billing/subscriptions.ts',
      'functions/src/features/billing/chargeEvents.ts',
    ],
  },
  [EVENTS.paymentExpiredOrderPaid]: {
    severity: 'ERROR',
    alert: EACH,
    reason: 'A promo code may now be over its limit, which only a person can settle.',
    summary: 'An expired cart order was paid',
    action: "Its promo code may be over its usage limit: check the code's usage on the promo page.",
    sources: ['functions/src/features/billing/payments.ts'],
  },
  [EVENTS.paymentSecondPayment]: {
    severity: 'ERROR',
    alert: EACH,
    reason: 'A client paid twice: the duplicate is owed back.',
    summary: 'A second payment arrived for a stage already paid',
    action: 'Refund the duplicate from the Money page unless the client meant it.',
    sources: ['functions/src/features/billing/payments.ts'],
  },
  [EVENTS.ledgerMismatch]: {
    severity: 'ERROR',
    alert: EACH,
    reason: 'The books disagree with themselves: every figure the studio reads may be wrong until fixed.',
    summary: 'The books do not balance: a stored balance or payment disagrees with the ledger',
    action: 'Run `npm run books:check -- --project PROJECT` for the full list and fix each document by hand.',
    sources: ['functions/src/features/billing/booksCheck.ts'],
  },
  [EVENTS.stripeMismatch]: {
    severity: 'ERROR',
    alert: EACH,
    reason:
      'Stripe holds money the ledger does not show (or the other way round): a lost webhook event, or an entry written by hand.',
    summary: "Stripe's payments, refunds or disputes of the last 35 days disagree with the ledger",
    action:
      "Each difference in the entry says what to do: a payment, refund or dispute missing from the ledger is a webhook event that never arrived: resend it from Stripe's dashboard (Developers → Events → the event → Resend) and run `npm run books:check -- --project PROJECT`; an amount that differs, or a ledger entry Stripe does not have, is fixed by hand after comparing both.",
    sources: ['functions/src/features/billing/booksCheck.ts'],
  },
  [EVENTS.configMissing]: {
    severity: 'ERROR',
    alert: EACH,
    reason: 'Until the settings are set, the features that need them answer 503 to everyone.',
    summary: 'An instance started with settings missing',
    action:
      'Set the settings the entry names (README, "Production checklist") and deploy again; until then their features answer 503.',
    sources: ['functions/src/config.ts'],
  },
  [EVENTS.configStripeTestKey]: {
    severity: 'ERROR',
    alert: EACH,
    reason:
      'A Stripe test key on the real project would let anyone "pay" with a test card: payments are refused (503) until a live key is set.',
    summary: 'A Stripe test key (not sk_live_/rk_live_/pk_live_) is set on a real project: payments answer 503',
    action:
      "Set STRIPE_SECRET_KEY (sk_live_… or a restricted rk_live_…) and STRIPE_PUBLISHABLE_KEY (pk_live_…) from Stripe's live mode, and STRIPE_WEBHOOK_SECRET from the live endpoint; deploy again.",
    sources: ['functions/src/config.ts'],
  },
  [EVENTS.apiNotConfigured]: {
    severity: 'ERROR',
    alert: EACH,
    reason: 'A visitor or the studio was just refused a feature because of a setting.',
    summary: 'A request was answered 503 because a setting its feature needs is missing',
    action:
      'The entry names the feature and the settings (e.g. a secret not bound): set them (README, "Production checklist") and deploy again. config.missing named them at the instance\'s start.',
    sources: ['functions/src/http.ts'],
  },
  [EVENTS.authCheckFailed]: {
    severity: 'ERROR',
    alert: EACH,
    reason: 'The admin cannot sign in whatever the password.',
    summary: 'The admin login could not check a password (not a wrong password)',
    action:
      'The SERVER_API_KEY secret is missing, wrong or restricted to referrers (it must allow the Identity Toolkit API with no application restriction), or the Email/Password provider is off: the log entry names the code.',
    sources: ['functions/src/features/auth/passwordCheck.ts'],
  },
  [EVENTS.appCheckUnavailable]: {
    severity: 'ERROR',
    alert: EACH,
    reason: 'Every enquiry, quote and checkout is answered 503 while it lasts.',
    summary:
      'App Check could not check a call to a public form (contact, lookup, quote, cart, checkout): it answered 503',
    action:
      "The entry's `error` says why. APP_CHECK_APP_ID missing: set it to the web app's id (VITE_FIREBASE_APP_ID) in functions/.env.<project> and deploy. Otherwise Google's App Check keys were out of reach: if it repeats, check the status of Firebase App Check (README, \"App Check\").",
    sources: ['functions/src/platform/appCheck.ts'],
  },
  [EVENTS.appCheckRefused]: {
    severity: 'WARNING',
    alert: { kind: 'volume', above: 10, minutes: 60 },
    reason:
      "Bots posting to the forms without a token are refused a few at a time, which is App Check working; a reCAPTCHA key that does not list the site's host refuses every visitor, a steady stream past 10 in an hour.",
    summary: 'App Check refused many calls to the public forms (contact, lookup, quote, cart, checkout)',
    action:
      'Submit the contact form on the live site yourself. Refused: check that the reCAPTCHA key\'s domains include the served host (Google Cloud → Security → reCAPTCHA) and that the web app\'s App Check registration uses that key (README, "App Check"). Accepted: it was a burst of bots; nothing to do.',
    sources: ['functions/src/platform/appCheck.ts'],
  },
  [EVENTS.boardCardRefused]: {
    severity: 'ERROR',
    alert: EACH,
    reason:
      'The board still shows every card, but its recent changes pile up, one more read per board load each, until a rebuild.',
    summary:
      "Firestore refused a board shard while folding the board's recent changes into it (the shard is likely full)",
    action: 'Run `npm run board:rebuild -- --project PROJECT --shards N` with more shards (docs/operations.md).',
    sources: ['functions/src/features/leads/leadBoardSync.ts'],
  },
} as const satisfies Record<AlertEventName, AlertEvent>;

/** The catalogue's event names, in the order of EVENTS. */
export const ALERT_EVENT_NAMES = Object.values(EVENTS);

/**
 * Logs a catalogued event at its catalogued severity: `message` for a reader
 * of the log, `fields` for the details, and `event` for the alert's filter.
 */
export function logEvent(event: AlertEventName, message: string, fields: Record<string, unknown> = {}): void {
  const entry = { ...fields, event };
  const { severity } = ALERT_EVENTS[event];
  if (severity === 'ERROR') logger.error(message, entry);
  else if (severity === 'WARNING') logger.warn(message, entry);
  else logger.info(message, entry);
}

/**
 * The heartbeat of the scheduled job `job` (features/schedules.ts): logged once each run completes, with its
 * summary (`job.heartbeat`, INFO); ops:alerts pages when a job's heartbeat is absent for longer than its schedule.
 */
export function logHeartbeat(job: string, summary: Record<string, unknown> | null): void {
  logEvent(EVENTS.jobHeartbeat, `${job}: done`, { ...summary, job });
}
