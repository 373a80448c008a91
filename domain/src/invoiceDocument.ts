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
import type { EInvoice, EInvoiceBuyer, EInvoiceSeller } from './eInvoice.js';
import {
  invoiceLineTotals,
  LINE_UNITS,
  linesFromStoredInvoice,
  taxOnTaxable,
  type InvoiceLine,
  type InvoiceLineTotals,
  type VatCategory,
} from './invoiceLines.js';
import type { LeadBilling } from './leads.js';
import { formatUsd } from './money.js';
import type { InvoiceDoc } from './storedDocuments.js';
import type { StudioSettings } from './settings.js';
import { documentPayPath, statementStateText, type StatementLine } from './statement.js';
import { formatDocumentDate, isoDay } from './documentDate.js';

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
  /**
   * The EN 16931 document (eInvoiceOf) of an invoice, payment request or credit note: the lines, tax per
   * rate, both parties' legal details, supply date, tax note, currency and corrected invoice the PDF prints
   * (and the e-invoice states). Null on a receipt, which is not an invoice.
   */
  einvoice: EInvoice | null;
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
  /**
   * Its stored lines, supply date, tax note and parties (invoiceDocSchema), for its EN 16931 document;
   * absent: one line of `description` read from the amount and `tax`, the parties from the settings now.
   */
  doc?: Partial<Pick<InvoiceDoc, 'lines' | 'supplyDate' | 'taxNote' | 'seller' | 'buyer'>>;
  /** The billing fields of the client's lead now: the buyer of an invoice issued without one. */
  billing?: LeadBilling | null;
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
  const paymentTerms = owes ? documentTermsText(inv.issuedAt, inv.dueDate, studio.paymentTermsDays, tz) : null;
  const einvoice = eInvoiceOf(studio, {
    kind: 'invoice',
    number: inv.number,
    issuedAt: inv.issuedAt,
    dueDate: inv.dueDate,
    doc: {
      amountCents: inv.amountCents,
      subtotalCents: inv.tax?.subtotalCents ?? null,
      taxCents: inv.tax?.taxCents ?? null,
      taxRateBps: inv.tax?.rateBps ?? null,
      description: inv.description,
      ...inv.doc,
    },
    client: { name: inv.clientName, email: inv.email, billing: inv.billing ?? null },
    paidCents: line ? line.balance.paidCents : 0,
    paymentTerms,
  });
  return {
    kind: 'invoice',
    title: 'Invoice',
    number: inv.number,
    studio,
    client: documentClient(inv),
    issueDate: formatDocumentDate(inv.issuedAt, tz),
    dueDate: inv.dueDate ? formatDocumentDate(inv.dueDate, tz) : null,
    lines: einvoice.totals.lines.map((l) => ({ description: l.description, amount: formatUsd(l.netCents) })),
    tax,
    total: amount,
    totalLabel: wholeTotalOwed ? 'Total due' : 'Total',
    currency: 'USD',
    paymentTerms,
    payLink: owes && payPath ? `${siteUrl}${payPath}` : null,
    paid: null,
    closedMark,
    balanceRows: line ? balanceRows(line, creditNotes) : [],
    settled: line && !owes && !closedMark ? settledOf(line, inv.paidAt ?? null, creditNotes, tz) : null,
    overdue: line?.state === 'overdue' ? statementStateText(line) : null,
    footer: studio.invoiceFooter || null,
    einvoice,
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
    einvoice: null,
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
  /** When the invoice it credits was issued (BT-26), when known. */
  creditsIssuedAt?: Date | null;
  /** That invoice's stored facts (its lines' VAT categories, parties and note), when read. */
  creditsDoc?: StoredInvoiceFacts | null;
  /** The billing fields of the client's lead now, when the credited invoice kept no buyer. */
  billing?: LeadBilling | null;
}

