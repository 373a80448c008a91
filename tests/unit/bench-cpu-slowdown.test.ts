/**
 * The Lighthouse CPU slowdown the bench calibrates to its host
 * (bench/lib/cpu-slowdown.mjs): the points of Lighthouse's CPU throttling
 * calculator, linear between them, and no slowdown for a host too slow to
 * emulate the mobile preset.
 */
import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor } from '../../bench/lib/cpu-slowdown.mjs';

describe('Lighthouse CPU slowdown for a host', () => {
  it("meets the calculator's points: 1x at 150, 2x at 800, 3x at 1300, 4x near 1533, 6x at 2000", () => {
    expect(cpuSlowdownFor(150)).toBe(1);
    expect(cpuSlowdownFor(800)).toBe(2);
    expect(cpuSlowdownFor(1300)).toBe(3);
    expect(cpuSlowdownFor(1533)).toBeCloseTo(4, 2);
    expect(cpuSlowdownFor(2000)).toBeCloseTo(6, 1);
  });

  it('is linear between them and grows with the host', () => {
    expect(cpuSlowdownFor(1050)).toBeCloseTo(2.5, 5);
    const points = [150, 400, 799, 800, 1299, 1300, 1700, 2500];
    const slowdowns = points.map((bi) => cpuSlowdownFor(bi)!);
    for (let i = 1; i < slowdowns.length; i++) expect(slowdowns[i]!).toBeGreaterThanOrEqual(slowdowns[i - 1]!);
  });

  it('gives none for a host below 150 or a missing index', () => {
    expect(cpuSlowdownFor(149)).toBeNull();
    expect(cpuSlowdownFor(Number.NaN)).toBeNull();
  });
});
