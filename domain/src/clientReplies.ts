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
  /** What the client can pay now (the next stage of the accepted quote), or null (domain clientBalance). */
  amountDue: moneyText.nullable().default(null),
  /**
   * Where Pay Now goes: the checkout of the payment due now (domain leadCheckoutPath, the link its payment
   * request and emails carry), or null when nothing is due.
   */
  payPath: z.string().nullable().default(null),
  /** Every stage of the accepted quote is paid: "Payment Completed". */
  paidInFull: z.boolean().default(false),
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
 * `project`), every live project of the email (most advanced first), and the
 * primary lead's PDF links.
 */
export const clientProjectLookupReply = clientWorkReply.extend({
  success: z.literal(true),
  projects: z.array(clientWorkReply),
  documents: z.array(clientDocumentLinkReply),
});
export type ClientProjectLookupReply = z.output<typeof clientProjectLookupReply>;
