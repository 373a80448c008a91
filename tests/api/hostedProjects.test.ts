/**
 * Hosted-project ("Replit") quote tool API (spec §5 "Hosted-project quote
 * form", §7 /api/replit/*, §9 30% deposit): demo projects, analysis, quote → lead,
 * status sync, validation messages and the admin guard.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeHostedProject, isDeployed, toHostedQuoteDto } from '@studio/domain';
import { findDemoProject } from '../../functions/src/features/hosted-projects/demoCatalogue.js';
import { adminIdToken, api, countDocs, db, userIdToken } from '../helpers.js';

let token: string;
let userToken: string;

const USERNAME = 'api-test';

/** A valid quote form for a project typed in by hand: React, 15 files, not deployed, $75/h (spec §5 defaults). */
function manualForm(overrides: Record<string, unknown> = {}) {
  return {
    projectId: `manual-${Math.random().toString(36).slice(2, 8)}`,
    projectTitle: 'Client Portal',
    language: 'React',
    fileCount: 15,
    hasDeployment: false,
    clientName: `Replit Client ${Math.random().toString(36).slice(2, 8)}`,
    clientEmail: 'Quote.Client@Example.com',
    baseHourlyRate: 75,
    ...overrides,
  };
}

async function createQuote(body: object): Promise<string> {
  const r = await api('POST', '/api/replit/create-quote-from-project', { token, body });
  expect(r.status).toBe(201);
  expect(r.json).toEqual({ success: true, leadId: expect.any(String) });
  return (r.json as { leadId: string }).leadId;
}

/** Lead and lead_activity counts, to prove a refused request wrote nothing. */
const counts = async () => [await countDocs('leads'), await countDocs('lead_activity')];

beforeAll(async () => {
  token = await adminIdToken();
  userToken = await userIdToken();
});

describe('GET /api/replit/projects', () => {
  it("lists the username's demo projects, the same ones every time", async () => {
    const r = await api('GET', `/api/replit/projects?username=${USERNAME}`, { token });
    expect(r.status).toBe(200);
    const { success, projects } = r.json as { success: boolean; projects: Array<Record<string, unknown>> };
    expect(success).toBe(true);
    expect(projects.length).toBeGreaterThanOrEqual(7);
    for (const p of projects) {
      expect(p).toMatchObject({
        id: expect.stringMatching(new RegExp(`^demo:${USERNAME}:[a-z0-9-]+$`)),
        slug: expect.any(String),
        title: expect.any(String),
        lang: expect.stringMatching(/^(HTML|React|Next\.js|Vue|Python|Node\.js)$/),
        files: expect.any(Array),
        url: `https://replit.com/@${USERNAME}/${p.slug as string}`,
        timeUpdated: expect.any(String),
      });
      expect(p.deployment === null || (p.deployment as { status: string }).status === 'live').toBe(true);
    }
    expect(projects.some((p) => p.deployment !== null)).toBe(true);
    expect(projects.some((p) => p.deployment === null)).toBe(true);

    // Trimmed and case-insensitive: the same projects.
    const again = await api('GET', `/api/replit/projects?username=%20API-Test%20`, { token });
    expect((again.json as { projects: Array<{ id: string }> }).projects.map((p) => p.id)).toEqual(
      projects.map((p) => p.id),
    );
  });

  it('requires a valid username', async () => {
    for (const query of ['', '?username=', '?username=%20%20']) {
      const r = await api('GET', `/api/replit/projects${query}`, { token });
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ error: 'Validation failed', fields: { username: 'Replit username is required' } });
    }
    const bad = await api('GET', '/api/replit/projects?username=no%20spaces!', { token });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({
      error: 'Validation failed',
      fields: { username: 'Replit username may only contain letters, digits, dashes and underscores' },
    });
    const unknown = await api('GET', `/api/replit/projects?username=${USERNAME}&page=2`, { token });
    expect(unknown.status).toBe(400);
    expect((unknown.json as { fields: object }).fields).toEqual({ page: 'Unknown field' });
  });
});

