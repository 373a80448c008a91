/**
 * Promo codes and the cart (spec §2 "Cart", "CRM dashboard" promo dialogs;
 * §5 "Promo code", "Cart info"; §7 /api/promo-codes*, /api/create-subscription).
 *
 * Admin (mounted behind requireAdmin; the public routes share the path):
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
import {
  centsToString,
  createSubscriptionSchema,
  describePromo,
  formatUsd,
  promoCreateSchema,
  promoReply,
  promosReply,
  promoUpdateSchema,
  successReply,
  promoValidatedReply,
  promoValidateSchema,
  subscriptionReply,
  type CartPrice,
} from '@studio/domain';
import { db } from '../../platform/firebase.js';
import { parseBody, parseParams, sendReply } from '../../http.js';
import { idParams } from '../params.js';
import { systemClock, type Deps } from '../useCase.js';
import { checkPromoId, createPromo, deletePromo, listPromos, updatePromo } from './promoCodes.js';
import { createOrder } from './createOrder.js';
import { validatePromo } from './validatePromo.js';
import { requireAppCheck } from '../../platform/appCheck.js';

const deps: Deps = { db };

// ---- admin --------------------------------------------------------------------

export const promoAdminRouter = Router();

/** GET /api/promo-codes → every code, by code. */
promoAdminRouter.get('/promo-codes', async (_req, res) => {
  sendReply(res, promosReply, await listPromos(deps));
});

/** POST /api/promo-codes → 201 PromoDto; 409 "Promo code already exists". */
promoAdminRouter.post('/promo-codes', async (req, res) => {
  sendReply(res, promoReply, await createPromo(deps, parseBody(req, promoCreateSchema)), 201);
});

/** PUT /api/promo-codes/{id} → PromoDto; an id that cannot be a code → 404 before the body is read. */
promoAdminRouter.put('/promo-codes/:id', async (req, res) => {
  const { id } = parseParams(req, idParams);
  checkPromoId(id);
  sendReply(res, promoReply, await updatePromo(deps, { id, update: parseBody(req, promoUpdateSchema) }));
});

/** DELETE /api/promo-codes/{id} → { success }. Orders keep the code as text. */
promoAdminRouter.delete('/promo-codes/:id', async (req, res) => {
  await deletePromo(deps, parseParams(req, idParams));
  sendReply(res, successReply, { success: true, message: 'Promo code deleted successfully' });
});

// ---- public -------------------------------------------------------------------

export const promoPublicRouter = Router();
promoPublicRouter.use('/create-subscription', requireAppCheck);

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
promoPublicRouter.post('/promo-codes/validate', async (req, res) => {
  const { applied, orderCents, price } = await validatePromo(deps, parseBody(req, promoValidateSchema), systemClock);
  sendReply(res, promoValidatedReply, {
    success: true,
    valid: true,
    code: applied.code,
    discountType: applied.promo.discountType,
    description: describePromo(applied.promo),
    orderAmount: centsToString(orderCents),
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
 * order (features/billing/promo.ts reservePromo; the order's payment redeems or
 * releases it), so a caller who loses the race for a code's last use gets
 * 409 "Promo code usage limit reached" and no order, and a customer who
 * already used a one-use-per-customer code gets 409 "This promo code has
 * already been used with this email". Rate-limited per IP (app.ts). The order is stored before the payment step;
 * if that step fails the order stays, marked "payment_setup_failed".
 */
promoPublicRouter.post('/create-subscription', async (req, res) => {
  const input = parseBody(req, createSubscriptionSchema);
  const { orderId, price, code, payment } = await createOrder(deps, input, systemClock);
  sendReply(
    res,
    subscriptionReply,
    {
      success: true,
      orderId,
      packageId: price.packageId,
      pricingMode: price.mode,
      ...priceDto(price),
      promoApplied: price.promoApplied,
      promoCode: price.promoApplied ? code : null,
      currency: 'usd',
      clientSecret: payment.clientSecret,
      paymentIntentId: payment.paymentIntentId,
      paymentMode: payment.paymentMode,
      message:
        payment.paymentMode === 'test'
          ? 'Order created. Payments run in test mode: no card is charged.'
          : 'Order created. Complete the payment to start your plan.',
    },
    201,
  );
});
