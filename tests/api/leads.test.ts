/** Lead pipeline API: moves, dead/revive, notes, activity history, concurrency. */
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeBoardCard, leadsReply } from '@studio/domain';
import { adminIdToken, api, countDocs, db, userIdToken } from '../helpers.js';
import { storePaidPayment } from '../fixtures.js';
import { readBoardCards } from '../../functions/src/features/leads/leadBoardStore.js';

let token: string;
let userToken: string;

async function newLead(name = `Lead ${Math.random().toString(36).slice(2, 8)}`): Promise<string> {
  const r = await api('POST', '/api/leads', {
    token,
    body: { name, email: 'lead@example.com', subject: 'Hi', message: 'Hello' },
  });
  expect(r.status).toBe(201);
  return (r.json as { id: string }).id;
}

const move = (id: string, body: object, t = token) => api('PUT', `/api/leads/${id}`, { token: t, body });

beforeAll(async () => {
  token = await adminIdToken();
  userToken = await userIdToken();
});

describe('GET /api/leads', () => {
  it("returns the spec's §3 plan and quote fields: phases, tech texts, detected features, quoteAcceptedAt", async () => {
    const id = await newLead();
    expect((await move(id, { status: 'Contacted' })).status).toBe(200);
    const plan = {
      timeline: '6 weeks',
      requirements: 'A booking site for classes',
      phase1: 'Discovery',
      phase2: 'Design',
      phase3: 'Build',
      phase4: 'Launch',
      database: 'Postgres',
      integrations: 'Stripe',
      techStack: 'React',
      automationAI: 'Reminder emails',
    };
    expect((await api('POST', `/api/leads/${id}/project-plan`, { token, body: plan })).status).toBe(201);
    expect((await api('POST', `/api/leads/${id}/quote/approve`, { token, body: {} })).status).toBe(200);
    expect((await api('POST', `/api/leads/${id}/quote/accept`, { token, body: {} })).status).toBe(200);

    const r = await api('GET', '/api/leads', { token });
    expect(r.status).toBe(200);
    // Parsed by the reply schema the web reads it with (domain leadsReply).
    const lead = leadsReply.parse(r.json).find((l) => l.id === id)!;
    const { timeline: _t, requirements, ...texts } = plan;
    expect(lead).toMatchObject(texts);
    expect(lead.detectedFeatures).toContain(requirements);
    expect(lead.detectedFeatures).toContain('Stripe');
    expect(lead.quoteAccepted).toBe(true);
    expect(Date.parse(lead.quoteAcceptedAt!)).toBeGreaterThan(Date.now() - 5 * 60_000);

    // A lead without a plan carries none of them, and no acceptance time.
    const bareId = await newLead();
    const bare = leadsReply.parse((await api('GET', '/api/leads', { token })).json).find((l) => l.id === bareId)!;
    expect(bare.quoteAcceptedAt).toBeNull();
    expect(bare.phase1 ?? null).toBeNull();
    expect(bare.detectedFeatures ?? null).toBeNull();
  });
});

