/**
 * Schemas of stored Firestore documents, parsed when a document is read
 * (functions/src/platform/converter.ts zodConverter), so the code works on
 * checked data rather than a cast. Timestamps of either SDK are recognised by
 * their `toDate()` and come out as Date.
 */
import { z } from 'zod';
import {
  COMPLEXITIES,
  DEFAULT_PROJECT_TYPE,
  LEAD_SOURCES,
  LEAD_STATUSES,
  PRIORITIES,
  PROJECT_STATUSES,
  PROPOSAL_STATUSES,
  PROJECT_TYPES,
  SERVICE_PLAN_TYPES,
} from './constants.js';
import type { LeadRecord } from './leads.js';
import type { EInvoiceBuyer, EInvoiceSeller } from './eInvoice.js';
import { LINE_LIMITS, storedInvoiceLineSchema, VAT_CATEGORIES } from './invoiceLines.js';
import { ledgerSumsSchema } from './ledgerSums.js';
import { heldPromoOrders, PROMO_DISCOUNT_TYPES, type PromoHold, type PromoRecord } from './promo.js';
import { QUOTE_REVIEW_STATUSES } from './quoteReview.js';

/** A Firestore Timestamp (admin or web SDK), read as a Date. */
export const storedDate = z
  .custom<{ toDate(): Date }>(
    (v) => typeof v === 'object' && v !== null && typeof (v as { toDate?: unknown }).toDate === 'function',
    'Expected a timestamp',
  )
  .transform((t) => t.toDate());

/** The project plan's texts and the quote's detected features (spec §3), absent before a plan: stored and replied alike. */
export const PLAN_TEXT_FIELDS = {
  phase1: z.string().nullish(),
  phase2: z.string().nullish(),
  phase3: z.string().nullish(),
  phase4: z.string().nullish(),
  database: z.string().nullish(),
  integrations: z.string().nullish(),
  techStack: z.string().nullish(),
  automationAI: z.string().nullish(),
  detectedFeatures: z.string().nullish(),
};

/**
 * `quote_links/{sha256(token)}`: one client link to a quote version (spec §4
 * "Quote acceptance"). Written only by the server (quote approval).
 */
export const quoteLinkDocSchema = z.object({
  leadId: z.string().min(1),
  /** The quote version the link shows; null for quotes stored before versions existed. */
  quoteVersion: z.number().int().nullable(),
  expiresAt: storedDate,
  usedAt: storedDate.nullable(),
  revokedAt: storedDate.nullable(),
  /** Who approved the quote, and when (absent on links from before they were recorded). */
  createdBy: z.string().nullish(),
  createdAt: storedDate.nullish(),
});
export type QuoteLinkDoc = z.output<typeof quoteLinkDocSchema>;

/**
 * `admin_sessions/{uid}`: the admin's last logout (domain auth.ts "Ending
 * sessions"). Written only by the server's logout; read by firestore.rules on
 * every CRM read and, live, by the admin's own tabs. Absent until the first
 * logout.
 */
export const adminSessionDocSchema = z.object({
  /** When logout revoked every session of this admin: whole seconds since the epoch, the unit of `auth_time`. */
  revokedAtSeconds: z.number().int().nonnegative(),
});
export type AdminSessionDoc = z.output<typeof adminSessionDocSchema>;

// ---------------------------------------------------------------------------
// Leads, projects, invoices and payment requests
// ---------------------------------------------------------------------------
//
// What happens when a stored document does not match (one rule for every
// reader): on the server the use case acting on the document throws (a logged
// 500, never a cast that fails later); on the admin's live boards
// (web/src/shared/data/hooks.ts) the document is left out with a
// console.error, so one bad document does not blank the whole board.
//
// Fields a document may lack (older records, leads added by hand in the
// console, sparse test fixtures) read as their defaults; only a field that is
// present with the wrong type, or a missing identity (a lead's name and
// status), refuses the document. Fields not modelled here are dropped.

