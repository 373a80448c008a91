/**
 * App Check on the public write routes (functions/src/platform/appCheck.ts):
 * with enforcement switched on, an unattested call to each protected route is
 * refused with 401 and writes nothing, and a call with the debug token passes.
 *
 * The emulators' functions keep enforcement off (functions/.env.demo-studio),
 * so the other API and e2e tests run as before. Here the same Express app runs
 * in this process with the configuration a demo project gets when
 * APP_CHECK_ENFORCE=true (setConfigForTests + loadConfig), against the
 * Firestore emulator. A real project's check (firebase-admin verifyToken) needs
 * Google's keys, out of reach offline: its decisions are unit-tested in
 * functions/src/platform/appCheck.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '@studio/domain';
import { api, countDocs, db, startInProcessApp } from '../helpers.js';
import { loadConfig, setConfigForTests } from '../../functions/src/config.js';
import { APP_CHECK_HEADER, APP_CHECK_REFUSED } from '../../functions/src/platform/appCheck.js';

const DEBUG_TOKEN = `debug-${randomUUID()}`;
const unique = (tag: string) => `appcheck.${tag}.${randomUUID().slice(0, 8)}@example.com`;

/** What the protected routes create; counted before and after the refused calls. */
const WRITTEN = [
  COLLECTIONS.leads,
  COLLECTIONS.contacts,
  COLLECTIONS.orders,
  COLLECTIONS.payments,
  COLLECTIONS.quoteAcceptances,
  COLLECTIONS.proposals,
  COLLECTIONS.leadActivity,
  COLLECTIONS.outbox,
];
const counts = () => Promise.all(WRITTEN.map((c) => countDocs(c)));

/** One call to each protected route, for the client `email`; each body valid, so only App Check stands in the way. */
const protectedCalls = (email: string) => [
  {
    method: 'POST',
    path: '/api/contact',
    body: { name: 'App Check', email, projectType: 'Web Project', subject: 'Hello', message: 'Hello there' },
  },
  { method: 'GET', path: `/api/client-project?${new URLSearchParams({ email })}` },
  { method: 'POST', path: '/api/quote-acceptance/accept', body: { leadId: 'appcheck-no-lead', token: 'x'.repeat(43) } },
  {
    method: 'POST',
    path: '/api/quote-acceptance/sign',
    body: {
      leadId: 'appcheck-no-lead',
      token: 'x'.repeat(43),
      documentSha256: '0'.repeat(64),
      consent: true,
      fullName: 'App Check',
    },
  },
  {
    method: 'POST',
    path: '/api/create-subscription',
    body: {
      packageId: 'web-hosting',
      pricingMode: 'onetime',
      clientInfo: { name: 'App Check', email, projectDescription: 'A site' },
    },
  },
  { method: 'POST', path: '/api/create-payment-intent', body: { amount: '25.00', description: 'App Check' } },
];

describe('App Check enforced (a demo project with APP_CHECK_ENFORCE=true, in process)', () => {
  let base: string;
  let close = () => {};

  beforeAll(async () => {
    setConfigForTests(
      loadConfig({
        GCLOUD_PROJECT: 'demo-studio',
        FIRESTORE_TIMEOUT_MS: '10000',
        APP_CHECK_ENFORCE: 'true',
        APP_CHECK_DEBUG_TOKEN: DEBUG_TOKEN,
      }),
    );
    ({ base, close } = await startInProcessApp());
  });
  afterAll(() => {
    close();
    setConfigForTests(undefined);
  });

  it.each([
    ['no header', undefined],
    ['a wrong token', 'not-the-debug-token'],
    ['an empty header', ''],
  ])('refuses each protected route with %s: 401 and nothing written', async (_name, token) => {
    const email = unique('refused');
    const before = await counts();
    for (const call of protectedCalls(email)) {
      const res = await api(call.method, call.path, {
        baseUrl: base,
        body: call.body,
        headers: token === undefined ? {} : { [APP_CHECK_HEADER]: token },
      });
      expect([call.path, res.status, res.json]).toEqual([call.path, 401, { error: APP_CHECK_REFUSED }]);
    }
    expect(await counts()).toEqual(before);
    expect((await db.collection(COLLECTIONS.leads).where('email', '==', email).get()).size).toBe(0);
    expect((await db.collection(COLLECTIONS.orders).where('clientInfo.email', '==', email).get()).size).toBe(0);
  });

  it('lets the debug token through to each route', async () => {
    const email = unique('passed');
    const statuses: Record<string, number> = {};
    for (const call of protectedCalls(email)) {
      const res = await api(call.method, call.path, {
        baseUrl: base,
        body: call.body,
        headers: { [APP_CHECK_HEADER]: DEBUG_TOKEN },
      });
      statuses[call.path.split('?')[0]!] = res.status;
    }
    // Past App Check each route gives its own answer (a new address has no project, a made-up link no lead): never 401.
    expect(Object.entries(statuses).filter(([, status]) => status === 401)).toEqual([]);
    expect(statuses['/api/contact']).toBe(201);
    expect((await db.collection(COLLECTIONS.leads).where('email', '==', email).get()).size).toBe(1);
  });

  it('leaves the other public routes alone', async () => {
    expect((await api('GET', '/api/health', { baseUrl: base })).status).toBe(200);
    const promo = await api('POST', '/api/promo-codes/validate', {
      baseUrl: base,
      body: { code: 'NO-SUCH-CODE', packageId: 'web-hosting' },
    });
    expect(promo.status).not.toBe(401);
  });
});
