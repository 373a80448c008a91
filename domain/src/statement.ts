/**
 * The account statement: the one answer to "what does this client (or this
 * project) owe, and what did they pay?", read by every surface that shows
 * money (Invoicing, the lead's details, the dashboard's Open Invoices tile,
 * My Project, the portal, the reminders). Pure: it takes the documents
 * (admin invoices and a lead's deposit and final payment requests; cart orders
 * are paid at checkout and never owe, so they are not on it)
 * with the ledger's sums the server keeps on each (`ledgerCents`), and the
 * quote stages not yet issued as documents, and returns per document and in
 * total: billed, paid, refunded, credited, written off, owed, overdue days,
 * and the next thing to pay.
 *
 * Rules:
 * - How much a document owes is the ledger's (documentBalance on the sums
 *   kept on it); the stored status only says which documents can owe
 *   anything (only an open one; a void one is not billed either), as the
 *   books have always read it (docs/architecture.md "The books").
 * - A document is overdue once its due day has passed on the studio's clock
 *   (daysOverdue, calendar days of the studio's time zone).
 * - Paid in full means nothing is owed on any document and no quote stage is
 *   still to be billed: an open invoice, however old, keeps it false.
 * - The next payable item is the most overdue document, else the open
 *   document due first, else a quote stage the client may pay early (the
 *   final payment once the deposit is paid).
 * Amounts are integer cents; dates are instants (`Date`).
 */
import { startOfDay } from 'date-fns';
import { tz } from '@date-fns/tz';
import {
  balanceLabel,
  daysOverdue,
  documentBalance,
  storedDocumentBalance,
  type BillableKind,
  type DocumentBalance,
  type InvoiceStatus,
} from './billing.js';
import type { LedgerSums } from './ledgerSums.js';
import { acceptedQuoteOf, nextLeadPayment, type PayableLeadState } from './payments.js';
import { leadPaymentDescription, type LeadForPaymentDescription } from './invoiceNumbers.js';
import { dayCount } from './reminders.js';
import { formatDocumentDate } from './documentDate.js';
import { centsToString } from './money.js';
import { checkoutPath } from './quotes.js';
import type { ClientStatementLineReply, ClientStatementReply } from './clientReplies.js';

/** What a document bills for: a quote stage (payment request) or an admin invoice. */
export type StatementPurpose = 'deposit' | 'final' | 'invoice';

/** A billable document as the statement reads it. */
export interface StatementDocument {
  kind: BillableKind;
  id: string;
  purpose: StatementPurpose;
  /** INV-YYYY-NNNN, when numbered. */
  number: string | null;
  description: string;
  /** What it bills, tax included, in cents. */
  totalCents: number;
  /** The stored status: only an open document can owe anything; how much follows the ledger. */
  status: InvoiceStatus;
  issuedAt: Date | null;
  dueDate: Date | null;
  /** The sums of its ledger entries by type (cents), kept by the server on the document. */
  ledgerCents: LedgerSums;
  /** The lead (project) it belongs to, when it has one. */
  leadId: string | null;
  /** Its own checkout link (a same-site `/checkout?…` path), when it has one. */
  checkoutUrl?: string | null;
}

/** A quote stage the client will be billed for but that has no document yet (cents). */
export interface UpcomingStage {
  purpose: 'deposit' | 'final';
  amountCents: number;
  /** The client may pay it now, before its request is issued (the final payment once the deposit is paid). */
  payableNow: boolean;
  leadId: string | null;
  /** As its payment request will say ("Final payment: Bakery website"; domain leadPaymentDescription). */
  description: string;
}

/** What a statement line's state reads as, for owner and client alike. */
export type StatementState = 'open' | 'overdue' | 'paid' | 'refunded' | 'void' | 'written_off';

/** One document on the statement: its balance, how late it is, and what to call it. */
export interface StatementLine {
  document: StatementDocument;
  balance: DocumentBalance;
  /** What is still owed, in cents (balance.amountDueCents). */
  owedCents: number;
  /** Calendar days past its due day on the studio's clock; 0 when not owed or not late. */
  overdueDays: number;
  state: StatementState;
}

