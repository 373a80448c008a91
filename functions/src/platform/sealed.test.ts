import { describe, expect, it } from 'vitest';
import { canSeal, isSealed, seal, unseal } from './sealed.js';

const env = 'test-key';

describe('sealed outbox values', () => {
  it('round-trips and hides the value', () => {
    const s = seal('https://site.example/quote-acceptance?token=abc', env);
    expect(isSealed(s)).toBe(true);
    expect(s).not.toContain('abc');
    expect(unseal(s, env)).toBe('https://site.example/quote-acceptance?token=abc');
  });
  it('refuses a tampered value or another key, and needs a key', () => {
    const s = seal('secret', env);
    expect(() => unseal(s.slice(0, -2) + 'AA', env)).toThrow();
    expect(() => unseal(s, 'other')).toThrow();
    expect(canSeal('')).toBe(false);
    expect(() => seal('x', '')).toThrow();
  });
});