describe('POST /api/replit/analyze-project', () => {
  it('analyzes a demo project: complexity, hours and money as 2-decimal strings with a 30% deposit', async () => {
    const projects = (await api('GET', `/api/replit/projects?username=${USERNAME}`, { token })).json as {
      projects: Array<{ id: string }>;
    };
    for (const { id } of projects.projects) {
      const r = await api('POST', '/api/replit/analyze-project', {
        token,
        body: { projectId: id, baseHourlyRate: 75 },
      });
      expect(r.status).toBe(200);
      const expected = analyzeHostedProject(findDemoProject(id, new Date())!, 7500);
      expect(r.json).toEqual({ success: true, analysis: expected.analysis, quote: toHostedQuoteDto(expected.quote) });
      const { quote, analysis } = r.json as {
        quote: Record<string, string | number>;
        analysis: { complexity: string };
      };
      expect(['Low', 'Medium', 'High']).toContain(analysis.complexity);
      for (const k of ['total', 'depositAmount', 'finalAmount', 'hourlyRate']) expect(quote[k]).toMatch(/^\d+\.\d{2}$/);
      const cents = (k: string) => Math.round(Number(quote[k]) * 100);
      expect(cents('depositAmount')).toBe(Math.floor((cents('total') * 30 + 50) / 100));
      expect(cents('depositAmount') + cents('finalAmount')).toBe(cents('total'));
      expect(quote.hourlyRate).toBe('75.00');
    }
  });

  it('defaults the rate to 75 and takes cents-precise rates', async () => {
    const projectId = `demo:${USERNAME}:ai-support-chatbot`;
    const dflt = await api('POST', '/api/replit/analyze-project', { token, body: { projectId } });
    expect(dflt.status).toBe(200);
    expect((dflt.json as { quote: { hourlyRate: string } }).quote.hourlyRate).toBe('75.00');
    const odd = await api('POST', '/api/replit/analyze-project', { token, body: { projectId, baseHourlyRate: 82.5 } });
    expect((odd.json as { quote: { hourlyRate: string } }).quote.hourlyRate).toBe('82.50');
  });

  it('validates the body with the spec messages', async () => {
    const empty = await api('POST', '/api/replit/analyze-project', { token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.json).toEqual({ error: 'Validation failed', fields: { projectId: 'Project ID is required' } });
    const rate = await api('POST', '/api/replit/analyze-project', {
      token,
      body: { projectId: 'x', baseHourlyRate: 0 },
    });
    expect(rate.json).toEqual({ error: 'Validation failed', fields: { baseHourlyRate: 'Rate must be positive' } });
    const extra = await api('POST', '/api/replit/analyze-project', { token, body: { projectId: 'x', total: '1.00' } });
    expect(extra.status).toBe(400);
    expect((extra.json as { fields: object }).fields).toEqual({ total: 'Unknown field' });
  });

  it('answers 404 for a project the demo data does not have', async () => {
    for (const projectId of [`demo:${USERNAME}:no-such-project`, 'not-a-demo-id']) {
      const r = await api('POST', '/api/replit/analyze-project', { token, body: { projectId, baseHourlyRate: 75 } });
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ error: 'Project not found' });
    }
  });
});