/** A field that may be absent or null, read as `fallback` then. */
export const withDefault = <T extends z.ZodType>(schema: T, fallback: z.output<T>) =>
  schema.nullish().transform((v) => v ?? fallback);

/** A field that may be absent or null, read as null then. */
export const orNull = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? null);

/** A cents amount as stored: a non-negative safe integer. */
const storedCents = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/**
 * A lead's `acceptedQuote` (functions features/quotes/quoteAcceptance.ts): the quote
 * version the client accepted and its amounts in cents, which payments charge
 * (payments.ts leadPaymentDue).
 */
const acceptedQuoteSchema = z.object({
  version: z.number().int().nullable(),
  quoteAmountCents: storedCents,
  depositAmountCents: storedCents,
  finalAmountCents: storedCents,
});

/** `leads/{id}.billing` (leads.ts LeadBilling): each field a string or null; absent fields read as null. */
export const leadBillingSchema = z.object({
  company: orNull(z.string()),
  address: orNull(z.string()),
  country: orNull(z.string()),
  taxId: orNull(z.string()),
});

/**
 * `leads/{id}`: a lead as stored (spec §3 "leads"), its output a LeadRecord
 * plus the fields the server adds later (payment ids and dates, the quote's
 * phases). Missing fields read as newLeadRecord's defaults, as toLeadDto
 * reads them: projectType "Web Project", texts "", flags false (forceDeposit
 * true), everything else null; a missing createdAt reads as the epoch and a
 * missing updatedAt as createdAt.
 */
export const leadDocFieldsSchema = z.object({
  name: z.string(),
  email: withDefault(z.string(), ''),
  phone: orNull(z.string()),
  projectType: withDefault(z.enum(PROJECT_TYPES), DEFAULT_PROJECT_TYPE),
  subject: withDefault(z.string(), ''),
  message: withDefault(z.string(), ''),
  status: z.enum(LEAD_STATUSES),
  quoteAmountCents: orNull(z.number()),
  depositAmountCents: orNull(z.number()),
  finalAmountCents: orNull(z.number()),
  estimatedHours: orNull(z.number()),
  complexity: orNull(z.enum(COMPLEXITIES)),
  hasProjectPlan: withDefault(z.boolean(), false),
  quoteGenerated: withDefault(z.boolean(), false),
  quoteReviewStatus: orNull(z.enum(QUOTE_REVIEW_STATUSES)),
  forceDeposit: withDefault(z.boolean(), true),
  quoteAccepted: withDefault(z.boolean(), false),
  includeServicePlan: withDefault(z.boolean(), false),
  servicePlanType: orNull(z.enum(SERVICE_PLAN_TYPES)),
  notes: withDefault(z.string(), ''),
  deadReason: orNull(z.string()),
  generatedQuoteDetails: z.string().nullish(),
  hourlyRateCents: z.number().nullish(),
  quoteVersion: z.number().int().nullish(),
  /** Where the lead was when a payment failed moved it to "Payment Failed" (features/billing/payments.ts). */
  statusBeforePaymentFailed: z.enum(LEAD_STATUSES).nullish(),
  stripeDepositPaymentId: z.string().nullish(),
  stripeFinalPaymentId: z.string().nullish(),
  depositPaidAt: storedDate.nullish(),
  finalPaidAt: storedDate.nullish(),
  /**
   * The accepted version's amounts. A malformed one reads as null, and payments then fall back to the
   * lead's amounts (payments.ts acceptedQuoteOf), as they do for leads accepted before it was recorded.
   */
  acceptedQuote: acceptedQuoteSchema.nullish().catch(null),
  /** The lead's Stripe Customer, once a live payment has made one (functions features/billing/payments.ts). */
  stripeCustomerId: z.string().nullish(),
  /** Where the lead came from (LEAD_SOURCES); absent on leads stored before it was kept. */
  source: z.enum(LEAD_SOURCES).nullish().catch(null),
  /** The contact form post it came from (`contacts/{id}`), or the cart order that made its client. */
  contactId: z.string().nullish(),
  orderId: z.string().nullish(),
  /** A lead quoted from a hosted project (functions features/hosted-projects): the project and its deployment. */
  replitProjectId: z.string().nullish(),
  replitProjectUrl: z.string().nullish(),
  replitDeployed: z.boolean().nullish(),
  replitDeploymentUrl: z.string().nullish(),
  replitSyncedAt: storedDate.nullish(),
  /** The status of the lead's latest proposal (features/proposals writes it with each step), for its board card. */
  proposalStatus: z.enum(PROPOSAL_STATUSES).nullish().catch(null),
  /** Client messages the owner has not read yet, over the threads kept on this lead (features/messages), for its card. */
  unreadMessages: z.number().int().nonnegative().nullish().catch(null),
  ...PLAN_TEXT_FIELDS,
  // A malformed one reads as null rather than dropping the lead from every list.
  quoteAcceptedAt: storedDate.nullish().catch(null),
  /** Who the invoices bill (LeadBilling); a malformed one reads as null, as if never set. */
  billing: leadBillingSchema.nullish().catch(null),
  createdAt: storedDate.nullish(),
  updatedAt: storedDate.nullish(),
});
/** leadDocFieldsSchema read as a LeadRecord: createdAt defaults to the epoch, updatedAt to createdAt. */
export const leadDocSchema = leadDocFieldsSchema.transform(({ createdAt, updatedAt, ...lead }) => {
  const created = createdAt ?? new Date(0);
  // `satisfies`: the stored lead reads as a LeadRecord, so the schema and the type cannot drift apart.
  return { ...lead, createdAt: created, updatedAt: updatedAt ?? created } satisfies LeadRecord;
});
/** A stored lead as read (leadDocSchema): a LeadRecord and the fields the server adds. */
export type StoredLeadDoc = z.output<typeof leadDocSchema>;

