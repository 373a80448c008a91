/**
 * The money collections' typed refs (domain billing.ts, billingDocs.ts,
 * storedDocuments.ts): reads parse with the collection's zod schema
 * (zodConverter; lists through parsedDocs), writes are checked with it first
 * (checkedDoc for a full set/create, checkedUpdate for an update). Other
 * money slices (payments, promo, documents, client-data) read these
 * collections through the refs exported here (features/billing/index.ts).
 */
import {
  FieldPath,
  type CollectionReference,
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type QuerySnapshot,
  type SetOptions,
  type Transaction,
} from 'firebase-admin/firestore';
import type { z } from 'zod';
import {
  BILLABLE_COLLECTION,
  COLLECTIONS,
  counterDocSchema,
  idempotencyKeyDocSchema,
  invoiceDocSchema,
  ledgerEarlyEntriesDocSchema,
  ledgerEntryDocSchema,
  ledgerMonthDocSchema,
  ledgerMonths,
  ledgerSums,
  monthRange,
  ledgerSumsSchema,
  orderDocSchema,
  paymentDocSchema,
  paymentRequestDocSchema,
  PAYMENT_CURRENCY,
  promoCodeDocSchema,
  promoCustomerDocSchema,
  stripeEventDocSchema,
  subscriptionDocSchema,
  type BillableKind,
  type BilledDocumentFields,
  type InvoiceDoc,
  type LedgerEntryDoc,
  type LedgerEntryType,
  type LedgerSums,
  type OrderDoc,
  type PaymentDoc,
  type PaymentRequestDoc,
} from '@studio/domain';
import {
  checkedDoc,
  checkedUpdate,
  parsedDocs,
  zodConverter,
  type StoredWrite,
  type StoredUpdate,
} from '../../platform/converter.js';

export const paymentConverter = zodConverter(paymentDocSchema);
export const orderConverter = zodConverter(orderDocSchema);
export const invoiceConverter = zodConverter(invoiceDocSchema);
export const paymentRequestConverter = zodConverter(paymentRequestDocSchema);
export const subscriptionConverter = zodConverter(subscriptionDocSchema);
export const stripeEventConverter = zodConverter(stripeEventDocSchema);
export const idempotencyKeyConverter = zodConverter(idempotencyKeyDocSchema);
export const counterConverter = zodConverter(counterDocSchema);
export const promoCodeConverter = zodConverter(promoCodeDocSchema);
export const promoCustomerConverter = zodConverter(promoCustomerDocSchema);
export const ledgerEntryConverter = zodConverter(ledgerEntryDocSchema);
export const ledgerMonthConverter = zodConverter(ledgerMonthDocSchema);
export const ledgerEarlyEntriesConverter = zodConverter(ledgerEarlyEntriesDocSchema);

/** `ledger_early_entries/{requestId}`: the entries written for payment request `requestId` before it existed. */
export const earlyEntriesRef = (db: Firestore, requestId: string) =>
  db.collection(COLLECTIONS.ledgerEarlyEntries).doc(requestId).withConverter(ledgerEarlyEntriesConverter);

/** `payments` (ids are PaymentIntent ids), read as PaymentDoc. */
export const paymentsCol = (db: Firestore) => db.collection(COLLECTIONS.payments).withConverter(paymentConverter);
/** `orders`, read as OrderDoc. */
export const ordersCol = (db: Firestore) => db.collection(COLLECTIONS.orders).withConverter(orderConverter);
/** `invoices`, read as InvoiceDoc. */
export const invoicesCol = (db: Firestore) => db.collection(COLLECTIONS.invoices).withConverter(invoiceConverter);
/** `payment_requests` (`{leadId}_{purpose}`), read as PaymentRequestDoc. */
export const paymentRequestsCol = (db: Firestore) =>
  db.collection(COLLECTIONS.paymentRequests).withConverter(paymentRequestConverter);
/** A new `orders` document in `db`, not yet written. */
export const newOrderRef = (db: Firestore) => ordersCol(db).doc();
/** `payment_requests/{id}` (`{leadId}_{purpose}`), read as PaymentRequestDoc. */
export const paymentRequestRef = (db: Firestore, id: string) => paymentRequestsCol(db).doc(id);
/** `idempotency_keys`, read as IdempotencyKeyDoc. */
export const idempotencyKeysCol = (db: Firestore) =>
  db.collection(COLLECTIONS.idempotencyKeys).withConverter(idempotencyKeyConverter);

