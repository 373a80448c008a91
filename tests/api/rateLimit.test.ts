/** Firestore-backed rate limits: never more than N accepted, sequentially or in parallel. */
import { describe, expect, it } from 'vitest';
import { api, adminAuth, countDocs, db, limitWindows } from '../helpers.js';
import { RATE_LIMITS } from '../../functions/src/platform/rateLimits.js';
import { createAdminUser } from '../../functions/src/features/auth/adminUsers.js';
import { RateLimiterFirestore } from '../../functions/src/platform/rateLimiterFirestore.js';

const CONTACT_LIMIT = RATE_LIMITS.contact;
const LOGIN_FAILURES = RATE_LIMITS['login-failures'];

const contact = { name: 'Rate Tester', email: 'rate@example.com', subject: 'Hi', message: 'Hello' };
const from = (ip: string) => ({ 'x-studio-test-client': ip });

describe('contact form limit', () => {
  it(`accepts ${CONTACT_LIMIT.points} messages per IP, then answers 429 with Retry-After`, async () => {
    const before = await countDocs('leads');
    const statuses: number[] = [];
    for (let i = 0; i <= CONTACT_LIMIT.points; i++)
      statuses.push((await api('POST', '/api/contact', { body: contact, headers: from('203.0.113.10') })).status);
    expect(statuses.slice(0, CONTACT_LIMIT.points).every((s) => s === 201)).toBe(true);
    const last = await api('POST', '/api/contact', { body: contact, headers: from('203.0.113.10') });
    expect([last.status, last.json]).toEqual([429, { error: CONTACT_LIMIT.message }]);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await countDocs('leads')).toBe(before + CONTACT_LIMIT.points);
    // The hit is taken in the message's transaction: the two refused messages counted nothing.
    expect((await limitWindows('contact', 'test:203.0.113.10')).reduce((n, d) => n + Number(d.get('points')), 0)).toBe(
      CONTACT_LIMIT.points,
    );
    // Another address is not affected.
    expect((await api('POST', '/api/contact', { body: contact, headers: from('203.0.113.11') })).status).toBe(201);
  });

  // Each parallel post starts its own cold worker in the Functions emulator: on two busy cores that can pass the
  // default 30 s, so the test waits as long as the other parallel-burst tests.
  it('20 parallel messages from one IP never get more than the limit accepted', { timeout: 120_000 }, async () => {
    const before = await countDocs('leads');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api('POST', '/api/contact', { body: contact, headers: from('203.0.113.12') })),
    );
    const accepted = results.filter((r) => r.status === 201).length;
    expect(accepted).toBeLessThanOrEqual(CONTACT_LIMIT.points);
    expect(results.every((r) => [201, 429, 503].includes(r.status))).toBe(true);
    expect(await countDocs('leads')).toBe(before + accepted);
  });
});

describe('a window edge', () => {
  // A caller whose clock still reads the old window can be counted after one already in the new window (it read
  // the time, then waited on a busy machine). Both the plain and the in-transaction hit must see that later hit.
  const WINDOW_SEC = 600;
  const edge = Math.ceil(Date.now() / (WINDOW_SEC * 1000)) * WINDOW_SEC * 1000;
  const limiter = (clock: () => number) =>
    new RateLimiterFirestore({
      storeClient: db,
      keyPrefix: `rl:edge-test-${Math.random().toString(36).slice(2)}`,
      points: 2,
      duration: WINDOW_SEC,
      clock,
    });
  const ways = {
    consume: (rl: RateLimiterFirestore) => rl.consume('k'),
    consumeIn: (rl: RateLimiterFirestore) => db.runTransaction((tx) => rl.consumeIn(tx, 'k')),
  };
  for (const [way, take] of Object.entries(ways)) {
    it(`${way}: a late caller on the old window's clock counts the new window's hits`, async () => {
      let now = edge - 5;
      const rl = limiter(() => now);
      await take(rl);
      now = edge + 5;
      await take(rl);
      now = edge - 3;
      expect(
        await take(rl).then(
          () => 'accepted',
          (e: unknown) => e,
        ),
      ).toMatchObject({ remainingPoints: 0 });
    });
  }
});

