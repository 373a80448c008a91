import { describe, expect, it } from 'vitest';
import {
  checkPromo,
  customerMayUsePromo,
  promoCreateSchema,
  promoCustomerKey,
  promoUpdateSchema,
  PROMO_CHECKOUT_EXPIRY_MARGIN_MS,
  PROMO_RESERVATION_MS,
  promoCheckoutExpired,
  heldPromoOrders,
  promoOverLimitBy,
  type PromoRecord,
} from '../src/promo.js';
import { ORDER_EXPIRY_EVERY_MINUTES } from '../src/constants.js';

const NOW = new Date('2026-06-01T12:00:00Z');
const promo = (over: Partial<PromoRecord> = {}): PromoRecord => ({
  code: 'SAVE10',
  discountType: 'percentage',
  discountValue: 10,
  minOrderAmountCents: null,
  maxDiscountAmountCents: null,
  usageLimit: 2,
  usedCount: 0,
  isActive: true,
  validFrom: new Date('2026-01-01T00:00:00Z'),
  validUntil: null,
  ...over,
});

describe('promo reservations', () => {
  it('holds last until released, whatever their time; a code can show how far over its limit it went', () => {
    expect(PROMO_RESERVATION_MS).toBe(30 * 60_000);
    const holds = {
      a: { expiresAtMs: NOW.getTime() + 1, customer: null },
      b: { expiresAtMs: NOW.getTime() - 60_000, customer: 'x' },
    };
    expect(heldPromoOrders(holds)).toEqual(['a', 'b']);
    expect(heldPromoOrders(undefined)).toEqual([]);
    expect(promoOverLimitBy({ usageLimit: 1, usedCount: 2 })).toBe(1);
    expect(promoOverLimitBy({ usageLimit: 1, usedCount: 1 })).toBe(0);
    expect(promoOverLimitBy({ usageLimit: null, usedCount: 9 })).toBe(0);
  });
  it('the limit counts paid redemptions plus active reservations', () => {
    expect(checkPromo(promo({ usedCount: 1, reservedCount: 0 }), 50_000, NOW)).toMatchObject({ ok: true });
    expect(checkPromo(promo({ usedCount: 1, reservedCount: 1 }), 50_000, NOW)).toMatchObject({
      ok: false,
      reason: 'usage_limit_reached',
    });
    expect(checkPromo(promo({ usedCount: 0, reservedCount: 2 }), 50_000, NOW)).toMatchObject({
      ok: false,
      reason: 'usage_limit_reached',
    });
    expect(checkPromo(promo({ usageLimit: null, reservedCount: 500 }), 50_000, NOW)).toMatchObject({ ok: true });
  });
  it('one use per customer, by normalized email', () => {
    expect(promoCustomerKey('  Ava@Example.COM ')).toBe('ava@example.com');
    expect(customerMayUsePromo({ onePerCustomer: true }, { redeemed: true, heldByOtherOrder: false })).toBe(false);
    expect(customerMayUsePromo({ onePerCustomer: true }, { redeemed: false, heldByOtherOrder: true })).toBe(false);
    expect(customerMayUsePromo({ onePerCustomer: true }, { redeemed: false, heldByOtherOrder: false })).toBe(true);
    expect(customerMayUsePromo({ onePerCustomer: false }, { redeemed: true, heldByOtherOrder: true })).toBe(true);
  });
  it('the setting is a boolean on create (default off) and kept when omitted on update', () => {
    const base = { code: 'ONCE', discountType: 'percentage', discountValue: 10, validFrom: '2026-01-01T00:00:00Z' };
    expect(promoCreateSchema.parse(base).onePerCustomer).toBe(false);
    expect(promoCreateSchema.parse({ ...base, onePerCustomer: true }).onePerCustomer).toBe(true);
    expect(promoCreateSchema.safeParse({ ...base, onePerCustomer: 'yes' }).success).toBe(false);
    expect(promoUpdateSchema.parse({ discountType: 'fixed', discountValue: '5' }).onePerCustomer).toBeUndefined();
  });
});

describe('promo checkout expiry', () => {
  it('expires an unpaid order 20 minutes in, two expiry runs before its hold lapses', () => {
    const reservedUntil = NOW.getTime() + PROMO_RESERVATION_MS;
    expect(PROMO_CHECKOUT_EXPIRY_MARGIN_MS).toBeGreaterThanOrEqual(2 * ORDER_EXPIRY_EVERY_MINUTES * 60_000);
    expect(PROMO_CHECKOUT_EXPIRY_MARGIN_MS).toBeLessThan(PROMO_RESERVATION_MS);
    expect(promoCheckoutExpired(reservedUntil, NOW.getTime())).toBe(false);
    expect(promoCheckoutExpired(reservedUntil, NOW.getTime() + 20 * 60_000 - 1)).toBe(false);
    expect(promoCheckoutExpired(reservedUntil, NOW.getTime() + 20 * 60_000)).toBe(true);
    expect(promoCheckoutExpired(reservedUntil, NOW.getTime() + 60 * 60_000)).toBe(true); // lapsed: expire it too
  });
});
