/**
 * Portal messages (functions/src/features/messages): a client writes in their
 * own threads (general and one per project) and reads the owner's replies; a
 * second client can neither read nor write the first's threads (404, as for
 * an id that does not exist); text is capped and bodies strict; the client is
 * limited per address; the owner writes from the lead (admin only: a client's
 * token is 403) and each side is told by email through the outbox, with a
 * link and never the text; the lead's card counts what the owner has not read;
 * every message is in the lead's history.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  decodeBoardCard,
  MESSAGE_TEXT_MAX,
  messageSentReply,
  portalThreadReply,
  portalThreadsReply,
} from '@studio/domain';
import { adminIdToken, api, db, eventually } from '../helpers.js';
import { readBoardCards } from '../../functions/src/features/leads/leadBoardStore.js';
import { projectDoc, storeLead } from '../fixtures.js';
import { emailLinkIdToken } from '../portalLinks.js';

const first = `msg-a-${randomUUID()}@example.com`;
const second = `msg-b-${randomUUID()}@example.com`;
let firstToken: string;
let secondToken: string;
let adminToken: string;
let leadA: string;
let leadB: string;
let projectA: string;

const threadsOf = async (token: string) =>
  portalThreadsReply.parse((await api('GET', '/api/portal/threads', { token })).json);
const outboxOf = async (leadId: string, templateId: string) =>
  (await db.collection('outbox').where('leadId', '==', leadId).where('templateId', '==', templateId).get()).docs.map(
    (d) => d.data(),
  );
const unreadOnCard = async (leadId: string) => {
  const text = (await readBoardCards(db)).get(leadId);
  return text ? decodeBoardCard(text).unread : undefined;
};

beforeAll(async () => {
  leadA = await storeLead(db, { email: first, name: 'Msg A' });
  leadB = await storeLead(db, { email: second, name: 'Msg B' });
  const p = db.collection('projects').doc();
  await p.set(projectDoc({ leadId: leadA, name: 'A bakery site', client: 'Msg A' }));
  projectA = p.id;
  [firstToken, secondToken, adminToken] = await Promise.all([
    emailLinkIdToken(first),
    emailLinkIdToken(second),
    adminIdToken(),
  ]);
});

describe('the client’s threads', () => {
  it('lists the general thread and one per project; the client writes, the owner is told without the text', async () => {
    const { threads, unread } = await threadsOf(firstToken);
    expect(unread).toBe(0);
    expect(threads.map((t) => [t.kind, t.title])).toEqual([
      ['general', 'General'],
      ['project', 'A bakery site'],
    ]);
    const project = threads.find((t) => t.projectId === projectA)!;
    const text = 'Hello! Could we move the launch? See https://evil.example.com/phish';
    const res = await api('POST', `/api/portal/threads/${project.id}/messages`, { token: firstToken, body: { text } });
    expect(res.status).toBe(201);
    expect(messageSentReply.parse(res.json).threadId).toBe(project.id);

    const thread = portalThreadReply.parse(
      (await api('GET', `/api/portal/threads/${project.id}`, { token: firstToken })).json,
    );
    expect(thread.messages.map((m) => [m.from, m.text])).toEqual([['client', text]]);

    const [notice] = await outboxOf(leadA, 'message-to-owner');
    expect(notice).toMatchObject({ to: 'owner@example.com' });
    expect(notice!.variables).toMatchObject({ threadTitle: 'A bakery site' });
    expect(JSON.stringify(notice)).not.toContain('move the launch');

    const history = (await db.collection('lead_activity').where('leadId', '==', leadA).get()).docs.map((d) => d.data());
    expect(history).toContainEqual(expect.objectContaining({ type: 'message_from_client', by: 'client' }));
    // The lead's board card counts it (its trigger projects the lead's unreadMessages).
    expect(await eventually(async () => (await unreadOnCard(leadA)) === 1, 'the unread count on the card')).toBe(true);
  });

  it('the owner replies from the lead: the client is told by email with a portal link, and sees it unread', async () => {
    const general = (await threadsOf(firstToken)).threads.find((t) => t.kind === 'general')!;
    const res = await api('POST', `/api/leads/${leadA}/messages`, {
      token: adminToken,
      body: { threadId: 'general', text: 'Welcome to your portal.' },
    });
    expect(res.status).toBe(201);
    expect(messageSentReply.parse(res.json).threadId).toBe(general.id);
    const after = await threadsOf(firstToken);
    expect(after.threads.find((t) => t.id === general.id)!.unread).toBe(1);
    expect(after.unread).toBe(1);
    const [notice] = await outboxOf(leadA, 'message-to-client');
    expect(notice).toMatchObject({ to: first });
    expect(notice!.variables.portalLink).toMatch(/\/portal$/);
    expect(JSON.stringify(notice)).not.toContain('Welcome to your portal');
    // Reading marks it read.
    expect((await api('POST', `/api/portal/threads/${general.id}/read`, { token: firstToken, body: {} })).status).toBe(
      200,
    );
    expect((await threadsOf(firstToken)).unread).toBe(0);
    const history = (await db.collection('lead_activity').where('leadId', '==', leadA).get()).docs.map((d) => d.data());
    expect(history).toContainEqual(expect.objectContaining({ type: 'message_to_client', by: 'test-admin' }));
  });

  it('the owner reading a thread clears the card’s count', async () => {
    const project = (await threadsOf(firstToken)).threads.find((t) => t.projectId === projectA)!;
    const res = await api('POST', `/api/leads/${leadA}/messages/read`, {
      token: adminToken,
      body: { threadId: project.id },
    });
    expect(res.status).toBe(200);
    expect(await eventually(async () => (await unreadOnCard(leadA)) === 0, 'the card’s count cleared')).toBe(true);
  });
});

describe('another client', () => {
  it('cannot read or write the first’s threads: 404, as for a thread that does not exist', async () => {
    const theirs = (await threadsOf(firstToken)).threads;
    const mine = await threadsOf(secondToken);
    expect(mine.threads.map((t) => t.kind)).toEqual(['general']);
    expect(mine.threads.some((t) => theirs.some((x) => x.id === t.id))).toBe(false);
    for (const t of theirs) {
      const read = await api('GET', `/api/portal/threads/${t.id}`, { token: secondToken });
      expect(read.status).toBe(404);
      expect(read.json).toEqual({ error: 'Thread Not Found' });
      const write = await api('POST', `/api/portal/threads/${t.id}/messages`, {
        token: secondToken,
        body: { text: 'sneaky' },
      });
      expect(write.status).toBe(404);
      expect((await api('POST', `/api/portal/threads/${t.id}/read`, { token: secondToken, body: {} })).status).toBe(
        404,
      );
    }
    expect((await api('GET', '/api/portal/threads/p-nope', { token: secondToken })).json).toEqual({
      error: 'Thread Not Found',
    });
    const stored = (await db.collection('messages').where('leadId', '==', leadA).get()).docs.map((d) => d.get('text'));
    expect(stored).not.toContain('sneaky');
  });

  it('the owner cannot post a lead’s message into another client’s thread', async () => {
    const project = (await threadsOf(firstToken)).threads.find((t) => t.projectId === projectA)!;
    const res = await api('POST', `/api/leads/${leadB}/messages`, {
      token: adminToken,
      body: { threadId: project.id, text: 'wrong client' },
    });
    expect(res.status).toBe(404);
  });

  it('an address with no work has no threads', async () => {
    const token = await emailLinkIdToken(`msg-nobody-${randomUUID()}@example.com`);
    expect(await threadsOf(token)).toEqual({ success: true, threads: [], unread: 0 });
  });
});

describe('guards and caps', () => {
  it('no token is 401; a client’s token on the owner’s routes is 403; an admin’s token on the portal is 403', async () => {
    expect((await api('GET', '/api/portal/threads')).status).toBe(401);
    expect(
      (await api('POST', `/api/leads/${leadA}/messages`, { body: { threadId: 'general', text: 'x' } })).status,
    ).toBe(401);
    const asClient = await api('POST', `/api/leads/${leadA}/messages`, {
      token: firstToken,
      body: { threadId: 'general', text: 'x' },
    });
    expect(asClient.status).toBe(403);
    expect(
      (await api('POST', `/api/leads/${leadA}/messages/read`, { token: firstToken, body: { threadId: 'general' } }))
        .status,
    ).toBe(403);
    expect((await api('GET', '/api/portal/threads', { token: adminToken })).status).toBe(403);
  });

  it('refuses an empty or too long text and unknown fields (400), and an unknown lead (404)', async () => {
    const general = (await threadsOf(secondToken)).threads[0]!;
    const path = `/api/portal/threads/${general.id}/messages`;
    for (const body of [{ text: '   ' }, { text: 'x'.repeat(MESSAGE_TEXT_MAX + 1) }, { text: 'hi', extra: 1 }, {}]) {
      expect((await api('POST', path, { token: secondToken, body })).status, JSON.stringify(body).slice(0, 40)).toBe(
        400,
      );
    }
    expect(
      (await api('POST', '/api/leads/nope/messages', { token: adminToken, body: { threadId: 'general', text: 'hi' } }))
        .status,
    ).toBe(404);
    expect(
      (
        await api('POST', `/api/leads/${leadB}/messages`, {
          token: adminToken,
          body: { threadId: 'general', text: '' },
        })
      ).status,
    ).toBe(400);
  });

  it('limits a client’s messages by their address, whatever network they come from (429)', async () => {
    const email = `msg-limit-${randomUUID()}@example.com`;
    await storeLead(db, { email, name: 'Chatty' });
    const token = await emailLinkIdToken(email);
    const general = (await threadsOf(token)).threads[0]!;
    const statuses: number[] = [];
    // Each api() call comes from a different test client address (its own per-IP bucket).
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await api('POST', `/api/portal/threads/${general.id}/messages`, { token, body: { text: `m${i}` } })).status,
      );
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