/**
 * `projects/{id}`: a project as stored (newProjectRecord, spec §4). Missing
 * texts read as "", priority as Medium, the rest as null (false for
 * maintenanceSubscriptionPaid); fields not listed are dropped.
 */
export const projectDocSchema = z.object({
  leadId: orNull(z.string()),
  name: withDefault(z.string(), ''),
  client: withDefault(z.string(), ''),
  projectType: withDefault(z.string(), ''),
  description: withDefault(z.string(), ''),
  status: z.enum(PROJECT_STATUSES),
  priority: withDefault(z.enum(PRIORITIES), 'Medium'),
  estimatedHours: orNull(z.number()),
  deploymentUrl: orNull(z.string()),
  domainUrl: orNull(z.string()),
  handoffType: orNull(z.enum(['domain', 'files'])),
  launchDate: orNull(storedDate),
  maintenanceSubscriptionPaid: withDefault(z.boolean(), false),
  /** The status a Canceled project was canceled from (it may return there: projectMoveError); null otherwise. */
  canceledFrom: orNull(z.enum(PROJECT_STATUSES)),
  /**
   * The signed proposal whose countersignature the project waits for, in Quote Accepted (domain proposals.ts
   * countersignHoldError); null otherwise. The countersignature moves it to Set up and clears this.
   */
  countersignPending: orNull(z.string()),
  createdAt: orNull(storedDate),
});
export type ProjectDoc = z.output<typeof projectDocSchema>;

/**
 * `projects/{id}` with the server's bookkeeping besides projectDocSchema's
 * fields (which the admin's lists show): when it was paid for, completed or
 * canceled, its planned dates. Read by the scheduled countdown; every
 * project write is checked against it.
 */
export const storedProjectDocSchema = projectDocSchema.extend({
  depositPaidAt: orNull(storedDate),
  maintenancePaidAt: orNull(storedDate),
  completedDate: orNull(storedDate),
  startDate: orNull(storedDate),
  dueDate: orNull(storedDate),
  updatedAt: orNull(storedDate),
  /** Spec §3 projects: hours spent and the owner's notes (newProjectRecord starts them at null and ""). */
  actualHours: orNull(z.number()),
  notes: withDefault(z.string(), ''),
});
export type StoredProjectDoc = z.output<typeof storedProjectDocSchema>;

