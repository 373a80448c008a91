/**
 * One non-cryptographic string hash for stable, spread-out picks (board shards, demo data): 32-bit FNV-1a over
 * the string's UTF-16 code units. Returns an unsigned 32-bit integer; the same text always gives the same number.
 */
export function fnv1a32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
