/**
 * Fail closed in production (functions/src/config.ts, http.ts, platform/session.ts,
 * features/leads/submitContact.ts, features/email/outboxSender.ts).
 *
 * Two ways in:
 * - through the Hosting emulator, as the browser calls the demo project;
 * - a stand-in for a real project: the same Express app started in this
 *   process with the configuration a real project without Stripe or
 *   SendGrid settings gets (setConfigForTests + loadConfig with a non-demo
 *   project id). Deployed code never calls setConfigForTests, so the
 *   stand-in cannot be reached there.
 *
 * Writes test-results/security-failclosed.json for `npm run report:security`.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFinalOutboxStatus } from '@studio/domain';
import {
  adminAuth,
  adminIdToken,
  api,
  countDocs,
  db,
  eventually,
  limitWindows,
  startInProcessApp,
  TEST_CLIENT_HEADER,
  userIdToken,
} from '../helpers.js';
import { RATE_LIMITS } from '../../functions/src/platform/rateLimits.js';
import { loadConfig, setConfigForTests } from '../../functions/src/config.js';
import { createAdminUser } from '../../functions/src/features/auth/adminUsers.js';
import { APP_CHECK_HEADER, setAppCheckVerifierForTests } from '../../functions/src/platform/appCheck.js';
import { processOutboxEntry } from '../../functions/src/features/email/outboxSender.js';

const CONTACT_LIMIT = RATE_LIMITS.contact;
const LOGIN_FAILURES = RATE_LIMITS['login-failures'];

const figures: Record<string, number> = {};
afterAll(() => {
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/security-failclosed.json', JSON.stringify(figures));
});

const unique = (tag: string) => `fc.${tag}.${randomUUID().slice(0, 8)}@example.com`;
const contactBody = (email: string) => ({
  name: 'Fail Closed',
  email,
  projectType: 'Web Project',
  subject: 'Hello',
  message: 'Hello there',
});
const madeUpIp = () =>
  `${1 + Math.floor(Math.random() * 223)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/** Forgets one limiter key's hits. */
async function deleteBucket(limiterName: string, key: string): Promise<void> {
  await Promise.all((await limitWindows(limiterName, key)).map((d) => d.ref.delete()));
}

