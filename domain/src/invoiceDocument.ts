/**
 * What an invoice, payment request, receipt or credit note PDF says, as plain
 * data (the server lays it out with pdfkit,
 * functions/src/features/documents/pdf/invoicePdf.ts). Amounts are currency
 * text as the web shows them (money.ts formatUsd: "$4,500.00", "-$475.00"),
 * currency USD; dates as "November 25, 2026" on the studio's clock (settings
 * `timeZone`, UTC by default).
 *
 * An invoice or request says what the account statement says of it
 * (statement.ts statementLine): "Total due" and its terms and pay link while
 * all of it is owed; "Total" and "Amount due" once part of it is paid; a PAID
 * (or REFUNDED) mark with the paid date and "Amount paid" once nothing is
 * owed; VOID or UNCOLLECTIBLE when it was closed without payment.
 */
import { taxRateText } from './billing.js';
import { formatUsd } from './money.js';
import type { EInvoice } from './eInvoice.js';
import type { StudioSettings } from './settings.js';
import { documentPayPath, statementStateText, type StatementLine } from './statement.js';

export interface PdfLine {
  description: string;
  /** Currency text (formatUsd), e.g. "$1,234.50"; negative on a credit note ("-$475.00"). */
  amount: string;
}

/** A row under the total of an invoice: "Amount paid", "Refunded (credit note CN-2026-0001)", "Amount due"... */
export interface PdfBalanceRow {
  label: string;
  /** Currency text (formatUsd); what went back or was written off is negative ("-$150.00"). */
  amount: string;
  /** The row that closes the document ("Amount due", or "Amount paid" on a paid one): printed bold. */
  strong: boolean;
}

export interface InvoicePdfModel {
  kind: 'invoice' | 'receipt' | 'credit-note';
  /** "Invoice", "Receipt" or "Credit note". */
  title: string;
  /** INV-YYYY-NNNN, or null for a payment with no invoice (a plan or a payment link). */
  number: string | null;
  studio: StudioSettings;
  client: { name: string; email: string | null };
  issueDate: string;
  dueDate: string | null;
  lines: PdfLine[];
  /** Subtotal and tax before the total, when the document carries a tax (currency text, formatUsd). */
  tax?: { subtotal: string; label: string; amount: string } | null;
  /** What the document bills (tax included), credits or received: currency text (formatUsd), e.g. "$4,500.00". */
  total: string;
  /**
   * The total's label: "Total due" on an invoice all of which is owed, "Total" on one partly or fully paid,
   * credited or closed, "Total paid" on a receipt, "Total credited" on a credit note.
   */
  totalLabel: string;
  currency: 'USD';
  /** "Payment due within 14 days" / "Payment due on receipt"; null on a receipt, a credit note, or an invoice that owes nothing. */
  paymentTerms: string | null;
  /** Absolute pay link of an invoice that owes something; null otherwise. */
  payLink: string | null;
  /** Receipt only: paid date and payment reference (the PaymentIntent id). */
  paid: { date: string; reference: string } | null;
  /** Receipt only: what was refunded of it since ("$475.00"), or null. */
  refunded?: string | null;
  /** Credit note only: the number of the invoice it credits and the refund it records. */
  credits?: { number: string | null; reference: string | null } | null;
  /** Invoice only: VOID or UNCOLLECTIBLE for one closed without payment (no terms, no pay link then). */
  closedMark?: 'VOID' | 'UNCOLLECTIBLE' | null;
  /**
   * Invoice only: what became of it after the total, from its statement line ("Amount paid", "Refunded",
   * "Lost in a dispute", "Written off", and "Amount due" while something is owed and it differs from the
   * total). Empty while nothing was paid, refunded or written off.
   */
  balanceRows?: PdfBalanceRow[];
  /**
   * Invoice only, once nothing is owed on it (not void, not written off): PAID when money was paid and kept,
   * REFUNDED when all of it went back, null when nothing was paid (a zero or credited document); the paid
   * date (its `paidAt` on the studio's clock, null when unknown) and the sentence beside the mark.
   */
  settled?: { mark: 'PAID' | 'REFUNDED' | null; paidDate: string | null; text: string } | null;
  /** Invoice only: "Overdue 12 days" (statementStateText) while something is owed past its due day; null otherwise. */
  overdue?: string | null;
  footer: string | null;
  /** The EN 16931 facts of an invoice or credit note, which its PDF also carries as Factur-X CII XML; absent or null otherwise. */
  einvoice?: EInvoice | null;
}

