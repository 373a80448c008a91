/**
 * Hosting subscriptions (`subscriptions/{orderId}`, domain billing.ts
 * subscriptionDocSchema): the recurring part of a paid cart order.
 *
 * - Started in the transaction that marks the order paid
 *   (features/billing/payments.ts), active until one period after the payment.
 * - Moved by Stripe's events, each exactly once through the `stripe_events`
 *   record of fulfilEvent's transaction:
 *   - `invoice.paid` for an order already paid is a renewal: the period moves
 *     on (domain renewedPeriodEnd), the status is active again, the payment
 *     goes to the ledger (tied to no invoice: the subscription is named as its
 *     reference) and the client gets a receipt. A renewal of another amount or
 *     currency than the subscription's is held for review, as any payment is.
 *   - `invoice.payment_failed` for a paid order: past_due.
 *   - `customer.subscription.updated`: cancel at period end set or withdrawn
 *     in Stripe (its customer portal, its dashboard);
 *   - `customer.subscription.deleted`: canceled.
 *   The owner is alerted for each (money-alert).
 * In test mode the CRM's test actions send the same events
 * (features/billing/subscriptionActions.ts).
 */
import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  formatUsd,
  mismatchText,
  paymentMismatch,
  periodEndAfter,
  renewedPeriodEnd,
  type OrderDoc,
} from '@studio/domain';
import {
  mergePaymentIn,
  orderRef,
  paymentRef,
  readDoc,
  readStored,
  setSubscriptionIn,
  subscriptionRef,
  updateSubscriptionIn,
} from './billingStore.js';
import { EVENTS, logEvent } from '../../platform/log.js';
import { paymentEntryId, recordLedgerEntry } from './ledger.js';
import { enqueueEmail } from '../../shared/outbox.js';
import { alertOwner } from '../../shared/ownerAlerts.js';
import { STRIPE_SUBSCRIPTION_EVENT_TYPES } from '../../platform/vendors.js';

/** The fields of a paid order a subscription starts from (features/billing/orders.ts orderDoc). */
interface PaidOrder {
  id: string;
  packageId: string;
  packageName: string;
  clientInfo: { name?: string; email?: string };
  interval: 'month' | 'year';
  recurringCents: number;
  currency: string;
  stripeSubscriptionId: string | null;
  paymentMode: 'test' | 'live';
}

/** What a subscription needs from the stored order `id` (parsed); null when it has no recurring part. */
export function paidOrderOf(id: string, d: OrderDoc): PaidOrder | null {
  const interval = d.interval === 'year' ? 'year' : d.interval === 'month' ? 'month' : null;
  if (!interval || d.recurringCents <= 0) return null;
  return {
    id,
    packageId: d.packageId,
    packageName: d.packageName,
    clientInfo: d.clientInfo,
    interval,
    recurringCents: d.recurringCents,
    currency: d.currency,
    stripeSubscriptionId: d.stripeSubscriptionId ?? null,
    paymentMode: d.paymentMode === 'live' ? 'live' : 'test',
  };
}

/** Starts the subscription of order `id` (`order`, as read) paid at `paidAt`, in `tx` (once: the order is paid once). */
export function startSubscriptionInTx(db: Firestore, tx: Transaction, id: string, order: OrderDoc, paidAt: Date): void {
  const o = paidOrderOf(id, order);
  if (!o || !o.clientInfo.email) return;
  setSubscriptionIn(tx, db, o.id, {
    orderId: o.id,
    packageId: o.packageId,
    packageName: o.packageName,
    customerEmail: o.clientInfo.email.trim().toLowerCase(),
    customerName: o.clientInfo.name ?? null,
    interval: o.interval,
    amountCents: o.recurringCents,
    currency: o.currency,
    status: 'active',
    currentPeriodEnd: Timestamp.fromDate(periodEndAfter(paidAt, o.interval)),
    cancelAtPeriodEnd: false,
    stripeSubscriptionId: o.stripeSubscriptionId,
    mode: o.paymentMode,
    lastPaymentFailedAt: null,
    canceledAt: null,
    createdAt: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
  });
}

/** The part of a verified event read here (a Stripe invoice or subscription). */
export interface SubscriptionEvent {
  id: string;
  type: string;
  data: {
    object: {
      id: string;
      amount_paid?: number;
      currency?: string | null;
      metadata?: Record<string, string> | null;
      parent?: { subscription_details?: { metadata?: Record<string, string> | null } | null } | null;
      cancel_at_period_end?: boolean;
    };
  };
}

/** Event types this module may take. */
export const SUBSCRIPTION_EVENT_TYPES = new Set<string>(STRIPE_SUBSCRIPTION_EVENT_TYPES);

/**
 * Reads, in `tx`, whether `event` moves an existing subscription (see the
 * file comment) and returns its writes; null when it does not (an order's
 * first invoice is the order's own payment: features/billing/payments.ts).
 */