/** The statement of a client or a project (see the file comment). */
export interface AccountStatement {
  /** Every document, oldest issued first. */
  lines: StatementLine[];
  /** Quote stages not yet billed. */
  upcoming: UpcomingStage[];
  totals: {
    /** What the documents bill, void ones excluded. */
    billedCents: number;
    paidCents: number;
    refundedCents: number;
    creditedCents: number;
    writtenOffCents: number;
    /** Payments less refunds and lost disputes. */
    keptCents: number;
    /** Owed now on issued documents. */
    owedCents: number;
    /** The part of owedCents past its due day. */
    overdueCents: number;
    /** Quote stages still to be billed. */
    upcomingCents: number;
  };
  /** Documents with something owed. */
  openCount: number;
  overdueCount: number;
  /** The most days any owed document is late (0 when none is). */
  maxOverdueDays: number;
  /** The next thing to pay: a line with something owed, else an early-payable stage; null when none. */
  next: { line: StatementLine; stage?: undefined } | { stage: UpcomingStage; line?: undefined } | null;
  /** Something was billed, nothing is owed on any document and no quote stage is still to be billed. */
  paidInFull: boolean;
}

/** The state a line reads as (void and write-offs first; then owed; then what happened to the money). */
function stateOf(b: DocumentBalance, overdueDays: number): StatementState {
  if (b.status === 'void') return 'void';
  if (b.status === 'uncollectible') return 'written_off';
  if (b.amountDueCents > 0) return overdueDays > 0 ? 'overdue' : 'open';
  if (b.refundedCents > 0 && b.refundedCents >= b.paidCents) return 'refunded';
  return 'paid';
}

const time = (d: Date | null): number => d?.getTime() ?? Number.POSITIVE_INFINITY;

/** One line of the statement for `doc` at `now` on the studio's clock. */
export function statementLine(doc: StatementDocument, now: Date, timeZone: string): StatementLine {
  const balance = storedDocumentBalance({
    amountCents: doc.totalCents,
    status: doc.status,
    ledgerCents: doc.ledgerCents,
  });
  const owedCents = balance.amountDueCents;
  const overdueDays = owedCents > 0 && doc.dueDate ? daysOverdue(doc.dueDate, now, timeZone) : 0;
  return { document: doc, balance, owedCents, overdueDays, state: stateOf(balance, overdueDays) };
}

/**
 * The statement of `documents` and `upcoming` stages at `now`, overdue days
 * counted in `timeZone` (the studio's). Documents may belong to several
 * projects: the statement of a client; filter them by lead for a project's.
 */
export function accountStatement(input: {
  documents: readonly StatementDocument[];
  upcoming?: readonly UpcomingStage[];
  now: Date;
  timeZone: string;
}): AccountStatement {
  const lines = input.documents
    .map((d) => statementLine(d, input.now, input.timeZone))
    .sort((a, b) => time(a.document.issuedAt) - time(b.document.issuedAt));
  const upcoming = [...(input.upcoming ?? [])];
  const totals = {
    billedCents: 0,
    paidCents: 0,
    refundedCents: 0,
    creditedCents: 0,
    writtenOffCents: 0,
    keptCents: 0,
    owedCents: 0,
    overdueCents: 0,
    upcomingCents: upcoming.reduce((s, u) => s + u.amountCents, 0),
  };
  let overdueCount = 0;
  let maxOverdueDays = 0;
  for (const l of lines) {
    const b = l.balance;
    if (b.status !== 'void') totals.billedCents += b.totalCents;
    totals.paidCents += b.paidCents;
    totals.refundedCents += b.refundedCents;
    totals.creditedCents += b.creditedCents;
    totals.writtenOffCents += b.writtenOffCents;
    totals.keptCents += b.keptCents;
    totals.owedCents += l.owedCents;
    if (l.overdueDays > 0) {
      totals.overdueCents += l.owedCents;
      overdueCount += 1;
      maxOverdueDays = Math.max(maxOverdueDays, l.overdueDays);
    }
  }
  const owing = lines
    .filter((l) => l.owedCents > 0)
    .sort(
      (a, b) =>
        b.overdueDays - a.overdueDays ||
        time(a.document.dueDate) - time(b.document.dueDate) ||
        time(a.document.issuedAt) - time(b.document.issuedAt),
    );
  const early = upcoming.find((u) => u.payableNow);
  const next = owing[0] ? { line: owing[0] } : early ? { stage: early } : null;
  return {
    lines,
    upcoming,
    totals,
    openCount: owing.length,
    overdueCount,
    maxOverdueDays,
    next,
    paidInFull: totals.billedCents > 0 && totals.owedCents === 0 && upcoming.length === 0,
  };
}

/**
 * The quote stages of lead `leadId` that are billed but have no payment
 * request yet (`issued` lists the purposes that have one): none before the
 * quote is accepted or on a Lost lead; the deposit until it is requested or
 * paid; the final payment until it is requested or paid, payable now once the
 * deposit is settled (the client may pay it early). Amounts are the accepted
 * quote version's, as the charge takes them (nextLeadPayment).
 */
