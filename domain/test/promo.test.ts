import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../src/schemas.js';
import {
  checkPromo,
  describePromo,
  parseDiscountValue,
  promoCreateSchema,
  promoDiscountCents,
  promoUpdateSchema,
  PROMO_MESSAGES,
  toPromoDto,
  type PromoRecord,
} from '../src/promo.js';
import { DAY_MS } from '../src/index.js';

const FROM = new Date('2026-01-01T00:00:00.000Z');
const UNTIL = new Date('2026-02-01T00:00:00.000Z');
const ms = (d: Date, delta: number) => new Date(d.getTime() + delta);

function promo(over: Partial<PromoRecord> = {}): PromoRecord {
  return {
    code: 'TEST10',
    discountType: 'percentage',
    discountValue: 10,
    minOrderAmountCents: null,
    maxDiscountAmountCents: null,
    usageLimit: null,
    usedCount: 0,
    isActive: true,
    validFrom: FROM,
    validUntil: UNTIL,
    ...over,
  };
}

describe('checkPromo', () => {
  const mid = new Date('2026-01-15T12:00:00.000Z');
  const cases: Array<
    [string, Partial<PromoRecord>, number, Date, { ok: true; discountCents: number } | { ok: false; reason: string }]
  > = [
    ['10% of $500', {}, 50_000, mid, { ok: true, discountCents: 5_000 }],
    ['percent rounds half-up to cents', { discountValue: 15 }, 1_299, mid, { ok: true, discountCents: 195 }],
    [
      'fixed amount in cents',
      { discountType: 'fixed', discountValue: 2_500 },
      50_000,
      mid,
      { ok: true, discountCents: 2_500 },
    ],
    [
      'fixed never above the order',
      { discountType: 'fixed', discountValue: 90_000 },
      50_000,
      mid,
      { ok: true, discountCents: 50_000 },
    ],
    ['100% is the whole order', { discountValue: 100 }, 50_000, mid, { ok: true, discountCents: 50_000 }],
    [
      'capped by the maximum discount',
      { discountValue: 50, maxDiscountAmountCents: 10_000 },
      50_000,
      mid,
      { ok: true, discountCents: 10_000 },
    ],
    [
      'cap above the discount changes nothing',
      { maxDiscountAmountCents: 90_000 },
      50_000,
      mid,
      { ok: true, discountCents: 5_000 },
    ],
    ['inactive', { isActive: false }, 50_000, mid, { ok: false, reason: 'inactive' }],
    ['inactive wins over expired', { isActive: false }, 50_000, ms(UNTIL, 1), { ok: false, reason: 'inactive' }],
    ['1 ms before validFrom: not yet valid', {}, 50_000, ms(FROM, -1), { ok: false, reason: 'not_yet_valid' }],
    ['exactly validFrom: valid', {}, 50_000, FROM, { ok: true, discountCents: 5_000 }],
    ['1 ms before validUntil: valid', {}, 50_000, ms(UNTIL, -1), { ok: true, discountCents: 5_000 }],
    ['exactly validUntil: expired', {}, 50_000, UNTIL, { ok: false, reason: 'expired' }],
    ['after validUntil: expired', {}, 50_000, ms(UNTIL, DAY_MS), { ok: false, reason: 'expired' }],
    [
      'no validUntil: never expires',
      { validUntil: null },
      50_000,
      new Date('2099-01-01T00:00:00Z'),
      { ok: true, discountCents: 5_000 },
    ],
    ['one use left', { usageLimit: 10, usedCount: 9 }, 50_000, mid, { ok: true, discountCents: 5_000 }],
    [
      'usage limit reached',
      { usageLimit: 10, usedCount: 10 },
      50_000,
      mid,
      { ok: false, reason: 'usage_limit_reached' },
    ],
    [
      'over the limit (limit lowered later)',
      { usageLimit: 5, usedCount: 8 },
      50_000,
      mid,
      { ok: false, reason: 'usage_limit_reached' },
    ],
    ['unlimited', { usageLimit: null, usedCount: 1_000_000 }, 50_000, mid, { ok: true, discountCents: 5_000 }],
    ['order exactly the minimum', { minOrderAmountCents: 50_000 }, 50_000, mid, { ok: true, discountCents: 5_000 }],
    [
      'order 1 cent below the minimum',
      { minOrderAmountCents: 50_001 },
      50_000,
      mid,
      { ok: false, reason: 'below_minimum' },
    ],
  ];

  it.each(cases)('%s', (_name, over, order, now, expected) => {
    const r = checkPromo(promo(over), order, now);
    expect(r).toMatchObject(expected);
    if (!r.ok) expect(r.message.length).toBeGreaterThan(0);
  });

  it('gives client-facing messages', () => {
    expect(checkPromo(promo({ usageLimit: 1, usedCount: 1 }), 50_000, FROM)).toEqual({
      ok: false,
      reason: 'usage_limit_reached',
      message: 'Promo code usage limit reached',
    });
    expect(checkPromo(promo({ isActive: false }), 50_000, FROM)).toMatchObject({ message: PROMO_MESSAGES.inactive });
    expect(checkPromo(promo(), 50_000, UNTIL)).toMatchObject({ message: 'This promo code has expired' });
    expect(checkPromo(promo(), 50_000, ms(FROM, -1))).toMatchObject({ message: 'This promo code is not valid yet' });
    expect(checkPromo(promo({ minOrderAmountCents: 100_000 }), 50_000, FROM)).toMatchObject({
      message: 'This promo code needs an order of at least $1,000.00',
    });
  });

  it('never gives a discount on an empty or invalid order', () => {
    expect(promoDiscountCents(promo({ discountType: 'fixed', discountValue: 500 }), 0)).toBe(0);
    expect(promoDiscountCents(promo(), -100)).toBe(0);
    expect(promoDiscountCents(promo(), 12.5)).toBe(0);
  });
});

