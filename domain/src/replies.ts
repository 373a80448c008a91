/**
 * The shapes of the /api replies the web reads (spec §7), parsed by the web's
 * API client (web/src/shared/lib/api.ts) instead of trusting a type argument:
 * a reply that does not match throws rather than reaching a page half-formed.
 * Unknown keys are dropped; fields the server may omit read as null.
 * Timestamps are ISO strings (null when absent).
 *
 * The admin board's replies are here; the other pages' live in replies/*, one
 * module each, so that a page's chunk carries the schemas it reads and no
 * more. This module re-exports them all.
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
import { moneyText } from './clientReplies.js';
import { PROMO_DISCOUNT_TYPES } from './promo.js';
import { QUOTE_REVIEW_STATUSES } from './quoteReview.js';
import { nullableText, successReply } from './replies/base.js';
import { leadBillingSchema, PLAN_TEXT_FIELDS } from './storedDocuments.js';

export { successReply } from './replies/base.js';
export * from './replies/quoteDetails.js';
export * from './replies/email.js';
export * from './replies/hostedProjects.js';
export * from './replies/checkout.js';
export * from './replies/settings.js';

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
  // The project plan's texts and the quote's features (spec §3), absent before a plan.
  ...PLAN_TEXT_FIELDS,
  /** ISO 8601; null until the quote is accepted. */
  quoteAcceptedAt: z.string().nullable(),
  /** Who the lead's invoices bill (LeadBilling, PUT /api/leads/{id}/billing); absent or null until set. */
  billing: leadBillingSchema.nullish(),
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
 * path), whether it was emailed and to which address, and when it expires (ISO).
 */
export const quoteApprovedReply = successReply.extend({
  acceptanceUrl: z.string().min(1),
  emailed: z.boolean(),
  emailedTo: z.string().nullable(),
  expiresAt: z.string(),
});

/** POST /api/leads/{leadId}/quote/{approve|revise}, as the review dialog reads either: the link, and where it was emailed, on approval. */
export const quoteReviewReply = successReply.extend({
  acceptanceUrl: z.string().optional(),
  emailed: z.boolean().optional(),
  emailedTo: z.string().nullish(),
});

/** POST /api/leads/{leadId}/quote/revoke-link → how many open links stopped working. */
export const linksRevokedReply = successReply.extend({ revoked: z.number().int().nonnegative() });

/** POST /api/leads/{leadId}/quote/accept (the admin's "Accept Quote") → the project it created. */
export const quoteAcceptedByAdminReply = successReply.extend({ projectId: z.string() });

/**
 * GET /api/health (public) → 200 `{ ok: true }` when Firestore answers, 503 `{ ok: false }` when not: nothing
 * else, so an anonymous caller learns neither which settings are missing nor what failed.
 */
export const healthReply = z.strictObject({ ok: z.boolean() });

/**
 * GET /api/health/details (admin) → the same ok, what Firestore did, and the names (never values) of the
 * settings a real project lacks.
 */
export const healthDetailsReply = z.strictObject({
  ok: z.boolean(),
  firestore: z.enum(['reachable', 'unreachable']),
  configuration: z.strictObject({ complete: z.boolean(), missing: z.array(z.string()) }),
});

/** POST /api/stripe/webhook → Stripe's acknowledgement, with what the event did (for the logs). */
export const webhookReceivedReply = z.object({ received: z.literal(true), outcome: z.string() });

/** POST /api/billing/payments/{id}/refund: the refund asked (2 decimals), and whether it is already in the ledger. */
export const refundReply = z.object({
  success: z.literal(true),
  message: z.string(),
  amount: z.string(),
  recorded: z.boolean(),
});

/** POST /api/sendgrid/events → SendGrid's acknowledgement, with how many events suppressed an address. */
export const emailEventsReply = z.object({
  received: z.literal(true),
  suppressed: z.number().int().nonnegative(),
  ignored: z.number().int().nonnegative(),
  /** `bounce` events of type `blocked`: nothing suppressed, their emails sent again. */
  blocked: z.number().int().nonnegative(),
});

/** PUT /api/leads/{id}/billing → `{ success: true, billing }`: the billing fields as stored (LeadBilling). */
export const leadBillingReply = z.object({ success: z.literal(true), billing: leadBillingSchema });