describe('quote links, promo checks and checkouts', () => {
  const cases = [
    {
      name: 'quote acceptance',
      limit: RATE_LIMITS.quoteAcceptance,
      call: (ip: string) =>
        api('GET', '/api/quote-acceptance?leadId=nope&token=not-a-real-token-at-all', { headers: from(ip) }),
      ok: 404,
    },
    {
      name: 'promo validation',
      limit: RATE_LIMITS.promoValidation,
      call: (ip: string) =>
        api('POST', '/api/promo-codes/validate', {
          body: { code: 'NOSUCHCODE', packageId: 'web-hosting' },
          headers: from(ip),
        }),
      ok: 404,
    },
    {
      name: 'checkout',
      limit: RATE_LIMITS.checkout,
      call: (ip: string) =>
        api('POST', '/api/create-payment-intent', { body: { leadId: 'no-such-lead' }, headers: from(ip) }),
      ok: 404,
    },
    {
      name: 'cart orders (promo code guessing)',
      limit: RATE_LIMITS.subscription,
      call: (ip: string) =>
        api('POST', '/api/create-subscription', {
          body: {
            packageId: 'web-hosting',
            pricingMode: 'onetime',
            discountCode: 'NOSUCHCODE',
            clientInfo: { name: 'Guesser', email: 'guesser@example.com', projectDescription: 'Guessing' },
          },
          headers: from(ip),
        }),
      ok: 404,
    },
  ];
  for (const c of cases) {
    it(`${c.name}: ${c.limit.points} sequential calls pass, then the next and 20 parallel ones are 429`, async () => {
      const ip = `203.0.113.${40 + cases.indexOf(c)}`;
      for (let i = 0; i < c.limit.points; i++) expect((await c.call(ip)).status).toBe(c.ok);
      const over = await c.call(ip);
      expect(over.status).toBe(429);
      expect(over.json).toEqual({ error: c.limit.message });
      const burst = await Promise.all(Array.from({ length: 20 }, () => c.call(ip)));
      expect(burst.map((r) => r.status).filter((s) => s !== 429)).toEqual([]);
    });
  }
});

describe('login failures', () => {
  it(`locks one IP and username after ${LOGIN_FAILURES.points} failures, even for the right password`, async () => {
    await createAdminUser(
      { auth: adminAuth, db },
      { username: 'locked-admin', password: 'locked-admin-pass', update: true },
    );
    const ip = from('203.0.113.20');
    for (let i = 0; i < LOGIN_FAILURES.points; i++) {
      expect(
        (
          await api('POST', '/api/auth/login', {
            body: { username: 'locked-admin', password: 'wrong-password' },
            headers: ip,
          })
        ).status,
      ).toBe(401);
    }
    const locked = await api('POST', '/api/auth/login', {
      body: { username: 'locked-admin', password: 'locked-admin-pass' },
      headers: ip,
    });
    expect(locked.status).toBe(429);
    // Elsewhere the right password still works, and a success clears that key.
    expect(
      (
        await api('POST', '/api/auth/login', {
          body: { username: 'locked-admin', password: 'locked-admin-pass' },
          headers: from('203.0.113.21'),
        })
      ).status,
    ).toBe(200);
  });

  it('successful logins do not count', async () => {
    await createAdminUser(
      { auth: adminAuth, db },
      { username: 'busy-admin', password: 'busy-admin-pass', update: true },
    );
    for (let i = 0; i < LOGIN_FAILURES.points + 2; i++) {
      expect(
        (
          await api('POST', '/api/auth/login', {
            body: { username: 'busy-admin', password: 'busy-admin-pass' },
            headers: from('203.0.113.30'),
          })
        ).status,
      ).toBe(200);
    }
  });
});