/** `ledger_entries`, read as LedgerEntryDoc. */
export const ledgerEntriesCol = (db: Firestore) =>
  db.collection(COLLECTIONS.ledgerEntries).withConverter(ledgerEntryConverter);

/** `ledger_entries/{id}`, read as LedgerEntryDoc. */
export const ledgerEntryRef = (db: Firestore, id: string) => ledgerEntriesCol(db).doc(id);

/** `counters/{id}` (a number series' last number), read as CounterDoc. */
export const counterRef = (db: Firestore, id: string) =>
  db.collection(COLLECTIONS.counters).doc(id).withConverter(counterConverter);

/** Sets counter `ref` in `tx`, checked with counterDocSchema. */
export function writeCounter(
  tx: Transaction,
  ref: DocumentReference<unknown>,
  doc: StoredWrite<typeof counterDocSchema>,
): void {
  tx.set(ref.withConverter(null), checkedDoc(counterDocSchema, doc));
}

/** `stripe_events/{eventId}`, read as StripeEventDoc. */
export const stripeEventRef = (db: Firestore, id: string) =>
  db.collection(COLLECTIONS.stripeEvents).doc(id).withConverter(stripeEventConverter);

/** Records a Stripe event in `tx` (create: a second copy fails ALREADY_EXISTS), checked with stripeEventDocSchema. */
export function createStripeEvent(
  tx: Transaction,
  ref: DocumentReference<unknown>,
  doc: StoredWrite<typeof stripeEventDocSchema>,
): void {
  tx.create(ref.withConverter(null), checkedDoc(stripeEventDocSchema, doc));
}

/** Updates invoice `ref` in `tx`, the plain fields checked with invoiceDocSchema.partial(). */
export function updateInvoiceDoc(
  tx: Transaction,
  ref: DocumentReference<unknown>,
  fields: StoredUpdate<typeof invoiceDocSchema>,
): void {
  tx.update(ref.withConverter(null), checkedUpdate(invoiceDocSchema, fields));
}

/** Creates payment request `ref` in `tx`, checked with paymentRequestDocSchema. */
export function createPaymentRequestDoc(
  tx: Transaction,
  ref: DocumentReference<unknown>,
  doc: StoredWrite<typeof paymentRequestDocSchema>,
) {
  tx.create(ref.withConverter(null), checkedDoc(paymentRequestDocSchema, doc));
}

/** Updates payment request `ref`, the plain fields checked with paymentRequestDocSchema.partial(). */
export async function updatePaymentRequestDoc(
  ref: DocumentReference<unknown>,
  fields: StoredUpdate<typeof paymentRequestDocSchema>,
  tx?: Transaction,
): Promise<void> {
  const checked = checkedUpdate(paymentRequestDocSchema, fields);
  if (tx) tx.update(ref.withConverter(null), checked);
  else await ref.withConverter(null).update(checked);
}

/** Whether `ref` exists (read in `tx` when given), without parsing it. */
export async function docExists(ref: DocumentReference<unknown>, tx?: Transaction): Promise<boolean> {
  return (tx ? await tx.get(ref) : await ref.get()).exists;
}

/** The parsed document at `ref` (read in `tx` when given), or null when there is none. @throws ZodError when it does not parse. */
export async function readDoc<T>(ref: DocumentReference<T>, tx?: Transaction): Promise<T | null> {
  const snap = tx ? await tx.get(ref) : await ref.get();
  return snap.data() ?? null;
}

/**
 * Creates order `ref` (in `tx` when given), checked with orderDocSchema first.
 * @throws ZodError at once (not through the promise) when the document does not match.
 */
export function createOrderDoc(
  ref: DocumentReference<unknown>,
  // Untyped for now: orderDoc's paymentMode can be "unconfigured", which orderDocSchema does not allow.
  doc: Record<string, unknown>,
  tx?: Transaction,
) {
  const checked = checkedDoc(orderDocSchema, doc);
  if (!tx) return ref.withConverter(null).create(checked);
  tx.create(ref.withConverter(null), checked);
  return Promise.resolve();
}

