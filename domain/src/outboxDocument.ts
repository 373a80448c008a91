/**
 * `outbox/{id}`, the schema of a stored email (functions shared/outbox.ts
 * writes it, features/email/outboxSender.ts sends it). A module of its own, apart from
 * storedDocuments.ts: only the server reads outbox entries, so the admin's
 * bundles, which parse the other stored documents, do not carry it.
 */
import { z } from 'zod';
import { DOCUMENT_KINDS } from './constants.js';
import { OUTBOX_STATUSES, RECIPIENT_LIMIT_NAMES } from './email.js';
import { orNull, storedDate, withDefault } from './storedDocuments.js';

/** A PDF an outbox email attaches, by reference: the sender renders it when it sends. */
export const outboxAttachmentSchema = z.object({ kind: z.enum(DOCUMENT_KINDS), id: z.string().min(1) });
export type OutboxAttachment = z.output<typeof outboxAttachmentSchema>;

/** Most PDFs one email attaches. */
export const OUTBOX_MAX_ATTACHMENTS = 5;

/**
 * `outbox/{id}`: one email to send (functions shared/outbox.ts writes it in
 * the batch or transaction of the change that causes it; features/email/outboxSender.ts
 * sends and retries it). `variables` fill the template's placeholders (a value
 * may be sealed, platform/sealed.ts); `attempts` counts sends tried; the
 * sender holds a PROCESSING entry until `leaseUntil`; a PENDING entry is due
 * at `nextAttemptAt`. An entry naming a `recipientLimit` (RECIPIENT_LIMIT_NAMES)
 * is sent only within it; `recipientLimitTaken` records that its allowance
 * was taken, so a retry does not take another. `handedOverAt` is when the
 * provider accepted the email, written before anything else after the send:
 * an entry carrying it is never sent again. An entry that does not parse
 * cannot be sent: the sender fails it (ERROR) rather than guess.
 */
export const outboxDocSchema = z.object({
  to: z.string(),
  templateId: z.string(),
  variables: withDefault(z.record(z.string(), z.string()), {}),
  leadId: orNull(z.string()),
  /** The cart order the email is about, when it has no lead yet (a client's erasure finds it by the order). */
  orderId: orNull(z.string()),
  attachments: withDefault(z.array(outboxAttachmentSchema).max(OUTBOX_MAX_ATTACHMENTS), []),
  recipientLimit: orNull(z.enum(RECIPIENT_LIMIT_NAMES)),
  recipientLimitTaken: withDefault(z.boolean(), false),
  status: z.enum(OUTBOX_STATUSES),
  attempts: withDefault(z.number().int().nonnegative(), 0),
  lastError: orNull(z.string()),
  nextAttemptAt: orNull(storedDate),
  leaseUntil: orNull(storedDate),
  deliveredVia: orNull(z.enum(['sendgrid', 'email_log'])),
  resentAs: orNull(z.string()),
  createdAt: orNull(storedDate),
  updatedAt: orNull(storedDate),
  sentAt: orNull(storedDate),
  handedOverAt: orNull(storedDate),
  /** When the sender last claimed it (PROCESSING). */
  claimedAt: orNull(storedDate),
  /** Who resent a failed entry as `resentAs`, and when. */
  resentBy: orNull(z.string()),
  resentAt: orNull(storedDate),
  /** The provider's last delivery event for it (features/email/sendgridEvents.ts). */
  deliveryEvent: orNull(z.string()),
  /** Its retention end, set once it is settled (retention.ts TTL_FIELD). */
  expireAt: orNull(storedDate),
});
export type OutboxDoc = z.output<typeof outboxDocSchema>;
