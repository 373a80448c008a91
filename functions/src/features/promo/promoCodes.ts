/**
 * Promo codes, admin side (spec §2 "CRM dashboard" promo dialogs). Stored as
 * promo_codes/{CODE} with money and fixed discounts in cents; replies are
 * PromoDto (2-decimal strings). A route id that cannot be a code is simply
 * not found.
 */
import { FieldValue, GrpcStatus, Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { PROMO_CODE_PATTERN, toPromoDto, type promoCreateSchema, type promoUpdateSchema } from '@studio/domain';
import { conflict, invalid, notFound } from '../../platform/errors.js';
import {
  createPromoDoc,
  deletePromoDoc,
  promoExists,
  listPromoRecords,
  readPromoRecord,
  updatePromoDoc,
} from './promoStore.js';
import type { Deps } from '../useCase.js';

const NOT_FOUND = 'Promo code not found';
const ts = (d: Date | null) => (d ? Timestamp.fromDate(d) : null);

/** The code a route id names (upper-cased). @throws NotFound for ids that cannot be codes. */
function promoIdOf(raw: string): string {
  const id = raw.toUpperCase();
  if (!PROMO_CODE_PATTERN.test(id)) throw notFound(NOT_FOUND);
  return id;
}

/** Code `id` as the admin sees it. @throws NotFound when it is gone. */
async function promoDto(deps: Deps, id: string) {
  const promo = await readPromoRecord(deps.db, id);
  if (!promo) throw notFound(NOT_FOUND);
  return toPromoDto(id, promo);
}

/** Every code, by code. */
export async function listPromos(deps: Deps) {
  return (await listPromoRecords(deps.db)).map(({ id, promo }) => toPromoDto(id, promo));
}

/** A new code. The code is the document id, so a duplicate is refused atomically. @throws Conflict "Promo code already exists". */
export async function createPromo(deps: Deps, p: z.output<typeof promoCreateSchema>) {
  const now = FieldValue.serverTimestamp();
  try {
    await createPromoDoc(deps.db, p.code, {
      code: p.code,
      discountType: p.discountType,
      discountValue: p.discountValue,
      minOrderAmountCents: p.minOrderAmountCents,
      maxDiscountAmountCents: p.maxDiscountAmountCents,
      usageLimit: p.usageLimit,
      usedCount: 0,
      isActive: p.isActive,
      onePerCustomer: p.onePerCustomer,
      validFrom: ts(p.validFrom),
      validUntil: ts(p.validUntil),
      createdAt: now,
      updatedAt: now,
    });
  } catch (e) {
    if ((e as { code?: unknown }).code === GrpcStatus.ALREADY_EXISTS) throw conflict('Promo code already exists');
    throw e;
  }
  return promoDto(deps, p.code);
}

/**
 * Replaces the terms of code `id`; the code cannot change; usedCount is kept.
 * @throws NotFound; Invalid a changed code, or validUntil not after validFrom.
 */
export async function updatePromo(deps: Deps, input: { id: string; update: z.output<typeof promoUpdateSchema> }) {
  const id = promoIdOf(input.id);
  const p = input.update;
  if (p.code !== undefined && p.code !== id)
    throw invalid('Validation failed', { code: 'The code of an existing promo code cannot be changed' });
  await deps.db.runTransaction(async (tx) => {
    const stored = await readPromoRecord(deps.db, id, tx);
    if (!stored) throw notFound(NOT_FOUND);
    const validFrom = p.validFrom ?? stored.validFrom;
    if (p.validUntil && p.validUntil.getTime() <= validFrom.getTime())
      throw invalid('Validation failed', { validUntil: 'Valid until must be after valid from' });
    updatePromoDoc(deps.db, tx, id, {
      discountType: p.discountType,
      discountValue: p.discountValue,
      minOrderAmountCents: p.minOrderAmountCents,
      maxDiscountAmountCents: p.maxDiscountAmountCents,
      usageLimit: p.usageLimit,
      validUntil: ts(p.validUntil),
      ...(p.isActive !== undefined ? { isActive: p.isActive } : {}),
      ...(p.onePerCustomer !== undefined ? { onePerCustomer: p.onePerCustomer } : {}),
      ...(p.validFrom ? { validFrom: ts(p.validFrom) } : {}),
      updatedAt: FieldValue.serverTimestamp(),
    });
  });
  return promoDto(deps, id);
}

/** Deletes code `id`; orders keep the code as text. @throws NotFound. */
export async function deletePromo(deps: Deps, input: { id: string }): Promise<void> {
  const id = promoIdOf(input.id);
  await deps.db.runTransaction(async (tx) => {
    if (!(await promoExists(deps.db, tx, id))) throw notFound(NOT_FOUND);
    deletePromoDoc(deps.db, tx, id);
  });
}

/** Validates the route id before the body (an impossible code is 404 whatever the body). */
export const checkPromoId = (id: string) => void promoIdOf(id);
