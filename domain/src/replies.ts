/**
 * The shapes of the /api replies the web reads (spec §7), parsed by the web's
 * API client (web/src/shared/lib/api.ts) instead of trusting a type argument:
 * a reply that does not match throws rather than reaching a page half-formed.
 * Unknown keys are dropped; fields the server may omit read as null.
 * Timestamps are ISO strings (null when absent).
 */
import { z } from 'zod';
import { COMPLEXITIES, SERVICE_PLAN_TYPES } from './constants.js';
import { OUTBOX_STATUSES } from './email.js';
import { HOSTED_FEATURES, HOSTED_LANGUAGES } from './hostedProjects.js';
import { moneyText } from './clientReplies.js';
import { PACKAGE_IDS, PRICING_MODES } from './packages.js';
import { PROMO_DISCOUNT_TYPES } from './promo.js';

/** A text field the server sends as a string, null, or not at all: null when absent. */
const nullableText = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

/** GET /api/auth/me → the signed-in admin. */
export const adminSessionReply = z.object({ success: z.boolean(), user: z.object({ username: z.string() }) });

/** POST /api/auth/login → the custom token the browser signs in to Firebase with. */
export const loginReply = z.object({ customToken: z.string().min(1) });

/** An email template as the admin edits it: the default merged with the admin's override. */
export const emailTemplateReply = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  subject: z.string(),
  html: z.string(),
  variables: z.array(z.string()),
  customized: z.boolean(),
  updatedAt: nullableText,
  updatedBy: nullableText,
});
export type EmailTemplateReply = z.output<typeof emailTemplateReply>;

/** GET /api/email-templates → every template, in the default order. */
export const emailTemplatesReply = z.array(emailTemplateReply);

/** PUT /api/email-templates/{id} and POST /api/email-templates/{id}/reset → the template as now stored. */
export const savedEmailTemplateReply = z.object({ success: z.boolean(), template: emailTemplateReply });

/** 202 of the email sends (test email, template test, resend) → the outbox entry that will carry it. */
export const outboxAcceptedReply = z.object({ success: z.boolean(), outboxId: z.string() });

/** An outbox entry as the admin pages list it. */
export const outboxRowReply = z.object({
  id: z.string(),
  status: z.enum(OUTBOX_STATUSES).nullable(),
  attempts: z.number(),
  lastError: nullableText,
  to: nullableText,
  templateId: nullableText,
  deliveredVia: z
    .enum(['sendgrid', 'email_log'])
    .nullish()
    .transform((v) => v ?? null),
  nextAttemptAt: nullableText,
  resentAs: nullableText,
  createdAt: nullableText,
  sentAt: nullableText,
});
export type OutboxRowReply = z.output<typeof outboxRowReply>;

/** GET /api/outbox → failed emails. */
export const outboxRowsReply = z.array(outboxRowReply);

/** GET /api/outbox/{id} → one entry (without its lead, next attempt or copy). */
export const outboxEntryReply = outboxRowReply.omit({ templateId: true, nextAttemptAt: true, resentAs: true });
export type OutboxEntryReply = z.output<typeof outboxEntryReply>;

/** GET /api/leads/{leadId}/notes → the lead's notes, newest first. */
export const leadNotesReply = z.array(z.object({ id: z.string(), content: z.string(), createdAt: nullableText }));
export type LeadNoteReply = z.output<typeof leadNotesReply>[number];

/** GET /api/leads/{leadId}/activity → the lead's history, newest first. */
export const leadActivityReply = z.array(
  z.object({
    id: z.string(),
    type: z.string(),
    from: nullableText,
    to: nullableText,
    detail: nullableText,
    by: z.string(),
    at: nullableText,
  }),
);
export type LeadActivityReply = z.output<typeof leadActivityReply>[number];

/** GET /api/reminders/{leadId} → the lead's reminders not yet sent. */
export const upcomingRemindersReply = z.object({
  reminders: z.array(
    z.object({
      id: z.string(),
      automation: z.string(),
      label: z.string(),
      dueAt: z.string(),
      status: z.enum(['scheduled', 'skipped']),
    }),
  ),
});
export type UpcomingReminderReply = z.output<typeof upcomingRemindersReply>['reminders'][number];

/** POST /api/leads/{leadId}/quote/{approve|revise} → on approval, the client's acceptance link (a path). */
export const quoteReviewReply = z.object({ acceptanceUrl: z.string().optional() });

/** POST /api/replit/create-quote-from-project → the lead created for the hosted-project quote. */
export const hostedQuoteCreatedReply = z.object({ success: z.boolean(), leadId: z.string() });

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

/** A demo hosted project (spec §3 "Hosted project (demo)"). */
export const hostedProjectReply = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  lang: z.enum(HOSTED_LANGUAGES),
  files: z.array(z.string()),
  deployment: z.object({ status: z.literal('live'), url: z.string() }).nullable(),
  url: z.string(),
  timeUpdated: z.string(),
});

/** GET /api/replit/projects → the demo projects of a username. */
export const hostedProjectsReply = z.object({ success: z.boolean(), projects: z.array(hostedProjectReply) });

/** POST /api/replit/analyze-project → the analysis and the quote (money as 2-decimal strings). */
export const hostedAnalysisReply = z.object({
  success: z.boolean(),
  analysis: z.object({
    complexity: z.enum(COMPLEXITIES),
    fileCount: z.number(),
    language: z.string(),
    hasDeployment: z.boolean(),
    features: z.array(z.enum(HOSTED_FEATURES)),
    reasons: z.array(z.string()),
  }),
  quote: z.object({
    estimatedHours: z.number(),
    total: z.string(),
    depositAmount: z.string(),
    finalAmount: z.string(),
    hourlyRate: z.string(),
  }),
});

/** POST /api/replit/sync-project-status → how many quoted projects changed, and each one's state. */
export const hostedSyncReply = z.object({
  success: z.boolean(),
  updated: z.number(),
  updates: z.array(
    z.object({
      leadId: z.string(),
      name: z.string(),
      projectId: z.string(),
      projectTitle: z.string().nullable(),
      synced: z.boolean(),
      deployed: z.boolean().nullable(),
      deploymentUrl: z.string().nullable(),
      changed: z.boolean(),
    }),
  ),
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
 * A lead's generatedQuoteDetails object (spec §3, domain GeneratedQuoteDetails):
 * money as 2-decimal strings, hours as a number. `breakdown` may be absent on
 * details stored before it existed.
 */
export const quoteDetailsReply = z.object({
  quoteAmount: moneyText,
  depositAmount: moneyText,
  finalAmount: moneyText,
  hourlyRate: moneyText,
  estimatedHours: z.number(),
  breakdown: z
    .object({
      baseCost: moneyText,
      adjustments: moneyText,
      totalCost: moneyText,
      depositAmount: moneyText,
      finalAmount: moneyText,
    })
    .optional(),
});
export type QuoteDetailsReply = z.output<typeof quoteDetailsReply>;

/**
 * A lead's stored generatedQuoteDetails text, parsed with quoteDetailsReply;
 * null when absent, not JSON, or of another shape (the pages then show
 * "Quote details unavailable"). Throws nothing.
 */
export function parseQuoteDetails(text: string | null | undefined): QuoteDetailsReply | null {
  if (!text) return null;
  let details: unknown;
  try {
    details = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = quoteDetailsReply.safeParse(details);
  return parsed.success ? parsed.data : null;
}

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