describe('PUT /api/leads/{id}', () => {
  it('moves along the pipeline and records who moved it', async () => {
    const id = await newLead();
    const r = await move(id, { status: 'Contacted' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id, status: 'Contacted' });
    const history = (await api('GET', `/api/leads/${id}/activity`, { token })).json as Array<Record<string, unknown>>;
    expect(history[0]).toMatchObject({ type: 'status_changed', from: 'New', to: 'Contacted', by: 'test-admin' });
    expect(history.at(-1)).toMatchObject({ type: 'created', to: 'New' });
  });

  it('moves New → Quoted (any column) on a lead without money or quote state, and records the move', async () => {
    const id = await newLead();
    const r = await move(id, { status: 'Quoted', expectedStatus: 'New' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'Quoted' });
    expect((await move(id, { status: 'New' })).status).toBe(200);
    const history = (await api('GET', `/api/leads/${id}/activity`, { token })).json as Array<Record<string, unknown>>;
    expect(history.slice(0, 2)).toMatchObject([
      { type: 'status_changed', from: 'Quoted', to: 'New' },
      { type: 'status_changed', from: 'New', to: 'Quoted' },
    ]);
  });

  it('refuses Set Up or later without an accepted quote, says what to do, and writes nothing', async () => {
    const id = await newLead();
    const before = await countDocs('lead_activity');
    const r = await move(id, { status: 'Launch' });
    expect(r.status).toBe(409);
    expect(r.json).toEqual({
      error:
        'Cannot move to Launch: the lead has no quote yet. Add a project plan (in Contacted), then accept its quote (Quote Review).',
    });
    await db
      .collection('leads')
      .doc(id)
      .update({ quoteGenerated: true, quoteReviewStatus: 'Approved', status: 'Quoted' });
    const quoted = await move(id, { status: 'Set Up' });
    expect(quoted.status).toBe(409);
    expect(quoted.json).toEqual({
      error: 'Cannot move to Set Up: the quote is not accepted yet. Accept the quote first (Quote Review).',
    });
    expect((await db.collection('leads').doc(id).get()).get('status')).toBe('Quoted');
    expect(await countDocs('lead_activity')).toBe(before);
  });

  it('with an accepted quote: any column and Won (Complete); back before Set Up only while no money was received', async () => {
    const id = await newLead();
    await db.collection('leads').doc(id).update({ quoteGenerated: true, quoteAccepted: true, status: 'Quoted' });
    for (const to of ['Launch', 'Set Up', 'Complete', 'Production', 'Contacted', 'Set Up']) {
      const r = await move(id, { status: to });
      expect(r.status, to).toBe(200);
    }
    // A deposit paid (as the payment fulfilment records it): no way back before Set Up.
    await db.collection('leads').doc(id).update({ stripeDepositPaymentId: 'pi_test_deposit' });
    const back = await move(id, { status: 'Quoted' });
    expect(back.status).toBe(409);
    expect(back.json).toEqual({
      error:
        'Cannot move back to Quoted: a payment was received for this lead. Keep it in Set Up or a later stage, or mark it dead.',
    });
    expect((await move(id, { status: 'Production' })).status).toBe(200);
    // An invoice paid (a succeeded payment naming the lead) counts too.
    const other = await newLead();
    await db.collection('leads').doc(other).update({ quoteGenerated: true, quoteAccepted: true, status: 'Production' });
    await storePaidPayment(db, { id: `pi_test_${other}`, leadId: other, purpose: 'invoice', amountCents: 1000 });
    expect((await move(other, { status: 'New' })).status).toBe(409);
    const moves = (
      (await api('GET', `/api/leads/${id}/activity`, { token })).json as Array<{
        type: string;
        from: string;
        to: string;
      }>
    )
      .filter((a) => a.type === 'status_changed')
      .map((a) => `${a.from}→${a.to}`);
    expect(moves.reverse()).toEqual([
      'Quoted→Launch',
      'Launch→Set Up',
      'Set Up→Complete',
      'Complete→Production',
      'Production→Contacted',
      'Contacted→Set Up',
      'Set Up→Production',
    ]);
  });

  it('marks dead with a reason line in the notes, and revives to New', async () => {
    const id = await newLead();
    expect((await move(id, { status: 'Lost' })).status).toBe(400);
    const dead = await move(id, { status: 'Lost', deadReason: 'Quote Rejected' });
    expect(dead.status).toBe(200);
    expect(dead.json).toMatchObject({ status: 'Lost', deadReason: 'Quote Rejected' });
    expect((dead.json as { notes: string }).notes).toMatch(/^Dead Reason: Quote Rejected - \d{1,2}\/\d{1,2}\/\d{4}$/);

    expect((await move(id, { status: 'Contacted' })).status).toBe(409);
    const revived = await move(id, { status: 'New' });
    expect(revived.json).toMatchObject({ status: 'New', deadReason: null });
    const types = ((await api('GET', `/api/leads/${id}/activity`, { token })).json as Array<{ type: string }>).map(
      (a) => a.type,
    );
    expect(types.slice(0, 2)).toEqual(['revived', 'marked_dead']);
  });

  it('answers 404 for an unknown lead and 400 for unknown keys', async () => {
    expect((await move('no-such-lead', { status: 'Contacted' })).status).toBe(404);
    const id = await newLead();
    const r = await move(id, { status: 'Contacted', quoteAmountCents: 1 });
    expect(r.status).toBe(400);
    expect((await db.collection('leads').doc(id).get()).get('status')).toBe('New');
  });

  it('two admins moving the same lead at once end in one consistent state', async () => {
    const id = await newLead();
    const [a, b] = await Promise.all([
      move(id, { status: 'Contacted', expectedStatus: 'New' }),
      move(id, { status: 'Lost', deadReason: 'No Response', expectedStatus: 'New' }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = (a.status === 200 ? a : b).json as { status: string };
    const stored = await db.collection('leads').doc(id).get();
    expect(stored.get('status')).toBe(winner.status);
    const moves = (await db.collection('lead_activity').where('leadId', '==', id).get()).docs.filter(
      (d) => d.get('type') !== 'created',
    );
    expect(moves).toHaveLength(1);
    // The board's card (lead_board, kept by the leads trigger) ends on the same status.
    const card = async () => decodeBoardCard((await readBoardCards(db)).get(id) ?? '{}').status;
    await expect.poll(card, { timeout: 15_000 }).toBe(winner.status);
  });

  it('refuses the wrong caller', async () => {
    const id = await newLead();
    expect((await api('PUT', `/api/leads/${id}`, { body: { status: 'Contacted' } })).status).toBe(401);
    expect((await move(id, { status: 'Contacted' }, userToken)).status).toBe(403);
  });
});

describe('notes', () => {
  it('adds notes and lists them newest first', async () => {
    const id = await newLead();
    expect((await api('GET', `/api/leads/${id}/notes`, { token })).json).toEqual([]);
    for (const content of ['first', 'second']) {
      const r = await api('POST', `/api/leads/${id}/notes`, { token, body: { content } });
      expect(r.status).toBe(201);
      expect(r.json).toMatchObject({ leadId: id, content, createdAt: expect.any(String) });
    }
    const notes = (await api('GET', `/api/leads/${id}/notes`, { token })).json as Array<{ content: string }>;
    expect(notes.map((n) => n.content)).toEqual(['second', 'first']);
  });

  it('requires content, needs an existing lead, and writes nothing on refusal', async () => {
    const id = await newLead();
    const before = await countDocs('notes');
    const empty = await api('POST', `/api/leads/${id}/notes`, { token, body: { content: '  ' } });
    expect(empty.status).toBe(400);
    expect((empty.json as { fields: object }).fields).toEqual({ content: 'Note content is required' });
    expect((await api('POST', '/api/leads/no-such-lead/notes', { token, body: { content: 'x' } })).status).toBe(404);
    expect(await countDocs('notes')).toBe(before);
  });

  it('refuses the wrong caller', async () => {
    const id = await newLead();
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { content: 'x' }],
    ] as const) {
      expect((await api(method, `/api/leads/${id}/notes`, { body })).status).toBe(401);
      expect((await api(method, `/api/leads/${id}/notes`, { body, token: userToken })).status).toBe(403);
    }
    expect((await api('GET', `/api/leads/${id}/activity`)).status).toBe(401);
    expect((await api('GET', `/api/leads/${id}/activity`, { token: userToken })).status).toBe(403);
  });
});
