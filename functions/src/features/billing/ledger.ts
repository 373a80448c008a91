/**
 * The ledger's store (`ledger_entries`, domain billing.ts): entries are
 * written into the caller's transaction, once each (deterministic ids and
 * `create`, so a retried event cannot write a second one), and read back
 * parsed. Each write also adds the entry to its month's totals
 * (`ledger_months`, domain ledgerMonths) in the same transaction. Amounts in
 * cents.
 */
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type Firestore,
  type SetOptions,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  BILLABLE_COLLECTION,
  COLLECTIONS,
  ledgerEntryDocSchema,
  ledgerMonths,
  requestId,
  type BillableKind,
  type LedgerEntryDoc,
  type LedgerEntryType,
  type PaymentPurpose,
} from '@studio/domain';
import { zodConverter } from '../../platform/converter.js';

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
}

const converter = zodConverter(ledgerEntryDocSchema);

/** What a transaction and a write batch share, that an entry is written with. */
export interface LedgerWriter {
  create(ref: DocumentReference, data: FirebaseFirestore.DocumentData): unknown;
  set(ref: DocumentReference, data: FirebaseFirestore.DocumentData, options: SetOptions): unknown;
}

/** The ledger collection, read parsed. */
export const ledgerEntries = (db: Firestore) => db.collection(COLLECTIONS.ledgerEntries).withConverter(converter);

/**
 * Writes entry `id`, dated `at` (default now), in `tx` (create: a second write
 * of the same id fails the transaction, so an entry is never written twice),
 * and adds it to its month's totals. A WriteBatch is accepted for the seed and
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
  ledgerEntryDocSchema.parse(doc);
  const [month] = ledgerMonths([{ type: e.type, amountCents: e.amountCents, at }]);
  // The entry's own time, not the commit's: its month is known before the write.
  tx.create(db.collection(COLLECTIONS.ledgerEntries).doc(id), doc);
  tx.set(
    db.collection(COLLECTIONS.ledgerMonths).doc(month!.month),
    {
      month: month!.month,
      cashCents: FieldValue.increment(month!.cashCents),
      entries: FieldValue.increment(1),
    },
    { merge: true },
  );
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

/** The stored document of `ref`. */
export const billableDoc = (db: Firestore, ref: BillableRef) =>
  db.collection(BILLABLE_COLLECTION[ref.kind]).doc(ref.id);

/** The entries of one document, in `tx` when given (all reads before writes). */
export async function entriesOf(
  db: Firestore,
  ref: BillableRef,
  tx?: Transaction,
): Promise<Array<LedgerEntryDoc & { id: string }>> {
  const q = ledgerEntries(db).where('documentKind', '==', ref.kind).where('documentId', '==', ref.id);
  const snap = tx ? await tx.get(q) : await q.get();
  return snap.docs.map((d) => ({ ...d.data(), id: d.id }));
}

/** The entries of one PaymentIntent, in `tx` when given. */
export async function entriesOfPayment(
  db: Firestore,
  paymentIntentId: string,
  tx?: Transaction,
): Promise<Array<LedgerEntryDoc & { id: string }>> {
  const q = ledgerEntries(db).where('paymentIntentId', '==', paymentIntentId);
  const snap = tx ? await tx.get(q) : await q.get();
  return snap.docs.map((d) => ({ ...d.data(), id: d.id }));
}

/** The id of a payment's own entry: one per PaymentIntent (or Stripe invoice). */
export const paymentEntryId = (paymentIntentId: string) => `payment-${paymentIntentId}`;
