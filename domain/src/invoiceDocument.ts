/**
 * What an invoice or receipt PDF says, as plain data (the server lays it out
 * with pdfkit, functions/src/features/documents/pdf/invoicePdf.ts). Amounts in the spec's
 * 2-decimal format ("1234.50", currency USD); dates as "November 25, 2026"
 * (UTC calendar days).
 */
import { taxRateText } from './billing.js';
import { centsToString } from './money.js';
import type { StudioSettings } from './settings.js';

export interface PdfLine {
  description: string;
  /** 2-decimal amount, e.g. "1234.50". */
  amount: string;
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
  /** Subtotal and tax before the total, when the document carries a tax (2-decimal amounts). */
  tax?: { subtotal: string; label: string; amount: string } | null;
  total: string;
  currency: 'USD';
  /** "Payment due within 14 days" / "Payment due on receipt"; null on a receipt. */
  paymentTerms: string | null;
  /** Absolute pay link (invoice); null on a receipt. */
  payLink: string | null;
  /** Receipt only: paid date and payment reference (the PaymentIntent id). */
  paid: { date: string; reference: string } | null;
  /** Receipt only: what was refunded of it since ("475.00"), or null. */
  refunded?: string | null;
  /** Credit note only: the number of the invoice it credits and the refund it records. */
  credits?: { number: string | null; reference: string | null } | null;
  /** Invoice only: VOID or UNCOLLECTIBLE for one closed without payment (no terms, no pay link then). */
  closedMark?: 'VOID' | 'UNCOLLECTIBLE' | null;
  footer: string | null;
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
  amountCents: number;
  issuedAt: Date;
  dueDate: Date | null;
  clientName: string | null;
  email: string | null;
  /** Relative checkout URL ("/checkout?..."). */
  checkoutUrl: string | null;
  /** The tax it carries (amountCents is the total), or null for none. */
  tax?: { subtotalCents: number; taxCents: number; rateBps: number; label: string } | null;
  /** Its stored status, when it is closed without payment (billing voidRefusal, writeOffOf). */
  closed?: 'void' | 'uncollectible' | null;
}

/** Who a document is for: the client's name, else their email, else "Client". */
function documentClient(c: { clientName: string | null; email: string | null }): InvoicePdfModel['client'] {
  return { name: c.clientName || c.email || 'Client', email: c.email };
}

/** The invoice model: studio details, client, number, dates, one line, total, terms and the absolute pay link (or its VOID / UNCOLLECTIBLE mark). */
export function invoiceModel(studio: StudioSettings, inv: InvoiceSource, siteUrl: string): InvoicePdfModel {
  const amount = centsToString(inv.amountCents);
  const tax = inv.tax
    ? {
        subtotal: centsToString(inv.tax.subtotalCents),
        label: `${inv.tax.label} (${taxRateText(inv.tax.rateBps)})`,
        amount: centsToString(inv.tax.taxCents),
      }
    : null;
  return {
    kind: 'invoice',
    title: 'Invoice',
    number: inv.number,
    studio,
    client: documentClient(inv),
    issueDate: formatDocumentDate(inv.issuedAt, studio.timeZone),
    dueDate: inv.dueDate ? formatDocumentDate(inv.dueDate, studio.timeZone) : null,
    lines: [{ description: inv.description, amount: tax ? tax.subtotal : amount }],
    tax,
    total: amount,
    currency: 'USD',
    paymentTerms: inv.closed
      ? null
      : documentTermsText(inv.issuedAt, inv.dueDate, studio.paymentTermsDays, studio.timeZone),
    payLink: inv.checkoutUrl && !inv.closed ? `${siteUrl}${inv.checkoutUrl}` : null,
    paid: null,
    closedMark: inv.closed === 'void' ? 'VOID' : inv.closed === 'uncollectible' ? 'UNCOLLECTIBLE' : null,
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
  const amount = centsToString(p.amountCents);
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
    currency: 'USD',
    paymentTerms: null,
    payLink: null,
    paid: { date, reference: p.paymentIntentId },
    refunded: p.refundedCents ? centsToString(p.refundedCents) : null,
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
  const amount = centsToString(c.amountCents);
  const what = c.creditsNumber ? `Refund on ${c.creditsNumber}` : 'Refund';
  return {
    kind: 'credit-note',
    title: 'Credit note',
    number: c.number,
    studio,
    client: documentClient(c),
    issueDate: formatDocumentDate(c.issuedAt, studio.timeZone),
    dueDate: null,
    lines: [{ description: c.reason ? `${what}: ${c.reason}` : what, amount: `-${amount}` }],
    total: `-${amount}`,
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
