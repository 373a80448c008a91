/**
 * The cart's promo check (spec §2 "Cart", §7 POST /api/promo-codes/validate):
 * a code against the package's one-time price, at server time. Never redeems
 * or holds the code; the order does that (createOrder).
 */
import { findPackage, priceCart, type CartPrice, type PackageId } from '@studio/domain';
import { previewPromo, type PromoApplication } from '../billing/index.js';
import type { Clock, Deps } from '../useCase.js';

/** A code that applies: the code as stored, the one-time order it was checked against (cents), and the priced cart. */
export interface ValidatedPromo {
  applied: PromoApplication;
  orderCents: number;
  price: CartPrice;
}

/**
 * Checks `code` against `packageId`'s one-time price and prices the one-time
 * cart with it (domain priceCart).
 * @throws NotFound "Invalid promo code"; Conflict with checkPromo's message (expired, limit reached, …).
 */
export async function validatePromo(
  deps: Deps,
  input: { code: string; packageId: PackageId },
  clock: Clock,
): Promise<ValidatedPromo> {
  const now = clock();
  const orderCents = findPackage(input.packageId)!.oneTimePriceCents;
  const applied = await previewPromo(deps.db, input.code, orderCents, now);
  return { applied, orderCents, price: priceCart(input.packageId, 'onetime', applied.promo, now) };
}