/** The credit note model: CN number, the credited invoice and the refund, a negative line. */
export function creditNoteModel(studio: StudioSettings, c: CreditNoteSource): InvoicePdfModel {
  const amount = formatUsd(-c.amountCents);
  const what = c.creditsNumber ? `Refund on ${c.creditsNumber}` : 'Refund';
  const einvoice = eInvoiceOf(studio, {
    kind: 'credit-note',
    number: c.number,
    amountCents: c.amountCents,
    issuedAt: c.issuedAt,
    reason: c.reason,
    corrects: { number: c.creditsNumber, issuedAt: c.creditsIssuedAt ?? null, doc: c.creditsDoc ?? null },
    client: { name: c.clientName, email: c.email, billing: c.billing ?? null },
  });
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
    einvoice,
  };
}

/** Download file name: "INV-2026-0007.pdf", "receipt-INV-2026-0007.pdf", "receipt-pi_x.pdf", "CN-2026-0001.pdf". */
export function documentFileName(m: Pick<InvoicePdfModel, 'kind' | 'number' | 'paid'>): string {
  const base = m.number ?? m.paid?.reference ?? 'document';
  return `${m.kind === 'receipt' ? 'receipt-' : ''}${base.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;
}

// ---------------------------------------------------------------------------
// The EN 16931 document (eInvoice.ts EInvoice) of each invoice, request and credit note
// ---------------------------------------------------------------------------

/**
 * The seller (BG-4) as settings `studio` describe it now: its legal name
 * (else the trading name), legal address (else the postal one), country,
 * the tax id as VAT id when VAT-registered, else as another tax registration
 * (BT-32: a US EIN, or the id of a studio not registered for VAT). An issued
 * invoice keeps the seller it was issued with (invoices' `seller`); this is
 * for a new one, and for one issued before the snapshot existed.
 */
export function sellerOf(studio: StudioSettings): EInvoiceSeller {
  return {
    name: studio.legalName || studio.businessName,
    address: studio.legalAddress || studio.postalAddress.trim() || null,
    country: studio.country ?? null,
    vatId: studio.vatRegistered ? studio.taxId : null,
    taxRegistrationId: studio.vatRegistered ? null : studio.taxId,
    email: studio.contactEmail || null,
  };
}

/** Who a document bills: the client's name and email, and the billing fields of their lead (null while unset). */
export interface BuyerFacts {
  name: string | null;
  email: string | null;
  billing: LeadBilling | null;
}

/**
 * The buyer (BG-7): the company billed (the person as its contact), else
 * the client's name (else email, else "Client"), with the address, country
 * and tax id of their billing fields; `clientVatId`, the canonical VAT id a
 * tax treatment relied on (invoiceTax.ts TaxTreatment), in place of the tax
 * id as typed.
 */
export function buyerOf(c: BuyerFacts, clientVatId: string | null = null): EInvoiceBuyer {
  const person = c.name?.trim() || null;
  const company = c.billing?.company?.trim() || null;
  return {
    name: company ?? person ?? c.email ?? 'Client',
    contactName: company ? person : null,
    address: c.billing?.address ?? null,
    country: c.billing?.country ?? null,
    vatId: clientVatId ?? c.billing?.taxId ?? null,
    email: c.email,
  };
}

/** The fields of a stored invoice or payment request (invoiceDocSchema) its EN 16931 document is made from. */
export type StoredInvoiceFacts = Pick<
  InvoiceDoc,
  'amountCents' | 'subtotalCents' | 'taxCents' | 'taxRateBps' | 'description'
> &
  Partial<Pick<InvoiceDoc, 'lines' | 'supplyDate' | 'taxNote' | 'seller' | 'buyer'>>;

/** The lines and totals of a stored invoice: its own lines, or one line read from its single amount. */
export function storedInvoiceTotals(doc: StoredInvoiceFacts): InvoiceLineTotals {
  return doc.lines?.length ? invoiceLineTotals(doc.lines) : linesFromStoredInvoice(doc);
}

/** What eInvoiceOf makes an invoice or payment request (typeCode 380) from. */
export interface InvoiceEInvoiceSource {
  kind: 'invoice';
  number: string;
  issuedAt: Date;
  dueDate: Date | null;
  doc: StoredInvoiceFacts;
  /** The buyer when the invoice kept none (issued before the snapshot): the client now. */
  client: BuyerFacts;
  /** What was paid on it (cents; its statement balance), 0 when unknown. */
  paidCents?: number;
  /** The terms printed (documentTermsText), or null. */
  paymentTerms: string | null;
}

/** What eInvoiceOf makes a credit note (typeCode 381) from: the ledger's credit note and the invoice it corrects. */
export interface CreditNoteEInvoiceSource {
  kind: 'credit-note';
  number: string;
  /** What it credits, cents (> 0). */
  amountCents: number;
  issuedAt: Date;
  reason: string | null;
  /** The invoice it corrects (creditNoteReference's number and issue date), and that invoice's stored facts when read. */
  corrects: { number: string | null; issuedAt: Date | null; doc: StoredInvoiceFacts | null };
  client: BuyerFacts;
}

/**
 * The lines of a credit note of `amountCents` (tax included) against an
 * invoice of `inv` totals, each line with the invoice's VAT category, so a
 * refund of a reverse-charged invoice is reverse-charged too:
 * - all of it: the invoice's lines;
 * - part of one at 0% (or of an unknown invoice: O): one line of the amount;
 * - part of one with tax: one line at the invoice's highest standard rate whose net plus its tax
 *   (taxOnTaxable, the one rounding rule) makes the amount; where no net does (a rate skips some totals by
 *   a cent), the net one cent below and a 0.01 zero-rated (Z) "Rounding" line.
 */
function creditNoteLines(inv: InvoiceLineTotals | null, amountCents: number, description: string): InvoiceLine[] {
  const one = (cents: number, taxRateBps: number, taxCategory: VatCategory, text = description): InvoiceLine => ({
    description: text,
    quantityMilli: 1000,
    unit: 'C62',
    unitPriceCents: cents,
    taxRateBps,
    taxCategory,
  });
  if (inv && inv.totalCents === amountCents) return inv.lines.map(({ netCents: _n, ...l }) => l);
  const taxed = inv?.breakdown.find((r) => r.category === 'S' && r.rateBps > 0);
  if (!taxed) return [one(amountCents, 0, inv?.breakdown[0]?.category ?? 'O')];
  const rate = taxed.rateBps;
  const guess = Math.round((amountCents * 10_000) / (10_000 + rate));
  for (const net of [guess, guess - 1, guess + 1, guess - 2, guess + 2])
    if (net > 0 && net + taxOnTaxable(net, rate) === amountCents) return [one(net, rate, 'S')];
  let net = guess;
  while (net > 1 && net + taxOnTaxable(net, rate) >= amountCents) net -= 1;
  const rest = amountCents - net - taxOnTaxable(net, rate);
  return [one(net, rate, 'S'), one(rest, 0, 'Z', 'Rounding')];
}

/**
 * The EN 16931 document of an invoice, payment request or credit note
 * (eInvoice.ts EInvoice): the facts its PDF prints and its e-invoice
 * states. Pure.
 * - invoice or request (380): its stored lines (or its single amount as one
 *   line, linesFromStoredInvoice), the seller and buyer it was issued with
 *   (else the studio's settings and the client's billing fields now), its
 *   supply date and tax note, what was paid and what is due;
 * - credit note (381): the invoice it corrects (BG-3, precedingInvoice),
 *   lines in that invoice's VAT category (creditNoteLines), its parties and
 *   tax note; the refund it records is paid, so nothing is due.
 * Dates are days on the studio's clock (settings timeZone). Currency USD.
 */
export function eInvoiceOf(studio: StudioSettings, src: InvoiceEInvoiceSource | CreditNoteEInvoiceSource): EInvoice {
  const tz = studio.timeZone;
  if (src.kind === 'invoice') {
    const totals = storedInvoiceTotals(src.doc);
    const paidCents = Math.min(Math.max(src.paidCents ?? 0, 0), totals.totalCents);
    return {
      typeCode: 380,
      number: src.number,
      issueDate: isoDay(src.issuedAt, tz),
      dueDate: src.dueDate ? isoDay(src.dueDate, tz) : null,
      supplyDate: src.doc.supplyDate ?? null,
      currency: 'USD',
      seller: src.doc.seller ?? sellerOf(studio),
      buyer: src.doc.buyer ?? buyerOf(src.client),
      totals,
      taxNote: src.doc.taxNote ?? null,
      paidCents,
      dueCents: totals.totalCents - paidCents,
      paymentTerms: src.paymentTerms,
      precedingInvoice: null,
    };
  }
  const inv = src.corrects.doc;
  const what = src.corrects.number ? `Refund on ${src.corrects.number}` : 'Refund';
  const totals = invoiceLineTotals(
    creditNoteLines(
      inv ? storedInvoiceTotals(inv) : null,
      src.amountCents,
      src.reason ? `${what}: ${src.reason}` : what,
    ),
  );
  return {
    typeCode: 381,
    number: src.number,
    issueDate: isoDay(src.issuedAt, tz),
    dueDate: null,
    supplyDate: null,
    currency: 'USD',
    seller: inv?.seller ?? sellerOf(studio),
    buyer: inv?.buyer ?? buyerOf(src.client),
    totals,
    taxNote: inv?.taxNote ?? null,
    paidCents: totals.totalCents,
    dueCents: 0,
    paymentTerms: null,
    precedingInvoice: src.corrects.number
      ? { number: src.corrects.number, issueDate: src.corrects.issuedAt ? isoDay(src.corrects.issuedAt, tz) : null }
      : null,
  };
}

/** One line of the printed lines table, as text: description, quantity, unit, unit price, tax rate, net. */
export interface PrintedLine {
  description: string;
  /** "1", "1.5", "12.25". */
  quantity: string;
  /** The unit's word (LINE_UNITS): "hour", "day", "unit". */
  unit: string;
  /** formatUsd of the unit price. */
  unitPrice: string;
  /** "20%", "0%". */
  rate: string;
  /** formatUsd of the line's net amount. */
  net: string;
}

/** One row of the printed tax breakdown: "VAT (20%)" (or the category's name at 0%), its taxable amount and its tax. */
export interface PrintedTaxRow {
  label: string;
  taxable: string;
  tax: string;
}

/** What each VAT category is called on a printed invoice when its rate is 0%. */
export const VAT_CATEGORY_NAMES: Record<VatCategory, string> = {
  S: 'Standard rate',
  Z: 'Zero rated',
  E: 'Exempt',
  AE: 'Reverse charge',
  O: 'Not subject to tax',
};

/** "1.5" for 1500 thousandths: at most 3 decimals, none when whole. */
export const quantityText = (quantityMilli: number): string => String(Number((quantityMilli / 1000).toFixed(3)));

/**
 * The lines table and tax breakdown of `e` as printed text, amounts with
 * formatUsd (negative on a credit note, as its total prints), the tax named
 * `taxLabel` (settings: "VAT", "Sales tax").
 */
export function printedEInvoice(
  e: EInvoice,
  taxLabel: string,
): { lines: PrintedLine[]; taxes: PrintedTaxRow[]; net: string; tax: string } {
  const sign = e.typeCode === 381 ? -1 : 1;
  const usd = (c: number) => formatUsd(sign * c);
  return {
    lines: e.totals.lines.map((l) => ({
      description: l.description,
      quantity: quantityText(l.quantityMilli),
      unit: LINE_UNITS[l.unit],
      unitPrice: usd(l.unitPriceCents),
      rate: taxRateText(l.taxRateBps),
      net: usd(l.netCents),
    })),
    taxes: e.totals.breakdown.map((r) => ({
      label: r.category === 'S' ? `${taxLabel} (${taxRateText(r.rateBps)})` : `${VAT_CATEGORY_NAMES[r.category]} (0%)`,
      taxable: usd(r.taxableCents),
      tax: usd(r.taxCents),
    })),
    net: usd(e.totals.netCents),
    tax: usd(e.totals.taxCents),
  };
}
