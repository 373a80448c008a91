/**
 * The promo slice's typed store: `promo_codes/{CODE}` (domain
 * promoCodeDocSchema) as the admin's dialogs list, create, replace and delete
 * them. Reads parse (a list leaves out, and logs, a code that does not parse);
 * writes are checked with the schema first. Holds and redemptions belong to
 * the billing slice (features/billing/promo.ts).
 */
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { promoCodeDocSchema, promoRecordOf } from '@studio/domain';
import {
  checkedDoc,
  checkedUpdate,
  parsedDocs,
  type StoredWrite,
  type StoredUpdate,
} from '../../platform/converter.js';
import { promoCodesCol, readDoc } from '../billing/index.js';

/** A stored code as a PromoRecord with its timestamps (domain promoRecordOf). */
export type StoredPromo = ReturnType<typeof promoRecordOf>;

/** Every code, by code (a code that does not parse is left out and logged). */
export async function listPromoRecords(db: Firestore): Promise<Array<{ id: string; promo: StoredPromo }>> {
  const snap = await promoCodesCol(db).withConverter(null).orderBy('code').get();
  return parsedDocs(snap, promoCodeDocSchema, 'promo_codes').map(({ id, ...doc }) => ({
    id,
    promo: promoRecordOf(id, doc),
  }));
}

/** Code `id` (read in `tx` when given), or null. @throws ZodError (a logged 500) when it does not parse. */
export async function readPromoRecord(db: Firestore, id: string, tx?: Transaction): Promise<StoredPromo | null> {
  const doc = await readDoc(promoCodesCol(db).doc(id), tx);
  return doc ? promoRecordOf(id, doc) : null;
}

/** Creates code `id`, checked with promoCodeDocSchema. @throws Firestore ALREADY_EXISTS for a taken code. */
export async function createPromoDoc(
  db: Firestore,
  id: string,
  doc: StoredWrite<typeof promoCodeDocSchema>,
): Promise<void> {
  await promoCodesCol(db).doc(id).withConverter(null).create(checkedDoc(promoCodeDocSchema, doc));
}

/** Updates code `id` in `tx`, the plain fields checked with promoCodeDocSchema.partial(). */
export function updatePromoDoc(
  db: Firestore,
  tx: Transaction,
  id: string,
  fields: StoredUpdate<typeof promoCodeDocSchema>,
): void {
  tx.update(promoCodesCol(db).doc(id).withConverter(null), checkedUpdate(promoCodeDocSchema, fields));
}

/** Whether code `id` exists, read in `tx` (unparsed: a code that no longer parses can still be deleted). */
export async function promoExists(db: Firestore, tx: Transaction, id: string): Promise<boolean> {
  return (await tx.get(promoCodesCol(db).doc(id).withConverter(null))).exists;
}

/** Deletes code `id` in `tx`. */
export function deletePromoDoc(db: Firestore, tx: Transaction, id: string): void {
  tx.delete(promoCodesCol(db).doc(id));
}
