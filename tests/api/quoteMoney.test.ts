/**
 * Money and quote rules through the API: payable only when the quote stands,
 * links that die with their quote, and editing a quote after money has moved
 * (domain/payments.ts, domain/quotes.ts quoteLinkRevoked).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { adminIdToken, api, db } from '../helpers.js';

let token: string;
const PLAN = {
  complexity: 'Low',
  timeline: '2 weeks',
  requirements: 'A small brochure site with five pages',
  estimatedHours: 10,
};
const GONE = { error: 'This quote is no longer available' };
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

beforeAll(async () => {
  token = await adminIdToken();
});

/** A lead in Contacted with a generated quote pending review ($750: Web Project × Low $75/h × 10 h). */
async function pendingQuote(): Promise<string> {
  const r = await api('POST', '/api/leads', {
    token,
    body: {
      name: 'Money Client',
      email: `money.${tag()}@example.com`,
      subject: 'Brochure site',
      message: 'Five pages.',
    },
  });
  const id = (r.json as { id: string }).id;
  expect((await api('PUT', `/api/leads/${id}`, { token, body: { status: 'Contacted' } })).status).toBe(200);
  expect((await api('POST', `/api/leads/${id}/project-plan`, { token, body: PLAN })).status).toBe(201);
  return id;
}

/** Approves the lead's quote; returns the link's token. */
async function approve(id: string): Promise<string> {
  const r = await api('POST', `/api/leads/${id}/quote/approve`, { token, body: {} });
  expect(r.status).toBe(200);
  return new URLSearchParams((r.json as { acceptanceUrl: string }).acceptanceUrl.split('?')[1]).get('token')!;
}

const open = (leadId: string, t: string) => api('GET', `/api/quote-acceptance?leadId=${leadId}&token=${t}`);
const accept = (leadId: string, t: string) =>
  api('POST', '/api/quote-acceptance/accept', { body: { leadId, token: t } });
const deposit = (leadId: string) => api('POST', '/api/create-payment-intent', { body: { leadId } });
const projectsOf = async (leadId: string) => (await db.collection('projects').where('leadId', '==', leadId).get()).size;
const payAndConfirm = async (leadId: string) => {
  const intent = await deposit(leadId);
  expect(intent.status, JSON.stringify(intent.json)).toBe(200);
  const { paymentIntentId } = intent.json as { paymentIntentId: string };
  expect((await api('POST', '/api/test-mode/confirm-payment', { body: { paymentIntentId } })).status).toBe(200);
  return intent.json as { amount: string; description: string };
};

describe('payable only when the quote stands', () => {
  it('a deposit for a quote pending review, or approved but not accepted → 409; accepted → the accepted amount', async () => {
    const id = await pendingQuote();
    const pending = await deposit(id);
    expect(pending).toMatchObject({
      status: 409,
      json: { error: 'The quote is still being prepared. Payment opens once the quote is accepted.' },
    });

    const link = await approve(id);
    const approved = await deposit(id);
    expect(approved).toMatchObject({
      status: 409,
      json: { error: 'The deposit can be paid only after the quote is accepted' },
    });
    expect((await db.collection('payments').where('leadId', '==', id).get()).size).toBe(0);

    expect((await accept(id, link)).status).toBe(200);
    const lead = (await db.collection('leads').doc(id).get()).data()!;
    expect(lead.acceptedQuote).toEqual({
      version: 1,
      quoteAmountCents: 75_000,
      depositAmountCents: 37_500,
      finalAmountCents: 37_500,
    });
    const paid = await payAndConfirm(id);
    expect(paid).toMatchObject({ amount: '375.00', description: expect.stringMatching(/^50% deposit/) });
    // The final payment comes after the deposit, for the accepted version's remainder.
    expect((await deposit(id)).json).toMatchObject({
      amount: '375.00',
      description: expect.stringMatching(/^Final payment/),
    });
  });

  it('charges the accepted version even when the lead record says otherwise', async () => {
    const id = await pendingQuote();
    expect((await accept(id, await approve(id))).status).toBe(200);
    // A write outside the quote flow (an import, a console edit) does not change what is charged.
    await db
      .collection('leads')
      .doc(id)
      .update({ quoteAmountCents: 750_000, depositAmountCents: 375_000, finalAmountCents: 375_000 });
    expect((await deposit(id)).json).toMatchObject({ amount: '375.00' });
  });

  it('a Lost lead cannot be charged', async () => {
    const id = await pendingQuote();
    expect((await accept(id, await approve(id))).status).toBe(200);
    expect(
      (await api('PUT', `/api/leads/${id}`, { token, body: { status: 'Lost', deadReason: 'Contact Canceled' } }))
        .status,
    ).toBe(200);
    expect(await deposit(id)).toMatchObject({
      status: 409,
      json: { error: 'This project is closed, so no payment can be taken' },
    });
  });
});

/** Drags the lead to `status` on the board (PUT /api/leads/{id}); expects 200. */
async function moveTo(id: string, status: string): Promise<void> {
  expect((await api('PUT', `/api/leads/${id}`, { token, body: { status } })).status).toBe(200);
}

/** Drags the lead back to Quoted, its approved quote unchanged, and checks that `link` stays dead: 409, no project. */
async function backInQuotedLinkStaysDead(id: string, link: string): Promise<void> {
  await moveTo(id, 'Quoted');
  expect((await db.collection('leads').doc(id).get()).data()).toMatchObject({
    status: 'Quoted',
    quoteReviewStatus: 'Approved',
  });
  expect(await open(id, link)).toMatchObject({ status: 409, json: GONE });
  expect(await accept(id, link)).toMatchObject({ status: 409, json: GONE });
  expect(await projectsOf(id)).toBe(0);
}

