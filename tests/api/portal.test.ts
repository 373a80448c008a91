/**
 * The client portal's API (functions/src/features/portal): a client signed in
 * by email link reads their own projects and invoices, matched by their
 * verified address, and nothing of anyone else's (another client's id is
 * 404, an unknown address gets empty lists); no token is 401; the client's
 * token is refused by the admin routes (403) and an admin's by the portal
 * (403); the admin's invite sends a sign-in link through the outbox and
 * writes it in the activity history.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { portalInvoiceReply, portalOverviewReply, portalProjectReply, portalInviteReply } from '@studio/domain';
import { adminIdToken, api, db, userIdToken } from '../helpers.js';
import { projectDoc, storeLead } from '../fixtures.js';
import { emailLinkIdToken, signInLinksFor } from '../portalLinks.js';

const first = `portal-a-${randomUUID()}@example.com`;
const second = `portal-b-${randomUUID()}@example.com`;
let firstToken: string;
let secondToken: string;
let adminToken: string;
let leadA: string;
let projectIds: string[];
let invoiceId: string;

beforeAll(async () => {
  leadA = await storeLead(db, { email: first, name: 'Portal A' });
  const leadA2 = await storeLead(db, { email: first, name: 'Portal A', subject: 'Second site' });
  await storeLead(db, { email: second, name: 'Portal B' });
  const p1 = db.collection('projects').doc();
  const p2 = db.collection('projects').doc();
  await p1.set(projectDoc({ leadId: leadA, name: 'A site', client: 'Portal A', status: 'Beta' }));
  await p2.set(projectDoc({ leadId: leadA2, name: 'A shop', client: 'Portal A' }));
  projectIds = [p1.id, p2.id];
  const inv = db.collection('invoices').doc();
  await inv.set({
    leadId: leadA,
    number: `INV-T-${randomUUID().slice(0, 6)}`,
    email: first,
    clientName: 'Portal A',
    amountCents: 12_345,
    description: 'Hosting year',
    status: 'open',
    dueDate: null,
    createdAt: Timestamp.now(),
    paidAt: null,
    paymentIntentId: null,
    checkoutUrl: null,
  });
  invoiceId = inv.id;
  [firstToken, secondToken, adminToken] = await Promise.all([
    emailLinkIdToken(first),
    emailLinkIdToken(second),
    adminIdToken(),
  ]);
});

describe('portal reads', () => {
  it('a signed-in client sees their projects with timelines and their invoices, amounts as 2-decimal strings', async () => {
    const res = await api('GET', '/api/portal/overview', { token: firstToken });
    expect(res.status).toBe(200);
    const body = portalOverviewReply.parse(res.json);
    expect(body.email).toBe(first);
    expect(body.projects.map((p) => p.id).sort()).toEqual([...projectIds].sort());
    const beta = body.projects.find((p) => p.name === 'A site')!;
    expect(beta.timeline.find((s) => s.state === 'current')?.label).toBe('Beta');
    const invoice = body.invoices.find((i) => i.id === invoiceId)!;
    expect(invoice).toMatchObject({ amount: '123.45', status: 'open', description: 'Hosting year' });
    expect(invoice.payPath).toMatch(/^\/checkout\?.*invoiceId=/);
  });

  it("names the studio's time zone (settings), in which the portal shows its dates", async () => {
    const studio = db.collection('settings').doc('studio');
    const before = await studio.get();
    try {
      await studio.set({ ...(before.data() ?? {}), timeZone: 'Europe/London' });
      const res = await api('GET', '/api/portal/overview', { token: firstToken });
      expect(res.status).toBe(200);
      expect((res.json as { timeZone: unknown }).timeZone).toBe('Europe/London');
    } finally {
      // The studio's settings as they were: later tests keep their clock.
      if (before.exists) await studio.set(before.data() ?? {});
      else await studio.delete();
    }
  });

  it('reads one of their own projects and invoices by id', async () => {
    const p = await api('GET', `/api/portal/projects/${projectIds[0]}`, { token: firstToken });
    expect(portalProjectReply.parse(p.json).project.id).toBe(projectIds[0]);
    const i = await api('GET', `/api/portal/invoices/${invoiceId}`, { token: firstToken });
    expect(portalInvoiceReply.parse(i.json).invoice.amount).toBe('123.45');
  });

  it('a second client cannot read the first’s projects or invoices: 404 by id, none of them in their overview', async () => {
    const overview = portalOverviewReply.parse((await api('GET', '/api/portal/overview', { token: secondToken })).json);
    expect(overview.email).toBe(second);
    expect(overview.projects).toEqual([]);
    // Their own lead's deposit request may be listed (the payment-request trigger issues it when it runs): only
    // that, never the first client's invoice or requests.
    for (const i of overview.invoices) expect(i.id === invoiceId || i.id.startsWith(leadA)).toBe(false);
    for (const id of projectIds) {
      const res = await api('GET', `/api/portal/projects/${id}`, { token: secondToken });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error: 'Project Not Found' });
    }
    const inv = await api('GET', `/api/portal/invoices/${invoiceId}`, { token: secondToken });
    expect(inv.status).toBe(404);
    // The same answer as an id that does not exist.
    expect((await api('GET', '/api/portal/invoices/nope', { token: secondToken })).json).toEqual(inv.json);
  });

  it('an address with no work signs in and sees empty lists: the portal never says who is a client', async () => {
    const token = await emailLinkIdToken(`nobody-${randomUUID()}@example.com`);
    const body = portalOverviewReply.parse((await api('GET', '/api/portal/overview', { token })).json);
    expect(body.projects).toEqual([]);
    expect(body.invoices).toEqual([]);
  });
});

describe('portal sessions', () => {
  it('no token or a bad one is 401', async () => {
    expect((await api('GET', '/api/portal/overview')).status).toBe(401);
    expect((await api('GET', `/api/portal/projects/${projectIds[0]}`)).status).toBe(401);
    expect((await api('GET', '/api/portal/overview', { token: 'not-a-token' })).status).toBe(401);
  });

  it('an unverified address (password sign-up) and the admin’s token are 403 on the portal', async () => {
    const unverified = await userIdToken(`portal-pw-${randomUUID()}@example.com`, 'visitor-pass');
    expect((await api('GET', '/api/portal/overview', { token: unverified })).status).toBe(403);
    expect((await api('GET', '/api/portal/overview', { token: adminToken })).status).toBe(403);
  });

  it('a client’s token is 403 on the admin routes', async () => {
    expect((await api('GET', '/api/leads', { token: firstToken })).status).toBe(403);
    expect((await api('POST', `/api/leads/${leadA}/portal-invite`, { token: firstToken })).status).toBe(403);
    expect((await api('GET', '/api/settings/studio', { token: firstToken })).status).toBe(403);
  });
});

describe('invite to portal', () => {
  it('sends the lead a sign-in link through the outbox and writes it in the activity history', async () => {
    const email = `portal-invite-${randomUUID()}@example.com`;
    const leadId = await storeLead(db, { email, name: 'Invited <b>Client</b>' });
    const res = await api('POST', `/api/leads/${leadId}/portal-invite`, { token: adminToken });
    expect(res.status).toBe(200);
    expect(portalInviteReply.parse(res.json)).toMatchObject({ email, message: 'Portal invitation sent' });
    const links = await signInLinksFor(email);
    expect(links).toHaveLength(1);
    expect(links[0]!.oobLink).toContain(encodeURIComponent('/portal'));
    // The invitation only: the stored lead's accepted quote also has its deposit request emailed.
    const outbox = (await db.collection('outbox').where('leadId', '==', leadId).get()).docs
      .map((d) => d.data())
      .filter((d) => d.templateId !== 'deposit-request');
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ to: email, templateId: 'raw' });
    // The link is sealed in the stored entry, never readable in Firestore.
    expect(JSON.stringify(outbox[0])).not.toContain(links[0]!.oobCode);
    const history = (await db.collection('lead_activity').where('leadId', '==', leadId).get()).docs.map((d) =>
      d.data(),
    );
    expect(history).toContainEqual(expect.objectContaining({ type: 'portal_invited', by: 'test-admin' }));
  });

  it('404 for an unknown lead, 400 for a lead without an email, 401 without a session', async () => {
    expect((await api('POST', '/api/leads/nope/portal-invite', { token: adminToken })).status).toBe(404);
    const noEmail = await storeLead(db, { email: '' });
    expect((await api('POST', `/api/leads/${noEmail}/portal-invite`, { token: adminToken })).status).toBe(400);
    expect((await api('POST', `/api/leads/${noEmail}/portal-invite`)).status).toBe(401);
  });
});