// Made on first use, one per zone: an Intl formatter costs a page tens of ms of set-up.
const dateFmts = new Map<string, Intl.DateTimeFormat>();

/**
 * "November 25, 2026": the day `d` falls on in `timeZone` (an IANA name, the
 * studio's settings `timeZone`; UTC by default), as emails and PDFs show it.
 * @throws RangeError for a zone name Intl does not know (settings validate it on save)
 */
export function formatDocumentDate(d: Date, timeZone = 'UTC'): string {
  let fmt = dateFmts.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone });
    dateFmts.set(timeZone, fmt);
  }
  return fmt.format(d);
}

/** The payment terms line for `days`. */
export const paymentTermsText = (days: number): string =>
  days <= 0 ? 'Payment due on receipt' : `Payment due within ${days} day${days === 1 ? '' : 's'}`;

/**
 * The terms printed on a document: from its own due date when it has one
 * ("Payment due by December 15, 2026", or on receipt when due the day it was
 * issued), else from the studio's terms in days. Days are those of `timeZone`.
 */
export function documentTermsText(issuedAt: Date, dueDate: Date | null, defaultDays: number, timeZone = 'UTC'): string {
  if (!dueDate) return paymentTermsText(defaultDays);
  const issuedDay = formatDocumentDate(issuedAt, timeZone);
  const dueDay = formatDocumentDate(dueDate, timeZone);
  return dueDate.getTime() <= issuedAt.getTime() || issuedDay === dueDay
    ? 'Payment due on receipt'
    : `Payment due by ${dueDay}`;
}

/** What a numbered invoice or payment request needs to be printed. */
export interface InvoiceSource {
  number: string;
  description: string;
  /** What it bills, tax included (cents). */
  amountCents: number;
  issuedAt: Date;
  dueDate: Date | null;
  clientName: string | null;
  email: string | null;
  /** Relative checkout URL ("/checkout?..."): the pay link when no statement line is given. */
  checkoutUrl: string | null;
  /** The tax it carries (amountCents is the total), or null for none. */
  tax?: { subtotalCents: number; taxCents: number; rateBps: number; label: string } | null;
  /**
   * Its line on the account statement when it is printed (statementLine of billedDocument): what it owes,
   * how many days it is late, whether it was paid, refunded, voided or written off, and its pay link
   * (documentPayPath). Absent: read as issued with nothing paid on it (a sample, the bench).
   */
  statement?: StatementLine | null;
  /** When it was paid in full (its stored `paidAt`), written beside its PAID mark; null when unknown. */
  paidAt?: Date | null;
  /** The numbers of the credit notes recording its refunds (CN-YYYY-NNNN), in the order to print them. */
  creditNotes?: readonly string[];
}

/** Who a document is for: the client's name, else their email, else "Client". */
function documentClient(c: { clientName: string | null; email: string | null }): InvoicePdfModel['client'] {
  return { name: c.clientName || c.email || 'Client', email: c.email };
}

/** " (credit note CN-2026-0001)", " (credit notes CN-2026-0001, CN-2026-0002)", or "" for none. */
function creditNotesText(numbers: readonly string[]): string {
  if (numbers.length === 0) return '';
  return ` (credit note${numbers.length === 1 ? '' : 's'} ${numbers.join(', ')})`;
}

