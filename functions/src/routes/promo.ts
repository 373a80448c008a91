/**
 * Promo codes and the cart (spec §2 "Cart", "CRM dashboard" promo dialogs;
 * §5 "Promo code", "Cart info"; §7 /api/promo-codes*, /api/create-subscription).
 *
 * Admin (requireAdmin on each route; the public routes share the path):
 * - GET    /promo-codes        → PromoDto[] by code
 * - POST   /promo-codes        → 201 PromoDto; 409 "Promo code already exists"
 * - PUT    /promo-codes/{id}   → PromoDto (replaces the terms; see promoUpdateSchema)
 * - DELETE /promo-codes/{id}   → { success }
 * Public:
 * - POST /promo-codes/validate {code, packageId} → the discount on that
 *   package's one-time price. Checks only; never redeems.
 * - POST /create-subscription → prices the cart on the server, reserves the
 *   promo (one-time mode only), stores the order, then prepares payment.
 *
 * Stored: promo_codes/{CODE} with money and fixed discounts in cents;
 * replies show 2-decimal strings. Unknown code → 404 "Invalid promo code";
 * a code that does not apply → 409 with the reason (checkPromo).
 */
import { Router } from 'express';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import {
  centsToString,
  createSubscriptionSchema,
  describePromo,
  findPackage,
  formatUsd,
  priceCart,
  PROMO_CODE_PATTERN,
  promoCreateSchema,
  promoUpdateSchema,
  promoValidateSchema,
  toPromoDto,
  type CartPrice,
} from '@studio/domain';
import { COLLECTIONS, db } from '../firebase.js';
import { HttpError, parseBody } from '../http.js';
import { requireAdmin } from '../session.js';
import { previewPromo, promoFromDoc, promoRef, releasePromoHold, reservePromo } from '../services/promo.js';
import { newOrderRef, orderDoc, preparePayment } from '../services/orders.js';

export const promoRouter = Router();

const NOT_FOUND = 'Promo code not found';
const ts = (d: Date | null) => (d ? Timestamp.fromDate(d) : null);

/** The doc ref for a route id; ids that cannot be codes are simply not found. */
function refFor(raw: string) {
  const id = raw.toUpperCase();
  if (!PROMO_CODE_PATTERN.test(id)) throw new HttpError(404, NOT_FOUND);
  return promoRef(id);
}

// ---- admin --------------------------------------------------------------------

/** GET /api/promo-codes (admin) → every code, by code. */
promoRouter.get('/promo-codes', requireAdmin, async (_req, res) => {
  const snap = await db.collection(COLLECTIONS.promoCodes).orderBy('code').get();
  res.json(snap.docs.map((d) => toPromoDto(d.id, promoFromDoc(d))));
});

/** POST /api/promo-codes (admin) → 201 PromoDto. The code is the document id, so a duplicate is refused atomically. */
promoRouter.post('/promo-codes', requireAdmin, async (req, res) => {
  const p = parseBody(req, promoCreateSchema);
  const ref = promoRef(p.code);
  const now = FieldValue.serverTimestamp();
  try {
    await ref.create({
      code: p.code,
      discountType: p.discountType,
      discountValue: p.discountValue,
      minOrderAmountCents: p.minOrderAmountCents,
      maxDiscountAmountCents: p.maxDiscountAmountCents,
      usageLimit: p.usageLimit,
      usedCount: 0,
      isActive: p.isActive,
      onePerCustomer: p.onePerCustomer,
      validFrom: ts(p.validFrom),
      validUntil: ts(p.validUntil),
      createdAt: now,
      updatedAt: now,
    });
  } catch (e) {
    if ((e as { code?: unknown }).code === 6 /* ALREADY_EXISTS */) throw new HttpError(409, 'Promo code already exists');
    throw e;
  }
  res.status(201).json(toPromoDto(ref.id, promoFromDoc(await ref.get())));
});

/** PUT /api/promo-codes/{id} (admin) → PromoDto. The code cannot change; usedCount is kept. */
promoRouter.put('/promo-codes/:id', requireAdmin, async (req, res) => {
  const ref = refFor(req.params.id as string);
  const p = parseBody(req, promoUpdateSchema);
  if (p.code !== undefined && p.code !== ref.id) throw new HttpError(400, 'Validation failed', { code: 'The code of an existing promo code cannot be changed' });
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw new HttpError(404, NOT_FOUND);
    const validFrom = p.validFrom ?? promoFromDoc(snap).validFrom;
    if (p.validUntil && p.validUntil.getTime() <= validFrom.getTime()) throw new HttpError(400, 'Validation failed', { validUntil: 'Valid until must be after valid from' });
    tx.update(ref, {
      discountType: p.discountType,
      discountValue: p.discountValue,
      minOrderAmountCents: p.minOrderAmountCents,
      maxDiscountAmountCents: p.maxDiscountAmountCents,
      usageLimit: p.usageLimit,
      validUntil: ts(p.validUntil),
      ...(p.isActive !== undefined ? { isActive: p.isActive } : {}),
      ...(p.onePerCustomer !== undefined ? { onePerCustomer: p.onePerCustomer } : {}),
      ...(p.validFrom ? { validFrom: ts(p.validFrom) } : {}),
      updatedAt: FieldValue.serverTimestamp(),
    });
  });
  res.json(toPromoDto(ref.id, promoFromDoc(await ref.get())));
});

