import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { centsToString, formatUsd, optionalCentsToString, parseAmountToCents } from '../src/index.js';

describe('centsToString', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [100, '1.00'],
    [123450, '1234.50'],
    [-250, '-2.50'],
  ])('%i cents → %s', (cents, text) => expect(centsToString(cents)).toBe(text));

  it('rejects fractional cents', () => expect(() => centsToString(1.5)).toThrow(RangeError));
  it('keeps absent amounts absent', () => expect(optionalCentsToString(null)).toBeNull());
});

describe('parseAmountToCents', () => {
  it.each([
    ['12', 1200],
    ['12.3', 1230],
    ['12.34', 1234],
    [' 0.01 ', 1],
  ])('%s → %i', (text, cents) => expect(parseAmountToCents(text)).toBe(cents));

  it.each(['', '-1', '1.234', 'abc', '1e3', '12.'])('rejects %j', (text) =>
    expect(parseAmountToCents(text)).toBeNull(),
  );

  it('round-trips with centsToString', () => {
    for (const cents of [0, 1, 99, 100, 101, 999_999_99]) expect(parseAmountToCents(centsToString(cents))).toBe(cents);
  });
});

describe('formatUsd', () => {
  const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

  it('groups and signs', () => expect(formatUsd(123450)).toBe('$1,234.50'));
  it.each([0, 5, -5, 99, 100, 100_000, 99_999_999, -123_456_789, 1e13, -1e13])(
    'writes %d cents as Intl does',
    (cents) => expect(formatUsd(cents)).toBe(intl.format(cents / 100)),
  );
  it('stays exact where dividing by 100 would not', () =>
    expect(formatUsd(Number.MAX_SAFE_INTEGER)).toBe('$90,071,992,547,409.91'));
  it('writes any integer amount as Intl does', () =>
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => formatUsd(cents) === intl.format(cents / 100)),
    ));
  it.each([0.5, 12.25, Number.NaN])('leaves %d (not whole cents) to Intl', (cents) =>
    expect(formatUsd(cents)).toBe(intl.format(cents / 100)),
  );
});
