/**
 * Seeded pseudo-random numbers for output that must be the same on every run
 * (the hosted-project demo data, the landing's background shapes). Tiny and
 * dependency-free so the landing can import it alone (`@studio/domain/random`)
 * without pulling the rest of the domain into its initial JS.
 */

/**
 * mulberry32: a generator of numbers in [0, 1) from a 32-bit `seed` (taken
 * modulo 2^32). The same seed always gives the same sequence. Not for secrets.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
