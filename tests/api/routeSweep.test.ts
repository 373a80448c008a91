/**
 * Route sweep: every /api route is read from the Express router
 * itself, not from a hand-kept list. Each route outside the public allow-list
 * answers 401 without a session and 403 for a signed-in non-admin; every
 * route answers hostile bodies with 4xx, never 5xx, and property-based
 * bodies (fast-check) sent with an admin session are refused with 4xx and
 * write nothing. Ids that cannot name a Firestore document (a decoded `%2F`,
 * `.` and `..`, `__x__`, more than 1,500 bytes) in a path, query or body, and
 * dates outside the years 2000–2100, never meet a 5xx, and such dates are
 * refused with 400 naming the field.
 * A foreign Origin gets no CORS allowance. The figures go to
 * test-results/security-sweep.json for `npm run report:security`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app.js';
import { COLLECTIONS, DATE_RANGE_MESSAGE, FIRESTORE_ID_MAX_BYTES } from '@studio/domain';
import { adminIdToken, api, BASE_URL, countDocs, userIdToken, type ApiResponse } from '../helpers.js';

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
  // A quote's proposal through its link: read (records Viewed), sign (accepts), the signed PDF; and the hash check
  // of a PDF against its record (features/proposals).
  'GET /api/quote-acceptance/proposal',
  'POST /api/quote-acceptance/sign',
  'GET /api/quote-acceptance/proposal.pdf',
  'POST /api/quote-acceptance/verify/:id',
  'GET /api/client-project',
  'POST /api/promo-codes/validate',
  'POST /api/create-subscription',
  'POST /api/create-payment-intent',
  'GET /api/stripe/config',
  'POST /api/stripe/webhook',
  // SendGrid's Event Webhook, ECDSA-signed (features/email/sendgridEvents.ts).
  'POST /api/sendgrid/events',
  'POST /api/test-mode/confirm-payment',
  'POST /api/test-mode/decline-payment',
  // Signed, expiring links to the client's own PDFs (features/documents/documents.ts).
  'GET /api/client-documents/:kind/:id',
  'GET /api/client-documents/:kind/:id.xml',
  // A shared lead file's bytes through a signed, expiring link (features/lead-files): the link is the credential.
  'GET /api/file-downloads/:id',
]);

const app = createApp() as unknown as { router: { stack: LayerLike[] } };
const routes = listRoutes(app.router.stack);
const concrete = (p: string) => p.replace(/:(\w+)/g, 'sweep-$1');
let userToken: string;
let adminToken: string;

/** What the sweep did, for the security report. */
const figures = {
  routes: 0,
  guardChecks: 0,
  hostileInputs: 0,
  hostileIds: 0,
  serverErrors: 0,
  documentsWrittenByRejected: 0,
};
/** Counts a reply: every hostile request is a figure, and any 5xx is one too many. */
const tally = (res: ApiResponse) => {
  figures.hostileInputs++;
  if (res.status >= 500) figures.serverErrors++;
  return res;
};

/**
 * Ids Firestore cannot take as a document id, and one at its limit that it can: each as the server decodes it.
 * `é` is 2 UTF-8 bytes, so 751 of them are 1,502 bytes in 751 characters.
 */
const HOSTILE_IDS = [
  'a/b',
  '..',
  '.',
  '__x__',
  '__name__',
  'x'.repeat(FIRESTORE_ID_MAX_BYTES),
  'x'.repeat(FIRESTORE_ID_MAX_BYTES + 1),
  'é'.repeat(751),
];
/** A path segment carrying `id` once decoded; dots encoded too, and sent as is (rawApi), so no client resolves them. */
const segment = (id: string) => encodeURIComponent(id).replaceAll('.', '%2E');

/**
 * One request whose path goes out byte for byte: fetch (the WHATWG URL parser) resolves `%2E%2E` segments away,
 * node:http sends the path it is given. Same host and test headers as api().
 */
