/**
 * Expiring unpaid promo orders (domain promo.ts "Reserved, then redeemed"): a
 * cart order holding a promo code must not be paid after its hold lapses, or
 * a code that sold out meanwhile would be used once more. So, run every
 * ORDER_EXPIRY_EVERY_MINUTES (`expireOrders` in index.ts), `runOrderExpiry`
 * takes each order still payable (PAYABLE_ORDER_STATUSES) whose hold ends
 * within PROMO_CHECKOUT_EXPIRY_MARGIN_MS (domain promoCheckoutExpired: its
 * hold ends by promoCheckoutExpiryCutoff) and:
 *
 * 1. cancels its open PaymentIntents at the provider (platform/stripe.ts
 *    cancelPaymentIntent); one that was paid or is processing leaves the order
 *    to its webhook;
 * 2. then, in one transaction, marks the order "expired", its payments
 *    "canceled" and releases the hold (features/billing/promo.ts settlePromoInTx).
 *
 * The test provider's confirm then refuses the payment, and Stripe refuses to
 * confirm a cancelled intent (the checkout shows CHECKOUT_EXPIRED_MESSAGE).
 * An order whose cancellation fails (the provider down) stays payable and
 * holding; the next run tries again, and the margin leaves room for it.
 * A plain function of the clock, so tests drive it with a fake one.
 */
import { FieldValue } from 'firebase-admin/firestore';
import type { JobDeps } from '../job.js';
import { EVENTS, logEvent } from '../../platform/log.js';
import { PAYABLE_ORDER_STATUSES, promoCheckoutExpiryCutoff } from '@studio/domain';
import { ordersHoldingUntil, paymentsOfOrder, readDoc, updateOrderDoc, updatePaymentIn } from './billingStore.js';
import { readOrderPromoSettlement, settlePromoInTx } from './promo.js';
import { paymentProvider, type PaymentProvider } from '../../platform/stripe.js';

/**
 * The orders a run may expire: those still payable, and those whose payment could not even be set up (their
 * hold is released at once, best effort; a hold counts until released, so a failed release is caught here).
 */
const EXPIRABLE = [...PAYABLE_ORDER_STATUSES, 'payment_setup_failed'];

/** Orders one run expires at most (the next run takes the rest). */
export const ORDER_EXPIRY_BATCH = 100;

/** What a run did, by order id. */
export interface OrderExpiryResult {
  /** Expired: intents cancelled, hold released. */
  expired: string[];
  /** Left to their webhook: an intent was paid or is processing. */
  paid: string[];
  /** Left for the next run: the provider or Firestore failed (logged). */
  failed: string[];
}

/**
 * Expires the unpaid promo orders due at `now` (see the module comment).
 * `deps.provider` defaults to this project's (platform/stripe.ts paymentProvider).
 * @throws NotConfigured when payments are not configured on a real project (nothing is changed).
 */
export async function runOrderExpiry(
  { db, provider }: JobDeps & { provider?: PaymentProvider },
  now: Date,
): Promise<OrderExpiryResult> {
  const result: OrderExpiryResult = { expired: [], paid: [], failed: [] };
  const due = await ordersHoldingUntil(
    db,
    EXPIRABLE,
    new Date(promoCheckoutExpiryCutoff(now.getTime())),
    ORDER_EXPIRY_BATCH,
  );
  if (due.length === 0) return result;
  const payments = provider ?? (await paymentProvider());

  for (const order of due) {
    try {
      const intents = await paymentsOfOrder(db, order.id);
      let paid = intents.some((p) => p.doc.status === 'succeeded');
      for (const intent of intents) {
        if (paid || intent.doc.status === 'canceled') continue;
        paid = (await payments.cancelPaymentIntent(intent.id)) !== 'canceled';
      }
      if (paid) {
        result.paid.push(order.id);
        continue;
      }
      const expired = await db.runTransaction(async (tx) => {
        const fresh = await readDoc(order.ref, tx);
        if (!fresh || !(EXPIRABLE as readonly string[]).includes(fresh.status)) return false;
        const promo = await readOrderPromoSettlement(db, tx, fresh);
        const at = FieldValue.serverTimestamp();
        await updateOrderDoc(order.ref, { status: 'expired', expiredAt: at, updatedAt: at }, tx);
        for (const intent of intents) {
          if (intent.doc.status !== 'canceled') updatePaymentIn(tx, intent.ref, { status: 'canceled', updatedAt: at });
        }
        settlePromoInTx(tx, promo, order.id, false);
        return true;
      });
      if (expired) result.expired.push(order.id);
    } catch (error) {
      logEvent(EVENTS.jobItemFailed, 'orderExpiry: order left for the next run', {
        job: 'expireOrders',
        orderId: order.id,
        error: String(error),
      });
      result.failed.push(order.id);
    }
  }
  return result;
}