/** Updates order `ref` (in `tx` when given), the plain fields checked with orderDocSchema.partial() first. */
export function updateOrderDoc(
  ref: DocumentReference<unknown>,
  fields: StoredUpdate<typeof orderDocSchema>,
  tx?: Transaction,
) {
  const checked = checkedUpdate(orderDocSchema, fields);
  if (!tx) return ref.withConverter(null).update(checked);
  tx.update(ref.withConverter(null), checked);
  return Promise.resolve();
}

/** `promo_codes`, read as PromoCodeDoc (the id is the code). */
export const promoCodesCol = (db: Firestore) => db.collection(COLLECTIONS.promoCodes).withConverter(promoCodeConverter);

/** The most subscriptions one address is shown (reads per request stay bounded). */
export const MAX_SUBSCRIPTIONS_PER_EMAIL = 50;

/**
 * The subscriptions of `email` (stored trimmed and lowercased, as given here), each parsed with its id; a
 * document that does not parse is left out and logged.
 */
export async function subscriptionsOfEmail(db: Firestore, email: string) {
  const snap = await db
    .collection(COLLECTIONS.subscriptions)
    .where('customerEmail', '==', email)
    .limit(MAX_SUBSCRIPTIONS_PER_EMAIL)
    .get();
  return parsedDocs(snap, subscriptionDocSchema, 'subscriptions of an email');
}

// ---------------------------------------------------------------------------
// Reads with their refs, for the use cases that write back what they read
// ---------------------------------------------------------------------------

/** A stored document as read: its ref (plain, for writes), id and parsed fields. */
export interface StoredRead<T> {
  ref: DocumentReference;
  id: string;
  doc: T;
}

/**
 * The document at typed `ref` (read in `tx` when given) parsed, with its plain ref and id; null when absent.
 * @throws ZodError when it does not parse.
 */
export async function readStored<T>(ref: DocumentReference<T>, tx?: Transaction): Promise<StoredRead<T> | null> {
  const snap = tx ? await tx.get(ref) : await ref.get();
  const doc = snap.data();
  return doc === undefined ? null : { ref: ref.withConverter(null), id: ref.id, doc };
}

/** The stored documents of a plain query's `snap`, each parsed with `schema`, or null when it does not parse. */
function docsOrNull<S extends z.ZodType<object>>(snap: QuerySnapshot, schema: S) {
  return snap.docs.map((d) => {
    const parsed = schema.safeParse(d.data());
    return { id: d.id, doc: parsed.success ? parsed.data : null };
  });
}

/** Firestore's cap on the values of one `in` filter. */
const IN_CHUNK = 30;

/**
 * The admin invoices and payment requests of `leadIds` (one `in` query per 30
 * ids and collection), each parsed (a document that does not parse is left
 * out, logged): what a client's or a project's account statement reads.
 */
export async function billedDocumentsOfLeads(
  db: Firestore,
  leadIds: readonly string[],
): Promise<Array<BilledDocumentFields & { id: string }>> {
  const out: Array<BilledDocumentFields & { id: string }> = [];
  for (let i = 0; i < leadIds.length; i += IN_CHUNK) {
    const ids = leadIds.slice(i, i + IN_CHUNK);
    const [invoices, requests] = await Promise.all([
      db.collection(COLLECTIONS.invoices).where('leadId', 'in', ids).get(),
      db.collection(COLLECTIONS.paymentRequests).where('leadId', 'in', ids).get(),
    ]);
    out.push(...parsedDocs(invoices, invoiceDocSchema, 'statement: invoice'));
    out.push(...parsedDocs(requests, paymentRequestDocSchema, 'statement: payment request'));
  }
  return out;
}

/**
 * The documents of `collection` whose `leadId` is one of `leadIds` (one `in` query per 30 ids, in turn), parsed with
 * `schema` (one that does not parse is left out, logged under `label`).
 */
async function ofLeads<S extends z.ZodType<object>>(
  collection: CollectionReference,
  schema: S,
  leadIds: readonly string[],
  label: string,
): Promise<Array<z.output<S> & { id: string }>> {
  const out: Array<z.output<S> & { id: string }> = [];
  for (let i = 0; i < leadIds.length; i += IN_CHUNK) {
    const snap = await collection.where('leadId', 'in', leadIds.slice(i, i + IN_CHUNK)).get();
    out.push(...parsedDocs(snap, schema, label));
  }
  return out;
}

