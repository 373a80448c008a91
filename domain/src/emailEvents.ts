/**
 * SendGrid's Event Webhook (functions features/email/sendgridEvents.ts): the
 * events that end an address's deliverability, the shape of a posted batch
 * (only the fields read; SendGrid sends many more, which are dropped), and the
 * `email_suppressions` document that stops further sends to the address.
 */
import { z } from 'zod';
import { orNull, storedDate } from './storedDocuments.js';

/** SendGrid events after which the studio sends nothing more to the address. */
export const SUPPRESSING_EMAIL_EVENTS = ['bounce', 'dropped', 'spamreport'] as const;
export type SuppressingEmailEvent = (typeof SUPPRESSING_EMAIL_EVENTS)[number];

/** Most events one webhook call may carry (SendGrid batches every 30 s; a studio's batch is a handful). */
export const EMAIL_EVENTS_MAX = 1000;

/** An outbox id as the sender writes it (Firestore auto-id): anything else is not ours and is ignored. */
const outboxIdField = z
  .string()
  .regex(/^[A-Za-z0-9]{1,40}$/)
  .optional()
  .catch(undefined);

/**
 * One event as posted. `outboxId` is the send's custom arg (features/email/outboxSender.ts
 * `customArgs`), which SendGrid returns at the top level of each event.
 */
export const sendgridEventSchema = z.object({
  email: z.string().trim().min(3).max(320),
  event: z.string().min(1).max(40),
  timestamp: z.number().int().nonnegative().optional(),
  sg_event_id: z.string().max(200).optional(),
  reason: z.string().max(2000).optional(),
  type: z.string().max(40).optional(),
  outboxId: outboxIdField,
});
export type SendgridEvent = z.output<typeof sendgridEventSchema>;

/** A posted batch: a JSON array of events. */
export const sendgridEventBatchSchema = z.array(sendgridEventSchema).min(1).max(EMAIL_EVENTS_MAX);

/** True for an event name that may suppress its address (a `bounce` only when hard: see emailEventEffect). */
export function isSuppressingEvent(event: string): event is SuppressingEmailEvent {
  return (SUPPRESSING_EMAIL_EVENTS as readonly string[]).includes(event);
}

/**
 * What one SendGrid event does to its address and email:
 * - `suppress`: a hard bounce (`bounce` of type `bounce`, or with no type, as SendGrid posted it before types), a
 *   `dropped` or a `spamreport`: nothing more is sent to the address;
 * - `blocked`: a `bounce` of type `blocked`, the receiving server's temporary refusal (its reputation or content
 *   filter): the address stays open and the email is sent again on the outbox's retry schedule;
 * - `ignore`: every other event (delivered, open, deferred, processed, a bounce of an unknown type...).
 */
export function emailEventEffect(e: { event: string; type?: string | null }): 'suppress' | 'blocked' | 'ignore' {
  if (e.event === 'bounce') {
    const type = e.type?.trim().toLowerCase();
    if (type === 'blocked') return 'blocked';
    return !type || type === 'bounce' ? 'suppress' : 'ignore';
  }
  return isSuppressingEvent(e.event) ? 'suppress' : 'ignore';
}

/** `lastError` of an email a receiving server blocked, and which is sent again. */
export function blockedSendError(reason?: string | null): string {
  const detail = reason?.trim() ? `: ${reason.trim().slice(0, 300)}` : '';
  return `Blocked by the receiving server; sending again${detail}`;
}

/**
 * True when a `blocked` event (`timestampSec`, SendGrid's seconds) is about the send of an entry sent at `sentAt`,
 * rather than an earlier send of it already retried: SendGrid reports a block after the send it blocks. An event with
 * no timestamp is taken as about the last send. `sentAt` null (never sent) → false.
 */
export function blockedEventIsCurrent(timestampSec: number | undefined, sentAt: Date | null): boolean {
  if (!sentAt) return false;
  if (timestampSec === undefined) return true;
  // SendGrid's timestamps are whole seconds; a few seconds of clock difference are allowed.
  return timestampSec * 1000 >= sentAt.getTime() - 5_000;
}

/** The address as a suppression compares it: trimmed, lower case (SendGrid reports it as it was sent). */
export function suppressionAddress(email: string): string {
  return email.trim().toLowerCase();
}

/** What an outbox entry's `lastError` says when SendGrid reported it undelivered, or a send was refused. */
export function suppressionReason(event: SuppressingEmailEvent, reason?: string | null): string {
  const what = { bounce: 'bounced', dropped: 'was dropped by SendGrid', spamreport: 'was reported as spam' }[event];
  const detail = reason?.trim() ? `: ${reason.trim().slice(0, 300)}` : '';
  return `Not delivered: the address ${what}${detail}`;
}

/** `lastError` of an entry the sender refused because its address is suppressed. */
export function suppressedSendError(event: SuppressingEmailEvent): string {
  const what = { bounce: 'bounced', dropped: 'was dropped', spamreport: 'reported spam' }[event];
  return `Not sent: the address is suppressed (it ${what} before)`;
}

/**
 * `email_suppressions/{id}`: an address nothing more is sent to. The id is the
 * SHA-256 of the address (functions features/email/suppressions.ts), and the address
 * itself is not stored, so that erasing a client leaves no readable address
 * while still keeping the studio from writing to a dead or complaining mailbox.
 */
export const emailSuppressionDocSchema = z.object({
  event: z.enum(SUPPRESSING_EMAIL_EVENTS),
  reason: z.string().nullable().optional(),
  sgEventId: z.string().nullable().optional(),
  /** When it was suppressed. */
  at: orNull(storedDate),
});
