import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../src/random.js';

describe('mulberry32', () => {
  it('gives the reference sequence for a seed', () => {
    const next = mulberry32(1);
    expect([next(), next(), next()]).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
  });

  it('repeats for the same seed and takes the seed modulo 2^32', () => {
    const a = mulberry32(20240611);
    const b = mulberry32(20240611 + 2 ** 32);
    for (let i = 0; i < 100; i++) expect(a()).toBe(b());
  });

  it('stays in [0, 1)', () => {
    const next = mulberry32(42);
    for (let i = 0; i < 10_000; i++) {
      const x = next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });
});