describe('POST /api/replit/create-quote-from-project', () => {
  it('creates a Contacted lead with the server-computed quote, 30% deposit, Pending review, in one batch with its activity', async () => {
    const form = manualForm();
    const before = await counts();
    const leadId = await createQuote(form);
    expect(await counts()).toEqual([before[0]! + 1, before[1]! + 1]);

    const lead = (await db.collection('leads').doc(leadId).get()).data()!;
    // React, 15 files × 1 h + 4 h base = 19 h at $75 = $1,425; 30% = $427.50.
    expect(lead).toMatchObject({
      name: form.clientName,
      email: 'quote.client@example.com',
      phone: null,
      projectType: 'Web Project',
      subject: 'Quote for Client Portal',
      status: 'Contacted',
      quoteAmountCents: 142500,
      depositAmountCents: 42750,
      finalAmountCents: 99750,
      estimatedHours: 19,
      complexity: 'Low',
      quoteGenerated: true,
      quoteReviewStatus: 'Pending',
      hasProjectPlan: false,
      quoteAccepted: false,
      replitProjectId: form.projectId,
      replitProjectUrl: null,
      replitDeployed: false,
      source: 'replit',
      deadReason: null,
    });
    expect(lead.message).toContain('Client Portal');
    expect(lead.notes).toContain('Base setup, review and handover: 4 h');
    expect(lead.notes).toContain('Deposit 30%: $427.50');
    expect(typeof lead.createdAt?.toDate).toBe('function');
    expect(typeof lead.updatedAt?.toDate).toBe('function');
    expect(JSON.parse(lead.generatedQuoteDetails as string)).toEqual({
      quoteAmount: '1425.00',
      depositAmount: '427.50',
      finalAmount: '997.50',
      hourlyRate: '75.00',
      estimatedHours: 19,
      breakdown: {
        baseCost: '1425.00',
        adjustments: '0.00',
        totalCost: '1425.00',
        depositAmount: '427.50',
        finalAmount: '997.50',
      },
      adjustmentsNote: 'Adjustments: hours × rate, rounded to the nearest dollar.',
    });

    const activity = await db.collection('lead_activity').where('leadId', '==', leadId).get();
    expect(activity.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({
        type: 'quote_event',
        to: 'Contacted',
        by: 'test-admin',
        detail: 'Quote created from hosted project',
      }),
    ]);

    // The lead is served like any other (money as 2-decimal strings).
    const leads = (await api('GET', '/api/leads', { token })).json as Array<Record<string, unknown>>;
    expect(leads.find((l) => l.id === leadId)).toMatchObject({
      quoteAmount: '1425.00',
      depositAmount: '427.50',
      finalAmount: '997.50',
      status: 'Contacted',
    });
  });

  it('rounds the total to whole dollars and records base and adjustment', async () => {
    // 19 h × $82.50 = $1,567.50 → $1,568; deposit 30% = $470.40; final $1,097.60.
    const leadId = await createQuote(manualForm({ baseHourlyRate: 82.5 }));
    const lead = (await db.collection('leads').doc(leadId).get()).data()!;
    expect(lead).toMatchObject({ quoteAmountCents: 156800, depositAmountCents: 47040, finalAmountCents: 109760 });
    expect(JSON.parse(lead.generatedQuoteDetails as string)).toMatchObject({
      hourlyRate: '82.50',
      breakdown: {
        baseCost: '1567.50',
        adjustments: '0.50',
        totalCost: '1568.00',
        depositAmount: '470.40',
        finalAmount: '1097.60',
      },
      // The explanation of this pricing, not the plan pricing's multipliers and $50 rounding.
      adjustmentsNote: 'Adjustments: hours × rate, rounded to the nearest dollar.',
    });
  });

  it('prices features and deployment, and marks High complexity', async () => {
    // 4 h + 18 Node.js files × 1.25 h + 4 h deployed + database 8 + api 6 + auth 6 + payment 10 = 60.5 h at $80.
    const leadId = await createQuote(
      manualForm({
        language: 'Node.js',
        fileCount: 18,
        hasDeployment: true,
        baseHourlyRate: 80,
        features: ['Postgres database', 'REST api', 'Login', 'Stripe checkout'],
      }),
    );
    const lead = (await db.collection('leads').doc(leadId).get()).data()!;
    expect(lead).toMatchObject({
      estimatedHours: 60.5,
      complexity: 'High',
      quoteAmountCents: 484000,
      depositAmountCents: 145200,
      finalAmountCents: 338800,
      detectedFeatures: 'database, api, auth, payment',
      replitDeployed: true,
      projectType: 'Web Project',
    });
  });

  it('quotes a demo project exactly as analyze-project does when the form carries its facts', async () => {
    const projectId = `demo:${USERNAME}:ai-support-chatbot`;
    const analyzed = (
      await api('POST', '/api/replit/analyze-project', { token, body: { projectId, baseHourlyRate: 75 } })
    ).json as {
      analysis: { language: string; fileCount: number; hasDeployment: boolean; features: string[]; complexity: string };
      quote: { estimatedHours: number; total: string; depositAmount: string };
    };
    const { analysis, quote } = analyzed;
    const leadId = await createQuote(
      manualForm({
        projectId,
        projectTitle: 'AI Support Chatbot',
        language: analysis.language,
        fileCount: analysis.fileCount,
        hasDeployment: analysis.hasDeployment,
        features: analysis.features,
      }),
    );
    const lead = (await db.collection('leads').doc(leadId).get()).data()!;
    expect(lead).toMatchObject({
      quoteAmountCents: Math.round(Number(quote.total) * 100),
      depositAmountCents: Math.round(Number(quote.depositAmount) * 100),
      estimatedHours: quote.estimatedHours,
      complexity: analysis.complexity,
      replitProjectId: projectId,
      replitProjectUrl: `https://replit.com/@${USERNAME}/ai-support-chatbot`,
      projectType: 'AI Automation',
    });
  });

  it('validates the form with the spec messages and writes nothing', async () => {
    const before = await counts();
    const empty = await api('POST', '/api/replit/create-quote-from-project', { token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.json).toEqual({
      error: 'Validation failed',
      fields: {
        projectId: 'Project ID is required',
        projectTitle: 'Project title is required',
        clientName: 'Client name is required',
        clientEmail: 'Valid email is required',
      },
    });
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ fileCount: 0 }, { fileCount: 'File count must be positive' }],
      [{ baseHourlyRate: 0 }, { baseHourlyRate: 'Rate must be positive' }],
      [{ language: '  ' }, { language: 'Language is required' }],
      [{ clientEmail: 'not-an-email' }, { clientEmail: 'Valid email is required' }],
      [{ clientName: '' }, { clientName: 'Client name is required' }],
    ];
    for (const [override, fields] of cases) {
      const r = await api('POST', '/api/replit/create-quote-from-project', { token, body: manualForm(override) });
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ error: 'Validation failed', fields });
    }
    expect(await counts()).toEqual(before);
  });

  it('a client-sent price cannot change the quote: unknown keys are refused and nothing is written', async () => {
    const before = await counts();
    for (const extra of [
      { quoteAmount: '1.00' },
      { total: '1.00', depositAmount: '0.30' },
      { quoteAmountCents: 100 },
      { status: 'Complete', quoteReviewStatus: 'Approved' },
    ]) {
      const r = await api('POST', '/api/replit/create-quote-from-project', {
        token,
        body: { ...manualForm(), ...extra },
      });
      expect(r.status).toBe(400);
      expect((r.json as { fields: object }).fields).toEqual(
        Object.fromEntries(Object.keys(extra).map((k) => [k, 'Unknown field'])),
      );
    }
    expect(await counts()).toEqual(before);
  });
});