export async function readSubscriptionEvent(
  db: Firestore,
  tx: Transaction,
  event: SubscriptionEvent,
): Promise<{ apply: (by: string) => void; review: string | null } | null> {
  const obj = event.data.object;
  const metadata =
    (event.type.startsWith('customer.subscription.') ? obj.metadata : obj.parent?.subscription_details?.metadata) ?? {};
  const orderId = metadata.orderId;
  if (!orderId) return null;
  const [order, subscription, payment] = await Promise.all([
    readDoc(orderRef(db, orderId), tx),
    readStored(subscriptionRef(db, orderId), tx),
    event.type === 'invoice.paid' ? readDoc(paymentRef(db, obj.id), tx) : null,
  ]);
  // Until the order is paid, its invoice is the order's own payment (or failure).
  if (!subscription || order?.status !== 'paid') return null;
  const sub = subscription.doc;
  const now = new Date();
  const at = FieldValue.serverTimestamp();
  const tell = (event: string, detail: string) =>
    alertOwner(db, tx, {
      event,
      amountCents: sub.amountCents,
      clientName: sub.customerName ?? sub.customerEmail,
      documentNumber: null,
      detail,
      leadId: null,
      orderId,
    });

  // Cancel at period end set or withdrawn in Stripe (the customer portal, the dashboard): the CRM shows it at once.
  if (event.type === 'customer.subscription.updated') {
    const wanted = obj.cancel_at_period_end;
    return {
      review: null,
      apply: () => {
        if (sub.status === 'canceled' || typeof wanted !== 'boolean' || wanted === sub.cancelAtPeriodEnd) return;
        updateSubscriptionIn(tx, subscription.ref, {
          cancelAtPeriodEnd: wanted,
          cancelRequestedBy: wanted ? 'stripe' : null,
          updatedAt: at,
        });
        tell(
          wanted ? 'Subscription canceling' : 'Subscription resumed',
          wanted
            ? `${sub.packageName} (${sub.customerEmail}) ends at the end of its period: set in Stripe.`
            : `${sub.packageName} (${sub.customerEmail}) renews again: the cancellation was withdrawn in Stripe.`,
        );
      },
    };
  }

  if (event.type === 'customer.subscription.deleted')
    return {
      review: null,
      apply: (by) => {
        if (sub.status === 'canceled') return;
        updateSubscriptionIn(tx, subscription.ref, { status: 'canceled', canceledAt: at, updatedAt: at });
        tell(
          'Subscription canceled',
          `${sub.packageName} (${sub.customerEmail}) is canceled${by === 'stripe' ? ' by Stripe' : ''}.`,
        );
      },
    };

  if (event.type === 'invoice.payment_failed')
    return {
      review: null,
      apply: () => {
        if (sub.status === 'canceled') return;
        updateSubscriptionIn(tx, subscription.ref, { status: 'past_due', lastPaymentFailedAt: at, updatedAt: at });
        tell(
          'Subscription payment failed',
          `The renewal of ${sub.packageName} (${sub.customerEmail}) failed: the subscription is past due.`,
        );
      },
    };

  // invoice.paid for a paid order: a renewal.
  const received = { amountCents: obj.amount_paid ?? 0, currency: obj.currency };
  const owed = { amountCents: sub.amountCents, currency: sub.currency };
  const alreadyPaid = payment?.status === 'succeeded';
  const fields = { purpose: 'order', leadId: null, invoiceId: null, orderId };
  if (!alreadyPaid && paymentMismatch(received, owed)) {
    const review = mismatchText(received, owed);
    logEvent(EVENTS.paymentHeldForReview, 'payments: a payment does not match what is owed; held for review', {
      paymentIntentId: obj.id,
      eventId: event.id,
      purpose: 'subscription renewal',
      review,
    });
    return {
      review,
      apply: () =>
        mergePaymentIn(tx, db, obj.id, {
          ...fields,
          status: 'needs_review',
          reviewReason: review,
          amountReceivedCents: received.amountCents,
          receivedCurrency: obj.currency ?? null,
          updatedAt: at,
        }),
    };
  }
  return {
    review: null,
    apply: (by) => {
      if (alreadyPaid) return;
      const description = `${sub.packageName}: renewal`;
      mergePaymentIn(tx, db, obj.id, {
        ...fields,
        amountCents: received.amountCents,
        amountReceivedCents: received.amountCents,
        currency: sub.currency,
        description,
        mode: sub.mode,
        status: 'succeeded',
        paidAt: at,
        createdAt: at,
        updatedAt: at,
      });
      updateSubscriptionIn(tx, subscription.ref, {
        status: 'active',
        currentPeriodEnd: Timestamp.fromDate(renewedPeriodEnd(sub.currentPeriodEnd, sub.interval, now)),
        lastPaymentFailedAt: null,
        updatedAt: at,
      });
      recordLedgerEntry(db, tx, paymentEntryId(obj.id), {
        type: 'payment',
        amountCents: received.amountCents,
        currency: sub.currency,
        document: null,
        documentNumber: null,
        leadId: null,
        customerEmail: sub.customerEmail,
        customerName: sub.customerName,
        paymentIntentId: obj.id,
        reference: `subscription ${orderId}`,
        stripeEventId: event.id,
        by,
        keep: { document: false, paymentEntry: false },
      });
      tell('Subscription renewed', `${description} for ${sub.customerEmail}: ${formatUsd(received.amountCents)}.`);
      enqueueEmail(db, tx, {
        to: sub.customerEmail,
        templateId: 'payment-received',
        orderId,
        variables: {
          name: sub.customerName ?? 'there',
          amount: formatUsd(received.amountCents),
          description,
          reference: obj.id,
          invoiceNumber: '',
        },
        attachments: [{ kind: 'receipt', id: obj.id }],
      });
    },
  };
}
