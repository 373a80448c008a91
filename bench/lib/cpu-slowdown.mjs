/**
 * Lighthouse's CPU slowdown, calibrated to the host (Lighthouse
 * docs/throttling.md, "Calibrating the CPU slowdown"): the mobile preset's
 * fixed 4× assumes a high-end desktop; on a slower host it emulates a slower
 * phone than the preset's.
 */

/**
 * The CPU slowdown that makes a host of Lighthouse benchmarkIndex `bi` emulate
 * the mobile preset's device, by the piecewise-linear map of Lighthouse's CPU
 * throttling calculator (linked from Lighthouse's docs/throttling.md,
 * "Calibrating the CPU slowdown"): 1× at 150, 2× at 800, 3× at 1300, 4× at
 * 1533 (the "high-end desktop" the fixed 4× default assumes), 6× at 2000.
 * Null below 150, a host too slow to emulate the device.
 */
export function cpuSlowdownFor(bi) {
  if (!Number.isFinite(bi) || bi < 150) return null;
  if (bi < 800) return 1 + (bi - 150) / 650;
  if (bi < 1300) return 2 + (bi - 800) / 500;
  return 3 + (bi - 1300) / 233;
}
