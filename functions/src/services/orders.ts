/**
 * Cart orders (spec §2 "Cart", §7 POST /api/create-subscription).
 *
 * An order is stored, status "pending_payment", before any payment step, so
 * it survives whatever fails after it. Amounts are the server's (priceCart),
 * in cents; the client's totals are never read. Collection `orders`,
 * admin-readable, server-written.
 */
import { FieldValue } from 'firebase-admin/firestore';
import { CART_CURRENCY, findPackage, type CartClientInfo, type CartPrice } from '@studio/domain';
import { db } from '../firebase.js';

export const ORDERS_COLLECTION = 'orders';
export type OrderStatus = 'pending_payment' | 'payment_setup_failed';

export const newOrderRef = () => db.collection(ORDERS_COLLECTION).doc();

/** The `orders` document for a priced cart. */
export function orderDoc(price: CartPrice, clientInfo: CartClientInfo, promoCode: string | null) {
  return {
    status: 'pending_payment' satisfies OrderStatus,
    packageId: price.packageId,
    packageName: findPackage(price.packageId)?.name ?? price.packageId,
    pricingMode: price.mode,
    clientInfo: { name: clientInfo.name, email: clientInfo.email, phone: clientInfo.phone ?? null, projectDescription: clientInfo.projectDescription },
    promoCode: price.promoApplied ? promoCode : null,
    currency: CART_CURRENCY,
    setupFeeCents: price.setupFeeCents,
    recurringCents: price.recurringCents,
    interval: price.interval,
    annualSavingCents: price.annualSavingCents,
    discountCents: price.discountCents,
    totalDueNowCents: price.totalDueNowCents,
    paymentMode: 'test',
    createdAt: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
  };
}

export interface PaymentSetup {
  /** The card provider's client secret; null while payments run in test mode. */
  clientSecret: string | null;
  paymentMode: 'test' | 'live';
}

/**
 * The payment step of a stored order. Payments run in test mode: there is no
 * card provider call, so no client secret. The Stripe task replaces this body
 * (create the subscription / payment intent for `totalDueNowCents` and return
 * its client secret); a throw here marks the order "payment_setup_failed" and
 * the client sees "Failed to prepare checkout".
 */
export async function preparePayment(_orderId: string, _price: CartPrice, _clientInfo: CartClientInfo): Promise<PaymentSetup> {
  return { clientSecret: null, paymentMode: 'test' };
}
