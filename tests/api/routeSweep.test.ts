/**
 * Route sweep: every /api route is read from the Express router
 * itself, not from a hand-kept list. Each route outside the public allow-list
 * answers 401 without a session and 403 for a signed-in non-admin; every
 * route answers hostile bodies with 4xx, never 5xx, and property-based
 * bodies (fast-check) sent with an admin session are refused with 4xx and
 * write nothing. A foreign Origin gets no CORS allowance. The figures go to
 * test-results/security-sweep.json for `npm run report:security`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app.js';
import { COLLECTIONS } from '@studio/domain';
import { adminIdToken, api, countDocs, userIdToken, type ApiResponse } from '../helpers.js';

interface RouteInfo {
  method: string;
  path: string;
}

interface LayerLike {
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: LayerLike[] };
}

/** Walks Express 5 layers (router 2.x keeps each layer's rawPath). */
function listRoutes(stack: LayerLike[], prefix = ''): RouteInfo[] {
  const out: RouteInfo[] = [];
  for (const layer of stack) {
    if (layer.route) {
      for (const [m, on] of Object.entries(layer.route.methods))
        if (on && m !== '_all') out.push({ method: m.toUpperCase(), path: prefix + layer.route.path });
    } else if (layer.handle?.stack) {
      const raw = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      out.push(...listRoutes(layer.handle.stack, prefix + raw));
    }
  }
  return out;
}

/** The public surface, reviewed: anything else must be admin-only. */
const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/contact',
  'GET /api/leads/count',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/quote-acceptance',
  'POST /api/quote-acceptance/accept',
  'GET /api/client-project',
  'POST /api/promo-codes/validate',
  'POST /api/create-subscription',
  'POST /api/create-payment-intent',
  'GET /api/stripe/config',
  'POST /api/stripe/webhook',
  'POST /api/test-mode/confirm-payment',
  'POST /api/test-mode/decline-payment',
  // Signed, expiring links to the client's own PDFs (services/documents.ts).
  'GET /api/client-documents/:kind/:id',
]);

const app = createApp() as unknown as { router: { stack: LayerLike[] } };
const routes = listRoutes(app.router.stack);
const concrete = (p: string) => p.replace(/:(\w+)/g, 'sweep-$1');
let userToken: string;
let adminToken: string;

/** What the sweep did, for the security report. */
const figures = { routes: 0, guardChecks: 0, hostileInputs: 0, serverErrors: 0, documentsWrittenByRejected: 0 };
/** Counts a reply: every hostile request is a figure, and any 5xx is one too many. */
const tally = (res: ApiResponse) => {
  figures.hostileInputs++;
  if (res.status >= 500) figures.serverErrors++;
  return res;
};

beforeAll(async () => {
  userToken = await userIdToken();
  adminToken = await adminIdToken();
  figures.routes = routes.length;
});

afterAll(() => {
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/security-sweep.json', JSON.stringify(figures));
});

/**
 * Collections a rejected request could write to: every top-level one but those that change without one
 * (rate_limits counts attempts by design; email_log is the mail trigger's; lead_board is kept by its trigger;
 * payment_requests and the invoice-number counters are written by the payment-request trigger; customers is a
 * subcollection of each promo code).
 */
const UNWATCHED: readonly string[] = [
  COLLECTIONS.rateLimits,
  COLLECTIONS.emailLog,
  COLLECTIONS.leadBoard,
  COLLECTIONS.paymentRequests,
  COLLECTIONS.counters,
  COLLECTIONS.promoCustomers,
];
const WATCHED = Object.values(COLLECTIONS).filter((c) => !UNWATCHED.includes(c));
const snapshotCounts = async () =>
  Object.fromEntries(await Promise.all(WATCHED.map(async (c) => [c, await countDocs(c)] as const)));