/**
 * The rows under an invoice's total that say what became of it (amounts in cents from the statement line's
 * balance, printed positive; the label says which way the money went): what was paid, refunded, lost in a
 * dispute or written off, then "Amount due" while something is owed and it is not the whole total.
 */
function balanceRows(line: StatementLine, creditNotes: readonly string[]): PdfBalanceRow[] {
  const b = line.balance;
  const rows: PdfBalanceRow[] = [];
  const row = (label: string, cents: number, strong = false) => rows.push({ label, amount: formatUsd(cents), strong });
  // Paid and nothing owed: what was paid closes the document, in place of "Total due".
  if (b.paidCents > 0) row('Amount paid', b.paidCents, line.state === 'paid');
  if (b.refundedCents > 0) row(`Refunded${creditNotesText(creditNotes)}`, b.refundedCents);
  if (b.lostCents > 0) row('Lost in a dispute', b.lostCents);
  if (b.writtenOffCents > 0) row('Written off', b.writtenOffCents);
  if (line.owedCents > 0 && line.owedCents !== b.totalCents) row('Amount due', line.owedCents, true);
  return rows;
}

/**
 * The mark of an invoice that owes nothing and was not closed without payment (see
 * InvoicePdfModel.settled): PAID or REFUNDED with the paid date on the studio's clock (`timeZone`), what
 * was refunded and under which credit notes, and an open dispute.
 */
function settledOf(
  line: StatementLine,
  paidAt: Date | null,
  creditNotes: readonly string[],
  timeZone: string,
): NonNullable<InvoicePdfModel['settled']> {
  const b = line.balance;
  const mark = line.state === 'refunded' ? 'REFUNDED' : b.paidCents > 0 ? 'PAID' : null;
  if (!mark) return { mark, paidDate: null, text: 'Nothing is owed on this invoice.' };
  const paidDate = paidAt ? formatDocumentDate(paidAt, timeZone) : null;
  const parts = [paidDate ? `Paid on ${paidDate}.` : 'Paid in full.'];
  if (b.refundedCents > 0)
    parts.push(
      `${mark === 'REFUNDED' ? 'Refunded' : 'Partially refunded'}: ${formatUsd(b.refundedCents)}${creditNotesText(creditNotes)}.`,
    );
  if (b.disputedCents > 0) parts.push(`Disputed: ${formatUsd(b.disputedCents)} under review.`);
  return { mark, paidDate, text: parts.join(' ') };
}

/**
 * The invoice (or payment request) model: studio details, client, number, dates, one line, tax, total,
 * and what its statement line says of it (see the file comment): while something is owed, the terms, the
 * absolute pay link (`siteUrl` + documentPayPath) and how many days it is overdue; once nothing is, its
 * PAID or REFUNDED mark and what was paid; VOID or UNCOLLECTIBLE when closed without payment.
 */
export function invoiceModel(studio: StudioSettings, inv: InvoiceSource, siteUrl: string): InvoicePdfModel {
  const tz = studio.timeZone;
  const amount = formatUsd(inv.amountCents);
  const tax = inv.tax
    ? {
        subtotal: formatUsd(inv.tax.subtotalCents),
        label: `${inv.tax.label} (${taxRateText(inv.tax.rateBps)})`,
        amount: formatUsd(inv.tax.taxCents),
      }
    : null;
  const line = inv.statement ?? null;
  const creditNotes = inv.creditNotes ?? [];
  const state = line?.state ?? 'open';
  const closedMark = state === 'void' ? 'VOID' : state === 'written_off' ? 'UNCOLLECTIBLE' : null;
  const owes = line ? line.owedCents > 0 : true;
  const wholeTotalOwed = line ? line.owedCents === line.balance.totalCents && line.owedCents > 0 : true;
  const payPath = line ? documentPayPath(line) : inv.checkoutUrl;
  return {
    kind: 'invoice',
    title: 'Invoice',
    number: inv.number,
    studio,
    client: documentClient(inv),
    issueDate: formatDocumentDate(inv.issuedAt, tz),
    dueDate: inv.dueDate ? formatDocumentDate(inv.dueDate, tz) : null,
    lines: [{ description: inv.description, amount: tax ? tax.subtotal : amount }],
    tax,
    total: amount,
    totalLabel: wholeTotalOwed ? 'Total due' : 'Total',
    currency: 'USD',
    paymentTerms: owes ? documentTermsText(inv.issuedAt, inv.dueDate, studio.paymentTermsDays, tz) : null,
    payLink: owes && payPath ? `${siteUrl}${payPath}` : null,
    paid: null,
    closedMark,
    balanceRows: line ? balanceRows(line, creditNotes) : [],
    settled: line && !owes && !closedMark ? settledOf(line, inv.paidAt ?? null, creditNotes, tz) : null,
    overdue: line?.state === 'overdue' ? statementStateText(line) : null,
    footer: studio.invoiceFooter || null,
  };
}