export function upcomingQuoteStages(
  leadId: string | null,
  lead: PayableLeadState & LeadForPaymentDescription,
  issued: ReadonlySet<'deposit' | 'final'>,
): UpcomingStage[] {
  const accepted = acceptedQuoteOf(lead);
  if (!accepted || lead.status === 'Lost') return [];
  const out: UpcomingStage[] = [];
  const deposit = accepted.depositAmountCents;
  const description = (purpose: 'deposit' | 'final') => leadPaymentDescription(purpose, lead);
  if (deposit > 0 && !issued.has('deposit') && !lead.stripeDepositPaymentId)
    out.push({
      purpose: 'deposit',
      amountCents: deposit,
      payableNow: true,
      leadId,
      description: description('deposit'),
    });
  if (!issued.has('final') && !lead.stripeFinalPaymentId) {
    const due = nextLeadPayment({
      ...accepted,
      stripeDepositPaymentId: lead.stripeDepositPaymentId,
      stripeFinalPaymentId: lead.stripeFinalPaymentId,
    });
    const depositSettled = deposit <= 0 || Boolean(lead.stripeDepositPaymentId);
    const amountCents = due?.purpose === 'final' ? due.amountCents : accepted.finalAmountCents;
    if (amountCents > 0)
      out.push({
        purpose: 'final',
        amountCents,
        payableNow: depositSettled,
        leadId,
        description: description('final'),
      });
  }
  return out;
}

/**
 * What a line's state reads as, on every surface that shows it: "Overdue 40
 * days" (", partially paid" when some money is kept) for a document past its
 * due day, else the balance's own label (balanceLabel: "Open", "Partially
 * paid", "Paid", "Partially refunded", "Refunded", "Disputed",
 * "Uncollectible", "Void").
 */
export function statementStateText(line: Pick<StatementLine, 'state' | 'overdueDays' | 'balance'>): string {
  if (line.state !== 'overdue') return balanceLabel(line.balance);
  return `Overdue ${dayCount(line.overdueDays)}${line.balance.keptCents > 0 ? ', partially paid' : ''}`;
}

/** What a document bills for, in a word: "Deposit", "Final payment", "Invoice". */
export const STATEMENT_PURPOSE_LABELS: Readonly<Record<StatementPurpose, string>> = {
  deposit: 'Deposit',
  final: 'Final payment',
  invoice: 'Invoice',
};

/** The fields of a stored invoice or payment request (domain invoiceDocSchema) the statement reads. */
export interface BilledDocumentFields {
  leadId: string | null;
  number?: string | null;
  description: string;
  amountCents: number;
  status: InvoiceStatus;
  issuedAt?: Date | null;
  createdAt: Date | null;
  dueDate: Date | null;
  ledgerCents: LedgerSums;
  /** A payment request's stage; absent on an admin invoice. */
  purpose?: 'deposit' | 'final';
  checkoutUrl?: string | null;
}

/** An admin invoice (`invoices/{id}`) or a payment request (`payment_requests/{id}`) as a statement document. */
export function billedDocument(id: string, d: BilledDocumentFields): StatementDocument {
  return {
    kind: d.purpose ? 'request' : 'invoice',
    id,
    purpose: d.purpose ?? 'invoice',
    number: d.number ?? null,
    description: d.description,
    totalCents: d.amountCents,
    status: d.status,
    issuedAt: d.issuedAt ?? d.createdAt,
    dueDate: d.dueDate,
    ledgerCents: d.ledgerCents,
    leadId: d.leadId,
    checkoutUrl: d.checkoutUrl ?? null,
  };
}

/**
 * The statement of one lead (a project): its invoices and payment requests,
 * and the stages of its accepted quote not yet requested.
 */
export function leadStatement(input: {
  leadId: string;
  lead: PayableLeadState & LeadForPaymentDescription;
  documents: ReadonlyArray<{ id: string } & BilledDocumentFields>;
  now: Date;
  timeZone: string;
}): AccountStatement {
  const mine = input.documents.filter((d) => d.leadId === input.leadId);
  const issued = new Set(mine.flatMap((d) => (d.purpose ? [d.purpose] : [])));
  return accountStatement({
    documents: mine.map((d) => billedDocument(d.id, d)),
    upcoming: upcomingQuoteStages(input.leadId, input.lead, issued),
    now: input.now,
    timeZone: input.timeZone,
  });
}

/**
 * Where a client pays `doc`: its own checkout link when it has one, else the
 * checkout of the admin invoice (`invoiceId`) or of the lead's quote stage
 * (`leadId`; the server charges what is due). Null when nothing is owed.
 */
