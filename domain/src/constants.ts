/**
 * Business constants of the studio (spec §3 enumerations, §4 states, §9 constants).
 * Durations are in milliseconds unless the name says otherwise.
 */
import { millisecondsInDay } from 'date-fns/constants';

/** One day in milliseconds (date-fns millisecondsInDay), for day arithmetic on instants. */
export const DAY_MS = millisecondsInDay;

/** Project types a lead or project can have (spec §3). */
export const PROJECT_TYPES = ['Web Project', 'Brand/Logo Design', 'Product Design', 'AI Automation'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];
export const DEFAULT_PROJECT_TYPE: ProjectType = 'Web Project';

/** Lead status values (spec §4). Deposit and Won appear on the invoicing page only. */
/**
 * Where a lead came from: the contact form, the owner's Add Lead, a cart purchase, a hosted project's quote; or
 * the demo data (`npm run seed`) and the bench's synthetic leads.
 */
export const LEAD_SOURCES = ['contact', 'admin', 'cart', 'replit', 'seed', 'bench'] as const;

export const LEAD_STATUSES = [
  'New',
  'Contacted',
  'Quoted',
  'Set Up',
  'Production',
  'Launch',
  'Complete',
  'Lost',
  'Payment Failed',
  'Subscription Expired',
  'Deposit',
  'Won',
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** The CRM pipeline board's six columns, in order (spec §2 "CRM dashboard"). */
export const BOARD_COLUMNS = [
  'New',
  'Contacted',
  'Quoted',
  'Set Up',
  'Production',
  'Launch',
] as const satisfies readonly LeadStatus[];
export type BoardColumn = (typeof BOARD_COLUMNS)[number];
/** Status a drop on the Won bucket sets (spec §4 "Dropping on Won sets Complete"). */
export const WON_STATUS: LeadStatus = 'Complete';
/** Statuses shown in the Won bucket and counted as won: Complete, and Won (paid in full, the invoicing page's status). */
export const WON_STATUSES: readonly LeadStatus[] = [WON_STATUS, 'Won'];
/** Status shown in the Dead Leads bucket. */
export const DEAD_STATUS: LeadStatus = 'Lost';

export const COMPLEXITIES = ['Low', 'Medium', 'High'] as const;
export type Complexity = (typeof COMPLEXITIES)[number];

export const SERVICE_PLAN_TYPES = ['Hosting', 'Hosting & 2hr maintenance', 'Hosting & 8hr maintenance'] as const;
export type ServicePlanType = (typeof SERVICE_PLAN_TYPES)[number];

export const PRIORITIES = ['High', 'Medium', 'Low'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** Reasons offered when a lead is marked dead (spec §3). */
export const DEAD_REASONS = [
  'No Response',
  'Quote Rejected',
  'Quote Expired - Not accepted after 30 Days',
  'Invoice Expired - Non Payment beyond Invoice Terms',
  'Contract Expired - Unrenewed contract beyond Terms',
  'Contact Canceled',
  'Rejected Client - Declination to work with said client',
  'Test Data',
] as const;
export type DeadReason = (typeof DEAD_REASONS)[number];

/** Project status values (spec §4), in the order a project advances; Canceled can end any of them. */
export const PROJECT_STATUSES = [
  'New',
  'Quote Accepted',
  'Deposit Paid',
  'Set up',
  'Production',
  'Beta',
  'Launch',
  'Maintenance',
  'Canceled',
  // Ours: where a launched project ends when no maintenance is paid (spec §4 "otherwise to Won").
  'Won',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** Timing constants (spec §9), in milliseconds. */
export const TIMING = {
  leadCountPollMs: 30_000,
  contactResetMs: 4_000,
  carouselAnimationMs: 150,
  hashScrollDelayMs: 100,
  launchCountdownMs: 7 * DAY_MS,
} as const;

/** Quote expiry wording shown to clients, in days (spec §9). */
export const QUOTE_EXPIRY_DAYS = 30;

/** The dead reason that marks a lead as test data (spec §3, §9). */
export const TEST_DATA_REASON = 'Test Data' satisfies DeadReason;
/** Note line marking a lead as test data; such leads are hidden from the dead bucket (spec §9). */
export const TEST_DATA_MARKER = `Dead Reason: ${TEST_DATA_REASON}`;

/** A proposal's status, in order (domain proposals.ts; the lead and its board card carry the latest one's). */
export const PROPOSAL_STATUSES = ['Sent', 'Viewed', 'Signed', 'Countersigned'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** The invoice-type PDFs (functions features/documents/pdf/invoicePdf.ts draws them all). */
export const INVOICE_DOCUMENT_KINDS = ['invoice', 'request', 'receipt', 'credit-note'] as const;
export type InvoiceDocumentKind = (typeof INVOICE_DOCUMENT_KINDS)[number];

/**
 * The PDFs the server renders for a client (functions features/documents/documents.ts):
 * an invoice, a payment request, a payment's receipt, or a credit note (a
 * refund's, from the ledger), and a signed proposal (functions
 * features/proposals: its latest stage, countersigned once the owner has).
 * Emails attach them by reference and client links name them.
 */
export const DOCUMENT_KINDS = [...INVOICE_DOCUMENT_KINDS, 'proposal'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Upper bounds on free text accepted by the API, in characters. */
export const LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  subject: 200,
  message: 5_000,
  note: 10_000,
  username: 64,
  password: 128,
  /** Largest JSON body the API accepts, in bytes. */
  bodyBytes: 64 * 1024,
} as const;

/**
 * Cadences of the scheduled functions, in minutes (functions/src/index.ts;
 * here, apart from their rules, so that the entry point loads no schemas).
 */
/** How often the outbox sweeper sends due retries and takes back stuck sends (`sweepOutbox`). */
export const OUTBOX_SWEEP_EVERY_MINUTES = 5;
/** How often the server looks for unpaid promo orders to expire (`expireOrders`). */
export const ORDER_EXPIRY_EVERY_MINUTES = 5;
