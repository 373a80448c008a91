/**
 * The client's project lookup (spec §7 GET /api/client-project, §8):
 * client-safe fields only, one 404 for every "not found", 400 for a bad email,
 * and the per-IP, per-email-and-IP and per-email limits, sequentially and in
 * parallel (no caller can lock a client out).
 *
 * Every test uses its own emails and rate-limit buckets (the test-client
 * header, honoured on demo- projects only), so the limits of one test never touch another.
 */
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { clientProjectLookupReply, DAY_MS } from '@studio/domain';
import { api, db, startInProcessApp } from '../helpers.js';
import { storeLead } from '../fixtures.js';
import { PROJECT_NOT_FOUND } from '../../functions/src/features/my-project/router.js';
import { RATE_LIMITS, TOO_MANY_LOOKUPS } from '../../functions/src/platform/rateLimits.js';

/** The lookup's limits (platform/rateLimits.ts `client-project-*`), all on one window. */
const CLIENT_PROJECT_LIMITS = {
  windowSec: RATE_LIMITS['client-project-ip'].windowSec,
  perIp: RATE_LIMITS['client-project-ip'].points,
  perEmailAndIp: RATE_LIMITS['client-project-email-ip'].points,
  perEmailAll: RATE_LIMITS['client-project-email'].points,
};

const LEAD_KEYS = [
  'id',
  'name',
  'projectType',
  'subject',
  'status',
  'quoteAmount',
  'depositAmount',
  'finalAmount',
  'amountDue',
  'paidInFull',
  'payPath',
  'statement',
  'estimatedHours',
  'complexity',
  'phase1',
  'phase2',
  'phase3',
  'phase4',
  'techStack',
  'database',
  'integrations',
  'createdAt',
].sort();
const PROJECT_KEYS = [
  'name',
  'status',
  'deploymentUrl',
  'launchDate',
  'countdownEndsAt',
  'handoffType',
  'createdAt',
].sort();

