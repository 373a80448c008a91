/**
 * The payments slice's typed store: the lead an invoice bills (through the leads slice),
 * `invoices` (domain invoiceDocSchema), `idempotency_keys`
 * (idempotencyKeyDocSchema) and the `payments` record the test panel acts on
 * (paymentDocSchema). Reads parse; writes are checked with the schema first.
 */
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { idempotencyKeyDocSchema, invoiceDocSchema, type IdempotencyKeyDoc, type PaymentDoc } from '@studio/domain';
import { checkedDoc, type StoredWrite } from '../../platform/converter.js';
import { readLead as readLeadOf } from '../leads/index.js';
import { idempotencyKeysCol, invoicesCol, paymentsCol, readDoc } from '../billing/index.js';

/** The lead `id` (parsed), or null. @throws ZodError (a logged 500) when it does not parse. */
export const readLead = async (db: Firestore, id: string) => (await readLeadOf(db, id)) ?? null;

/** A new invoice's ref (its id chosen now, so the checkout link can name it). */
export const newInvoiceRef = (db: Firestore) => invoicesCol(db).doc();

/** The idempotency record of `id` (a hash of the admin, the route and the key). */
export const idempotencyKeyRef = (db: Firestore, id: string) => idempotencyKeysCol(db).doc(id);

/** The first answer stored under `ref`, read in `tx`, or null. */
export const readIdempotencyAnswer = (tx: Transaction, ref: DocumentReference<IdempotencyKeyDoc>) => readDoc(ref, tx);

/** Stores the first answer under `ref` in `tx` (checked with idempotencyKeyDocSchema). */
export function writeIdempotencyAnswer(
  tx: Transaction,
  ref: DocumentReference<IdempotencyKeyDoc>,
  doc: StoredWrite<typeof idempotencyKeyDocSchema>,
): void {
  tx.set(ref.withConverter(null), checkedDoc(idempotencyKeyDocSchema, doc));
}

/** Creates invoice `ref` in `tx` (checked with invoiceDocSchema). */
export function createInvoiceDoc(
  tx: Transaction,
  ref: DocumentReference<unknown>,
  doc: StoredWrite<typeof invoiceDocSchema>,
): void {
  tx.create(ref.withConverter(null), checkedDoc(invoiceDocSchema, doc));
}

/** `payments/{paymentIntentId}` (parsed) with its id, or null. */
export async function readPayment(
  db: Firestore,
  paymentIntentId: string,
): Promise<(PaymentDoc & { id: string }) | null> {
  const doc = await readDoc(paymentsCol(db).doc(paymentIntentId));
  return doc ? { ...doc, id: paymentIntentId } : null;
}
