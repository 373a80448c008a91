/**
 * What RateLimiterFirestore relies on in rate-limiter-flexible: the internal
 * base class for custom stores at lib/RateLimiterStoreAbstract, which calls
 * our _upsert/_get/_delete. If an upgrade moves or changes it, these fail.
 */
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Firestore } from 'firebase-admin/firestore';
import { RateLimiterFirestore, StoreAbstract } from './rateLimiterFirestore.js';

describe('rate-limiter-flexible internals', () => {
  it('ships the store base class at lib/RateLimiterStoreAbstract, with the store contract', () => {
    const base = createRequire(import.meta.url)('rate-limiter-flexible/lib/RateLimiterStoreAbstract');
    expect(typeof base).toBe('function');
    expect(base).toBe(StoreAbstract);
    for (const m of ['consume', 'get', 'delete', '_upsert', '_get', '_delete', '_getRateLimiterRes']) {
      expect(typeof base.prototype[m], `RateLimiterStoreAbstract#${m}`).toBe('function');
    }
  });

  it('drives consume through our _upsert and answers with our RateLimiterRes', async () => {
    const calls: string[] = [];
    class Probe extends RateLimiterFirestore {
      override async _upsert(key: string, points: number) {
        calls.push(`${key}:${points}`);
        return { consumedPoints: 2, msBeforeNext: 1_000 };
      }
    }
    const probe = new Probe({ storeClient: {} as Firestore, keyPrefix: 'rl:probe', points: 1, duration: 60 });
    const refused = await probe.consume('k').catch((e: unknown) => e);
    expect(calls).toEqual(['rl:probe:k:1']);
    expect(refused).toBeInstanceOf(RateLimiterRes);
    expect((refused as RateLimiterRes).msBeforeNext).toBe(1_000);
  });
});