/** The admin invoices of `leadIds`, each parsed with its id (see ofLeads). */
export const invoicesOfLeads = (db: Firestore, leadIds: readonly string[], label: string) =>
  ofLeads(db.collection(COLLECTIONS.invoices), invoiceDocSchema, leadIds, label);

/** The deposit and final payment requests of `leadIds`, each parsed with its id (see ofLeads). */
export const paymentRequestsOfLeads = (db: Firestore, leadIds: readonly string[], label: string) =>
  ofLeads(db.collection(COLLECTIONS.paymentRequests), paymentRequestDocSchema, leadIds, label);

/**
 * Invoice `id`: an admin invoice, else a payment request (both read at once), or null.
 * @throws ZodError (a logged 500) when the one found does not parse.
 */
export async function readInvoiceOrRequest(
  db: Firestore,
  id: string,
): Promise<{ kind: 'invoice'; doc: InvoiceDoc } | { kind: 'request'; doc: PaymentRequestDoc } | null> {
  const [inv, req] = await Promise.all([invoiceRef(db, id).get(), paymentRequestRef(db, id).get()]);
  const invoice = inv.data();
  if (invoice) return { kind: 'invoice', doc: invoice };
  const request = req.data();
  return request ? { kind: 'request', doc: request } : null;
}

/**
 * The open payment requests and open invoices (of `leadId` only, when given), each parsed with its id; one that
 * does not parse is left out, logged under `label` and the kind.
 */
export async function openRequestsAndInvoices(
  db: Firestore,
  label: string,
  leadId?: string,
): Promise<{ requests: Array<PaymentRequestDoc & { id: string }>; invoices: Array<InvoiceDoc & { id: string }> }> {
  const byLead = (q: Query) => (leadId ? q.where('leadId', '==', leadId) : q);
  const [requests, invoices] = await Promise.all([
    byLead(db.collection(COLLECTIONS.paymentRequests).where('status', '==', 'open')).get(),
    byLead(db.collection(COLLECTIONS.invoices).where('status', '==', 'open')).get(),
  ]);
  return {
    requests: parsedDocs(requests, paymentRequestDocSchema, `${label}: payment request`),
    invoices: parsedDocs(invoices, invoiceDocSchema, `${label}: invoice`),
  };
}

/**
 * Invoice or payment request `id` (`kind`), read in `tx` through invoiceDocSchema (the status and ledger sums both
 * keep); null when absent.
 * @throws ZodError when it does not parse.
 */
export async function readOpenStateIn(
  tx: Transaction,
  db: Firestore,
  kind: 'invoice' | 'request',
  id: string,
): Promise<InvoiceDoc | null> {
  return (
    (await tx.get(db.collection(BILLABLE_COLLECTION[kind]).doc(id).withConverter(invoiceConverter))).data() ?? null
  );
}

// payments -------------------------------------------------------------------

/**
 * Whether a succeeded payment names lead `leadId` (read in `tx`; only whether one exists: no payment is read). A
 * lead's board move asks it (features/leads moveFollowers.ts, passed in by app.ts).
 */
export async function paymentReceivedIn(db: Firestore, tx: Transaction, leadId: string): Promise<boolean> {
  const paid = await tx.get(paymentsCol(db).where('leadId', '==', leadId).where('status', '==', 'succeeded').limit(1));
  return !paid.empty;
}

/** `payments/{paymentIntentId}`, read as PaymentDoc. */
export const paymentRef = (db: Firestore, id: string) => paymentsCol(db).doc(id);

/**
 * Creates payment `id` (a PaymentIntent's record), checked with paymentDocSchema first.
 * @throws ZodError at once when the document does not match; the create's error (ALREADY_EXISTS) through the promise.
 */
export function createPaymentDoc(db: Firestore, id: string, doc: StoredWrite<typeof paymentDocSchema>) {
  return paymentRef(db, id).withConverter(null).create(checkedDoc(paymentDocSchema, doc));
}

