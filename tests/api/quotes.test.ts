/** Quotes: plan → server-computed quote → review → link → client acceptance → project. */
import { beforeAll, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { readFileSync } from 'node:fs';
import { quoteLinkAcceptedReply, quoteLinkReply } from '@studio/domain';
import { adminIdToken, api, countDocs, db, eventually, userIdToken } from '../helpers.js';
import { unseal } from '../../functions/src/platform/sealed.js';

let token: string;
let userToken: string;

const PLAN = {
  complexity: 'Medium',
  timeline: '6 weeks',
  requirements: 'Online shop with Stripe payments and a product database',
  estimatedHours: 40,
};

async function contactedLead(): Promise<string> {
  const r = await api('POST', '/api/leads', {
    token,
    body: {
      name: 'Quote Client',
      email: 'quote.client@example.com',
      subject: 'Shop build',
      message: 'We need a shop.',
    },
  });
  const id = (r.json as { id: string }).id;
  expect((await api('PUT', `/api/leads/${id}`, { token, body: { status: 'Contacted' } })).status).toBe(200);
  return id;
}

async function approvedLead(): Promise<{ id: string; link: string; leadId: string; linkToken: string }> {
  const id = await contactedLead();
  expect((await api('POST', `/api/leads/${id}/project-plan`, { token, body: PLAN })).status).toBe(201);
  const r = await api('POST', `/api/leads/${id}/quote/approve`, { token, body: {} });
  expect(r.status).toBe(200);
  const link = (r.json as { acceptanceUrl: string }).acceptanceUrl;
  const q = new URLSearchParams(link.split('?')[1]);
  return { id, link, leadId: q.get('leadId')!, linkToken: q.get('token')! };
}

beforeAll(async () => {
  token = await adminIdToken();
  userToken = await userIdToken();
});

describe('project plan', () => {
  it('computes the quote on the server and stores it pending review', async () => {
    const id = await contactedLead();
    const r = await api('POST', `/api/leads/${id}/project-plan`, { token, body: PLAN });
    expect(r.status).toBe(201);
    // Web Project × Medium = $95/h × 40 h = $3,800; "database" ×1.2, "payments"/"Stripe" ×1.3 → $5,928 → $5,950.
    expect((r.json as { quoteDetails: object }).quoteDetails).toMatchObject({
      quoteAmount: '5950.00',
      depositAmount: '2975.00',
      finalAmount: '2975.00',
      hourlyRate: '95.00',
      estimatedHours: 40,
      adjustmentsNote:
        'Adjustments: hours × rate with database or API +20%, payments +30%, rounded to the nearest $50.',
    });
    const lead = (await db.collection('leads').doc(id).get()).data()!;
    expect(lead).toMatchObject({
      status: 'Contacted',
      hasProjectPlan: true,
      quoteGenerated: true,
      quoteReviewStatus: 'Pending',
      quoteAmountCents: 595000,
      quoteVersion: 1,
    });
    expect(lead.notes).toContain('Project Plan (Medium complexity, timeline: 6 weeks)');
    expect((await db.collection('quote_versions').doc(`${id}_v1`).get()).get('quoteAmountCents')).toBe(595000);
  });

  it('validates with the spec messages, refuses client-sent totals, and writes nothing', async () => {
    const id = await contactedLead();
    const bad = await api('POST', `/api/leads/${id}/project-plan`, {
      token,
      body: { timeline: 'x', requirements: 'short' },
    });
    expect(bad.status).toBe(400);
    expect((bad.json as { fields: object }).fields).toEqual({
      timeline: 'Please provide estimated timeline',
      requirements: 'Please list key requirements',
    });
    const tamper = await api('POST', `/api/leads/${id}/project-plan`, {
      token,
      body: { ...PLAN, quoteAmount: '1.00' },
    });
    expect(tamper.status).toBe(400);
    expect((await db.collection('leads').doc(id).get()).get('quoteGenerated')).toBe(false);
  });

  it('is only for a lead in Contacted', async () => {
    const r = await api('POST', '/api/leads', {
      token,
      body: { name: 'N', email: 'n@example.com', subject: 's', message: 'm' },
    });
    const res = await api('POST', `/api/leads/${(r.json as { id: string }).id}/project-plan`, { token, body: PLAN });
    expect(res.status).toBe(409);
  });
});

describe('review', () => {
  it('revise, edit (a new version, back to Pending), approve (→ Quoted), admin accept (→ Set Up + project)', async () => {
    const id = await contactedLead();
    await api('POST', `/api/leads/${id}/project-plan`, { token, body: PLAN });
    expect((await api('POST', `/api/leads/${id}/quote/revise`, { token, body: {} })).status).toBe(200);
    expect((await db.collection('leads').doc(id).get()).get('quoteReviewStatus')).toBe('Needs Revision');

    const badEdit = await api('PUT', `/api/leads/${id}/quote`, {
      token,
      body: {
        quoteAmount: '',
        depositAmount: '1',
        finalAmount: '1',
        estimatedHours: '1.3',
        hourlyRate: '',
        complexity: 'Huge',
      },
    });
    expect(badEdit.status).toBe(400);
    expect((badEdit.json as { fields: Record<string, string> }).fields).toMatchObject({
      quoteAmount: 'Quote amount is required',
      hourlyRate: 'Hourly rate is required',
      estimatedHours: 'Use steps of 0.5 hours',
    });

    const edit = {
      quoteAmount: '6000.00',
      depositAmount: '3000.00',
      finalAmount: '3000.00',
      estimatedHours: '42.5',
      hourlyRate: '100',
      complexity: 'High',
    };
    expect((await api('PUT', `/api/leads/${id}/quote`, { token, body: edit })).status).toBe(200);
    const edited = (await db.collection('leads').doc(id).get()).data()!;
    expect(edited).toMatchObject({
      quoteAmountCents: 600000,
      quoteReviewStatus: 'Pending',
      quoteVersion: 2,
      complexity: 'High',
    });
    // The studio's price carries its own explanation, not the plan pricing's multipliers and $50 rounding.
    expect(JSON.parse(edited.generatedQuoteDetails as string)).toMatchObject({
      quoteAmount: '6000.00',
      breakdown: { baseCost: '4250.00', adjustments: '1750.00', totalCost: '6000.00' },
      adjustmentsNote: 'Adjustments: the total is the price the studio set, not hours × rate.',
    });
    expect((await db.collection('quote_versions').doc(`${id}_v1`).get()).get('quoteAmountCents')).toBe(595000); // v1 unchanged

    expect((await api('POST', `/api/leads/${id}/quote/accept`, { token, body: {} })).status).toBe(409); // not approved yet
    expect((await api('POST', `/api/leads/${id}/quote/approve`, { token, body: {} })).status).toBe(200);
    expect((await db.collection('leads').doc(id).get()).data()).toMatchObject({
      status: 'Quoted',
      quoteReviewStatus: 'Approved',
    });

    const accept = await api('POST', `/api/leads/${id}/quote/accept`, { token, body: {} });
    expect(accept.status).toBe(200);
    const project = (
      await db
        .collection('projects')
        .doc((accept.json as { projectId: string }).projectId)
        .get()
    ).data()!;
    expect(project).toMatchObject({
      leadId: id,
      status: 'Set up',
      priority: 'High',
      estimatedHours: 42.5,
      client: 'Quote Client',
    });
    expect((await db.collection('leads').doc(id).get()).data()).toMatchObject({
      status: 'Set Up',
      quoteAccepted: true,
    });
    expect((await api('POST', `/api/leads/${id}/quote/accept`, { token, body: {} })).status).toBe(409);
  });

  it('refuses the wrong caller on every admin quote route', async () => {
    const id = await contactedLead();
    const routes: Array<[string, string, unknown]> = [
      ['POST', `/api/leads/${id}/project-plan`, PLAN],
      ['PUT', `/api/leads/${id}/quote`, {}],
      ['POST', `/api/leads/${id}/quote/approve`, {}],
      ['POST', `/api/leads/${id}/quote/revise`, {}],
      ['POST', `/api/leads/${id}/quote/revoke-link`, {}],
      ['POST', `/api/leads/${id}/quote/accept`, {}],
    ];
    for (const [method, path, body] of routes) {
      expect((await api(method, path, { body })).status, path).toBe(401);
      expect((await api(method, path, { body, token: userToken })).status, path).toBe(403);
    }
  });
});

describe('client quote acceptance', () => {
  it('shows client-safe details with no-store and no-referrer, then accepts once into a deposit checkout', async () => {
    const { id, leadId, linkToken } = await approvedLead();
    const q = `leadId=${leadId}&token=${linkToken}`;
    const view = await api('GET', `/api/quote-acceptance?${q}`);
    expect(view.status).toBe(200);
    expect(view.headers.get('cache-control')).toBe('no-store');
    expect(view.headers.get('referrer-policy')).toBe('no-referrer');
    expect(view.json).toMatchObject({
      success: true,
      lead: { name: 'Quote Client' },
      quoteDetails: { quoteAmount: '5950.00', depositAmount: '2975.00' },
    });
    expect(JSON.stringify(view.json)).not.toMatch(/notes|stripe|email/i);
    expect(quoteLinkReply.parse(view.json)).toEqual(view.json); // the web's reply schema reads all of it

    const accepted = await api('POST', '/api/quote-acceptance/accept', {
      body: { leadId, token: linkToken },
      headers: { 'user-agent': 'QuoteTest/1.0', 'x-studio-test-client': '203.0.113.7' },
    }); // the tests' own bucket; Google's front end sets the address in production
    expect(accepted.status).toBe(200);
    expect(quoteLinkAcceptedReply.parse(accepted.json)).toEqual(accepted.json);
    expect(accepted.json).toEqual({
      success: true,
      requiresPayment: true,
      checkoutUrl: `/checkout?amount=2975.00&description=50%25+deposit%3A+Shop+build&leadId=${id}`,
    });
    expect((await db.collection('leads').doc(id).get()).data()).toMatchObject({
      status: 'Set Up',
      quoteAccepted: true,
    });
    const evidence = (await db.collection('quote_acceptances').where('leadId', '==', id).get()).docs.map((d) =>
      d.data(),
    );
    expect(evidence).toHaveLength(1);
    expect(evidence[0]).toMatchObject({
      via: 'client',
      userAgent: 'QuoteTest/1.0',
      quoteVersion: 1,
      ip: 'test:203.0.113.7',
    });

    const again = await api('POST', '/api/quote-acceptance/accept', { body: { leadId, token: linkToken } });
    expect(again.status).toBe(409);
    expect((await db.collection('projects').where('leadId', '==', id).get()).size).toBe(1);
  });

  it('answers a tampered token exactly like an unknown lead', async () => {
    const { leadId, linkToken } = await approvedLead();
    const tampered = linkToken.slice(0, -2) + (linkToken.endsWith('AA') ? 'BB' : 'AA');
    const a = await api('GET', `/api/quote-acceptance?leadId=${leadId}&token=${tampered}`);
    const b = await api('GET', `/api/quote-acceptance?leadId=no-such-lead&token=${linkToken}`);
    expect([a.status, a.json]).toEqual([404, { error: 'Quote Not Found' }]);
    expect([b.status, b.json]).toEqual([a.status, a.json]);
    const c = await api('POST', '/api/quote-acceptance/accept', { body: { leadId, token: tampered } });
    expect([c.status, c.json]).toEqual([404, { error: 'Quote Not Found' }]);
    expect((await api('GET', `/api/quote-acceptance?leadId=${leadId}`)).status).toBe(400);
  });

  it('refuses an expired link with 410 and a revoked one with 409 "This quote is no longer available"', async () => {
    const expired = await approvedLead();
    const links = await db.collection('quote_links').where('leadId', '==', expired.leadId).get();
    await Promise.all(links.docs.map((d) => d.ref.update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) })));
    expect((await api('GET', `/api/quote-acceptance?leadId=${expired.leadId}&token=${expired.linkToken}`)).status).toBe(
      410,
    );
    expect(
      (
        await api('POST', '/api/quote-acceptance/accept', {
          body: { leadId: expired.leadId, token: expired.linkToken },
        })
      ).status,
    ).toBe(410);

    const revoked = await approvedLead();
    expect((await api('POST', `/api/leads/${revoked.id}/quote/revoke-link`, { token, body: {} })).json).toEqual({
      success: true,
      revoked: 1,
    });
    expect(await api('GET', `/api/quote-acceptance?leadId=${revoked.leadId}&token=${revoked.linkToken}`)).toMatchObject(
      { status: 409, json: { error: 'This quote is no longer available' } },
    );
  });

  it("says in its answer that the link was emailed, and to which address (the lead's)", async () => {
    const id = await contactedLead();
    expect((await api('POST', `/api/leads/${id}/project-plan`, { token, body: PLAN })).status).toBe(201);
    const r = await api('POST', `/api/leads/${id}/quote/approve`, { token, body: {} });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true, emailed: true, emailedTo: 'quote.client@example.com' });
  });

  it('emails the link through the outbox, sealed; the sent copy carries it, the log copy is redacted', async () => {
    const { leadId, link, linkToken } = await approvedLead();
    const entry = (
      await db.collection('outbox').where('leadId', '==', leadId).where('templateId', '==', 'quote-sent').get()
    ).docs[0]!;
    expect(entry.get('to')).toBe('quote.client@example.com');
    const sealed = entry.get('variables.quoteLink') as string;
    expect(sealed).toMatch(/^sealed:v1:/);
    const key = /^OUTBOX_SECRET_KEY=(.+)$/m
      .exec(readFileSync(new URL('../../functions/.env.demo-studio', import.meta.url), 'utf8'))![1]!
      .trim();
    expect(unseal(sealed, key)).toBe(`http://127.0.0.1:5000${link}`);
    // The emulator's sender logs instead of sending: the token must not reach the log.
    const logged = (
      await eventually(async () => (await db.collection('email_log').doc(entry.id).get()).data(), 'the email log entry')
    ).html as string;
    expect(logged).toContain('[redacted]');
    expect(logged).not.toContain(linkToken);
  });

  it('stores no raw token anywhere in Firestore', async () => {
    const { linkToken } = await approvedLead();
    const collections = await db.listCollections();
    expect(await countDocs('quote_links')).toBeGreaterThan(0);
    for (const c of collections) {
      const snap = await c.get();
      for (const d of snap.docs) expect(JSON.stringify(d.data()) + d.id, `${c.id}/${d.id}`).not.toContain(linkToken);
    }
  });
});