/** One row of a stored VAT breakdown (invoiceLines.ts TaxBreakdownRow). */
const taxBreakdownRowSchema = z.object({
  category: z.enum(VAT_CATEGORIES),
  rateBps: z.number().int(),
  taxableCents: z.number().int(),
  taxCents: z.number().int(),
});

/** A seller as an invoice keeps it (eInvoice.ts EInvoiceSeller). */
export const sellerSnapshotSchema = z.object({
  name: z.string(),
  address: orNull(z.string()),
  country: orNull(z.string()),
  vatId: orNull(z.string()),
  taxRegistrationId: orNull(z.string()),
  email: orNull(z.string()),
}) satisfies z.ZodType<EInvoiceSeller>;

/** A buyer as an invoice keeps it (eInvoice.ts EInvoiceBuyer). */
export const buyerSnapshotSchema = z.object({
  name: z.string(),
  contactName: orNull(z.string()),
  address: orNull(z.string()),
  country: orNull(z.string()),
  vatId: orNull(z.string()),
  email: orNull(z.string()),
}) satisfies z.ZodType<EInvoiceBuyer>;

/** Stripe's invoice statuses we store: void and uncollectible only on an admin's invoice (billing voidRefusal, writeOffOf). */
export const INVOICE_STATUSES = ['open', 'paid', 'void', 'uncollectible'] as const;

/**
 * `invoices/{id}`: an invoice as the server stores it (createInvoice; paid
 * by a payment). Its number is absent on invoices made before numbering;
 * payment fields are absent until paid and read as null.
 */
export const invoiceDocSchema = z.object({
  leadId: z.string(),
  number: z.string().nullish(),
  /** The client's address the invoice was sent to (the receipt's); absent on payment requests. */
  email: orNull(z.string()),
  /** The client's name as billed (absent on older documents). */
  clientName: orNull(z.string()),
  /** What is billed, tax included (cents). */
  amountCents: z.number(),
  /** The tax, when the invoice carries one: amountCents = subtotalCents + taxCents (absent on older invoices). */
  subtotalCents: orNull(z.number()),
  taxCents: orNull(z.number()),
  taxRateBps: orNull(z.number()),
  taxLabel: orNull(z.string()),
  description: withDefault(z.string(), ''),
  /** When it was issued (the deposit reminders count from a request's when the lead has no acceptance time). */
  issuedAt: orNull(storedDate),
  dueDate: orNull(storedDate),
  status: z.enum(INVOICE_STATUSES),
  createdAt: orNull(storedDate),
  /** Who issued it (the admin's username, or "system" for a payment request); absent on older documents. */
  createdBy: orNull(z.string()),
  updatedAt: orNull(storedDate),
  /** When it stopped owing by a void or write-off (features/billing); null while open or once paid. */
  closedAt: orNull(storedDate),
  paidAt: orNull(storedDate),
  paymentIntentId: orNull(z.string()),
  checkoutUrl: orNull(z.string()),
  /** The sums of its ledger entries by type (cents), kept by the server with each entry: what it owes without reading them. */
  ledgerCents: ledgerSumsSchema,
  /*
   * What an invoice with lines stores as issued (createInvoice); absent on invoices and payment requests made
   * before lines, which read as one line (invoiceLines.ts linesFromStoredInvoice). An issued invoice is a legal
   * record: its lines, tax and both parties' legal details are kept as they were, whatever changes later.
   */
  /** Its lines, each with the VAT category its tax treatment set; null on an invoice made before lines. */
  lines: orNull(z.array(storedInvoiceLineSchema).max(LINE_LIMITS.maxLines)),
  /** The VAT breakdown as issued (invoiceLineTotals' `breakdown`, cents), null with no lines. */
  taxBreakdown: orNull(z.array(taxBreakdownRowSchema)),
  /** ISO 4217 code of its amounts, upper case; USD on documents saved before (stored as Stripe's "usd"). */
  currency: withDefault(z.string(), 'USD').transform((c) => c.toUpperCase()),
  /** EN 16931 BT-72, YYYY-MM-DD: when the work was supplied, if not the issue day; null otherwise. */
  supplyDate: orNull(z.string()),
  /** Which tax rule applied (invoiceTax.ts TaxTreatmentKind) and the legal note it prints; null before lines. */
  taxTreatment: orNull(z.string()),
  taxNote: orNull(z.string()),
  /** The studio's legal details at issue (eInvoice.ts EInvoiceSeller); null before lines. */
  seller: orNull(sellerSnapshotSchema),
  /** The client's billing details at issue (eInvoice.ts EInvoiceBuyer); null before lines. */
  buyer: orNull(buyerSnapshotSchema),
});
export type InvoiceDoc = z.output<typeof invoiceDocSchema>;