/** Merges `fields` into payment `id` in `tx` (created when absent), checked with paymentDocSchema.partial(). */
export function mergePaymentIn(
  tx: Transaction,
  db: Firestore,
  id: string,
  fields: StoredUpdate<typeof paymentDocSchema>,
): void {
  tx.set(paymentRef(db, id).withConverter(null), checkedUpdate(paymentDocSchema, fields), { merge: true });
}

/** Updates the payment at `ref` in `tx`, the plain fields checked with paymentDocSchema.partial(). */
export function updatePaymentIn(
  tx: Transaction,
  ref: DocumentReference<unknown>,
  fields: StoredUpdate<typeof paymentDocSchema>,
) {
  tx.update(ref.withConverter(null), checkedUpdate(paymentDocSchema, fields));
}

/** The payments (PaymentIntents) of order `orderId`, parsed. @throws ZodError when one does not parse. */
export async function paymentsOfOrder(db: Firestore, orderId: string): Promise<Array<StoredRead<PaymentDoc>>> {
  const snap = await paymentsCol(db).where('orderId', '==', orderId).get();
  return snap.docs.map((d) => ({ ref: d.ref.withConverter(null), id: d.id, doc: d.data() }));
}

/** The succeeded payments, each parsed (doc null for one that does not parse: the books check lists it). */
export async function succeededPayments(db: Firestore) {
  const snap = await paymentsCol(db).withConverter(null).where('status', '==', 'succeeded').get();
  return docsOrNull(snap, paymentDocSchema);
}

// orders, invoices, payment requests ------------------------------------------

/** `orders/{id}`, read as OrderDoc. */
export const orderRef = (db: Firestore, id: string) => ordersCol(db).doc(id);
/** `invoices/{id}`, read as InvoiceDoc. */
export const invoiceRef = (db: Firestore, id: string) => invoicesCol(db).doc(id);

/**
 * The refs of the orders in one of `statuses` whose promo hold ends by `cutoff`, earliest first, at most `limit`
 * (the order expiry's candidates: each is re-read, parsed, in its own transaction).
 */
export async function ordersHoldingUntil(
  db: Firestore,
  statuses: readonly string[],
  cutoff: Date,
  limit: number,
): Promise<Array<{ id: string; ref: DocumentReference<OrderDoc> }>> {
  const snap = await ordersCol(db)
    .where('status', 'in', statuses)
    .where('promoReservedUntil', '<=', Timestamp.fromDate(cutoff))
    .orderBy('promoReservedUntil')
    .limit(limit)
    .get();
  return snap.docs.map((d) => ({ id: d.id, ref: d.ref }));
}

/**
 * What a billable document says of itself: its number, its customer (an invoice's or request's, an order's
 * buyer) and its currency (an order's own; invoices and requests are in PAYMENT_CURRENCY).
 */
export interface BillableSummary {
  number: string | null;
  email: string | null;
  name: string | null;
  currency: string;
}

/** The billable document `ref` read in `tx` (parsed), summarised; null when absent. @throws ZodError when it does not parse. */
export async function readBillableIn(
  tx: Transaction,
  db: Firestore,
  ref: { kind: BillableKind; id: string },
): Promise<BillableSummary | null> {
  const nonEmpty = (v: string | null | undefined) => (v ? v : null);
  if (ref.kind === 'order') {
    const order = await readDoc(orderRef(db, ref.id), tx);
    return order
      ? {
          number: null,
          email: nonEmpty(order.clientInfo.email),
          name: nonEmpty(order.clientInfo.name),
          currency: order.currency.toLowerCase(),
        }
      : null;
  }
  const doc = await readDoc(ref.kind === 'invoice' ? invoiceRef(db, ref.id) : paymentRequestsCol(db).doc(ref.id), tx);
  return doc
    ? {
        number: nonEmpty(doc.number),
        email: nonEmpty(doc.email),
        name: nonEmpty(doc.clientName),
        currency: PAYMENT_CURRENCY,
      }
    : null;
}

/**
 * What the books check reads of a billable document: what it bills (cents), its status, number, ledger sums and
 * currency (an order's own; invoices and requests are in PAYMENT_CURRENCY).
 */