describe('POST /api/replit/sync-project-status', () => {
  it("records each quoted demo project's deployment on its lead and reports every lead with a project id", async () => {
    const projectId = `demo:${USERNAME}:weather-dashboard`;
    const project = findDemoProject(projectId, new Date())!;
    const live = isDeployed(project.deployment);
    // The form says the opposite of the demo data, so the sync changes it.
    const demoLead = await createQuote(manualForm({ projectId, projectTitle: project.title, hasDeployment: !live }));
    const manualLead = await createQuote(manualForm());
    const updatedAtBefore = (await db.collection('leads').doc(demoLead).get()).get('updatedAt').toMillis();

    const r = await api('POST', '/api/replit/sync-project-status', { token });
    expect(r.status).toBe(200);
    const body = r.json as { success: boolean; updated: number; updates: Array<Record<string, unknown>> };
    expect(body.success).toBe(true);
    expect(body.updated).toBe(body.updates.filter((u) => u.synced).length);
    expect(body.updates.find((u) => u.leadId === demoLead)).toEqual({
      leadId: demoLead,
      name: expect.any(String),
      projectId,
      projectTitle: project.title,
      synced: true,
      deployed: live,
      deploymentUrl: project.deployment?.url ?? null,
      changed: true,
    });
    expect(body.updates.find((u) => u.leadId === manualLead)).toMatchObject({
      synced: false,
      deployed: null,
      projectTitle: null,
      changed: false,
    });

    const stored = (await db.collection('leads').doc(demoLead).get()).data()!;
    expect(stored).toMatchObject({ replitDeployed: live, replitDeploymentUrl: project.deployment?.url ?? null });
    expect(typeof stored.replitSyncedAt?.toDate).toBe('function');
    // Syncing is not a pipeline change: the board's "days in stage" keeps counting.
    expect(stored.updatedAt.toMillis()).toBe(updatedAtBefore);
    expect((await db.collection('leads').doc(manualLead).get()).get('replitSyncedAt')).toBeUndefined();

    // Nothing changed since: a second sync reports no change.
    const again = (await api('POST', '/api/replit/sync-project-status', { token, body: {} })).json as {
      updates: Array<Record<string, unknown>>;
    };
    expect(again.updates.find((u) => u.leadId === demoLead)).toMatchObject({ synced: true, changed: false });
  });

  it('takes no input: unknown keys are refused', async () => {
    const r = await api('POST', '/api/replit/sync-project-status', { token, body: { force: true } });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ error: 'Validation failed', fields: { force: 'Unknown field' } });
  });
});

describe('admin guard', () => {
  const routes: Array<[string, string, object | undefined]> = [
    ['GET', `/api/replit/projects?username=${USERNAME}`, undefined],
    ['POST', '/api/replit/analyze-project', { projectId: `demo:${USERNAME}:ai-support-chatbot`, baseHourlyRate: 75 }],
    ['POST', '/api/replit/create-quote-from-project', manualForm()],
    ['POST', '/api/replit/sync-project-status', {}],
  ];

  it('answers 401 to anonymous callers and 403 to non-admins on every route, writing nothing', async () => {
    const before = await counts();
    for (const [method, path, body] of routes) {
      const anonymous = await api(method, path, { body });
      expect(anonymous.status, `${method} ${path} anonymous`).toBe(401);
      expect(anonymous.json).toEqual({ error: 'Not authenticated' });
      const user = await api(method, path, { body, token: userToken });
      expect(user.status, `${method} ${path} non-admin`).toBe(403);
      expect(user.json).toEqual({ error: 'Forbidden' });
    }
    expect(await counts()).toEqual(before);
  });
});