describe('links that die with their quote', () => {
  it('after a lead with an approved quote is marked Lost, opening or accepting its link → 409 and no project', async () => {
    const id = await pendingQuote();
    const link = await approve(id);
    expect(
      (await api('PUT', `/api/leads/${id}`, { token, body: { status: 'Lost', deadReason: 'Quote Rejected' } })).status,
    ).toBe(200);
    expect(await open(id, link)).toMatchObject({ status: 409, json: GONE });
    expect(await accept(id, link)).toMatchObject({ status: 409, json: GONE });
    expect(await projectsOf(id)).toBe(0);
    expect((await db.collection('leads').doc(id).get()).data()).toMatchObject({ status: 'Lost', quoteAccepted: false });
    // Revived and dragged back to Quoted (its approved quote unchanged), the old link stays dead.
    await moveTo(id, 'New');
    await backInQuotedLinkStaysDead(id, link);
  });

  it('a lead dragged Quoted → Contacted → Quoted: the old link stays dead (409), no project, no deposit', async () => {
    const id = await pendingQuote();
    const link = await approve(id);
    expect((await open(id, link)).status).toBe(200);
    await moveTo(id, 'Contacted');
    expect(await open(id, link)).toMatchObject({ status: 409, json: GONE });
    // The move wrote the revocation on the link itself, in its own transaction.
    const links = await db.collection('quote_links').where('leadId', '==', id).get();
    expect(links.docs.map((d) => d.get('revokedAt'))).not.toContain(null);
    await backInQuotedLinkStaysDead(id, link);
    expect(await deposit(id)).toMatchObject({ status: 409 });
    // Approving again issues a new link for the open offer; that one works.
    const fresh = await approve(id);
    expect((await accept(id, fresh)).status).toBe(200);
    expect(await projectsOf(id)).toBe(1);
  });

  it('Quoted → New → Quoted also leaves the link dead', async () => {
    const id = await pendingQuote();
    const link = await approve(id);
    await moveTo(id, 'New');
    await backInQuotedLinkStaysDead(id, link);
  });

  it('a newer link kills the older one; the newer one works', async () => {
    const id = await pendingQuote();
    const first = await approve(id);
    const second = await approve(id);
    expect(await accept(id, first)).toMatchObject({ status: 409, json: GONE });
    expect((await open(id, second)).status).toBe(200);
    expect((await accept(id, second)).status).toBe(200);
    expect(await projectsOf(id)).toBe(1);
  });

  it('editing or revising the quote kills its link (a new version needs a new link)', async () => {
    const edited = await pendingQuote();
    const link = await approve(edited);
    const body = {
      quoteAmount: '900.00',
      depositAmount: '450.00',
      finalAmount: '450.00',
      estimatedHours: '12',
      hourlyRate: '75',
      complexity: 'Low',
    };
    expect((await api('PUT', `/api/leads/${edited}/quote`, { token, body })).status).toBe(200);
    expect(await open(edited, link)).toMatchObject({ status: 409, json: GONE });
    // Even approved again, the old link is of the old version.
    const fresh = await approve(edited);
    expect(await accept(edited, link)).toMatchObject({ status: 409, json: GONE });
    expect((await accept(edited, fresh)).status).toBe(200);
    expect((await db.collection('leads').doc(edited).get()).get('acceptedQuote')).toMatchObject({
      version: 2,
      quoteAmountCents: 90_000,
    });

    const revised = await pendingQuote();
    const revisedLink = await approve(revised);
    expect((await api('POST', `/api/leads/${revised}/quote/revise`, { token, body: {} })).status).toBe(200);
    expect(await accept(revised, revisedLink)).toMatchObject({ status: 409, json: GONE });
    expect(await projectsOf(revised)).toBe(0);
  });
});

describe('editing a quote after money has moved: refused, pointing to Create Invoice, recorded', () => {
  const body = {
    quoteAmount: '7500.00',
    depositAmount: '3750.00',
    finalAmount: '3750.00',
    estimatedHours: '40',
    hourlyRate: '75',
    complexity: 'Low',
  };
  const refusedEdits = async (id: string) =>
    (await db.collection('lead_activity').where('leadId', '==', id).get()).docs.filter((d) =>
      String(d.get('detail')).startsWith('Quote edit to 7500.00 refused'),
    ).length;

  it('after a paid deposit', async () => {
    const id = await pendingQuote();
    expect((await accept(id, await approve(id))).status).toBe(200);
    await payAndConfirm(id);
    const res = await api('PUT', `/api/leads/${id}/quote`, { token, body });
    expect(res).toMatchObject({
      status: 409,
      json: {
        error:
          'Payments have been received on this quote, so it cannot be edited. Use Create Invoice to bill any difference.',
      },
    });
    expect((await db.collection('leads').doc(id).get()).data()).toMatchObject({
      quoteAmountCents: 75_000,
      quoteVersion: 1,
    });
    expect(await refusedEdits(id)).toBe(1);
    expect((await deposit(id)).json).toMatchObject({ amount: '375.00' });
  });

  it('after a paid final payment', async () => {
    const id = await pendingQuote();
    expect((await accept(id, await approve(id))).status).toBe(200);
    await payAndConfirm(id);
    await payAndConfirm(id);
    const res = await api('PUT', `/api/leads/${id}/quote`, { token, body });
    expect(res.status).toBe(409);
    expect((res.json as { error: string }).error).toContain('Create Invoice');
    expect((await db.collection('leads').doc(id).get()).get('quoteAmountCents')).toBe(75_000);
    expect(await refusedEdits(id)).toBe(1);
  });
});
