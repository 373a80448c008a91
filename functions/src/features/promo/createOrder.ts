/**
 * The cart's order (spec §2 "Cart", §5 "Cart info").
 */
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { priceCart, type CreateSubscription } from '@studio/domain';
import { AppError } from '../../platform/errors.js';
import { releasePromoHold, reservePromo } from '../billing/index.js';
import { createOrderDoc, newOrderRef, orderDoc, preparePayment, updateOrderDoc } from '../billing/index.js';
import type { Clock, Deps } from '../useCase.js';

/**
 * Prices the cart on the server (priceCart); a discountCode counts in
 * one-time mode only and is RESERVED for 30 minutes in the same transaction
 * as the order (features/billing/promo.ts reservePromo; the order's payment redeems or
 * releases it), so a caller who loses the race for a code's last use gets
 * Conflict "Promo code usage limit reached" and no order, and a customer who
 * already used a one-use-per-customer code gets Conflict "This promo code has
 * already been used with this email". The order is stored before the payment
 * step; if that step fails the order stays, marked "payment_setup_failed"
 * (Upstream "Failed to prepare checkout").
 */
export async function createOrder(deps: Deps, input: CreateSubscription, clock: Clock) {
  const { db } = deps;
  const now = clock();
  const code = input.pricingMode === 'onetime' ? (input.discountCode ?? null) : null;
  const orderRef = newOrderRef(db);
  let price = priceCart(input.packageId, input.pricingMode, null, now);

  if (code) {
    await reservePromo(
      db,
      code,
      price.setupFeeCents,
      now,
      { orderId: orderRef.id, email: input.clientInfo.email },
      (tx, reservation) => {
        price = priceCart(input.packageId, 'onetime', reservation.promo, now);
        void createOrderDoc(
          orderRef,
          {
            ...orderDoc(price, input.clientInfo, reservation.code),
            promoReservedUntil: Timestamp.fromDate(reservation.expiresAt),
          },
          tx,
        );
      },
    );
  } else {
    await createOrderDoc(orderRef, orderDoc(price, input.clientInfo, null));
  }

  let payment;
  try {
    payment = await preparePayment(db, orderRef.id, price, input.clientInfo);
  } catch (e) {
    logger.error('create-subscription: payment setup failed', {
      orderId: orderRef.id,
      error: e instanceof Error ? e.message : String(e),
    });
    await updateOrderDoc(orderRef, { status: 'payment_setup_failed', updatedAt: FieldValue.serverTimestamp() }).catch(
      () => undefined,
    );
    if (price.promoApplied && code)
      await releasePromoHold(db, code, orderRef.id, input.clientInfo.email).catch(() => undefined);
    throw new AppError('Upstream', 'Failed to prepare checkout');
  }

  return { orderId: orderRef.id, price, code, payment };
}