/** `payment_requests/{leadId}_{purpose}`: a lead's numbered deposit or final payment request (features/billing/paymentRequests.ts). */
export const paymentRequestDocSchema = invoiceDocSchema.extend({
  purpose: z.enum(['deposit', 'final']),
});
export type PaymentRequestDoc = z.output<typeof paymentRequestDocSchema>;

/** One order's hold on a promo code, inside the code's `holds` map (features/billing/promo.ts). */
const promoHoldSchema = z.object({
  expiresAtMs: z.number(),
  customer: z
    .unknown()
    .optional()
    .transform((c) => (typeof c === 'string' ? c : null)),
});

/**
 * `promo_codes/{CODE}`: a promo code as stored (spec §3 promo_codes; domain
 * promo.ts). Missing fields read as the code has always read them: counts 0,
 * flags false, limits null, validFrom the epoch, discount type percentage.
 * `holds` keeps the entries that are holds ({ expiresAtMs, customer }); any
 * other entry is dropped, and so counts as lapsed.
 */
export const promoCodeDocSchema = z.object({
  code: z.string().nullish(),
  discountType: withDefault(z.enum(PROMO_DISCOUNT_TYPES), 'percentage'),
  discountValue: withDefault(z.number(), 0),
  minOrderAmountCents: orNull(z.number()),
  maxDiscountAmountCents: orNull(z.number()),
  usageLimit: orNull(z.number()),
  usedCount: withDefault(z.number(), 0),
  isActive: withDefault(z.boolean(), false),
  onePerCustomer: withDefault(z.boolean(), false),
  validFrom: withDefault(storedDate, new Date(0)),
  validUntil: orNull(storedDate),
  createdAt: orNull(storedDate),
  updatedAt: orNull(storedDate),
  /** When an order last held it, and when one last redeemed it (features/billing/promo.ts). */
  lastReservedAt: orNull(storedDate),
  lastRedeemedAt: orNull(storedDate),
  holds: withDefault(z.record(z.string(), z.unknown()), {}).transform((raw) => {
    const holds: Record<string, PromoHold> = {};
    for (const [orderId, v] of Object.entries(raw)) {
      const h = promoHoldSchema.safeParse(v);
      if (h.success) holds[orderId] = h.data;
    }
    return holds;
  }),
});
export type PromoCodeDoc = z.output<typeof promoCodeDocSchema>;

/**
 * A stored promo code (promoCodeDocSchema's output) as a PromoRecord, its
 * code falling back to the document id, and `reservedCount` the holds not
 * yet released (heldPromoOrders).
 */
export function promoRecordOf(
  id: string,
  { code, holds, createdAt, updatedAt, ...promo }: PromoCodeDoc,
): PromoRecord & { createdAt: Date | null; updatedAt: Date | null } {
  return {
    ...promo,
    code: code ?? id,
    reservedCount: heldPromoOrders(holds).length,
    createdAt,
    updatedAt,
  };
}