describe('promoCreateSchema', () => {
  const base = {
    code: ' spring-25 ',
    discountType: 'percentage',
    discountValue: 10,
    validFrom: '2026-01-01T00:00:00.000Z',
  };
  const parse = (over: Record<string, unknown>) => promoCreateSchema.safeParse({ ...base, ...over });
  const errors = (over: Record<string, unknown>) => {
    const r = parse(over);
    return r.success ? {} : fieldErrors(r.error);
  };

  it('uppercases the code, defaults isActive, omits blank optionals as null', () => {
    const r = parse({ minOrderAmount: '', maxDiscountAmount: null, usageLimit: '' });
    expect(r.success && r.data).toEqual({
      code: 'SPRING-25',
      discountType: 'percentage',
      discountValue: 10,
      minOrderAmountCents: null,
      maxDiscountAmountCents: null,
      usageLimit: null,
      isActive: true,
      onePerCustomer: false,
      validFrom: new Date('2026-01-01T00:00:00.000Z'),
      validUntil: null,
    });
  });

  it('converts fixed dollars and the money fields to cents', () => {
    const r = parse({
      discountType: 'fixed',
      discountValue: '19.99',
      minOrderAmount: 100,
      maxDiscountAmount: '0.5',
      usageLimit: '25',
      isActive: false,
      validUntil: '2026-03-01T00:00:00+02:00',
    });
    expect(r.success && r.data).toMatchObject({
      discountValue: 1_999,
      minOrderAmountCents: 10_000,
      maxDiscountAmountCents: 50,
      usageLimit: 25,
      isActive: false,
      validUntil: new Date('2026-02-28T22:00:00.000Z'),
    });
  });

  it.each([
    [{ code: 'ab' }, 'code'],
    [{ code: 'A'.repeat(33) }, 'code'],
    [{ code: 'BAD CODE' }, 'code'],
    [{ code: 'a/b' }, 'code'],
    [{ code: undefined }, 'code'],
    [{ discountType: 'bogus' }, 'discountType'],
    [{ discountValue: undefined }, 'discountValue'],
    [{ discountValue: '' }, 'discountValue'],
    [{ discountValue: 0 }, 'discountValue'],
    [{ discountValue: 101 }, 'discountValue'],
    [{ discountValue: 10.5 }, 'discountValue'],
    [{ discountType: 'fixed', discountValue: 0 }, 'discountValue'],
    [{ discountType: 'fixed', discountValue: '1.234' }, 'discountValue'],
    [{ discountType: 'fixed', discountValue: -5 }, 'discountValue'],
    [{ minOrderAmount: -1 }, 'minOrderAmount'],
    [{ maxDiscountAmount: 0 }, 'maxDiscountAmount'],
    [{ usageLimit: 0 }, 'usageLimit'],
    [{ usageLimit: 2.5 }, 'usageLimit'],
    [{ usageLimit: 'ten' }, 'usageLimit'],
    [{ validFrom: undefined }, 'validFrom'],
    [{ validFrom: '2026-01-01' }, 'validFrom'],
    [{ validUntil: 'tomorrow' }, 'validUntil'],
    [{ validUntil: '2026-01-01T00:00:00.000Z' }, 'validUntil'],
    [{ validUntil: '2025-12-31T00:00:00.000Z' }, 'validUntil'],
    [{ usedCount: 3 }, 'usedCount'],
  ])('rejects %j on %s', (over, field) => {
    expect(errors(over)).toHaveProperty(field);
  });

  it('accepts the bounds', () => {
    expect(parse({ discountValue: 1 }).success).toBe(true);
    expect(parse({ discountValue: '100.00' }).success).toBe(true);
    expect(parse({ discountType: 'fixed', discountValue: 0.01 }).success).toBe(true);
    expect(parse({ code: 'ABC' }).success).toBe(true);
    expect(parse({ code: 'A'.repeat(32) }).success).toBe(true);
    expect(parse({ minOrderAmount: 0, usageLimit: 1 }).success).toBe(true);
  });
});

