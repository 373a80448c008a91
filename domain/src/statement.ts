/**
 * The account statement: the one answer to "what does this client (or this
 * project) owe, and what did they pay?", read by every surface that shows
 * money (Invoicing, the lead's details, the dashboard's Open Invoices tile,
 * My Project, the portal, the reminders). Pure: it takes the documents
 * (admin invoices, a lead's deposit and final payment requests, cart orders)
 * with the ledger's sums the server keeps on each (`ledgerCents`), and the
 * quote stages not yet issued as documents, and returns per document and in
 * total: billed, paid, refunded, credited, written off, owed, overdue days,
 * and the next thing to pay.
 *
 * Rules:
 * - What a document owes is the ledger's (documentBalance), never the stored
 *   status, except `void` (a void document owes nothing and is not billed).
 * - A document is overdue once its due day has passed on the studio's clock
 *   (daysOverdue, calendar days of the studio's time zone).
 * - Paid in full means nothing is owed on any document and no quote stage is
 *   still to be billed: an open invoice, however old, keeps it false.
 * - The next payable item is the most overdue document, else the open
 *   document due first, else a quote stage the client may pay early (the
 *   final payment once the deposit is paid).
 * Amounts are integer cents; dates are instants (`Date`).
 */
import { differenceInCalendarDays } from 'date-fns';
import { tz } from '@date-fns/tz';
import { documentBalance, type BillableKind, type DocumentBalance, type InvoiceStatus } from './billing.js';
import type { LedgerSums } from './ledgerSums.js';
import { acceptedQuoteOf, nextLeadPayment, type PayableLeadState } from './payments.js';

/**
 * Whole calendar days document due on `dueDate` is late at `now`, counted on
 * the studio's clock (`timeZone`, an IANA name): 0 on and before its due
 * day, 1 on the day after, and so on. DST does not shift a day.
 */
export function daysOverdue(dueDate: Date, now: Date, timeZone: string): number {
  return Math.max(0, differenceInCalendarDays(now, dueDate, { in: tz(timeZone) }));
}

/** What a document bills for: a quote stage (payment request), an admin invoice, a cart order. */
export type StatementPurpose = 'deposit' | 'final' | 'invoice' | 'order';

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
  /** The stored status: only `void` is read (owes nothing); what is owed follows the ledger. */
  status: InvoiceStatus;
  issuedAt: Date | null;
  dueDate: Date | null;
  /** The sums of its ledger entries by type (cents), kept by the server on the document. */
  ledgerCents: LedgerSums;
  /** The lead (project) it belongs to, when it has one. */
  leadId: string | null;
}

/** A quote stage the client will be billed for but that has no document yet (cents). */
export interface UpcomingStage {
  purpose: 'deposit' | 'final';
  amountCents: number;
  /** The client may pay it now, before its request is issued (the final payment once the deposit is paid). */
  payableNow: boolean;
  leadId: string | null;
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
  const balance = documentBalance(doc.totalCents, { sums: doc.ledgerCents }, { voided: doc.status === 'void' });
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
  lead: PayableLeadState,
  issued: ReadonlySet<'deposit' | 'final'>,
): UpcomingStage[] {
  const accepted = acceptedQuoteOf(lead);
  if (!accepted || lead.status === 'Lost') return [];
  const out: UpcomingStage[] = [];
  const deposit = accepted.depositAmountCents;
  if (deposit > 0 && !issued.has('deposit') && !lead.stripeDepositPaymentId)
    out.push({ purpose: 'deposit', amountCents: deposit, payableNow: true, leadId });
  if (!issued.has('final') && !lead.stripeFinalPaymentId) {
    const due = nextLeadPayment({
      ...accepted,
      stripeDepositPaymentId: lead.stripeDepositPaymentId,
      stripeFinalPaymentId: lead.stripeFinalPaymentId,
    });
    const depositSettled = deposit <= 0 || Boolean(lead.stripeDepositPaymentId);
    const amountCents = due?.purpose === 'final' ? due.amountCents : accepted.finalAmountCents;
    if (amountCents > 0) out.push({ purpose: 'final', amountCents, payableNow: depositSettled, leadId });
  }
  return out;
}

/** "1 day", "40 days". */
export const dayCount = (n: number): string => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * What a line's state reads as. The owner and the client read the same
 * words: "Overdue 40 days", "Due", "Paid", "Refunded", "Void", "Written off".
 * `partly` lines (some money kept, some still owed) add "partly paid".
 */
export function statementStateText(line: Pick<StatementLine, 'state' | 'overdueDays' | 'balance'>): string {
  const partly = line.balance.keptCents > 0 && line.balance.amountDueCents > 0 ? ', partly paid' : '';
  switch (line.state) {
    case 'overdue':
      return `Overdue ${dayCount(line.overdueDays)}${partly}`;
    case 'open':
      return `Due${partly}`;
    case 'refunded':
      return 'Refunded';
    case 'void':
      return 'Void';
    case 'written_off':
      return 'Written off';
    case 'paid':
      return line.balance.refundedCents > 0 ? 'Paid, partly refunded' : 'Paid';
  }
}
