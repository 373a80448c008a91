import { describe, expect, it } from 'vitest';
import { fnv1a32 } from '../src/hash.js';

describe('fnv1a32', () => {
  it('matches the published 32-bit FNV-1a vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });
});