describe('promoUpdateSchema', () => {
  it('needs the discount, clears omitted optionals, keeps omitted isActive and validFrom', () => {
    const r = promoUpdateSchema.safeParse({ discountType: 'fixed', discountValue: 50 });
    expect(r.success && r.data).toEqual({
      code: undefined,
      discountType: 'fixed',
      discountValue: 5_000,
      minOrderAmountCents: null,
      maxDiscountAmountCents: null,
      usageLimit: null,
      validUntil: null,
      isActive: undefined,
      validFrom: undefined,
    });
    const bad = promoUpdateSchema.safeParse({});
    expect(bad.success ? {} : fieldErrors(bad.error)).toMatchObject({
      discountType: expect.any(String),
      discountValue: 'Discount value is required',
    });
  });

  it('checks validUntil against a given validFrom', () => {
    const r = promoUpdateSchema.safeParse({
      discountType: 'percentage',
      discountValue: 5,
      validFrom: '2026-05-01T00:00:00Z',
      validUntil: '2026-04-01T00:00:00Z',
    });
    expect(r.success ? {} : fieldErrors(r.error)).toEqual({ validUntil: 'Valid until must be after valid from' });
  });
});

describe('helpers', () => {
  it('parseDiscountValue', () => {
    expect(parseDiscountValue('percentage', '10.00')).toEqual({ value: 10 });
    expect(parseDiscountValue('fixed', 12.5)).toEqual({ value: 1_250 });
    expect(parseDiscountValue('fixed', '')).toHaveProperty('error');
  });

  it('toPromoDto shows 2-decimal strings and ISO dates', () => {
    expect(
      toPromoDto(
        'X',
        promo({
          discountType: 'fixed',
          discountValue: 5_000,
          minOrderAmountCents: 10_000,
          usageLimit: 20,
          usedCount: 3,
        }),
      ),
    ).toEqual({
      id: 'X',
      code: 'TEST10',
      discountType: 'fixed',
      discountValue: '50.00',
      minOrderAmount: '100.00',
      maxDiscountAmount: null,
      usageLimit: 20,
      usedCount: 3,
      reservedCount: 0,
      onePerCustomer: false,
      isActive: true,
      validFrom: '2026-01-01T00:00:00.000Z',
      validUntil: '2026-02-01T00:00:00.000Z',
      createdAt: null,
      updatedAt: null,
    });
    expect(toPromoDto('Y', promo()).discountValue).toBe('10.00');
  });

  it('describePromo', () => {
    expect(describePromo(promo())).toBe('10% off');
    expect(describePromo(promo({ maxDiscountAmountCents: 2_000 }))).toBe('10% off (up to $20.00)');
    expect(describePromo(promo({ discountType: 'fixed', discountValue: 5_000 }))).toBe('$50.00 off');
  });
});