/** A random second octet per run, so runs against a still-running emulator do not share counters either. */
const RUN = Math.floor(Math.random() * 250) + 1;
let ipCounter = 0;
/** A fresh address per call. */
const freshIp = () => {
  ipCounter += 1;
  return `10.${RUN}.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};
/**
 * Resolves once at least `needMs` are left in the current `windowSec` rate-limit window (windows start at multiples
 * of it since the epoch: platform/rateLimiterFirestore.ts), waiting for the next window if needed.
 */
async function clearOfWindowEdge(windowSec: number, needMs: number): Promise<void> {
  const ms = windowSec * 1000;
  const left = ms - (Date.now() % ms);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
const uniqueEmail = (tag: string) => `cp.${tag}.${randomUUID().slice(0, 8)}@example.com`;
const lookup = (email: string, ip = freshIp(), baseUrl?: string) =>
  api('GET', `/api/client-project?email=${encodeURIComponent(email)}`, {
    headers: { 'x-studio-test-client': ip },
    baseUrl,
  });

/** A stored lead with every kind of field, internal ones included, as the CRM leaves it. */
async function seedLead(email: string, over: Record<string, unknown> = {}): Promise<string> {
  return storeLead(db, {
    name: 'Client Safe',
    email,
    phone: '+1 555 0100',
    subject: 'Clinic website',
    message: 'Private message to the studio',
    status: 'Production',
    quoteAmountCents: 450000,
    depositAmountCents: 225000,
    finalAmountCents: 225000,
    generatedQuoteDetails: '{"quoteAmount":"4500.00"}',
    hourlyRateCents: 9500,
    quoteVersion: 2,
    phase1: 'Discovery',
    phase2: 'Design',
    phase3: 'Build',
    phase4: 'Launch',
    techStack: 'React',
    database: 'Firestore',
    integrations: 'Stripe',
    automationAI: 'internal automation note',
    detectedFeatures: 'internal features text',
    stripeCustomerId: 'cus_SECRET',
    stripeQuoteId: 'qt_SECRET',
    stripeDepositPaymentId: 'pi_SECRET',
    replitProjectId: 'repl_SECRET',
    notes: 'INTERNAL NOTE: difficult client',
    source: 'contact',
    createdAt: Timestamp.fromMillis(Date.now() - 20 * DAY_MS),
    updatedAt: Timestamp.fromMillis(Date.now() - DAY_MS),
    ...over,
  });
}

async function seedProject(leadId: string, over: Record<string, unknown> = {}): Promise<string> {
  const ref = db.collection('projects').doc();
  await ref.set({
    leadId,
    name: 'Clinic website build',
    client: 'Client Safe',
    projectType: 'Web Project',
    description: 'Internal description',
    status: 'Production',
    priority: 'High',
    estimatedHours: 40,
    actualHours: 12,
    startDate: null,
    dueDate: null,
    completedDate: null,
    deploymentUrl: 'https://beta.client.example',
    launchDate: null,
    domainUrl: 'https://client.example',
    handoffType: null,
    maintenanceSubscriptionPaid: true,
    notes: 'INTERNAL PROJECT NOTE',
    createdAt: Timestamp.fromMillis(Date.now() - 10 * DAY_MS),
    updatedAt: Timestamp.fromMillis(Date.now() - DAY_MS),
    ...over,
  });
  return ref.id;
}

describe('GET /api/client-project: found', () => {
  it('answers the most advanced project (and every live one) with client-safe fields only, no-store', async () => {
    const email = uniqueEmail('found');
    const older = await seedLead(email, {
      subject: 'Older request',
      createdAt: Timestamp.fromMillis(Date.now() - 90 * DAY_MS),
    });
    await seedProject(older, { name: 'Older project' });
    const leadId = await seedLead(email);
    await seedProject(leadId, { status: 'Beta' });

    const r = await lookup(`  ${email.toUpperCase()} `);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const body = r.json as {
      success: boolean;
      lead: Record<string, unknown>;
      project: Record<string, unknown>;
      projects: Array<{ lead: Record<string, unknown>; project: Record<string, unknown> }>;
    };
    expect(Object.keys(body).sort()).toEqual(['documents', 'lead', 'project', 'projects', 'success', 'timeZone']);
    expect(clientProjectLookupReply.parse(r.json)).toEqual(r.json); // the web's reply schema reads all of it
    // Both live projects, the more advanced (Beta) first; the primary is that one.
    expect(body.projects.map((w) => [w.lead.id, w.project.name, w.project.status])).toEqual([
      [leadId, 'Clinic website build', 'Beta'],
      [older, 'Older project', 'Production'],
    ]);
    for (const w of body.projects) {
      expect(Object.keys(w.lead).sort()).toEqual(LEAD_KEYS);
      expect(Object.keys(w.project).sort()).toEqual(PROJECT_KEYS);
    }
    expect(Object.keys(body.lead).sort()).toEqual(LEAD_KEYS);
    expect(Object.keys(body.project).sort()).toEqual(PROJECT_KEYS);
    expect(body.success).toBe(true);
    expect(body.lead).toEqual({
      id: leadId,
      name: 'Client Safe',
      projectType: 'Web Project',
      subject: 'Clinic website',
      status: 'Production',
      quoteAmount: '4500.00',
      depositAmount: '2250.00',
      finalAmount: '2250.00',
      // The deposit is paid (pi_SECRET, never shown): the final payment is what is due now.
      amountDue: '2250.00',
      paidInFull: false,
      payPath: expect.stringMatching(/^\/checkout\?/),
      statement: expect.objectContaining({ paidInFull: false }),
      estimatedHours: 40,
      complexity: 'Medium',
      phase1: 'Discovery',
      phase2: 'Design',
      phase3: 'Build',
      phase4: 'Launch',
      techStack: 'React',
      database: 'Firestore',
      integrations: 'Stripe',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(body.project).toMatchObject({
      name: 'Clinic website build',
      status: 'Beta',
      deploymentUrl: 'https://beta.client.example',
      launchDate: null,
      countdownEndsAt: null,
      handoffType: null,
    });
    const text = JSON.stringify(r.json);
    for (const secret of [
      'INTERNAL',
      'SECRET',
      'Private message',
      '555 0100',
      email,
      'internal',
      'https://client.example',
    ])
      expect(text).not.toContain(secret);
  });

  it("names the studio's time zone (settings), in which the page shows its dates", async () => {
    const email = uniqueEmail('zone');
    await seedProject(await seedLead(email), { status: 'Beta' });
    const studio = db.collection('settings').doc('studio');
    const before = await studio.get();
    try {
      await studio.set({ ...(before.data() ?? {}), timeZone: 'Asia/Tokyo' });
      const r = await lookup(email);
      expect(r.status).toBe(200);
      expect((r.json as { timeZone: unknown }).timeZone).toBe('Asia/Tokyo');
    } finally {
      // The studio's settings as they were: later tests keep their clock.
      if (before.exists) await studio.set(before.data() ?? {});
      else await studio.delete();
    }
  });

  it('shows the beta URL only in Beta and the countdown only in Launch', async () => {
    const email = uniqueEmail('launch');
    const leadId = await seedLead(email, { status: 'Launch' });
    const launchedAt = Date.now() - 2 * DAY_MS;
    await seedProject(leadId, {
      status: 'Launch',
      launchDate: Timestamp.fromMillis(launchedAt),
      handoffType: 'domain',
    });
    const r = await lookup(email);
    expect(r.status).toBe(200);
    expect((r.json as { project: object }).project).toMatchObject({
      status: 'Launch',
      deploymentUrl: null,
      launchDate: new Date(launchedAt).toISOString(),
      countdownEndsAt: new Date(launchedAt + 7 * DAY_MS).toISOString(),
      handoffType: 'domain',
    });

    const prodEmail = uniqueEmail('prod');
    await seedProject(await seedLead(prodEmail), { status: 'Production' });
    expect((await lookup(prodEmail)).json).toMatchObject({
      project: { status: 'Production', deploymentUrl: null, countdownEndsAt: null },
    });
  });

  it('lists every live project of one lead, so the client can pick either (a site and an app)', async () => {
    const email = uniqueEmail('two-projects');
    const leadId = await seedLead(email);
    await seedProject(leadId, { name: 'Podcast app', status: 'Beta' });
    await seedProject(leadId, { name: 'Show notes site', status: 'Set up' });
    await seedProject(leadId, { name: 'Old canceled idea', status: 'Canceled' });
    const body = (await lookup(email)).json as { projects: Array<{ lead: { id: string }; project: { name: string } }> };
    expect(body.projects.map((w) => [w.lead.id, w.project.name])).toEqual([
      [leadId, 'Podcast app'],
      [leadId, 'Show notes site'],
    ]);
  });

  it('answers a lead that has no project yet with project null', async () => {
    const email = uniqueEmail('noproject');
    const leadId = await seedLead(email, {
      status: 'Quoted',
      quoteAmountCents: null,
      depositAmountCents: null,
      finalAmountCents: null,
    });
    const r = await lookup(email);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      success: true,
      lead: { id: leadId, status: 'Quoted', quoteAmount: null, depositAmount: null, finalAmount: null },
      project: null,
      projects: [],
    });
  });

  it('a newer contact message never hides a project, an accepted quote or an approved one', async () => {
    const email = uniqueEmail('returning');
    const withProject = await seedLead(email, { createdAt: Timestamp.fromMillis(Date.now() - 60 * DAY_MS) });
    await seedProject(withProject, { status: 'Launch', launchDate: Timestamp.fromMillis(Date.now() - DAY_MS) });
    const canceled = await seedLead(email, { createdAt: Timestamp.fromMillis(Date.now() - 30 * DAY_MS) });
    await seedProject(canceled, { status: 'Canceled' });
    // The client writes again through the contact form: a plain new lead, newest of all.
    await seedLead(email, {
      status: 'New',
      quoteGenerated: false,
      quoteAccepted: false,
      quoteReviewStatus: null,
      createdAt: Timestamp.fromMillis(Date.now()),
    });
    const r = (await lookup(email)).json as {
      lead: { id: string; quoteAmount: string };
      project: { status: string };
      projects: unknown[];
    };
    expect([r.lead.id, r.project.status, r.lead.quoteAmount, r.projects.length]).toEqual([
      withProject,
      'Launch',
      '4500.00',
      1,
    ]);

    // No project: the accepted quote wins over the newer message; without one, an approved quote.
    const quotes = uniqueEmail('quotes');
    const approved = await seedLead(quotes, {
      status: 'Quoted',
      quoteAccepted: false,
      createdAt: Timestamp.fromMillis(Date.now() - 20 * DAY_MS),
    });
    const accepted = await seedLead(quotes, {
      status: 'Set Up',
      quoteAccepted: true,
      createdAt: Timestamp.fromMillis(Date.now() - 40 * DAY_MS),
    });
    await seedLead(quotes, { status: 'New', quoteGenerated: false, quoteAccepted: false, quoteReviewStatus: null });
    expect(((await lookup(quotes)).json as { lead: { id: string } }).lead.id).toBe(accepted);
    await db
      .collection('leads')
      .doc(accepted)
      .update({ status: 'Lost', quoteAccepted: false, quoteReviewStatus: 'Needs Revision' });
    expect(((await lookup(quotes)).json as { lead: { id: string } }).lead.id).toBe(approved);
  });

  it('shows quote amounts only once the quote is approved or accepted', async () => {
    const email = uniqueEmail('pending');
    await seedLead(email, { status: 'Contacted', quoteAccepted: false, quoteReviewStatus: 'Pending' });
    expect((await lookup(email)).json).toMatchObject({
      lead: { quoteAmount: null, depositAmount: null, finalAmount: null, estimatedHours: null, complexity: null },
    });
    const revision = uniqueEmail('revision');
    await seedLead(revision, { status: 'Contacted', quoteAccepted: false, quoteReviewStatus: 'Needs Revision' });
    expect((await lookup(revision)).json).toMatchObject({ lead: { quoteAmount: null } });
    const approved = uniqueEmail('approved');
    await seedLead(approved, { status: 'Quoted', quoteAccepted: false, quoteReviewStatus: 'Approved' });
    expect((await lookup(approved)).json).toMatchObject({ lead: { quoteAmount: '4500.00', depositAmount: '2250.00' } });
  });
});

describe('GET /api/client-project: not found and invalid', () => {
  it('answers an unknown email and a lead marked dead as test data identically', async () => {
    const unknown = await lookup(uniqueEmail('unknown'));
    expect([unknown.status, unknown.json]).toEqual([404, { error: PROJECT_NOT_FOUND }]);
    expect(PROJECT_NOT_FOUND).toBe('Project Not Found');

    const testEmail = uniqueEmail('testdata');
    const leadId = await seedLead(testEmail, {
      status: 'Lost',
      deadReason: 'Test Data',
      notes: 'Dead Reason: Test Data - 1/2/2026',
    });
    await seedProject(leadId, { status: 'Canceled' });
    const testData = await lookup(testEmail);
    expect([testData.status, testData.json]).toEqual([unknown.status, unknown.json]);
    expect(testData.headers.get('cache-control')).toBe(unknown.headers.get('cache-control'));
    // The seeded test lead (scripts/seed.ts) answers the same.
    const seeded = await lookup('test@example.com');
    expect([seeded.status, seeded.json]).toEqual([unknown.status, unknown.json]);
  });

  it('refuses a missing or invalid email with 400 and the spec message', async () => {
    const expected = { error: 'Validation failed', fields: { email: 'Please enter a valid email address' } };
    for (const path of [
      '/api/client-project',
      '/api/client-project?email=',
      '/api/client-project?email=not-an-email',
      '/api/client-project?email=a@b.c&email=d@e.f',
      `/api/client-project?email=${'a'.repeat(250)}@example.com`,
    ]) {
      const r = await api('GET', path, { headers: { 'x-studio-test-client': freshIp() } });
      expect([r.status, r.json], path).toEqual([400, expected]);
    }
  });
});

describe('GET /api/client-project: rate limits', () => {
  const isLimited = (r: { status: number; json: unknown }) => {
    if (r.status !== 429) return false;
    expect(r.json).toEqual({ error: TOO_MANY_LOOKUPS });
    return true;
  };

  it(`allows ${CLIENT_PROJECT_LIMITS.perIp} lookups a minute per IP, then 429 with Retry-After; another IP is unaffected`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CLIENT_PROJECT_LIMITS.perIp; i++)
      expect((await lookup(uniqueEmail('ip'), ip)).status).toBe(404);
    const last = await lookup(uniqueEmail('ip'), ip);
    expect(last.status).toBe(429);
    expect(last.json).toEqual({ error: 'Too many lookups. Please wait a minute and try again.' });
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await lookup(uniqueEmail('ip'), freshIp())).status).toBe(404);
  });

  it(`one caller cannot lock a client out: ${CLIENT_PROJECT_LIMITS.perEmailAndIp} lookups of an email a minute per IP, then 429 for that IP only`, async () => {
    const email = uniqueEmail('lockout');
    await seedLead(email);
    const stranger = freshIp();
    for (let i = 0; i < CLIENT_PROJECT_LIMITS.perEmailAndIp; i++)
      expect((await lookup(email, stranger)).status).toBe(200);
    const last = await lookup(email.toUpperCase(), stranger);
    expect(isLimited(last)).toBe(true);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    // The client, from their own address, still gets their project; the stranger may still look up other emails.
    expect((await lookup(email, freshIp())).status).toBe(200);
    expect((await lookup(uniqueEmail('lockout'), stranger)).status).toBe(404);
  });

  // IPv6 callers are grouped by /56 (platform/rateLimit.ts ipLimitKey, unit-tested in rateLimit.test.ts). Through the
  // emulator every caller's bucket is named by the test-client header (http.ts clientIp), so no address reaches it here.

  // The parallel bursts go to one API instance in this process, as production's instance (concurrency 80)
  // takes them: the Functions emulator would start a cold process per concurrent request. The limiter's
  // state is in Firestore, so instances share it; the sequential tests above go through the emulator.
  it('20 parallel lookups from one IP never get more than the per-IP limit through', { timeout: 120_000 }, async () => {
    const ip = freshIp();
    const app = await startInProcessApp();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => lookup(uniqueEmail('par-ip'), ip, app.base)),
    ).finally(app.close);
    expect(
      results.every((r) => r.status === 404 || isLimited(r)),
      JSON.stringify(results.map((r) => r.status)),
    ).toBe(true);
    expect(results.filter((r) => r.status !== 429).length).toBeLessThanOrEqual(CLIENT_PROJECT_LIMITS.perIp);
  });

  it(
    `one email from many callers: at most ${CLIENT_PROJECT_LIMITS.perEmailAndIp} each and ${CLIENT_PROJECT_LIMITS.perEmailAll} in all a minute`,
    { timeout: 120_000 },
    async () => {
      const { perEmailAndIp, perEmailAll, windowSec } = CLIENT_PROJECT_LIMITS;
      const email = uniqueEmail('par-all');
      await seedLead(email);
      // A sliding window weighs the previous one's hits down as it ends: start the burst well inside one window.
      await clearOfWindowEdge(windowSec, 15_000);
      // Callers at once, each one's lookups in turn: a hit counts as soon as it is taken (refused or not), so one
      // caller's parallel burst could refuse more than its limit and never reach the shared cap.
      const callers = Array.from({ length: perEmailAll / perEmailAndIp + 4 }, () => freshIp());
      const app = await startInProcessApp();
      const byCaller = await Promise.all(
        callers.map(async (ip) => {
          const statuses: number[] = [];
          for (let i = 0; i <= perEmailAndIp; i++) {
            const r = await lookup(email, ip, app.base);
            expect(r.status === 200 || isLimited(r), `status ${r.status}`).toBe(true);
            statuses.push(r.status);
          }
          return statuses;
        }),
      ).finally(app.close);
      for (const own of byCaller) {
        expect(own.filter((s) => s === 200).length).toBeLessThanOrEqual(perEmailAndIp);
        expect(own[perEmailAndIp]).toBe(429);
      }
      expect(byCaller.flat().filter((s) => s === 200).length).toBeLessThanOrEqual(perEmailAll);
      // The cap is reached: a new caller waits too (the price of bounding what one address costs).
      expect(isLimited(await lookup(email, freshIp()))).toBe(true);
    },
  );
});
