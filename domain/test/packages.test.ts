import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../src/schemas.js';
import type { PromoRecord } from '../src/promo.js';
import {
  annualSavingCents,
  CART_PACKAGES,
  cartClientInfoSchema,
  createSubscriptionSchema,
  DEFAULT_PRICING_MODE,
  findPackage,
  PACKAGE_IDS,
  priceCart,
  promoValidateSchema,
  SETUP_FEE_CENTS,
} from '../src/packages.js';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const WELCOME10: PromoRecord = {
  code: 'WELCOME10',
  discountType: 'percentage',
  discountValue: 10,
  minOrderAmountCents: null,
  maxDiscountAmountCents: null,
  usageLimit: null,
  usedCount: 3,
  isActive: true,
  validFrom: new Date('2026-01-01T00:00:00.000Z'),
  validUntil: null,
};

describe('cart packages (spec §9)', () => {
  it.each([
    ['web-hosting', 'Web Fresh/Refresh + Hosting', 4_500, 45_000, 1_299, false, 9_000],
    ['maintenance-2hr', 'Plus 2hr Maintenance', 8_500, 92_500, 4_999, true, 9_500],
    ['maintenance-8hr', 'Plus 8hr Maintenance', 27_500, 317_500, 24_999, false, 12_500],
  ] as const)('%s: %s', (id, name, monthly, annual, hosting, popular, saving) => {
    const p = findPackage(id)!;
    expect(p).toMatchObject({
      name,
      monthlyPriceCents: monthly,
      annualPriceCents: annual,
      oneTimeHostingMonthlyCents: hosting,
      oneTimePriceCents: 50_000,
      popular,
    });
    expect(p.features.length).toBeGreaterThan(0);
    expect(annualSavingCents(p)).toBe(saving);
  });

  it('has three packages in order, one popular, default mode monthly', () => {
    expect(CART_PACKAGES.map((p) => p.id)).toEqual([...PACKAGE_IDS]);
    expect(CART_PACKAGES.filter((p) => p.popular).map((p) => p.name)).toEqual(['Plus 2hr Maintenance']);
    expect(DEFAULT_PRICING_MODE).toBe('monthly');
    expect(SETUP_FEE_CENTS).toBe(50_000);
    expect(findPackage('nope')).toBeUndefined();
  });
});

describe('priceCart', () => {
  it('one-time: setup fee plus the first month of hosting', () => {
    expect(priceCart('web-hosting', 'onetime', null, NOW)).toEqual({
      packageId: 'web-hosting',
      mode: 'onetime',
      setupFeeCents: 50_000,
      recurringCents: 1_299,
      interval: 'month',
      annualSavingCents: 9_000,
      discountCents: 0,
      totalDueNowCents: 51_299,
      promoApplied: false,
      promoRejection: null,
    });
  });

  it('monthly and annual waive the setup fee', () => {
    expect(priceCart('maintenance-2hr', 'monthly', null, NOW)).toMatchObject({
      setupFeeCents: 0,
      recurringCents: 8_500,
      interval: 'month',
      totalDueNowCents: 8_500,
      annualSavingCents: 9_500,
    });
    expect(priceCart('maintenance-8hr', 'annual', null, NOW)).toMatchObject({
      setupFeeCents: 0,
      recurringCents: 317_500,
      interval: 'year',
      totalDueNowCents: 317_500,
      annualSavingCents: 12_500,
    });
  });

  it('applies a promo to the setup fee in one-time mode only', () => {
    expect(priceCart('maintenance-2hr', 'onetime', WELCOME10, NOW)).toMatchObject({
      setupFeeCents: 50_000,
      discountCents: 5_000,
      totalDueNowCents: 45_000 + 4_999,
      promoApplied: true,
      promoRejection: null,
    });
    for (const mode of ['monthly', 'annual'] as const) {
      expect(priceCart('maintenance-2hr', mode, WELCOME10, NOW)).toMatchObject({
        discountCents: 0,
        promoApplied: false,
        promoRejection: null,
      });
    }
  });

  it('reports why a promo did not apply, and charges full price', () => {
    const r = priceCart('web-hosting', 'onetime', { ...WELCOME10, isActive: false }, NOW);
    expect(r).toMatchObject({
      discountCents: 0,
      promoApplied: false,
      totalDueNowCents: 51_299,
      promoRejection: { reason: 'inactive' },
    });
  });

  it('a fixed discount larger than the setup fee only zeroes the setup fee', () => {
    const r = priceCart('web-hosting', 'onetime', { ...WELCOME10, discountType: 'fixed', discountValue: 80_000 }, NOW);
    expect(r).toMatchObject({ discountCents: 50_000, totalDueNowCents: 1_299 });
  });

  it('throws on an unknown package', () => {
    expect(() => priceCart('gold', 'monthly')).toThrow(RangeError);
  });
});

describe('cart schemas', () => {
  const info = { name: ' Ada ', email: 'ADA@Example.com ', projectDescription: 'A new site' };

  it('client info: required fields, optional phone, strict', () => {
    expect(cartClientInfoSchema.parse(info)).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      phone: undefined,
      projectDescription: 'A new site',
    });
    const bad = cartClientInfoSchema.safeParse({ name: '', email: 'x', phone: '1'.repeat(41), extra: true });
    expect(bad.success ? {} : fieldErrors(bad.error)).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
      phone: 'Phone must be at most 40 characters',
      projectDescription: 'Project description is required',
      extra: 'Unknown field',
    });
    expect(cartClientInfoSchema.safeParse({ ...info, projectDescription: 'x'.repeat(5_001) }).success).toBe(false);
  });

  it('create-subscription: defaults to monthly, uppercases the code, blank code is none', () => {
    const plain = createSubscriptionSchema.parse({ packageId: 'web-hosting', clientInfo: info });
    expect(plain.pricingMode).toBe('monthly');
    expect(plain.discountCode).toBeUndefined();
    expect(
      createSubscriptionSchema.parse({
        packageId: 'web-hosting',
        pricingMode: 'onetime',
        discountCode: ' welcome10 ',
        clientInfo: info,
      }).discountCode,
    ).toBe('WELCOME10');
    expect(
      createSubscriptionSchema.parse({ packageId: 'web-hosting', discountCode: '  ', clientInfo: info }).discountCode,
    ).toBeUndefined();
  });

  it('create-subscription: rejects unknown packages, modes, malformed codes, client totals', () => {
    const r = createSubscriptionSchema.safeParse({
      packageId: 'gold',
      pricingMode: 'weekly',
      discountCode: 'a/b',
      clientInfo: {},
      totalDueNow: '1.00',
    });
    expect(r.success ? {} : fieldErrors(r.error)).toMatchObject({
      packageId: 'Choose one of the packages',
      pricingMode: expect.any(String),
      discountCode: 'Invalid promo code',
      'clientInfo.name': 'Name is required',
      totalDueNow: 'Unknown field',
    });
  });

  it('validate body', () => {
    expect(promoValidateSchema.parse({ code: 'welcome10', packageId: 'maintenance-8hr' })).toEqual({
      code: 'WELCOME10',
      packageId: 'maintenance-8hr',
    });
    expect(promoValidateSchema.safeParse({ code: '', packageId: 'web-hosting' }).success).toBe(false);
  });
});