export interface BillableBooks {
  totalCents: number;
  status: string;
  number: string | null;
  ledgerCents: LedgerSums;
  currency: string;
}

/** Every billable document of `kind`, each read for the books (doc null for one that does not parse). */
export async function listBillablesForBooks(db: Firestore, kind: BillableKind) {
  const snap = await db.collection(BILLABLE_COLLECTION[kind]).get();
  const books = (
    d: { status: string; ledgerCents: LedgerSums },
    totalCents: number,
    number: string | null,
    currency: string,
  ) => ({ totalCents, status: d.status, number, ledgerCents: d.ledgerCents, currency }) satisfies BillableBooks;
  if (kind === 'order')
    return docsOrNull(snap, orderDocSchema).map(({ id, doc }) => ({
      id,
      doc: doc ? books(doc, doc.totalDueNowCents, null, doc.currency.toLowerCase()) : null,
    }));
  return docsOrNull(snap, kind === 'invoice' ? invoiceDocSchema : paymentRequestDocSchema).map(({ id, doc }) => ({
    id,
    doc: doc ? books(doc, doc.amountCents, doc.number ?? null, PAYMENT_CURRENCY) : null,
  }));
}

// subscriptions ----------------------------------------------------------------

/** `subscriptions/{orderId}`, read as SubscriptionDoc. */
export const subscriptionRef = (db: Firestore, orderId: string) =>
  db.collection(COLLECTIONS.subscriptions).doc(orderId).withConverter(subscriptionConverter);

/** Sets subscription `orderId` in `tx`, checked with subscriptionDocSchema. */
export function setSubscriptionIn(
  tx: Transaction,
  db: Firestore,
  orderId: string,
  doc: StoredWrite<typeof subscriptionDocSchema>,
) {
  tx.set(subscriptionRef(db, orderId).withConverter(null), checkedDoc(subscriptionDocSchema, doc));
}

/** Updates the subscription at `ref` in `tx`, the plain fields checked with subscriptionDocSchema.partial(). */
export function updateSubscriptionIn(
  tx: Transaction,
  ref: DocumentReference<unknown>,
  fields: StoredUpdate<typeof subscriptionDocSchema>,
) {
  tx.update(ref.withConverter(null), checkedUpdate(subscriptionDocSchema, fields));
}

// ledger -------------------------------------------------------------------------

/** What a transaction and a write batch share, that an entry is written with. */
export interface LedgerWriter {
  create(ref: DocumentReference, data: DocumentData): unknown;
  set(ref: DocumentReference, data: DocumentData, options: SetOptions): unknown;
  update(ref: DocumentReference, field: FieldPath, value: unknown): unknown;
}

/**
 * Creates ledger entry `id` in `tx` (a second write of the same id fails the transaction) and adds it to month
 * `month`'s totals (`ledger_months`, merged increments), to `sums.document`'s `ledgerCents` by the entry's type
 * and to entry `sums.refundOf`'s `refundedCents` (updates: each must exist). @throws ZodError when the entry does
 * not match ledgerEntryDocSchema.
 */
export function writeLedgerEntryIn(
  tx: LedgerWriter,
  db: Firestore,
  id: string,
  doc: StoredWrite<typeof ledgerEntryDocSchema> & { type: LedgerEntryType; amountCents: number },
  month: { month: string; cashCents: number },
  sums: { document: { kind: BillableKind; id: string } | null; refundOf: string | null },
): void {
  tx.create(db.collection(COLLECTIONS.ledgerEntries).doc(id), checkedDoc(ledgerEntryDocSchema, doc));
  tx.set(
    db.collection(COLLECTIONS.ledgerMonths).doc(month.month),
    checkedUpdate(ledgerMonthDocSchema, {
      month: month.month,
      cashCents: FieldValue.increment(month.cashCents),
      entries: FieldValue.increment(1),
    }),
    { merge: true },
  );
  // Increments of a checked entry's positive cents: the sums stay what ledgerSumsSchema reads.
  const add = FieldValue.increment(doc.amountCents);
  if (sums.document)
    tx.update(
      db.collection(BILLABLE_COLLECTION[sums.document.kind]).doc(sums.document.id),
      new FieldPath('ledgerCents', doc.type),
      add,
    );
  if (sums.refundOf)
    tx.update(db.collection(COLLECTIONS.ledgerEntries).doc(sums.refundOf), new FieldPath('refundedCents'), add);
  // An entry of a payment request not issued yet (the writer read it missing in this transaction): named in the
  // request's early-entries document, which its issuing transaction reads by id. Either that transaction comes
  // first, and this one reads the request and keeps its sums, or it reads this entry's id there.
  if (!sums.document && doc.documentKind === 'request' && typeof doc.documentId === 'string' && doc.documentId)
    tx.set(
      db.collection(COLLECTIONS.ledgerEarlyEntries).doc(doc.documentId),
      checkedUpdate(ledgerEarlyEntriesDocSchema, { entryIds: FieldValue.arrayUnion(id) }),
      { merge: true },
    );
}