describe('route sweep', () => {
  it('finds the routes from the router', () => {
    expect(routes.length).toBeGreaterThan(25);
    expect(routes).toContainEqual({ method: 'PUT', path: '/api/leads/:id' });
    expect(routes).toContainEqual({ method: 'POST', path: '/api/auth/login' });
    expect(routes).toContainEqual({ method: 'PUT', path: '/api/settings/studio' });
    expect(routes).toContainEqual({ method: 'PUT', path: '/api/settings/automations' });
  });

  it('every non-public route answers 401 without a session and 403 for a non-admin', async () => {
    const swept: string[] = [];
    for (const r of routes) {
      const name = `${r.method} ${r.path}`;
      if (PUBLIC.has(name)) continue;
      const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
      const anon = await api(r.method, concrete(r.path), { body });
      expect(anon.status, `${name} anonymous`).toBe(401);
      const user = await api(r.method, concrete(r.path), { body, token: userToken });
      expect(user.status, `${name} non-admin`).toBe(403);
      figures.guardChecks += 2;
      swept.push(name);
    }
    expect(swept.length).toBeGreaterThan(20);
  });

  it('hostile bodies get 4xx, never 5xx, on every route', async () => {
    const hostile: Array<{ rawBody: string; headers?: Record<string, string> }> = [
      { rawBody: '{"unterminated":' },
      { rawBody: JSON.stringify({ x: 'y'.repeat(1024 * 1024) }) },
      { rawBody: '[1,2,3]' },
      { rawBody: '"just a string"' },
      {
        rawBody: JSON.stringify({
          __proto__: { admin: true },
          constructor: { prototype: { admin: true } },
          name: 123,
          email: ['a'],
          status: { $gt: '' },
        }),
      },
      { rawBody: 'name=x&email=y', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    ];
    for (const r of routes.filter((x) => x.method === 'POST' || x.method === 'PUT')) {
      for (const h of hostile) {
        const res = tally(await api(r.method, concrete(r.path), h));
        expect(res.status, `${r.method} ${r.path} ← ${h.rawBody.slice(0, 30)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${r.method} ${r.path} ← ${h.rawBody.slice(0, 30)}`).toBeLessThan(500);
      }
    }
  });

  it(
    'property-based bodies with an admin session: 4xx, never 5xx, and nothing written',
    { timeout: 240_000 },
    async () => {
      // Every generated body carries a key no schema knows, so each one is invalid
      // by construction (strict schemas); the rest is arbitrary JSON of any shape.
      const junk = fc.oneof(
        fc.string(),
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.string(), { maxLength: 3 }),
        fc.object({ maxDepth: 1 }),
      );
      const fields = [
        'name',
        'email',
        'status',
        'amount',
        'leadId',
        'code',
        'content',
        'packageId',
        'pricingMode',
        'discountCode',
        'clientInfo',
        'quoteAmount',
        'html',
        'to',
        'token',
        'expectedStatus',
      ];
      const bodyArb = fc.record({
        known: fc.dictionary(fc.constantFrom(...fields), junk, { maxKeys: 4 }),
        unknownKey: fc.stringMatching(/^[a-z][a-zA-Z0-9]{2,12}$/).filter((k) => !fields.includes(k)),
        unknownValue: junk,
      });
      const bodies = fc
        .sample(bodyArb, { numRuns: 8, seed: 20261122 })
        .map((b) => ({ ...b.known, [`x_${b.unknownKey}`]: b.unknownValue }));
      const before = await snapshotCounts();
      for (const r of routes.filter((x) => x.method === 'POST' || x.method === 'PUT')) {
        for (const body of bodies) {
          const res = tally(await api(r.method, concrete(r.path), { body, token: adminToken }));
          expect(res.status, `${r.method} ${r.path} ← ${JSON.stringify(body).slice(0, 80)}`).toBeGreaterThanOrEqual(
            400,
          );
          expect(res.status, `${r.method} ${r.path} ← ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500);
        }
      }
      const after = await snapshotCounts();
      const written = WATCHED.filter((c) => after[c] !== before[c]).map((c) => `${c}: ${before[c]} → ${after[c]}`);
      figures.documentsWrittenByRejected += WATCHED.reduce((n, c) => n + Math.abs(after[c]! - before[c]!), 0);
      expect(written).toEqual([]);
    },
  );

  it('a foreign Origin gets no CORS allowance from our app', async () => {
    // In-process: the Functions emulator wraps every HTTP function in its own permissive CORS
    // layer, which deployed v2 functions without a `cors` option do not have.
    const server = (createApp() as unknown as import('express').Express).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as import('node:net').AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/api/leads`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization',
      },
    });
    server.close();
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
