/**
 * Cart orders (spec §2 "Cart", §7 POST /api/create-subscription).
 *
 * An order is stored, status "pending_payment", before any payment step, so
 * it survives whatever fails after it. Amounts are the server's (priceCart),
 * in cents; the client's totals are never read. Collection `orders`,
 * admin-readable, server-written; a verified payment marks it "paid"
 * (features/billing/payments.ts fulfilEvent); an order holding a promo code that is
 * still unpaid near the hold's end is "expired" (features/billing/orderExpiry.ts).
 */
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { CART_CURRENCY, findPackage, type CartClientInfo, type CartPrice, type OrderStatus } from '@studio/domain';
import type Stripe from 'stripe';
import { startOrderPayment } from './payments.js';
import { orderRef, updateOrderDoc } from './billingStore.js';
import { customerForEmail, paymentMode, stripeClient, type ProviderMode } from '../../platform/stripe.js';

/** The `orders` document for a priced cart. */
export function orderDoc(price: CartPrice, clientInfo: CartClientInfo, promoCode: string | null) {
  return {
    status: 'pending_payment' as const satisfies OrderStatus,
    packageId: price.packageId,
    packageName: findPackage(price.packageId)?.name ?? price.packageId,
    pricingMode: price.mode,
    clientInfo: {
      name: clientInfo.name,
      email: clientInfo.email,
      phone: clientInfo.phone ?? null,
      projectDescription: clientInfo.projectDescription,
    },
    promoCode: price.promoApplied ? promoCode : null,
    currency: CART_CURRENCY,
    setupFeeCents: price.setupFeeCents,
    recurringCents: price.recurringCents,
    interval: price.interval,
    annualSavingCents: price.annualSavingCents,
    discountCents: price.discountCents,
    totalDueNowCents: price.totalDueNowCents,
    paymentMode: paymentMode(),
    createdAt: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
  };
}

export interface PaymentSetup {
  /** The card provider's client secret (test mode: the test provider's). */
  clientSecret: string;
  /** The PaymentIntent to confirm; null for a live subscription (its first invoice carries the intent). */
  paymentIntentId: string | null;
  paymentMode: ProviderMode;
}

/**
 * The payment step of a stored order (spec §7 create-subscription).
 * One-time mode, and every order in test mode: a PaymentIntent for
 * `totalDueNowCents` (purpose "order"). Live monthly/annual: a Stripe
 * Subscription on the package's product, its first invoice paid through the
 * returned confirmation secret; `invoice.paid` fulfils the order. Every call
 * carries an idempotency key derived from the order id.
 * @throws on provider failure; the route then marks the order "payment_setup_failed".
 */
export async function preparePayment(
  db: Firestore,
  orderId: string,
  price: CartPrice,
  clientInfo: CartClientInfo,
): Promise<PaymentSetup> {
  const name = findPackage(price.packageId)?.name ?? price.packageId;
  const stripe = await stripeClient();
  if (stripe && price.mode !== 'onetime') {
    const secret = await createLiveSubscription(db, stripe, orderId, price, clientInfo, name);
    return { clientSecret: secret, paymentIntentId: null, paymentMode: 'live' };
  }
  const label = price.mode === 'onetime' ? `${name}: setup and first month` : `${name}: first ${price.interval}`;
  const p = await startOrderPayment(db, orderId, price.totalDueNowCents, label);
  return { clientSecret: p.clientSecret, paymentIntentId: p.paymentIntentId, paymentMode: p.mode };
}

async function createLiveSubscription(
  db: Firestore,
  stripe: Stripe,
  orderId: string,
  price: CartPrice,
  clientInfo: CartClientInfo,
  name: string,
): Promise<string> {
  const product = `studio-${price.packageId}`;
  await stripe.products
    .create({ id: product, name }, { idempotencyKey: `studio-product-${product}` })
    .catch((e: { code?: string }) => {
      if (e.code !== 'resource_already_exists') throw e;
    });
  // One Stripe Customer per client email, shared with the lead's payments.
  const customerId = await customerForEmail(stripe, clientInfo.email, clientInfo.name, clientInfo.phone);
  const sub = await stripe.subscriptions.create(
    {
      customer: customerId,
      items: [
        {
          price_data: {
            currency: CART_CURRENCY,
            product,
            unit_amount: price.recurringCents,
            recurring: { interval: price.interval },
          },
        },
      ],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { purpose: 'order', orderId },
      expand: ['latest_invoice.confirmation_secret'],
    },
    { idempotencyKey: `studio-subscription-order-${orderId}` },
  );
  const invoice = sub.latest_invoice as Stripe.Invoice | null;
  const secret = invoice?.confirmation_secret?.client_secret;
  if (!secret) throw new Error('Stripe returned a subscription without a confirmation secret');
  await updateOrderDoc(orderRef(db, orderId), {
    stripeSubscriptionId: sub.id,
    stripeCustomerId: customerId,
    paymentMode: 'live',
  });
  return secret;
}