/**
 * `contacts/{id}`: a message of the contact form (spec §3 contacts; functions
 * features/leads/submitContact.ts), with the lead made from it.
 */
export const contactDocSchema = z.object({
  leadId: orNull(z.string()),
  name: z.string(),
  email: z.string(),
  phone: orNull(z.string()),
  projectType: orNull(z.string()),
  subject: withDefault(z.string(), ''),
  message: withDefault(z.string(), ''),
  createdAt: orNull(storedDate),
});
export type ContactDoc = z.output<typeof contactDocSchema>;

/**
 * `email_templates/{id}`: the admin's override of a default template's subject
 * and html (functions features/email/templates.ts). A field of the wrong type
 * reads as absent (the default applies), as the sender always read it.
 */
export const emailTemplateDocSchema = z.object({
  subject: z.string().optional().catch(undefined),
  html: z.string().optional().catch(undefined),
  updatedBy: z.string().nullish().catch(null),
  updatedAt: storedDate.nullish().catch(null),
});
export type EmailTemplateDoc = z.output<typeof emailTemplateDocSchema>;

/**
 * `email_log/{outboxId}`: what the local mailer "sent" when no email provider
 * is configured (functions features/email/outboxSender.ts), the html with secrets redacted.
 */
export const emailLogDocSchema = z.object({
  outboxId: z.string().nullish(),
  /** The outbox entry's lead and cart order, so that a client's erasure finds the copy by id. */
  leadId: z.string().nullish(),
  orderId: z.string().nullish(),
  templateId: orNull(z.string()),
  to: orNull(z.string()),
  from: orNull(z.string()),
  subject: orNull(z.string()),
  html: orNull(z.string()),
  /** What was attached, by name and size (the files are not kept). */
  attachments: withDefault(
    z.array(z.object({ filename: z.string(), contentType: z.string(), bytes: z.number().int().nonnegative() })),
    [],
  ),
  /** The provider's last delivery event for it, when a webhook reported one (features/email/sendgridEvents.ts). */
  deliveryStatus: orNull(z.string()),
  deliveryError: orNull(z.string()),
  at: orNull(storedDate),
  /** Its retention end (retention.ts TTL_FIELD). */
  expireAt: orNull(storedDate),
});
export type EmailLogDoc = z.output<typeof emailLogDocSchema>;

/** `notes/{id}`: a note on a lead (functions features/leads/notes.ts addNote); createdAt null until stamped. */
export const noteDocSchema = z.object({
  leadId: z.string(),
  content: z.string(),
  createdAt: orNull(storedDate),
});
export type NoteDoc = z.output<typeof noteDocSchema>;

/** `lead_activity/{id}`: one entry of a lead's history (functions shared/activity.ts recordActivity). */
export const leadActivityDocSchema = z.object({
  leadId: z.string(),
  type: z.string(),
  from: orNull(z.string()),
  to: orNull(z.string()),
  detail: orNull(z.string()),
  by: z.string(),
  at: orNull(storedDate),
  /** Its retention end (retention.ts TTL_FIELD). */
  expireAt: orNull(storedDate),
});
export type LeadActivityDoc = z.output<typeof leadActivityDocSchema>;

/** `users/{uid}`: an admin's profile (functions features/auth/adminUsers.ts); never a password (spec §3 "users"). */
export const userDocSchema = z.object({
  id: z.string().min(1),
  username: z.string().min(1),
  createdAt: orNull(storedDate),
});
export type UserDoc = z.output<typeof userDocSchema>;

/** How a quote version came about: a project plan priced by the server, or the admin's Edit Quote. */
export const QUOTE_VERSION_SOURCES = ['plan', 'edit'] as const;

/**
 * `quote_versions/{leadId}_v{n}`: an immutable record of one version of a
 * lead's quote (functions features/quotes/quoteStore.ts writeVersion), with
 * the terms the lead carried from it; `explanation` only on a plan's.
 */