export function documentPayPath(line: StatementLine): string | null {
  if (line.owedCents <= 0) return null;
  const d = line.document;
  if (d.checkoutUrl && /^\/checkout\?/.test(d.checkoutUrl)) return d.checkoutUrl;
  if (d.kind === 'invoice')
    return `/checkout?${new URLSearchParams({ amount: centsToString(line.owedCents), description: d.description, invoiceId: d.id })}`;
  return d.leadId ? checkoutPath(line.owedCents, d.description, d.leadId) : null;
}

/** The client's words for a line's state: void and written-off lines are not shown to them. */
const CLIENT_STATES: Partial<Record<StatementState, ClientStatementLineReply['state']>> = {
  open: 'open',
  overdue: 'overdue',
  paid: 'paid',
  refunded: 'refunded',
};

/**
 * A statement as the client reads it (My Project, the portal): 2-decimal
 * amounts, due days written on the studio's clock (`timeZone`), the open and
 * settled documents (void and written-off ones left out), and the quote
 * stages still to be billed with a checkout for the one payable now. A
 * project that takes no payment (a Lost lead: the checkout answers "closed")
 * is given no Pay link (`payable: false`).
 */
export function clientStatement(
  statement: AccountStatement,
  timeZone: string,
  { payable = true }: { payable?: boolean } = {},
): ClientStatementReply {
  const lines: ClientStatementLineReply[] = [];
  for (const l of statement.lines) {
    const state = CLIENT_STATES[l.state];
    const d = l.document;
    if (!state) continue;
    lines.push({
      id: d.id,
      kind: d.purpose,
      number: d.number,
      description: d.description,
      amount: centsToString(d.totalCents),
      owed: centsToString(l.owedCents),
      refunded: centsToString(l.balance.refundedCents),
      state,
      stateText: statementStateText(l),
      dueDate: d.dueDate ? formatDocumentDate(d.dueDate, timeZone) : null,
      overdueDays: l.overdueDays,
      payPath: payable ? documentPayPath(l) : null,
    });
  }
  return {
    owed: centsToString(statement.totals.owedCents),
    overdue: centsToString(statement.totals.overdueCents),
    paidInFull: statement.paidInFull,
    lines,
    upcoming: statement.upcoming.map((u) => ({
      kind: u.purpose,
      amount: centsToString(u.amountCents),
      payPath: payable && u.payableNow && u.leadId ? checkoutPath(u.amountCents, u.description, u.leadId) : null,
    })),
  };
}

/** What Pay Now offers: the statement's next payable item, its amount (cents) and checkout; null when none. */
export function nextPayment(statement: AccountStatement): { amountCents: number; payPath: string | null } | null {
  const next = statement.next;
  if (next?.line) return { amountCents: next.line.owedCents, payPath: documentPayPath(next.line) };
  if (next?.stage)
    return {
      amountCents: next.stage.amountCents,
      payPath: next.stage.leadId
        ? checkoutPath(next.stage.amountCents, next.stage.description, next.stage.leadId)
        : null,
    };
  return null;
}

/**
 * The ledger sums the server can add up over a set of open documents
 * (Firestore sum aggregations of `amountCents` and `ledgerCents.<type>`):
 * how many, what they bill, and their entries' cents by type.
 */
export interface OpenDocumentSums {
  count: number;
  totalCents: number;
  sums: LedgerSums;
}

/**
 * What a set of open documents owes in all, from their summed totals and
 * ledger sums: documentBalance of the sums, which is the sum of each
 * document's balance because no open document is overpaid (an overpayment is
 * held for review, never applied) and none carries a write-off or a lost
 * dispute (either closes it as uncollectible); books:check holds the stored
 * statuses to the ledger. The dashboard's Open Invoices tile reads this.
 */
export function owedOfOpenDocuments(open: OpenDocumentSums): { count: number; owedCents: number } {
  return { count: open.count, owedCents: documentBalance(open.totalCents, { sums: open.sums }).amountDueCents };
}

/** The entry types whose sums an open document's balance needs (no write-off or lost dispute is on an open one). */
export const OPEN_DOCUMENT_SUM_TYPES = ['payment', 'refund', 'credit_note'] as const;

/**
 * The start of the studio's day at `now` (midnight in `timeZone`): a document
 * due before it is overdue (daysOverdue ≥ 1).
 */
export function studioDayStart(now: Date, timeZone: string): Date {
  return new Date(startOfDay(now, { in: tz(timeZone) }).getTime());
}