/** What a succeeded payment needs to be printed as a receipt. */
export interface ReceiptSource {
  paymentIntentId: string;
  amountCents: number;
  description: string;
  paidAt: Date;
  clientName: string | null;
  email: string | null;
  /** The number of the invoice or payment request it pays, if any. */
  number: string | null;
  /** Refunded of it since, in cents (0 when none). */
  refundedCents?: number;
}

/** The receipt model: PAID with the date and the payment reference. */
export function receiptModel(studio: StudioSettings, p: ReceiptSource): InvoicePdfModel {
  const amount = formatUsd(p.amountCents);
  const date = formatDocumentDate(p.paidAt, studio.timeZone);
  return {
    kind: 'receipt',
    title: 'Receipt',
    number: p.number,
    studio,
    client: documentClient(p),
    issueDate: date,
    dueDate: null,
    lines: [{ description: p.description, amount }],
    total: amount,
    totalLabel: 'Total paid',
    currency: 'USD',
    paymentTerms: null,
    payLink: null,
    paid: { date, reference: p.paymentIntentId },
    refunded: p.refundedCents ? formatUsd(p.refundedCents) : null,
    footer: studio.invoiceFooter || null,
  };
}

/** What a credit note needs to be printed (a ledger credit_note entry). */
export interface CreditNoteSource {
  number: string;
  amountCents: number;
  issuedAt: Date;
  clientName: string | null;
  email: string | null;
  /** The invoice or request it credits. */
  creditsNumber: string | null;
  /** The refund it records (Stripe's id). */
  reference: string | null;
  reason: string | null;
}

/** The credit note model: CN number, the credited invoice and the refund, a negative line. */
export function creditNoteModel(studio: StudioSettings, c: CreditNoteSource): InvoicePdfModel {
  const amount = formatUsd(-c.amountCents);
  const what = c.creditsNumber ? `Refund on ${c.creditsNumber}` : 'Refund';
  return {
    kind: 'credit-note',
    title: 'Credit note',
    number: c.number,
    studio,
    client: documentClient(c),
    issueDate: formatDocumentDate(c.issuedAt, studio.timeZone),
    dueDate: null,
    lines: [{ description: c.reason ? `${what}: ${c.reason}` : what, amount }],
    total: amount,
    totalLabel: 'Total credited',
    currency: 'USD',
    paymentTerms: null,
    payLink: null,
    paid: null,
    credits: { number: c.creditsNumber, reference: c.reference },
    footer: studio.invoiceFooter || null,
  };
}

/** Download file name: "INV-2026-0007.pdf", "receipt-INV-2026-0007.pdf", "receipt-pi_x.pdf", "CN-2026-0001.pdf". */
export function documentFileName(m: Pick<InvoicePdfModel, 'kind' | 'number' | 'paid'>): string {
  const base = m.number ?? m.paid?.reference ?? 'document';
  return `${m.kind === 'receipt' ? 'receipt-' : ''}${base.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;
}
