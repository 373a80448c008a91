/**
 * The client portal (`/portal`): what a client signed in by email link reads
 * through `/api/portal/**`, as reply schemas the server replies with and the
 * web parses, and the pure rules that shape it. Money leaves as 2-decimal
 * strings; dates as ISO strings with the studio's zone to show them in, or
 * written on the studio's clock (due days, as the PDFs write them).
 */
import { z } from 'zod';
import { formatDocumentDate } from './documentDate.js';
import { centsToString } from './money.js';
import { clientTimelineStages } from './projects.js';
import { billedDocument, documentPayPath, statementLine, statementStateText } from './statement.js';
import type { InvoiceStatus } from './billing.js';
import type { LedgerSums } from './ledgerSums.js';

/** One stage of a project's client timeline (domain clientTimelineStages). */
export const portalTimelineStageSchema = z.object({
  label: z.string(),
  state: z.enum(['past', 'current', 'future']),
});

/** One of the client's projects, with its timeline. */
export const portalProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  timeline: z.array(portalTimelineStageSchema),
  createdAt: z.string().nullable(),
});
export type PortalProject = z.output<typeof portalProjectSchema>;

/** The invoice statuses a client sees: the others (void, uncollectible) owe nothing and stay in the CRM. */
export const PORTAL_INVOICE_STATUSES = ['open', 'paid'] as const;

/** One of the client's invoices: an admin invoice or a deposit / final payment request. */
export const portalInvoiceSchema = z.object({
  id: z.string(),
  kind: z.enum(['invoice', 'deposit', 'final']),
  number: z.string().nullable(),
  description: z.string(),
  /** What is billed, tax included, as a 2-decimal string ("1234.50"). */
  amount: z.string().regex(/^\d+\.\d{2}$/),
  status: z.enum(PORTAL_INVOICE_STATUSES),
  /** The due day as the studio's PDFs and emails write it, on the studio's clock ("March 5, 2026"), or null. */
  dueDate: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** What is still owed on it (its account statement line: the ledger's, not the stored status), 2 decimals. */
  owed: z.string().regex(/^\d+\.\d{2}$/),
  /** What was refunded on it (its credit notes are among the documents), 2 decimals. */
  refunded: z.string().regex(/^\d+\.\d{2}$/),
  /** Calendar days past its due day on the studio's clock; 0 when nothing is owed or it is not late. */
  overdueDays: z.number().int().nonnegative(),
  /** "Overdue 40 days", "Open", "Paid", "Partially refunded"... (domain statementStateText). */
  stateText: z.string(),
  /** The existing checkout for this invoice (a same-site path), while it is open; null once paid. */
  payPath: z
    .string()
    .regex(/^\/checkout\?/)
    .nullable(),
});
export type PortalInvoice = z.output<typeof portalInvoiceSchema>;

/**
 * GET /api/portal/overview → the signed-in client's projects and invoices (empty lists for an unknown address),
 * and the studio's time zone, in which the portal shows the ISO dates of every section (the due days and the
 * subscriptions' period ends come written already).
 */
export const portalOverviewReply = z.object({
  success: z.literal(true),
  email: z.string(),
  projects: z.array(portalProjectSchema),
  invoices: z.array(portalInvoiceSchema),
  /** The studio's time zone (settings `timeZone`, an IANA name); UTC, the settings' default, when absent. */
  timeZone: z.string().min(1).default('UTC'),
});
export type PortalOverview = z.output<typeof portalOverviewReply>;

/** GET /api/portal/projects/{id} → one of the client's projects (404 for anyone else's). */
export const portalProjectReply = z.object({ success: z.literal(true), project: portalProjectSchema });

/** GET /api/portal/invoices/{id} → one of the client's invoices (404 for anyone else's). */
export const portalInvoiceReply = z.object({ success: z.literal(true), invoice: portalInvoiceSchema });

/** POST /api/leads/{id}/portal-invite → the address the sign-in link went to. */
export const portalInviteReply = z.object({ success: z.literal(true), message: z.string(), email: z.string() });

/** Toast of the admin's "Invite to portal". */
export const PORTAL_INVITE_SENT = 'Portal invitation sent';

/** What /portal says after a link is requested, whoever the address belongs to (it never tells). */
export const PORTAL_LINK_SENT =
  'If this address has work with us, a sign-in link is on its way. Open it on this device or another; it works once and expires.';

/** A project as the portal shows it: its timeline computed from its status. */
export function portalProject(id: string, p: { name: string; status: string; createdAt: Date | null }): PortalProject {
  return {
    id,
    name: p.name || 'Your project',
    status: p.status,
    timeline: clientTimelineStages(p.status),
    createdAt: p.createdAt?.toISOString() ?? null,
  };
}

/** A stored invoice or payment request, as read (domain invoiceDocSchema) with its id and kind. */
export interface PortalInvoiceSource {
  id: string;
  kind: 'invoice' | 'deposit' | 'final';
  leadId: string;
  number: string | null | undefined;
  description: string;
  amountCents: number;
  status: InvoiceStatus;
  issuedAt?: Date | null;
  createdAt?: Date | null;
  dueDate: Date | null;
  paidAt: Date | null;
  checkoutUrl: string | null;
  /** Its ledger entries' sums (cents), kept by the server on the document. */
  ledgerCents: LedgerSums;
}

/**
 * An invoice as the portal shows it, read from its account statement line
 * (domain statement.ts) at `now`, or null when the client does not see it
 * (void, written off: it owes nothing). Pay Now goes to the document's own
 * checkout (documentPayPath), as My Project and the emails do. The due day
 * is written in `timeZone` (the studio's), as its PDFs and emails write it.
 */
export function portalInvoice(s: PortalInvoiceSource, timeZone = 'UTC', now = new Date()): PortalInvoice | null {
  const description =
    s.description || (s.kind === 'invoice' ? 'Invoice' : s.kind === 'deposit' ? 'Deposit' : 'Final payment');
  const line = statementLine(
    billedDocument(s.id, {
      ...s,
      description,
      createdAt: s.createdAt ?? null,
      purpose: s.kind === 'invoice' ? undefined : s.kind,
    }),
    now,
    timeZone,
  );
  if (line.state === 'void' || line.state === 'written_off') return null;
  return {
    id: s.id,
    kind: s.kind,
    number: s.number ?? null,
    description,
    amount: centsToString(s.amountCents),
    status: line.owedCents > 0 ? 'open' : 'paid',
    dueDate: s.dueDate ? formatDocumentDate(s.dueDate, timeZone) : null,
    paidAt: s.paidAt?.toISOString() ?? null,
    owed: centsToString(line.owedCents),
    refunded: centsToString(line.balance.refundedCents),
    overdueDays: line.overdueDays,
    stateText: statementStateText(line),
    payPath: documentPayPath(line),
  };
}
