/**
 * The money collections' typed refs (domain billing.ts, billingDocs.ts,
 * storedDocuments.ts): reads parse with the collection's zod schema
 * (zodConverter; lists through parsedDocs), writes are checked with it first
 * (checkedDoc for a full set/create, checkedUpdate for an update). Other
 * money slices (payments, promo, documents, client-data) read these
 * collections through the refs exported here (features/billing/index.ts).
 */
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  counterDocSchema,
  idempotencyKeyDocSchema,
  invoiceDocSchema,
  ledgerEntryDocSchema,
  ledgerMonthDocSchema,
  orderDocSchema,
  paymentDocSchema,
  paymentRequestDocSchema,
  promoCodeDocSchema,
  promoCustomerDocSchema,
  stripeEventDocSchema,
  subscriptionDocSchema,
} from '@studio/domain';
import { checkedDoc, checkedUpdate, parsedDocs, zodConverter } from '../../platform/converter.js';

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

/** `payments` (ids are PaymentIntent ids), read as PaymentDoc. */
export const paymentsCol = (db: Firestore) => db.collection(COLLECTIONS.payments).withConverter(paymentConverter);
/** `orders`, read as OrderDoc. */
export const ordersCol = (db: Firestore) => db.collection(COLLECTIONS.orders).withConverter(orderConverter);
/** `invoices`, read as InvoiceDoc. */
export const invoicesCol = (db: Firestore) => db.collection(COLLECTIONS.invoices).withConverter(invoiceConverter);
/** `payment_requests` (`{leadId}_{purpose}`), read as PaymentRequestDoc. */
export const paymentRequestsCol = (db: Firestore) =>
  db.collection(COLLECTIONS.paymentRequests).withConverter(paymentRequestConverter);
/** `idempotency_keys`, read as IdempotencyKeyDoc. */
export const idempotencyKeysCol = (db: Firestore) =>
  db.collection(COLLECTIONS.idempotencyKeys).withConverter(idempotencyKeyConverter);

/** `ledger_entries`, read as LedgerEntryDoc. */
export const ledgerEntriesCol = (db: Firestore) =>
  db.collection(COLLECTIONS.ledgerEntries).withConverter(ledgerEntryConverter);

/** `counters/{id}` (a number series' last number), read as CounterDoc. */
export const counterRef = (db: Firestore, id: string) =>
  db.collection(COLLECTIONS.counters).doc(id).withConverter(counterConverter);

/** Sets counter `ref` in `tx`, checked with counterDocSchema. */
export function writeCounter(tx: Transaction, ref: DocumentReference<unknown>, doc: Record<string, unknown>): void {
  tx.set(ref.withConverter(null), checkedDoc(counterDocSchema, doc));
}

/** `stripe_events/{eventId}`, read as StripeEventDoc. */
export const stripeEventRef = (db: Firestore, id: string) =>
  db.collection(COLLECTIONS.stripeEvents).doc(id).withConverter(stripeEventConverter);

/** Records a Stripe event in `tx` (create: a second copy fails ALREADY_EXISTS), checked with stripeEventDocSchema. */
export function createStripeEvent(
  tx: Transaction,
  ref: DocumentReference<unknown>,
  doc: Record<string, unknown>,
): void {
  tx.create(ref.withConverter(null), checkedDoc(stripeEventDocSchema, doc));
}

/** Updates invoice `ref` in `tx`, the plain fields checked with invoiceDocSchema.partial(). */
export function updateInvoiceDoc(
  tx: Transaction,
  ref: DocumentReference<unknown>,
  fields: Record<string, unknown>,
): void {
  tx.update(ref.withConverter(null), checkedUpdate(invoiceDocSchema, fields));
}

/** Creates payment request `ref` in `tx`, checked with paymentRequestDocSchema. */
export function createPaymentRequestDoc(
  tx: Transaction,
  ref: DocumentReference<unknown>,
  doc: Record<string, unknown>,
) {
  tx.create(ref.withConverter(null), checkedDoc(paymentRequestDocSchema, doc));
}

/** Updates payment request `ref`, the plain fields checked with paymentRequestDocSchema.partial(). */
export async function updatePaymentRequestDoc(ref: DocumentReference<unknown>, fields: Record<string, unknown>) {
  await ref.withConverter(null).update(checkedUpdate(paymentRequestDocSchema, fields));
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
export function createOrderDoc(ref: DocumentReference<unknown>, doc: Record<string, unknown>, tx?: Transaction) {
  const checked = checkedDoc(orderDocSchema, doc);
  if (!tx) return ref.withConverter(null).create(checked);
  tx.create(ref.withConverter(null), checked);
  return Promise.resolve();
}

/** Updates order `ref` (in `tx` when given), the plain fields checked with orderDocSchema.partial() first. */
export function updateOrderDoc(ref: DocumentReference<unknown>, fields: Record<string, unknown>, tx?: Transaction) {
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

/** Subscription `id` (its order's id), parsed, or null when there is none. @throws ZodError when it does not parse. */
export async function subscriptionOf(db: Firestore, id: string) {
  const snap = await db.collection(COLLECTIONS.subscriptions).doc(id).withConverter(subscriptionConverter).get();
  return snap.data() ?? null;
}