/** The entries a query of `ledger_entries` finds (in `tx` when given), parsed, with their ids. */
async function entriesFound(q: Query<LedgerEntryDoc>, tx?: Transaction) {
  const snap = tx ? await tx.get(q) : await q.get();
  return snap.docs.map((d) => ({ ...d.data(), id: d.id }));
}

/** The entries of one billable document, in `tx` when given (all reads before writes). @throws ZodError on an entry that does not parse. */
export function entriesOf(
  db: Firestore,
  ref: { kind: BillableKind; id: string },
  tx?: Transaction,
): Promise<Array<LedgerEntryDoc & { id: string }>> {
  return entriesFound(ledgerEntriesCol(db).where('documentKind', '==', ref.kind).where('documentId', '==', ref.id), tx);
}

/**
 * The entries written for payment request `requestId` before it was issued, read in `tx` by id: its
 * early-entries document (see writeLedgerEntryIn), then those entries, never a query over the whole ledger.
 * `early` is that document's snapshot when the caller already read it (with others, in one round trip).
 * @throws ZodError on an entry or an early-entries document that does not parse.
 */
export async function earlyEntriesOf(
  db: Firestore,
  requestId: string,
  tx: Transaction,
  early?: DocumentSnapshot<z.output<typeof ledgerEarlyEntriesDocSchema>>,
): Promise<Array<LedgerEntryDoc & { id: string }>> {
  const ids = (early ?? (await tx.get(earlyEntriesRef(db, requestId)))).data()?.entryIds ?? [];
  if (ids.length === 0) return [];
  const snaps = await tx.getAll(...ids.map((id) => ledgerEntriesCol(db).doc(id)));
  return snaps.flatMap((d) => {
    const data = d.data();
    return data ? [{ ...data, id: d.id }] : [];
  });
}

/**
 * Names document number `number` on ledger entry `id` written before its
 * document had one (a payment that reached the ledger before its payment
 * request was issued): the entry's label, not one of its money facts, so the
 * Money page and the CSV name the document the client's receipts name.
 */
export function nameEntryDocumentIn(tx: Transaction, db: Firestore, id: string, number: string): void {
  tx.update(
    ledgerEntriesCol(db).doc(id).withConverter(null),
    checkedUpdate(ledgerEntryDocSchema, { documentNumber: number }),
  );
}

/** The entries of one PaymentIntent, in `tx` when given. @throws ZodError on an entry that does not parse. */
export function entriesOfPayment(
  db: Firestore,
  paymentIntentId: string,
  tx?: Transaction,
): Promise<Array<LedgerEntryDoc & { id: string }>> {
  return entriesFound(ledgerEntriesCol(db).where('paymentIntentId', '==', paymentIntentId), tx);
}

/** Every ledger entry, parsed, with its id. @throws ZodError on an entry that does not parse. */
export function allLedgerEntries(db: Firestore): Promise<Array<LedgerEntryDoc & { id: string }>> {
  return entriesFound(ledgerEntriesCol(db));
}

/**
 * A sum kept beside the ledger: a billable document's `ledgerCents`, a payment
 * entry's `refundedCents`, or a UTC month's totals (`ledger_months/{YYYY-MM}`).
 */
export type KeptSum =
  { kind: BillableKind; id: string } | { entryId: string; paymentIntentId: string } | { month: string };