/** DELETE /api/promo-codes/{id} (admin) → { success }. Orders keep the code as text. */
promoRouter.delete('/promo-codes/:id', requireAdmin, async (req, res) => {
  const ref = refFor(req.params.id as string);
  await db.runTransaction(async (tx) => {
    if (!(await tx.get(ref)).exists) throw new HttpError(404, NOT_FOUND);
    tx.delete(ref);
  });
  res.json({ success: true, message: 'Promo code deleted successfully' });
});

// ---- public -------------------------------------------------------------------

/** Money of a priced cart as the API shows it. */
function priceDto(price: CartPrice) {
  return {
    setupFee: centsToString(price.setupFeeCents),
    monthlyPrice: price.interval === 'month' ? centsToString(price.recurringCents) : null,
    recurringPrice: centsToString(price.recurringCents),
    interval: price.interval,
    annualSaving: centsToString(price.annualSavingCents),
    discount: centsToString(price.discountCents),
    totalDueNow: centsToString(price.totalDueNowCents),
  };
}

/**
 * POST /api/promo-codes/validate {code, packageId} → { success, valid, code,
 * description, discount, ...one-time price with the discount }. The order is
 * the package's one-time price (the setup fee), at server time. Never redeems.
 */
promoRouter.post('/promo-codes/validate', async (req, res) => {
  const { code, packageId } = parseBody(req, promoValidateSchema);
  const now = new Date();
  const pkg = findPackage(packageId)!;
  const applied = await previewPromo(code, pkg.oneTimePriceCents, now);
  const price = priceCart(packageId, 'onetime', applied.promo, now);
  res.json({
    success: true,
    valid: true,
    code: applied.code,
    discountType: applied.promo.discountType,
    description: describePromo(applied.promo),
    orderAmount: centsToString(pkg.oneTimePriceCents),
    ...priceDto(price),
    message: `Promo code ${applied.code} applied: ${formatUsd(price.discountCents)} off the setup fee`,
  });
});

/**
 * POST /api/create-subscription {packageId, pricingMode, discountCode?, clientInfo}
 * → 201 { success, orderId, setupFee, monthlyPrice, totalDueNow, ..., clientSecret, paymentMode, message }.
 *
 * The server prices the cart (priceCart); a discountCode counts in one-time
 * mode only and is RESERVED for 30 minutes in the same transaction as the
 * order (services/promo.ts reservePromo; the order's payment redeems or
 * releases it), so a caller who loses the race for a code's last use gets
 * 409 "Promo code usage limit reached" and no order, and a customer who
 * already used a one-use-per-customer code gets 409 "This promo code has
 * already been used with this email". Rate-limited per IP (app.ts). The order is stored before the payment step;
 * if that step fails the order stays, marked "payment_setup_failed".
 */
promoRouter.post('/create-subscription', async (req, res) => {
  const input = parseBody(req, createSubscriptionSchema);
  const now = new Date();
  const code = input.pricingMode === 'onetime' ? (input.discountCode ?? null) : null;
  const orderRef = newOrderRef();
  let price = priceCart(input.packageId, input.pricingMode, null, now);

  if (code) {
    await reservePromo(code, price.setupFeeCents, now, { orderId: orderRef.id, email: input.clientInfo.email }, (tx, reservation) => {
      price = priceCart(input.packageId, 'onetime', reservation.promo, now);
      tx.create(orderRef, { ...orderDoc(price, input.clientInfo, reservation.code), promoReservedUntil: Timestamp.fromDate(reservation.expiresAt) });
    });
  } else {
    await orderRef.create(orderDoc(price, input.clientInfo, null));
  }

  let payment;
  try {
    payment = await preparePayment(orderRef.id, price, input.clientInfo);
  } catch (e) {
    logger.error('create-subscription: payment setup failed', { orderId: orderRef.id, error: e instanceof Error ? e.message : String(e) });
    await orderRef.update({ status: 'payment_setup_failed', updatedAt: FieldValue.serverTimestamp() }).catch(() => undefined);
    if (price.promoApplied && code) await releasePromoHold(code, orderRef.id, input.clientInfo.email).catch(() => undefined);
    throw new HttpError(502, 'Failed to prepare checkout');
  }

  res.status(201).json({
    success: true,
    orderId: orderRef.id,
    packageId: price.packageId,
    pricingMode: price.mode,
    ...priceDto(price),
    promoApplied: price.promoApplied,
    promoCode: price.promoApplied ? code : null,
    currency: 'usd',
    clientSecret: payment.clientSecret,
    paymentIntentId: payment.paymentIntentId,
    paymentMode: payment.paymentMode,
    message: payment.paymentMode === 'test' ? 'Order created. Payments run in test mode: no card is charged.' : 'Order created. Complete the payment to start your plan.',
  });
});
