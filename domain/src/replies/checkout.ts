/** Replies of the client's money pages (spec §4): payment config and intents, quote acceptance, invoices, the hosting cart. */
import { z } from 'zod';
import { COMPLEXITIES, SERVICE_PLAN_TYPES } from '../constants.js';
import { moneyText } from '../clientReplies.js';
import { PACKAGE_IDS, PRICING_MODES } from '../packages.js';
import { PROMO_DISCOUNT_TYPES } from '../promo.js';
import { quoteDetailsReply } from './quoteDetails.js';

/** Whether payments run against Stripe's test or live mode. */
export const paymentModeReply = z.enum(['test', 'live']);

/** GET /api/stripe/config → the publishable key (null when card entry is simulated) and the mode. */
export const stripeConfigReply = z.object({ publishableKey: z.string().nullable(), mode: paymentModeReply });

/** POST /api/create-payment-intent → the intent to confirm; `amount` is dollars with 2 decimals. */
export const paymentIntentReply = z.object({
  clientSecret: z.string().nullable(),
  paymentIntentId: z.string(),
  amount: z.string(),
  description: z.string(),
  mode: paymentModeReply,
});

/** POST /api/test-mode/confirm-payment → the test provider recorded the payment. */
export const testPaymentConfirmedReply = z.object({ success: z.literal(true), status: z.literal('succeeded') });

/** POST /api/test-mode/decline-payment → the test provider recorded a declined card; `error` is the decline's words. */
export const testPaymentDeclinedReply = z.object({
  success: z.literal(false),
  status: z.literal('failed'),
  error: z.string(),
});

/**
 * GET /api/quote-acceptance?leadId&token → what the client may see of the
 * quote (spec §4 "Quote acceptance"); `quoteDetails` is null when the lead
 * has none the page can show ("Quote details unavailable").
 */
export const quoteLinkReply = z.object({
  success: z.literal(true),
  lead: z.object({
    name: z.string(),
    projectType: z.string(),
    subject: z.string(),
    complexity: z.enum(COMPLEXITIES).nullable(),
    forceDeposit: z.boolean(),
    includeServicePlan: z.boolean(),
    servicePlanType: z.enum(SERVICE_PLAN_TYPES).nullable(),
    quoteAccepted: z.boolean(),
    phase1: z.string().nullable(),
    phase2: z.string().nullable(),
    phase3: z.string().nullable(),
    phase4: z.string().nullable(),
  }),
  quoteDetails: quoteDetailsReply.nullable(),
});
export type QuoteLinkReply = z.output<typeof quoteLinkReply>;

/**
 * POST /api/quote-acceptance/accept → a deposit is due (`checkoutUrl`, the
 * checkout path of the deposit) or not (`message` for the client).
 */
export const quoteLinkAcceptedReply = z.discriminatedUnion('requiresPayment', [
  z.object({ success: z.literal(true), requiresPayment: z.literal(true), checkoutUrl: z.string().min(1) }),
  z.object({ success: z.literal(true), requiresPayment: z.literal(false), message: z.string() }),
]);

/** POST /api/create-invoice → 201: the invoice (its INV-YYYY-NNNN number) and its payment link. */
export const invoiceCreatedReply = z.object({
  success: z.literal(true),
  message: z.string(),
  invoiceId: z.string(),
  number: z.string().regex(/^INV-\d{4}-\d{4,}$/),
  checkoutUrl: z.string().min(1),
});

/** The money of a priced cart (domain priceCart); `monthlyPrice` is null for a yearly interval. */
const cartPriceReply = z.object({
  setupFee: moneyText,
  monthlyPrice: moneyText.nullable(),
  recurringPrice: moneyText,
  interval: z.enum(['month', 'year']),
  annualSaving: moneyText,
  discount: moneyText,
  totalDueNow: moneyText,
});

/** POST /api/promo-codes/validate → the code's discount on the package's one-time price (never redeemed). */
export const promoValidatedReply = cartPriceReply.extend({
  success: z.literal(true),
  valid: z.literal(true),
  code: z.string(),
  discountType: z.enum(PROMO_DISCOUNT_TYPES),
  description: z.string(),
  orderAmount: moneyText,
  message: z.string(),
});

/**
 * POST /api/create-subscription → 201: the stored order, its price, and what
 * to pay with: a PaymentIntent (test mode, and every one-time order) or a
 * live subscription's confirmation secret (`paymentIntentId` null).
 */
export const subscriptionReply = cartPriceReply.extend({
  success: z.literal(true),
  orderId: z.string(),
  packageId: z.enum(PACKAGE_IDS),
  pricingMode: z.enum(PRICING_MODES),
  promoApplied: z.boolean(),
  promoCode: z.string().nullable(),
  currency: z.literal('usd'),
  clientSecret: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  paymentMode: paymentModeReply,
  message: z.string(),
});
export type SubscriptionReply = z.output<typeof subscriptionReply>;
