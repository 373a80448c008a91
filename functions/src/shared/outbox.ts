/**
 * The email outbox (features/email/outboxSender.ts sends it): every email is an `outbox`
 * document written in the same transaction or batch as the business change
 * that causes it, so a change is never stored without its email, and an email
 * failure never loses the change. Status starts PENDING, due at once
 * (`nextAttemptAt`); features/email/outboxSender.ts sends it and retries it.
 */
import { type OutboxAttachment, type RecipientLimit } from '@studio/domain';
import {
  FieldValue,
  type DocumentReference,
  type Firestore,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { createOutboxEntry } from './outboxStore.js';

/** An email to queue: what the caller chooses of the stored entry (domain outboxDocSchema). */
export interface OutboxEmail {
  to: string;
  templateId: string;
  /** Values for the template's ${placeholders}; escaped when rendered. */
  variables: Record<string, string>;
  leadId?: string | null;
  /** The cart order the email is about, for an order with no lead yet (a client's erasure follows it). */
  orderId?: string | null;
  /**
   * PDFs to attach, by reference: the sender renders each when it sends
   * (features/documents/documents.ts), so the outbox stores ids, not megabytes.
   */
  attachments?: OutboxAttachment[];
  /** A per-address limit the sender applies before the first send (platform/rateLimits.ts); over it, SKIPPED. */
  recipientLimit?: RecipientLimit;
}

/** Adds an outbox entry to `tx` (a transaction or a batch). Returns its ref. @throws ZodError on an entry that does not match (domain outboxDocSchema). */
export function enqueueEmail(db: Firestore, tx: Transaction | WriteBatch, email: OutboxEmail): DocumentReference {
  return createOutboxEntry(db, tx, {
    ...email,
    leadId: email.leadId ?? null,
    ...(email.orderId ? { orderId: email.orderId } : {}),
    ...(email.attachments?.length ? { attachments: email.attachments } : {}),
    ...(email.recipientLimit ? { recipientLimit: email.recipientLimit } : {}),
    status: 'PENDING',
    attempts: 0,
    lastError: null,
    // Due at once: the creation trigger sends it; if that never runs, the sweeper does.
    nextAttemptAt: FieldValue.serverTimestamp(),
    createdAt: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
  });
}