describe('a real project without Stripe or SendGrid (in-process stand-in)', () => {
  let base: string;
  let close = () => {};
  // What a real project's functions/.env.<project> could hold: the emulator's own flag (and its Firestore host) must
  // turn on neither test mode nor the email log. Only a demo- project id does.
  const standin = loadConfig({
    GCLOUD_PROJECT: 'studio-real-standin',
    FUNCTIONS_EMULATOR: 'true',
    FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
    FIRESTORE_TIMEOUT_MS: '10000',
    // App Check is always on for a real project; Google's keys are out of reach here, so any token stands for one.
    APP_CHECK_APP_ID: '1:0:web:standin',
  });

  beforeAll(async () => {
    setConfigForTests(standin);
    setAppCheckVerifierForTests(async () => ({ appId: '1:0:web:standin' }));
    ({ base, close } = await startInProcessApp());
  });
  afterAll(() => {
    close();
    setConfigForTests(undefined);
  });

  it('decides the modes from the project: payments and email unconfigured, every missing setting named', () => {
    expect(standin.local).toBe(false);
    expect(standin.payments.mode).toBe('unconfigured');
    expect(standin.email.mode).toBe('unconfigured');
    expect(standin.missing).toEqual(
      expect.arrayContaining([
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'SENDGRID_API_KEY',
        'OUTBOX_SECRET_KEY',
        'SERVER_API_KEY',
        'SENDGRID_WEBHOOK_PUBLIC_KEY',
      ]),
    );
  });

  it('test mode does not exist (404) and payment routes answer 503, writing nothing', async () => {
    const [payments, orders] = [await countDocs('payments'), await countDocs('orders')];
    const post = (path: string, body: unknown) => api('POST', path, { baseUrl: base, body });
    const confirm = await post('/api/test-mode/confirm-payment', { paymentIntentId: `pi_test_${'a'.repeat(24)}` });
    expect(confirm.status).toBe(404);
    const unavailable = [
      await post('/api/create-payment-intent', { leadId: 'any-lead' }),
      await post('/api/create-payment-intent', { amount: 5000, description: 'Anything' }),
      await post('/api/create-subscription', {
        packageId: 'web-hosting',
        pricingMode: 'onetime',
        clientInfo: { name: 'A', email: unique('sub'), projectDescription: 'x' },
      }),
      await api('GET', '/api/stripe/config', { baseUrl: base }),
      await api('POST', '/api/stripe/webhook', {
        baseUrl: base,
        rawBody: '{}',
        headers: { 'stripe-signature': 't=1,v1=x' },
      }),
    ];
    for (const r of unavailable) expect([r.status, r.json]).toEqual([503, { error: 'Payments are not configured' }]);
    expect([await countDocs('payments'), await countDocs('orders')]).toEqual([payments, orders]);
    figures.standinTestModeStatus = confirm.status;
    figures.standinPaymentRoutes503 = unavailable.length;
  });

  it('an email it cannot send is an ERROR naming the missing settings, never SUCCESS', async () => {
    // A scratch collection: the emulator's own outbox trigger would deliver an `outbox` entry first.
    const ref = db.collection('outbox_failclosed_test').doc();
    await ref.create({
      to: unique('mail'),
      templateId: 'contact-confirmation',
      variables: { name: 'A', projectType: 'Web Project', subject: 'S', message: 'M' },
      status: 'PENDING',
      attempts: 0,
      createdAt: FieldValue.serverTimestamp(),
    });
    const out = await processOutboxEntry(ref);
    expect(out).toMatchObject({ outcome: 'failed', status: 'ERROR' });
    const entry = (await ref.get()).data();
    expect(entry).toMatchObject({ status: 'ERROR', lastError: expect.stringContaining('SENDGRID_API_KEY') });
    expect((await db.collection('email_log').doc(ref.id).get()).exists).toBe(false);
    await ref.delete();
    figures.unsentEmailsMarkedSuccess = entry?.status === 'SUCCESS' ? 1 : 0;
  });

  it('public health says ok and nothing more; the missing settings are named to the admin only', async () => {
    const pub = await api('GET', '/api/health', { baseUrl: base });
    expect([pub.status, pub.json]).toEqual([200, { ok: true }]);
    figures.settingNamesInPublicHealth = standin.missing.filter((name) =>
      JSON.stringify(pub.json).includes(name),
    ).length;
    const details = '/api/health/details';
    expect((await api('GET', details, { baseUrl: base })).status).toBe(401);
    expect((await api('GET', details, { baseUrl: base, token: await userIdToken() })).status).toBe(403);
    const admin = await api('GET', details, { baseUrl: base, token: await adminIdToken() });
    expect(admin.status).toBe(200);
    expect(admin.json).toEqual({
      ok: true,
      firestore: 'reachable',
      configuration: { complete: false, missing: standin.missing },
    });
  });

  it('admin login without the server API key answers 503, not "Invalid credentials"', async () => {
    const r = await api('POST', '/api/auth/login', {
      baseUrl: base,
      body: { username: 'admin', password: 'whatever-pass' },
    });
    expect([r.status, r.json]).toEqual([503, { error: 'Admin sign-in is not configured' }]);
  });

  it('keys limits on the entry the platform appended, never on what the client wrote', async () => {
    // Hosting appends the client's address and Google's front end the edge's: the client is second from the right.
    const client = `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
    const statuses: number[] = [];
    for (let i = 0; i <= CONTACT_LIMIT.points + 1; i++) {
      const r = await api('POST', '/api/contact', {
        baseUrl: base,
        body: contactBody(unique('standin')),
        // A made-up leftmost entry and a test-client header each time: neither may open a fresh bucket here.
        headers: {
          'x-forwarded-for': `${madeUpIp()}, ${client}, 130.211.0.1`,
          [TEST_CLIENT_HEADER]: randomUUID(),
          [APP_CHECK_HEADER]: 'standin-token',
        },
      });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, CONTACT_LIMIT.points).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(CONTACT_LIMIT.points)).toEqual([429, 429]);
    await deleteBucket('contact', client);
  });
});

describe('the demo project through the Hosting emulator', () => {
  it('keeps test-mode payments', async () => {
    const r = await api('GET', '/api/stripe/config');
    expect(r.json).toEqual({ publishableKey: null, mode: 'test' });
  });

  it(`${CONTACT_LIMIT.points + 2} contact posts from one machine with made-up X-Forwarded-For entries get a 429`, async () => {
    const statuses: number[] = [];
    try {
      for (let i = 0; i < CONTACT_LIMIT.points + 2; i++) {
        const res = await fetch(`${process.env.STUDIO_BASE_URL ?? 'http://127.0.0.1:5000'}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': madeUpIp() },
          body: JSON.stringify(contactBody(unique('spoof'))),
        });
        statuses.push(res.status);
      }
    } finally {
      // This machine's bucket is shared with the API tests that follow.
      await deleteBucket('contact', 'local');
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(CONTACT_LIMIT.points);
    figures.spoofedForwardedPosts = statuses.length;
    figures.spoofedForwardedAccepted = statuses.filter((s) => s === 201).length;
  });

  it('a form-encoded or text contact post is 415 and writes nothing', async () => {
    const countBefore = await api('GET', '/api/leads/count');
    const leads = await countDocs('leads');
    const form = await api('POST', '/api/contact', {
      rawBody: new URLSearchParams(contactBody(unique('form'))).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const text = await api('POST', '/api/contact', {
      rawBody: JSON.stringify(contactBody(unique('text'))),
      headers: { 'content-type': 'text/plain' },
    });
    const cart = await api('POST', '/api/create-subscription', {
      rawBody: 'packageId=web-hosting',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    for (const r of [form, text, cart])
      expect([r.status, r.json]).toEqual([415, { error: 'Content-Type must be application/json' }]);
    expect(await countDocs('leads')).toBe(leads);
    expect((await api('GET', '/api/leads/count')).json).toEqual(countBefore.json);
    figures.crossSitePosts415 = [form, text, cart].filter((r) => r.status === 415).length;
    figures.crossSitePostsWritten = (await countDocs('leads')) - leads;
  });

  it('answers no other origin (no CORS headers), preflight or not', async () => {
    const origin = { origin: 'https://evil.example' };
    const pre = await api('OPTIONS', '/api/contact', {
      headers: { ...origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    const post = await api('POST', '/api/contact', { body: contactBody(unique('cors')), headers: origin });
    for (const r of [pre, post]) expect(r.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sends one confirmation per mailbox an hour, +tag and gmail dots included; the lead is stored and the owner alerted every time', async () => {
    const base = `fc.relay.${randomUUID().slice(0, 8)}`;
    // One mailbox written three ways (domain mailboxKey): a +tag, capitals, and gmail's ignored dots.
    const addresses = [`${base}@gmail.com`, `${base}+1@gmail.com`, `${base.replaceAll('.', '')}+x@GoogleMail.com`];
    const bucket = { [TEST_CLIENT_HEADER]: randomUUID() };
    for (const email of addresses)
      expect((await api('POST', '/api/contact', { body: contactBody(email), headers: bucket })).status).toBe(201);
    const leads = await db
      .collection('leads')
      .where(
        'email',
        'in',
        addresses.map((a) => a.toLowerCase()),
      )
      .get();
    expect(leads.size).toBe(3);
    const outbox = await db
      .collection('outbox')
      .where(
        'leadId',
        'in',
        leads.docs.map((d) => d.id),
      )
      .get();
    const byTemplate = (id: string) => outbox.docs.filter((d) => d.get('templateId') === id);
    expect(byTemplate('new-lead-alert')).toHaveLength(3);
    // Every confirmation is queued with the lead; the sender (the emulator's outbox trigger) sends one and skips the rest.
    const confirmations = byTemplate('contact-confirmation').map((d) => d.ref);
    expect(confirmations).toHaveLength(3);
    const statuses = await eventually(async () => {
      const now = await Promise.all(confirmations.map(async (r) => (await r.get()).get('status') as string));
      return now.every(isFinalOutboxStatus) ? now.sort() : null;
    }, 'the confirmations sent or skipped');
    // At most one goes out. The limit counts hits atomically, so even senders running at once let no second one
    // through; such a race may skip all three, which leaves the visitor without a copy but never floods the mailbox.
    const sent = statuses.filter((s) => s === 'SUCCESS').length;
    expect(sent).toBeLessThanOrEqual(1);
    expect(statuses.filter((s) => s === 'SKIPPED')).toHaveLength(3 - sent);
    figures.confirmationsPerAddressPerHour = sent;
  });

  it('the confirmation carries nothing the visitor wrote: a fixed text and the studio details', async () => {
    const email = unique('phish');
    // A zero-width space inside the link: escaping alone would still let it read as one.
    const hostile = {
      name: 'Hi Bank Support',
      email,
      projectType: 'Web Project',
      subject: 'Your account https://evil\u200b.example/login',
      message: 'Your account is locked: log in at https://evil.example/login within 24 hours.',
    };
    const bucket = { [TEST_CLIENT_HEADER]: randomUUID() };
    expect((await api('POST', '/api/contact', { body: hostile, headers: bucket })).status).toBe(201);
    const lead = (await db.collection('leads').where('email', '==', email).get()).docs[0]!;
    const [confirmation] = (
      await db
        .collection('outbox')
        .where('leadId', '==', lead.id)
        .where('templateId', '==', 'contact-confirmation')
        .get()
    ).docs;
    const logged = await eventually(
      async () => (await db.collection('email_log').doc(confirmation!.id).get()).data(),
      'the confirmation in the email log',
    );
    const studio = (await db.collection('settings').doc('studio').get()).data();
    const sentText = `${String(logged.subject)}\n${String(logged.html)}`;
    const leaked = ['Bank Support', 'evil', 'Your account', 'locked', 'Web Project'].filter((t) =>
      sentText.includes(t),
    );
    expect(leaked).toEqual([]);
    expect(logged.subject).toBe('Thanks for reaching out');
    if (studio?.businessName) expect(logged.html).toContain(String(studio.businessName));
    // Nothing of the visitor's is even queued for it: it is queued with no variables, the studio's are filled at send.
    expect(confirmation!.get('variables')).toEqual({});
    figures.visitorTextInConfirmations = leaked.length;
  });

  it(
    `${LOGIN_FAILURES.points + 2} parallel wrong passwords get at most ${LOGIN_FAILURES.points} answers of 401, then 429 saying when`,
    { timeout: 120_000 },
    async () => {
      await createAdminUser(
        { auth: adminAuth, db },
        { username: 'race-admin', password: 'race-admin-pass', update: true },
      );
      const bucket = { [TEST_CLIENT_HEADER]: randomUUID() };
      const results = await Promise.all(
        Array.from({ length: LOGIN_FAILURES.points + 2 }, () =>
          api('POST', '/api/auth/login', {
            body: { username: 'race-admin', password: 'wrong-password' },
            headers: bucket,
          }),
        ),
      );
      const unauthorized = results.filter((r) => r.status === 401).length;
      expect(unauthorized).toBeLessThanOrEqual(LOGIN_FAILURES.points);
      expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
      const locked = await api('POST', '/api/auth/login', {
        body: { username: 'race-admin', password: 'race-admin-pass' },
        headers: bucket,
      });
      expect(locked.status).toBe(429);
      const seconds = Number(locked.headers.get('retry-after'));
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      expect(locked.json).toEqual({
        error: `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      });
      // A sliding window: the lockout outlasts the rest of this window.
      expect(seconds).toBeGreaterThan(0);
      figures.parallelLoginAttempts = results.length;
      figures.parallelLogin401s = unauthorized;
    },
  );
});