/** The entries dated in UTC month `month` ("YYYY-MM"), in `tx`. @throws ZodError on an entry that does not parse. */
function entriesOfMonth(db: Firestore, month: string, tx: Transaction) {
  const { start, end } = monthRange(month);
  return entriesFound(
    ledgerEntriesCol(db).where('at', '>=', Timestamp.fromDate(start)).where('at', '<', Timestamp.fromDate(end)),
    tx,
  );
}

/**
 * Sets kept sum `target` to what its entries add up to, read in the same
 * transaction (books:check --repair). A document or entry that is gone is left
 * alone; a month whose entries are gone is set to 0 cents in 0 entries (the
 * revenue figures skip it). The month's own document is read too, so an entry
 * written meanwhile either waits for the rewrite or makes it read again.
 */
export async function rewriteKeptSums(db: Firestore, target: KeptSum): Promise<void> {
  await db.runTransaction(async (tx) => {
    if ('month' in target) {
      const ref = db.collection(COLLECTIONS.ledgerMonths).doc(target.month);
      const [, entries] = await Promise.all([tx.get(ref), entriesOfMonth(db, target.month, tx)]);
      const [totals] = ledgerMonths(entries);
      tx.set(
        ref,
        checkedDoc(ledgerMonthDocSchema, {
          month: target.month,
          cashCents: totals?.cashCents ?? 0,
          entries: totals?.entries ?? 0,
        }),
      );
      return;
    }
    if ('entryId' in target) {
      const ref = db.collection(COLLECTIONS.ledgerEntries).doc(target.entryId);
      const [snap, entries] = await Promise.all([tx.get(ref), entriesOfPayment(db, target.paymentIntentId, tx)]);
      const refunded = ledgerSums(entries).refund ?? 0;
      if (snap.exists) tx.update(ref, checkedUpdate(ledgerEntryDocSchema, { refundedCents: refunded }));
      return;
    }
    const ref = db.collection(BILLABLE_COLLECTION[target.kind]).doc(target.id);
    const [snap, entries] = await Promise.all([tx.get(ref), entriesOf(db, target, tx)]);
    if (snap.exists) tx.update(ref, { ledgerCents: ledgerSumsSchema.parse(ledgerSums(entries)) });
  });
}

/** The stored month totals (`ledger_months`), each parsed (doc null for one that does not parse). */
export async function ledgerMonthTotals(db: Firestore) {
  return docsOrNull(await db.collection(COLLECTIONS.ledgerMonths).get(), ledgerMonthDocSchema);
}

// promo codes and their customers ------------------------------------------------

/** `promo_codes/{code}`, read as PromoCodeDoc. */
export const promoCodeRef = (db: Firestore, code: string) => promoCodesCol(db).doc(code);

/** `promo_codes/{code}/customers/{customerId}`, read as PromoCustomerDoc. */
export const promoCustomerRef = (db: Firestore, code: string, customerId: string) =>
  db
    .collection(COLLECTIONS.promoCodes)
    .doc(code)
    .collection(COLLECTIONS.promoCustomers)
    .doc(customerId)
    .withConverter(promoCustomerConverter);

/** Updates the promo code at `ref` in `tx`, the plain fields checked with promoCodeDocSchema.partial() (`holds.{id}` paths pass). */
export function updatePromoCodeIn(
  tx: Transaction,
  ref: DocumentReference<unknown>,
  fields: StoredUpdate<typeof promoCodeDocSchema>,
) {
  tx.update(ref.withConverter(null), checkedUpdate(promoCodeDocSchema, fields));
}

/** Sets a customer's use of a code at `ref` in `tx`, checked with promoCustomerDocSchema. */
export function setPromoCustomerIn(
  tx: Transaction,
  ref: DocumentReference<unknown>,
  doc: StoredWrite<typeof promoCustomerDocSchema>,
) {
  tx.set(ref.withConverter(null), checkedDoc(promoCustomerDocSchema, doc));
}

/** Deletes a customer's use of a code at `ref` in `tx` (its hold released). */
export function deletePromoCustomerIn(tx: Transaction, ref: DocumentReference<unknown>) {
  tx.delete(ref.withConverter(null));
}

/** Subscription `id` (its order's id), parsed, or null when there is none. @throws ZodError when it does not parse. */
export const subscriptionOf = (db: Firestore, id: string) => readDoc(subscriptionRef(db, id));