export const quoteVersionDocSchema = z.object({
  leadId: z.string().min(1),
  version: z.number().int().positive(),
  source: z.enum(QUOTE_VERSION_SOURCES),
  quoteAmountCents: storedCents,
  depositAmountCents: storedCents,
  finalAmountCents: storedCents,
  hourlyRateCents: orNull(storedCents),
  estimatedHours: orNull(z.number().nonnegative()),
  complexity: orNull(z.enum(COMPLEXITIES)),
  explanation: orNull(z.string()),
  by: z.string(),
  at: orNull(storedDate),
});
export type QuoteVersionDoc = z.output<typeof quoteVersionDocSchema>;

/**
 * `quote_acceptances/{id}`: the evidence of an accepted quote (functions
 * features/quotes/quoteAcceptance.ts): which version and amount, the project
 * it created, and who accepted it, how, from where.
 */
export const quoteAcceptanceDocSchema = z.object({
  leadId: z.string().min(1),
  projectId: z.string().min(1),
  quoteVersion: orNull(z.number().int()),
  quoteAmountCents: orNull(storedCents),
  via: z.enum(['admin', 'client']),
  by: z.string(),
  ip: orNull(z.string()),
  userAgent: orNull(z.string()),
  at: orNull(storedDate),
});
export type QuoteAcceptanceDoc = z.output<typeof quoteAcceptanceDocSchema>;

/**
 * `reminders/{triggerId}`: a reminder the daily job sent, or one the admin
 * skipped (functions features/reminders). Only `leadId` and `status` ('sent'
 * or 'skipped') settle a trigger (domain settlingReminder), so the rest reads
 * leniently: documents written before ids left out the days lack some fields,
 * and a settled reminder must never be dropped (it would be sent again).
 */
export const reminderDocSchema = z.object({
  leadId: z.string(),
  status: z.string(),
  automation: orNull(z.string()),
  step: orNull(z.number().int()),
  days: orNull(z.number().int()),
  templateId: orNull(z.string()),
  label: orNull(z.string()),
  dueAt: orNull(storedDate),
  runAt: orNull(storedDate),
  outboxId: orNull(z.string()),
  /** The old-format reminder that settled this trigger, when that is how it was settled. */
  legacyId: orNull(z.string()),
  by: orNull(z.string()),
  at: orNull(storedDate),
});
export type ReminderDoc = z.output<typeof reminderDocSchema>;

/** Who wrote a portal message: the client (in the portal) or the studio's owner (in the lead's details). */
export const MESSAGE_AUTHORS = ['client', 'owner'] as const;
export type MessageAuthor = (typeof MESSAGE_AUTHORS)[number];

/** What a thread is about: one of the client's projects, or everything else (one per client). */
export const MESSAGE_THREAD_KINDS = ['general', 'project'] as const;

/**
 * `message_threads/{id}` (functions features/messages): one conversation between the studio and one client
 * (`email`, lowercased), made when its first message is written. `leadId` is the lead whose card counts its
 * unread messages (the project's lead, or the client's newest lead for the general thread); the unread counters
 * are what each side has not read yet.
 */
export const messageThreadDocSchema = z.object({
  kind: z.enum(MESSAGE_THREAD_KINDS),
  email: z.string(),
  leadId: z.string(),
  projectId: orNull(z.string()),
  title: z.string(),
  unreadByOwner: withDefault(z.number().int().nonnegative(), 0),
  unreadByClient: withDefault(z.number().int().nonnegative(), 0),
  lastMessageAt: orNull(storedDate),
  createdAt: orNull(storedDate),
});
export type MessageThreadDoc = z.output<typeof messageThreadDocSchema>;

/** `messages/{id}`: one plain-text message of thread `threadId`; `by` is the admin's username or "client". */
export const messageDocSchema = z.object({
  threadId: z.string(),
  leadId: z.string(),
  from: z.enum(MESSAGE_AUTHORS),
  text: z.string(),
  by: z.string(),
  at: orNull(storedDate),
});
export type MessageDoc = z.output<typeof messageDocSchema>;
