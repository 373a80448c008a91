/** Small statistics helpers for the bench: median, nearest-rank percentiles, min–max. */

/** Numbers of `xs` sorted ascending (a copy). */
export const sorted = (xs) => [...xs].sort((a, b) => a - b);

/** Median (mean of the two middle values for an even count); null for an empty list. */
export function median(xs) {
  if (xs.length === 0) return null;
  const s = sorted(xs);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Nearest-rank percentile (p in 0..100): the smallest value with at least p% of the samples at or below it. */
export function percentile(xs, p) {
  if (xs.length === 0) return null;
  const s = sorted(xs);
  const rank = Math.max(1, Math.ceil((p / 100) * s.length));
  return s[Math.min(rank, s.length) - 1];
}

/** { median, min, max, n } of `xs`. */
export function summary(xs) {
  if (xs.length === 0) return { median: null, min: null, max: null, n: 0 };
  const s = sorted(xs);
  return { median: median(s), min: s[0], max: s[s.length - 1], n: s.length };
}