function rawApi(method: string, path: string, opts: { body?: unknown; token?: string } = {}): Promise<ApiResponse> {
  const base = new URL(BASE_URL);
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = { 'x-studio-test-client': `sweep-${Math.random().toString(36).slice(2)}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        let json: unknown = text;
        try {
          json = text ? JSON.parse(text) : null;
        } catch {
          // not JSON: kept as text
        }
        resolve({ status: res.statusCode ?? 0, json, headers: new Headers() });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

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
 * payment_requests, the invoice-number counters and the early entries' index are written by the payment-request
 * trigger; customers is a subcollection of each promo code).
 */
const UNWATCHED: readonly string[] = [
  COLLECTIONS.rateLimits,
  COLLECTIONS.emailLog,
  COLLECTIONS.leadBoard,
  COLLECTIONS.paymentRequests,
  COLLECTIONS.counters,
  COLLECTIONS.ledgerEarlyEntries,
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
    // The client portal's routes are swept like the admin's: 401 without a session, 403 for a password sign-up
    // (no verified address, no admin claim); tests/api/portal.test.ts covers a client's own token.
    expect(routes).toContainEqual({ method: 'GET', path: '/api/portal/overview' });
    expect(routes).toContainEqual({ method: 'POST', path: '/api/portal/subscriptions/:id/cancel' });
    expect(routes).toContainEqual({ method: 'POST', path: '/api/leads/:id/portal-invite' });
    expect(routes).toContainEqual({ method: 'GET', path: '/api/portal/documents' });
    expect(routes).toContainEqual({ method: 'GET', path: '/api/portal/documents/:kind/:id' });
    expect(routes).toContainEqual({ method: 'GET', path: '/api/leads/:id/portal-status' });
    expect(routes).toContainEqual({ method: 'GET', path: '/api/portal/files' });
    expect(routes).toContainEqual({ method: 'GET', path: '/api/portal/files/:id' });
    expect(routes).toContainEqual({ method: 'GET', path: '/api/leads/:id/files' });
    expect(routes).toContainEqual({ method: 'POST', path: '/api/leads/:id/files' });
    expect(routes).toContainEqual({ method: 'PUT', path: '/api/leads/:id/files/:fileId' });
    expect(routes).toContainEqual({ method: 'DELETE', path: '/api/leads/:id/files/:fileId' });
    expect(routes).toContainEqual({ method: 'GET', path: '/api/file-downloads/:id' });
    // Portal messages: the client's threads (behind the portal's guard) and the owner's side (admin).
    expect(routes).toContainEqual({ method: 'GET', path: '/api/portal/threads' });
    expect(routes).toContainEqual({ method: 'GET', path: '/api/portal/threads/:id' });
    expect(routes).toContainEqual({ method: 'POST', path: '/api/portal/threads/:id/messages' });
    expect(routes).toContainEqual({ method: 'POST', path: '/api/portal/threads/:id/read' });
    expect(routes).toContainEqual({ method: 'POST', path: '/api/leads/:id/messages' });
    expect(routes).toContainEqual({ method: 'POST', path: '/api/leads/:id/messages/read' });
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

  it(
    'ids that cannot name a document, in a path, query or body: never 5xx, on every route',
    { timeout: 240_000 },
    async () => {
      const token = 'f'.repeat(32);
      // A route that reads no such parameter may well answer 200 (and a proxy may resolve a `.` segment to another
      // route): what no id may cause is a 5xx.
      const failures: string[] = [];
      const check = (name: string, res: ApiResponse) => {
        figures.hostileIds++;
        if (tally(res).status >= 500) failures.push(`${name} → ${res.status}`);
      };
      for (const id of HOSTILE_IDS) {
        const label = id.length > 20 ? `${id.slice(0, 3)}…(${id.length} chars)` : id;
        for (const r of routes) {
          const bodyless = r.method === 'GET' || r.method === 'DELETE';
          // In the path: every parameter but a document's kind, which gets a real one so the id is what is judged.
          if (r.path.includes(':')) {
            const path = r.path.replace(/:(\w+)/g, (_m, p: string) => (p === 'kind' ? 'invoice' : segment(id)));
            check(
              `${r.method} ${r.path} [${label}]`,
              await rawApi(r.method, path, { body: bodyless ? undefined : {}, token: adminToken }),
            );
          }
          const path = concrete(r.path);
          if (bodyless) {
            const q = `?leadId=${segment(id)}&token=${token}&id=${segment(id)}&invoiceId=${segment(id)}`;
            check(`${r.method} ${r.path}?leadId=[${label}]`, await rawApi(r.method, path + q, { token: adminToken }));
            continue;
          }
          // In the body: the shapes of the quote link, an invoice or payment for a lead, and a payment for an invoice.
          for (const body of [
            { leadId: id, token },
            { leadId: id, amount: '10.00', description: 'Route sweep' },
            { invoiceId: id },
          ])
            check(
              `${r.method} ${r.path} ${Object.keys(body).join(',')} [${label}]`,
              await rawApi(r.method, path, { body, token: adminToken }),
            );
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it('dates outside the years 2000–2100 are refused with 400 naming the field', async () => {
    const cases: Array<{ path: string; field: string; body: Record<string, unknown> }> = [];
    for (const date of ['0000-01-01', '+275760-09-13', '1999-12-31', '2101-01-01']) {
      cases.push(
        {
          path: '/api/create-invoice',
          field: 'dueDate',
          body: { leadId: 'sweep-lead', amount: '10.00', description: 'Route sweep', dueDate: date },
        },
        { path: '/api/projects', field: 'startDate', body: { name: 'Sweep', client: 'Sweep', startDate: date } },
        { path: '/api/projects', field: 'dueDate', body: { name: 'Sweep', client: 'Sweep', dueDate: date } },
        {
          path: '/api/promo-codes',
          field: 'validFrom',
          body: { code: 'SWEEPDATE', validFrom: date.length === 10 ? `${date}T00:00:00Z` : date },
        },
        { path: '/api/promo-codes', field: 'validUntil', body: { code: 'SWEEPDATE', validUntil: `${date}T00:00:00Z` } },
      );
    }
    for (const c of cases) {
      const res = tally(await api('POST', c.path, { body: c.body, token: adminToken }));
      figures.hostileIds++;
      const name = `POST ${c.path} ${c.field}=${String(c.body[c.field])}`;
      expect(res.status, name).toBe(400);
      const fields = (res.json as { fields?: Record<string, string> }).fields ?? {};
      // A string that is no date at all ('+275760-…' for a date-only field) is refused by its format first.
      expect(fields[c.field], name).toBeTruthy();
      if (/^\d{4}-/.test(String(c.body[c.field]))) expect(fields[c.field], name).toBe(DATE_RANGE_MESSAGE);
    }
  });

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
