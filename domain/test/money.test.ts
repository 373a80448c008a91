import { describe, expect, it } from 'vitest';
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

  it.each(['', '-1', '1.234', 'abc', '1e3', '12.'])('rejects %j', (text) => expect(parseAmountToCents(text)).toBeNull());

  it('round-trips with centsToString', () => {
    for (const cents of [0, 1, 99, 100, 101, 999_999_99]) expect(parseAmountToCents(centsToString(cents))).toBe(cents);
  });
});

describe('formatUsd', () => {
  it('groups and signs', () => expect(formatUsd(123450)).toBe('$1,234.50'));
});
