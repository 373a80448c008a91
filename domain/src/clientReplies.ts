/**
 * The reply of the client's project lookup (GET /api/client-project, spec §7),
 * parsed by the web's API client like every reply of domain replies.ts. A
 * module of its own: the "Access Your Project" dialog is a lazy chunk of the
 * landing and loads only these schemas (and zod), not every reply's.
 */
import { z } from 'zod';
import { DOCUMENT_KINDS, PROJECT_STATUSES } from './constants.js';

/** Money as the API shows it (spec §3): dollars with exactly 2 decimals, e.g. "5950.00" or "-20.00" (centsToString). */
export const moneyText = z.string().regex(/^-?\d+\.\d{2}$/, 'Expected dollars with 2 decimals');

/** A checkout path on the studio's own site. */
const payPathText = z
  .string()
  .regex(/^\/checkout\?/)
  .nullable();

/**
 * One document of the client's account (domain statement.ts): an admin
 * invoice or a deposit / final payment request, with what it bills, what is
 * still owed, what was refunded, how late it is (days on the studio's clock)
 * and where to pay it. Void and written-off documents owe nothing and are not
 * listed.
 */
export const clientStatementLineReply = z.object({
  id: z.string(),
  kind: z.enum(['deposit', 'final', 'invoice']),
  number: z.string().nullable(),
  description: z.string(),
  amount: moneyText,
  owed: moneyText,
  refunded: moneyText,
  state: z.enum(['open', 'overdue', 'paid', 'refunded']),
  /** "Overdue 40 days", "Open", "Paid", "Partially refunded"... (domain statementStateText). */
  stateText: z.string(),
  /** The due day on the studio's clock ("December 2, 2026"), or null. */
  dueDate: z.string().nullable(),
  overdueDays: z.number().int().nonnegative(),
  /** The document's checkout while something is owed; null once settled. */
  payPath: payPathText,
});
export type ClientStatementLineReply = z.output<typeof clientStatementLineReply>;

/**
 * What the client owes on one project, from its account statement: every
 * open and settled document, the quote stages still to be billed, the total
 * owed now and its overdue part, and whether it is paid in full.
 */
export const clientStatementReply = z.object({
  owed: moneyText,
  overdue: moneyText,
  paidInFull: z.boolean(),
  lines: z.array(clientStatementLineReply),
  upcoming: z.array(z.object({ kind: z.enum(['deposit', 'final']), amount: moneyText, payPath: payPathText })),
});
export type ClientStatementReply = z.output<typeof clientStatementReply>;

/**
 * The client-safe lead of GET /api/client-project. Amounts, hours and
 * complexity are null until the quote is approved or accepted; `createdAt` is ISO.
 */
export const clientLeadReply = z.object({
  id: z.string(),
  name: z.string().nullable(),
  projectType: z.string().nullable(),
  subject: z.string().nullable(),
  status: z.string().nullable(),
  quoteAmount: moneyText.nullable(),
  depositAmount: moneyText.nullable(),
  finalAmount: moneyText.nullable(),
  /**
   * What the client can pay now, or null: the next payable item of the account statement (the most overdue
   * document first, else the open one due first, else the final payment paid early).
   */
  amountDue: moneyText.nullable().default(null),
  /** Nothing is owed on any document of the project and no quote stage is still to be billed: "Payment Completed". */
  paidInFull: z.boolean().default(false),
  /** Where Pay Now goes for `amountDue` (the document's own checkout), or null. */
  payPath: payPathText.default(null),
  /** The project's account statement, once the quote is approved or accepted; null before. */
  statement: clientStatementReply.nullable().default(null),
  estimatedHours: z.number().nullable(),
  complexity: z.string().nullable(),
  phase1: z.string().nullable(),
  phase2: z.string().nullable(),
  phase3: z.string().nullable(),
  phase4: z.string().nullable(),
  techStack: z.string().nullable(),
  database: z.string().nullable(),
  integrations: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type ClientLeadReply = z.output<typeof clientLeadReply>;

/** The client-safe project: the beta URL only while in Beta, the countdown's end only while in Launch (ISO dates). */
export const clientProjectReply = z.object({
  name: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  deploymentUrl: z.string().nullable(),
  launchDate: z.string().nullable(),
  countdownEndsAt: z.string().nullable(),
  handoffType: z.enum(['domain', 'files']).nullable(),
  createdAt: z.string().nullable(),
});
export type ClientProjectReply = z.output<typeof clientProjectReply>;

/** One piece of the client's work: a lead and its followed project (null while there is none). */
export const clientWorkReply = z.object({ lead: clientLeadReply, project: clientProjectReply.nullable() });
export type ClientWorkReply = z.output<typeof clientWorkReply>;

/** A signed, one-hour link to one of the client's PDFs; `number` is null for a receipt of a payment without one. */
export const clientDocumentLinkReply = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  number: z.string().nullable(),
  label: z.string(),
  url: z.string().startsWith('/api/client-documents/'),
});
export type ClientDocumentLinkReply = z.output<typeof clientDocumentLinkReply>;

/**
 * GET /api/client-project?email= → the client's live work (`lead`,
 * `project`), every live project of the email (most advanced first), the
 * primary lead's PDF links, and the studio's time zone, in which the page
 * shows the ISO dates (the due days come written already).
 */
export const clientProjectLookupReply = clientWorkReply.extend({
  success: z.literal(true),
  projects: z.array(clientWorkReply),
  documents: z.array(clientDocumentLinkReply),
  /** The studio's time zone (settings `timeZone`, an IANA name); UTC, the settings' default, when absent. */
  timeZone: z.string().min(1).default('UTC'),
});
export type ClientProjectLookupReply = z.output<typeof clientProjectLookupReply>;
