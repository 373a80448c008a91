/**
 * The numbering retry's waits (invoiceNumbers.ts): short after an abort, spread over seconds after a
 * lock timeout (every contender aborted together), widening at each further one up to a cap.
 */
import { describe, expect, it } from 'vitest';
import { LOCK_TIMEOUT_SPREAD_MS, retryDelayMs } from './invoiceNumbers.js';

const highest = () => 1 - Number.EPSILON;

describe('retryDelayMs', () => {
  it('waits at most 250 ms after aborts, growing 10 ms per attempt', () => {
    expect(retryDelayMs(1, 0, highest)).toBeCloseTo(30);
    expect(retryDelayMs(10, 0, highest)).toBeCloseTo(120);
    expect(retryDelayMs(99, 0, highest)).toBeCloseTo(250);
  });

  it('spreads the next run over seconds after a lock timeout, doubling up to 8 s', () => {
    expect(retryDelayMs(1, 1, highest)).toBeCloseTo(LOCK_TIMEOUT_SPREAD_MS);
    expect(retryDelayMs(3, 2, highest)).toBeCloseTo(2 * LOCK_TIMEOUT_SPREAD_MS);
    expect(retryDelayMs(4, 3, highest)).toBeCloseTo(8_000);
    expect(retryDelayMs(9, 8, highest)).toBeCloseTo(8_000);
  });

  it('draws the wait anywhere from 0 to the window', () => {
    expect(retryDelayMs(5, 0, () => 0)).toBe(0);
    expect(retryDelayMs(5, 1, () => 0.5)).toBe(LOCK_TIMEOUT_SPREAD_MS / 2);
  });
});
