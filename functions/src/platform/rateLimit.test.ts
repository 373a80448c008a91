import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { RECIPIENT_LIMIT_NAMES } from '@studio/domain';
import { ipLimitKey, limiterFor } from './rateLimit.js';
import {
  limitMessage,
  lockoutMessage,
  RATE_LIMITS,
  TOO_MANY_LOOKUPS,
  type RateLimitName,
  type RateLimitSpec,
} from './rateLimits.js';

describe('ipLimitKey', () => {
  it('keeps IPv4 addresses and unwraps IPv4-mapped IPv6', () => {
    expect(ipLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(ipLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
  it('groups IPv6 by /56', () => {
    const a = ipLimitKey('2001:db8:1:2a00::1');
    expect(a).toBe('2001:db8:1:2a00::/56');
    expect(ipLimitKey('2001:db8:1:2aff:ffff::9')).toBe(a);
    expect(ipLimitKey('2001:db8:1:2b00::1')).not.toBe(a);
  });
  it('passes anything else through', () => {
    expect(ipLimitKey('unknown')).toBe('unknown');
    expect(ipLimitKey('local')).toBe('local');
    expect(ipLimitKey('test:203.0.113.7')).toBe('test:203.0.113.7');
    expect(ipLimitKey('203.0.113.256')).toBe('203.0.113.256');
  });
});

describe('the rate-limit table', () => {
  it('declares every limit with a key, whole points and a window in seconds, and a message', () => {
    for (const [name, spec] of Object.entries(RATE_LIMITS) as [RateLimitName, RateLimitSpec][]) {
      expect(name).toMatch(/^[a-zA-Z-]+$/);
      expect(Number.isInteger(spec.points) && spec.points > 0, name).toBe(true);
      expect(Number.isInteger(spec.windowSec) && spec.windowSec > 0, name).toBe(true);
      expect(limitMessage(name, 30), name).toMatch(/\S/);
    }
  });

  it('keeps the figures the routes promise', () => {
    expect(RATE_LIMITS.contact).toMatchObject({ key: 'ip', points: 10, windowSec: 600 });
    expect(RATE_LIMITS['login-failures']).toMatchObject({ key: 'ip+username', points: 10, windowSec: 900 });
    for (const name of ['quoteAcceptance', 'promoValidation', 'checkout', 'subscription'] as const)
      expect(RATE_LIMITS[name]).toMatchObject({ key: 'ip', points: 30, windowSec: 600 });
    expect(RATE_LIMITS['contact-confirmation']).toMatchObject({ key: 'mailbox', points: 1, windowSec: 3600 });
  });

  it('has an entry counted per mailbox for every recipient limit an outbox entry can name', () => {
    for (const name of RECIPIENT_LIMIT_NAMES) expect(RATE_LIMITS[name].key).toBe('mailbox');
  });

  it('words the login lockout in whole minutes matching Retry-After', () => {
    expect(limitMessage('login-failures', 1)).toBe('Too many attempts. Try again in 1 minute.');
    expect(limitMessage('login-failures', 61)).toBe('Too many attempts. Try again in 2 minutes.');
    expect(limitMessage('login-failures', 900)).toBe(lockoutMessage(900));
    expect(limitMessage('client-project-ip', 5)).toBe(TOO_MANY_LOOKUPS);
  });

  it('builds one limiter per Firestore instance and name, with the entry`s figures and prefix', () => {
    const one = {} as Firestore;
    const rl = limiterFor('contact', one);
    expect(limiterFor('contact', one)).toBe(rl);
    expect(limiterFor('contact', {} as Firestore)).not.toBe(rl);
    expect([rl.points, rl.duration, rl.keyPrefix]).toEqual([10, 600, 'rl:contact']);
  });

  it('is the only place limiters are built: no slice calls the store directly', () => {
    const src = join(import.meta.dirname, '..');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
      );
    const building = files(src)
      .filter(
        (f) =>
          !f.endsWith('.test.ts') && /\bfirestoreLimiter\(|new RateLimiterFirestore\(/.test(readFileSync(f, 'utf8')),
      )
      .map((f) => relative(src, f));
    expect(building.sort()).toEqual(['platform/rateLimit.ts', 'platform/rateLimiterFirestore.ts']);
  });
});
