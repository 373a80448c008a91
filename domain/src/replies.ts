/**
 * The shapes of the /api replies the web reads (spec §7), parsed by the web's
 * API client (web/src/shared/lib/api.ts) instead of trusting a type argument:
 * a reply that does not match throws rather than reaching a page half-formed.
 * Unknown keys are dropped; fields the server may omit read as null.
 * Timestamps are ISO strings (null when absent).
 */
import { z } from 'zod';
import {
  COMPLEXITIES,
  LEAD_STATUSES,
  PRIORITIES,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  SERVICE_PLAN_TYPES,
} from './constants.js';
import { OUTBOX_STATUSES } from './email.js';
import { HOSTED_FEATURES, HOSTED_LANGUAGES } from './hostedProjects.js';
import { moneyText } from './clientReplies.js';
import { PACKAGE_IDS, PRICING_MODES } from './packages.js';
import { PROMO_DISCOUNT_TYPES } from './promo.js';
import { QUOTE_REVIEW_STATUSES } from './quoteReview.js';

/** A text field the server sends as a string, null, or not at all: null when absent. */
const nullableText = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

/**
 * The acknowledgement of a write whose result the page does not read:
 * `{ success: true }`, with the spec's message where the route has one
 * (e.g. "Project Updated", "Settings saved").
 */
export const successReply = z.object({ success: z.literal(true), message: z.string().optional() });

/** POST /api/auth/logout → `{ success: true }` (domain successReply); named for the route. */
export const loggedOutReply = successReply;

/** GET /api/leads/count → the number of leads in New (the landing parses it by hand, without zod). */
export const newLeadCountReply = z.object({ newLeadsCount: z.number().int().nonnegative() });

/** A lead as the admin API shows it (domain LeadDto): money as 2-decimal strings, dates ISO. */
export const leadReply = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  projectType: z.enum(PROJECT_TYPES),
  subject: z.string(),
  message: z.string(),
  status: z.enum(LEAD_STATUSES),
  quoteAmount: moneyText.nullable(),
  depositAmount: moneyText.nullable(),
  finalAmount: moneyText.nullable(),
  estimatedHours: z.number().nullable(),
  complexity: z.enum(COMPLEXITIES).nullable(),
  hasProjectPlan: z.boolean(),
  quoteGenerated: z.boolean(),
  quoteReviewStatus: z.enum(QUOTE_REVIEW_STATUSES).nullable(),
  forceDeposit: z.boolean(),
  quoteAccepted: z.boolean(),
  includeServicePlan: z.boolean(),
  servicePlanType: z.enum(SERVICE_PLAN_TYPES).nullable(),
  notes: z.string(),
  deadReason: z.string().nullable(),
  generatedQuoteDetails: z.string().nullish(),
  hourlyRateCents: z.number().int().nullish(),
  quoteVersion: z.number().int().nullish(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LeadReply = z.output<typeof leadReply>;

/** GET /api/leads → every lead, newest first. */
export const leadsReply = z.array(leadReply);

/** GET /api/contacts → the contact form's messages, newest first (spec §3 contacts). */
export const contactsReply = z.array(
  z.object({
    id: z.string(),
    leadId: z.string().nullable(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    projectType: z.string().nullable(),
    subject: z.string(),
    message: z.string(),
    createdAt: nullableText,
  }),
);

/** A project as the admin API shows it (domain projectDocSchema, dates ISO). */
export const projectReply = z.object({
  id: z.string(),
  leadId: z.string().nullable(),
  name: z.string(),
  client: z.string(),
  projectType: z.string(),
  description: z.string(),
  status: z.enum(PROJECT_STATUSES),
  priority: z.enum(PRIORITIES),
  estimatedHours: z.number().nullable(),
  deploymentUrl: z.string().nullable(),
  domainUrl: z.string().nullable(),
  handoffType: z.enum(['domain', 'files']).nullable(),
  launchDate: nullableText,
  maintenanceSubscriptionPaid: z.boolean(),
  createdAt: nullableText,
});

/** GET /api/projects → every project, newest first. */
export const projectsReply = z.array(projectReply);

/** POST /api/projects → 201 "Project Created" and the new project's id. */
export const projectCreatedReply = successReply.extend({ id: z.string() });

/** A promo code as the admin API shows it (domain PromoDto): money and percentages as 2-decimal strings. */
export const promoReply = z.object({
  id: z.string(),
  code: z.string(),
  discountType: z.enum(PROMO_DISCOUNT_TYPES),
  discountValue: moneyText,
  minOrderAmount: moneyText.nullable(),
  maxDiscountAmount: moneyText.nullable(),
  usageLimit: z.number().int().nullable(),
  usedCount: z.number().int(),
  reservedCount: z.number().int(),
  onePerCustomer: z.boolean(),
  isActive: z.boolean(),
  validFrom: z.string(),
  validUntil: z.string().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});

/** GET /api/promo-codes → every code, by code. */
export const promosReply = z.array(promoReply);

/** GET /api/email-log → the local delivery log, newest first (what the emulator "sent"). */
export const emailLogReply = z.array(
  z.object({
    id: z.string(),
    outboxId: z.string(),
    templateId: z.string().nullable(),
    to: z.string().nullable(),
    from: z.string().nullable(),
    subject: z.string().nullable(),
    html: z.string().nullable(),
    at: nullableText,
  }),
);

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
export const leadNoteReply = z.object({ id: z.string(), content: z.string(), createdAt: nullableText });
export type LeadNoteReply = z.output<typeof leadNoteReply>;

/** GET /api/leads/{leadId}/notes → the lead's notes, newest first (POST answers 201 with the one added). */
export const leadNotesReply = z.array(leadNoteReply);

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

/**
 * POST /api/leads/{leadId}/quote/approve → the client's acceptance link (a
 * path), whether it was emailed, and when it expires (ISO).
 */
export const quoteApprovedReply = successReply.extend({
  acceptanceUrl: z.string().min(1),
  emailed: z.boolean(),
  expiresAt: z.string(),
});

/** POST /api/leads/{leadId}/quote/{approve|revise}, as the review dialog reads either: the link on approval. */
export const quoteReviewReply = successReply.extend({ acceptanceUrl: z.string().optional() });

/** POST /api/leads/{leadId}/quote/revoke-link → how many open links stopped working. */
export const linksRevokedReply = successReply.extend({ revoked: z.number().int().nonnegative() });

/** POST /api/leads/{leadId}/quote/accept (the admin's "Accept Quote") → the project it created. */
export const quoteAcceptedByAdminReply = successReply.extend({ projectId: z.string() });

/** GET /api/health → 200 when Firestore answers, 503 when not; `configuration` lists missing settings where checked. */
export const healthReply = z.object({
  ok: z.boolean(),
  firestore: z.enum(['reachable', 'unreachable']),
  configuration: z.object({ complete: z.boolean(), missing: z.array(z.string()) }).optional(),
});

/** POST /api/stripe/webhook → Stripe's acknowledgement, with what the event did (for the logs). */
export const webhookReceivedReply = z.object({ received: z.literal(true), outcome: z.string() });

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

/** POST /api/leads/{id}/project-plan → 201: the quote computed from the plan and its version. */
export const projectPlanAddedReply = successReply.extend({
  quoteDetails: quoteDetailsReply,
  quoteVersion: z.number().int().positive(),
});

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
