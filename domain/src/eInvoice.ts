/**
 * An invoice or credit note as EN 16931 sees it: the facts every printed
 * invoice and its e-invoice (Factur-X / CII XML) are made from, in integer
 * cents and ISO dates, with the business terms (BT-n) each field carries.
 *
 * One source, two surfaces: the server builds one `EInvoice` from the stored
 * invoice, the studio settings and the client's billing fields; the PDF prints
 * it (functions documents/pdf) and the CII XML states it (functions
 * documents/einvoice). Neither recomputes a total: `totals` is
 * invoiceLines.ts invoiceLineTotals of `lines`, the one rounding rule.
 */
import type { InvoiceLineTotals } from './invoiceLines.js';

/** UNTDID 1001 document type (BT-3): 380 commercial invoice, 381 credit note. */
export type EInvoiceTypeCode = 380 | 381;

/** The seller (BG-4), from settings/studio's legal fields. */
export interface EInvoiceSeller {
  /** BT-27: the legal name, else the studio's trading name. */
  name: string;
  /** BT-35..BT-38 as one free-text address (lines separated by "\n"); null when not set. */
  address: string | null;
  /** BT-40: ISO 3166-1 alpha-2; null when not set (an e-invoice then cannot be made). */
  country: string | null;
  /** BT-31: the VAT id (EU canonical, e.g. "DE123456789"), when VAT-registered. */
  vatId: string | null;
  /** BT-32: another tax registration id (a US EIN, or a tax id when not VAT-registered). */
  taxRegistrationId: string | null;
  /** BT-43: the studio's email. */
  email: string | null;
}

/** The buyer (BG-7), from the client's billing fields on their lead. */
export interface EInvoiceBuyer {
  /** BT-44: the company billed, else the client's name. */
  name: string;
  /** The person, when a company is billed (BT-56 contact point). */
  contactName: string | null;
  address: string | null;
  /** BT-55: ISO alpha-2, or null when unknown. */
  country: string | null;
  /** BT-48: the buyer's VAT id (required for reverse charge). */
  vatId: string | null;
  /** BT-58: the client's email. */
  email: string | null;
}

/** An invoice or credit note, EN 16931's semantic model (the parts this studio issues). */
export interface EInvoice {
  typeCode: EInvoiceTypeCode;
  /** BT-1: INV-YYYY-NNNN or CN-YYYY-NNNN. */
  number: string;
  /** BT-2: YYYY-MM-DD on the studio's clock. */
  issueDate: string;
  /** BT-9: YYYY-MM-DD, or null (a credit note, or due on receipt). */
  dueDate: string | null;
  /** BT-72: the date of supply, YYYY-MM-DD; null when it is the issue date. */
  supplyDate: string | null;
  /** BT-5 and BT-6: one currency per studio for now. */
  currency: 'USD';
  seller: EInvoiceSeller;
  buyer: EInvoiceBuyer;
  /** The lines and their totals in cents (invoiceLineTotals); on a credit note the amounts are positive, as EN 16931 states a 381. */
  totals: InvoiceLineTotals;
  /** BT-120: the legal note of a 0% treatment (reverse charge, exempt, outside scope), else null. */
  taxNote: string | null;
  /** BT-113: what was paid before this document (cents, ≥ 0). */
  paidCents: number;
  /** BT-115: what is still owed (cents): totals.totalCents − paidCents. */
  dueCents: number;
  /** BT-20: the payment terms text, or null. */
  paymentTerms: string | null;
  /** BG-3: the invoice a credit note corrects (BT-25 number, BT-26 issue date). */
  precedingInvoice: { number: string; issueDate: string | null } | null;
}
