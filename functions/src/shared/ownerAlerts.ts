/**
 * The owner's money alerts (template `money-alert`, through the outbox, so
 * they are written with the change that causes them and retried like every
 * email): a paid order, an accepted quote, a paid deposit or final payment,
 * a paid invoice, a refund, a dispute, a declined or failed payment. Sent to
 * OWNER_EMAIL; none when it is not set.
 */
import type { Firestore, Transaction, WriteBatch } from 'firebase-admin/firestore';
import { formatUsd } from '@studio/domain';
import { config } from '../config.js';
import { enqueueEmail } from './outbox.js';

export interface MoneyAlert {
  /** What happened, as the subject's first words: "Order paid", "Refund", ... */
  event: string;
  amountCents: number;
  clientName: string | null;
  documentNumber: string | null;
  detail: string;
  leadId: string | null;
  /** The cart order it is about, if any: a client's erasure finds the alert by its lead or its order. */
  orderId?: string | null;
}

/** Queues the owner's alert in `tx`. */
export function alertOwner(db: Firestore, tx: Transaction | WriteBatch, a: MoneyAlert): void {
  const owner = config().email.ownerEmail;
  if (!owner) return;
  enqueueEmail(db, tx, {
    to: owner,
    templateId: 'money-alert',
    leadId: a.leadId,
    orderId: a.orderId ?? null,
    variables: {
      event: a.event,
      amount: formatUsd(a.amountCents),
      clientName: a.clientName ?? 'Unknown client',
      documentNumber: a.documentNumber ?? 'none',
      detail: a.detail,
    },
  });
}
