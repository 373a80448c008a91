/**
 * The ledger (`ledger_entries`, domain billing.ts): entries are written
 * into the caller's transaction, once each (deterministic ids and `create`,
 * so a retried event cannot write a second one), and read back parsed
 * (billingStore.ts). Each write also adds the entry, in the same
 * transaction, to its month's totals (`ledger_months`, domain ledgerMonths),
 * to its document's sums by type (`ledgerCents`, domain ledgerSums) and, for
 * a refund, to its payment entry's `refundedCents`, so that the Money page
 * shows what is owed and what can be refunded without reading the ledger.
 * Amounts in cents.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { ledgerMonths, requestId, type BillableKind, type LedgerEntryType, type PaymentPurpose } from '@studio/domain';
import { writeLedgerEntryIn, type LedgerWriter } from './billingStore.js';

export { entriesOf, entriesOfPayment, type LedgerWriter } from './billingStore.js';

/** A billable document: an invoice, a payment request or an order. */
export interface BillableRef {
  kind: BillableKind;
  id: string;
}

/** What a new entry says (the store adds the time). */
export interface NewLedgerEntry {
  type: LedgerEntryType;
  amountCents: number;
  currency: string;
  document: BillableRef | null;
  documentNumber: string | null;
  number?: string | null;
  leadId: string | null;
  customerEmail: string | null;
  customerName: string | null;
  paymentIntentId: string | null;
  reference?: string | null;
  stripeEventId?: string | null;
  reason?: string | null;
  by: string;
  /**
   * Which running sums the write keeps (see recordLedgerEntry): `document`
   * when the entry's document exists, `paymentEntry` when a refund's payment
   * has its own entry. Say true only for what the caller read in the same
   * transaction: an update of a missing document fails the whole write.
   */
  keep: { document: boolean; paymentEntry: boolean };
}

/**
 * Writes entry `id`, dated `at` (default now), in `tx` (create: a second write
 * of the same id fails the transaction, so an entry is never written twice),
 * and adds it to its month's totals and, as `e.keep` says, to its document's
 * `ledgerCents` and its payment entry's `refundedCents` (increments: entries
 * written concurrently all count). A WriteBatch is accepted for the seed and
 * test fixtures. @throws ZodError on an entry that would not read back.
 */
export function recordLedgerEntry(
  db: Firestore,
  tx: LedgerWriter,
  id: string,
  e: NewLedgerEntry,
  at: Date = new Date(),
): void {
  const doc = {
    type: e.type,
    amountCents: e.amountCents,
    currency: e.currency.toLowerCase(),
    documentKind: e.document?.kind ?? null,
    documentId: e.document?.id ?? null,
    documentNumber: e.documentNumber,
    number: e.number ?? null,
    leadId: e.leadId,
    customerEmail: e.customerEmail ? e.customerEmail.trim().toLowerCase() : null,
    customerName: e.customerName,
    paymentIntentId: e.paymentIntentId,
    reference: e.reference ?? null,
    stripeEventId: e.stripeEventId ?? null,
    reason: e.reason ?? null,
    by: e.by,
    at: Timestamp.fromDate(at),
  };
  // The entry's own time, not the commit's: its month is known before the write.
  const [month] = ledgerMonths([{ type: e.type, amountCents: e.amountCents, at }]);
  writeLedgerEntryIn(tx, db, id, doc, month!, {
    document: e.keep.document ? e.document : null,
    refundOf:
      e.keep.paymentEntry && e.type === 'refund' && e.paymentIntentId ? paymentEntryId(e.paymentIntentId) : null,
  });
}

/** The document a payment pays, from its record ids: an invoice, the lead's deposit or final request, or an order. */
export function documentOfPayment(p: {
  purpose: PaymentPurpose | string | null;
  leadId: string | null;
  invoiceId: string | null;
  orderId: string | null;
}): BillableRef | null {
  if (p.invoiceId) return { kind: 'invoice', id: p.invoiceId };
  if (p.orderId) return { kind: 'order', id: p.orderId };
  if (p.leadId && (p.purpose === 'deposit' || p.purpose === 'final'))
    return { kind: 'request', id: requestId(p.leadId, p.purpose) };
  return null;
}

/** The id of a payment's own entry: one per PaymentIntent (or Stripe invoice). */
export const paymentEntryId = (paymentIntentId: string) => `payment-${paymentIntentId}`;
