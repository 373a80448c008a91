/**
 * SendGrid's Event Webhook (functions/src/features/email/sendgridEvents.ts):
 * events signed with an ECDSA key pair generated here, posted to the API's
 * Express app started in this process with that pair's public key (the
 * emulator's functions hold a demo key nobody can sign with). A bounce
 * suppresses the address, the sent entry no longer reads as sent, and the
 * next email to the address is not sent (the emulator's own outbox trigger
 * processes it). A `blocked` bounce (temporary) suppresses nothing: it is
 * logged at WARN and its email goes back on the retry schedule. A bad
 * signature is refused and writes nothing; a signed batch that does not parse
 * is refused and logged; a real project without the key answers 503.
 */
import { createHash, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OUTBOX_MAX_ATTEMPTS } from '@studio/domain';
import { adminIdToken, api, db, eventually, startInProcessApp, userIdToken } from '../helpers.js';
import { loadConfig, setConfigForTests } from '../../functions/src/config.js';

/** What the in-process app logs, with its severity. */
const logged = vi.hoisted(() => [] as Array<{ severity: string; message: string; fields: Record<string, unknown> }>);
vi.mock('firebase-functions/logger', () => {
  const at =
    (severity: string) =>
    (message: string, fields: Record<string, unknown> = {}) =>
      logged.push({ severity, message, fields });
  return {
    error: at('ERROR'),
    warn: at('WARNING'),
    info: at('INFO'),
    log: at('INFO'),
    debug: at('DEBUG'),
    write: at('INFO'),
  };
});
const eventsLogged = (name: string) => logged.filter((l) => l.fields.event === name);

const pair = () => generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const studioPair = pair();
const strangerPair = pair();
const publicKeyText = (k: KeyObject) => k.export({ type: 'spki', format: 'der' }).toString('base64');

/** Headers SendGrid sends: the signature of timestamp + raw body, base64 DER. */
function signed(
  raw: string,
  key: KeyObject = studioPair.privateKey,
  timestamp = String(Math.floor(Date.now() / 1000)),
) {
  return {
    'x-twilio-email-event-webhook-timestamp': timestamp,
    'x-twilio-email-event-webhook-signature': sign('sha256', Buffer.from(timestamp + raw), key).toString('base64'),
  };
}

const unique = (tag: string) => `sg.${tag}.${randomUUID().slice(0, 8)}@example.com`;
const suppressionDoc = (email: string) =>
  db.collection('email_suppressions').doc(createHash('sha256').update(email.trim().toLowerCase()).digest('hex'));

/** An outbox entry SendGrid accepted (the trigger finds it not PENDING and leaves it), after `attempts` sends. */
async function sentEntry(to: string, attempts = 1): Promise<string> {
  const ref = db.collection('outbox').doc();
  await ref.create({
    to,
    templateId: 'contact-confirmation',
    variables: {},
    leadId: null,
    status: 'SUCCESS',
    attempts,
    lastError: null,
    deliveredVia: 'sendgrid',
    sentAt: FieldValue.serverTimestamp(),
    createdAt: FieldValue.serverTimestamp(),
  });
  return ref.id;
}

describe('POST /api/sendgrid/events with a verification key', () => {
  let base: string;
  let close = () => {};
  const post = (events: unknown, headers?: Record<string, string>) => {
    const raw = JSON.stringify(events);
    return api('POST', '/api/sendgrid/events', { baseUrl: base, rawBody: raw, headers: headers ?? signed(raw) });
  };

  beforeAll(async () => {
    process.env.SENDGRID_WEBHOOK_PUBLIC_KEY = publicKeyText(studioPair.publicKey);
    ({ base, close } = await startInProcessApp());
  });
  afterAll(() => {
    close();
    delete process.env.SENDGRID_WEBHOOK_PUBLIC_KEY;
  });

  it('a signed bounce suppresses the address, fails the sent entry, and the next email to it is not sent', async () => {
    const to = unique('bounce');
    const outboxId = await sentEntry(to);
    const reason = `550 5.1.1 <${to}>: Recipient address rejected: User unknown`;
    const r = await post([
      { email: to.toUpperCase(), event: 'bounce', type: 'bounce', reason, timestamp: 1700000000, outboxId },
      { email: to, event: 'delivered', timestamp: 1700000000, sg_event_id: 'x', ip: '1.2.3.4', tls: 1 },
    ]);
    expect([r.status, r.json]).toEqual([200, { received: true, suppressed: 1, ignored: 1, blocked: 0 }]);

    const entry = (await db.collection('outbox').doc(outboxId).get()).data();
    expect(entry).toMatchObject({
      status: 'ERROR',
      deliveryEvent: 'bounce',
      lastError: expect.stringMatching(/^Not delivered: the address bounced: 550 5\.1\.1/),
    });
    const suppression = (await suppressionDoc(to).get()).data();
    expect(suppression).toMatchObject({ event: 'bounce' });
    // The admin's list of suppressed addresses names the entry, its address and why; only for the admin.
    const token = await adminIdToken();
    const listed = await api('GET', '/api/outbox?delivery=suppressed&limit=200', { token });
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: outboxId, to, status: 'ERROR', lastError: entry!.lastError as string }),
      ]),
    );
    expect((await api('GET', '/api/outbox?delivery=suppressed')).status).toBe(401);
    expect((await api('GET', '/api/outbox?delivery=suppressed', { token: await userIdToken() })).status).toBe(403);
    expect((await api('GET', '/api/outbox?delivery=bounced', { token })).status).toBe(400);
    // The list holds no readable address, not even inside the bounce reason.
    expect(JSON.stringify(suppression).toLowerCase()).not.toContain(to.toLowerCase());

    // The next email to the address: the emulator's outbox trigger refuses it.
    const next = db.collection('outbox').doc();
    await next.create({
      to,
      templateId: 'contact-confirmation',
      variables: {},
      leadId: null,
      status: 'PENDING',
      attempts: 0,
      lastError: null,
      nextAttemptAt: FieldValue.serverTimestamp(),
      createdAt: FieldValue.serverTimestamp(),
    });
    const refused = await eventually(async () => {
      const d = (await next.get()).data();
      return d?.status === 'SKIPPED' || d?.status === 'SUCCESS' ? d : null;
    }, 'the outbox trigger to process the next email');
    expect(refused).toMatchObject({
      status: 'SKIPPED',
      lastError: 'Not sent: the address is suppressed (it bounced before)',
    });
    expect((await db.collection('email_log').doc(next.id).get()).exists).toBe(false);
  });

  it('a spam report marks the local email_log copy failed; an entry sent to another address is left alone', async () => {
    const to = unique('spam');
    const other = unique('other');
    const mine = await sentEntry(to);
    const theirs = await sentEntry(other);
    await db.collection('email_log').doc(mine).set({ outboxId: mine, to, subject: 'Hi', html: '<p>Hi</p>' });
    const r = await post([
      { email: to, event: 'spamreport', timestamp: 1700000000, outboxId: mine },
      { email: to, event: 'dropped', reason: 'Bounced Address', timestamp: 1700000000, outboxId: theirs },
    ]);
    expect([r.status, r.json]).toEqual([200, { received: true, suppressed: 2, ignored: 0, blocked: 0 }]);
    expect((await db.collection('email_log').doc(mine).get()).data()).toMatchObject({
      deliveryStatus: 'failed',
      deliveryError: 'Not delivered: the address was reported as spam',
    });
    expect((await db.collection('outbox').doc(theirs).get()).get('status')).toBe('SUCCESS');
    expect((await suppressionDoc(other).get()).exists).toBe(false);
    expect((await suppressionDoc(to).get()).get('event')).toBe('dropped');
  });

  it('refuses a bad, missing or stale-body signature with 400 and writes nothing', async () => {
    const to = unique('forged');
    const outboxId = await sentEntry(to);
    const events = [{ email: to, event: 'bounce', timestamp: 1700000000, outboxId }];
    const raw = JSON.stringify(events);
    const attempts = [
      await post(events, signed(raw, strangerPair.privateKey)),
      await post(events, {}),
      await post(events, { ...signed(raw), 'x-twilio-email-event-webhook-signature': 'not-base64!' }),
      // A signature of another body (the same timestamp).
      await post(events, signed(JSON.stringify([{ email: to, event: 'delivered' }]), undefined, '1700000000')),
    ];
    for (const a of attempts) expect([a.status, a.json]).toEqual([400, { error: 'Invalid signature' }]);
    expect((await suppressionDoc(to).get()).exists).toBe(false);
    expect((await db.collection('outbox').doc(outboxId).get()).get('status')).toBe('SUCCESS');
  });

  it('a signed body that is not a batch of events is refused with 400, and logged for its alert', async () => {
    logged.length = 0;
    const bodies = [{ email: 'a@b.c', event: 'bounce' }, [], [{ event: 'bounce' }], ['x']];
    for (const body of bodies) {
      const r = await post(body);
      expect([r.status, r.json], JSON.stringify(body)).toEqual([400, { error: 'Unexpected event' }]);
    }
    const unreadable = eventsLogged('email.events_unreadable');
    expect(unreadable).toHaveLength(bodies.length);
    for (const l of unreadable) {
      expect(l).toMatchObject({ severity: 'ERROR', message: 'sendgrid events: a signed batch does not parse' });
      expect((l.fields.issues as unknown[]).length).toBeGreaterThan(0);
    }
  });

  it('a blocked bounce suppresses nothing: logged at WARN, its email sent again on the retry schedule', async () => {
    logged.length = 0;
    const to = unique('blocked');
    const outboxId = await sentEntry(to);
    const event = {
      email: to,
      event: 'bounce',
      type: 'blocked',
      reason: '421 4.7.0 Try again later, closing connection.',
      timestamp: Math.floor(Date.now() / 1000) + 1,
      outboxId,
    };
    const before = Date.now();
    const r = await post([event]);
    expect([r.status, r.json]).toEqual([200, { received: true, suppressed: 0, ignored: 0, blocked: 1 }]);
    expect((await suppressionDoc(to).get()).exists).toBe(false);
    const entry = (await db.collection('outbox').doc(outboxId).get()).data()!;
    expect(entry).toMatchObject({
      status: 'PENDING',
      deliveryEvent: 'blocked',
      lastError: 'Blocked by the receiving server; sending again: 421 4.7.0 Try again later, closing connection.',
      sentAt: null,
      handedOverAt: null,
      attempts: 1,
    });
    // The first retry's delay (domain OUTBOX_RETRY_DELAYS_MS): one minute after the block.
    const due = entry.nextAttemptAt.toMillis() as number;
    expect(due).toBeGreaterThanOrEqual(before + 60_000);
    expect(due).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(eventsLogged('email.blocked')).toEqual([
      expect.objectContaining({ severity: 'WARNING', fields: expect.objectContaining({ outboxId, outcome: 'retry' }) }),
    ]);
    expect(eventsLogged('email.bounced')).toEqual([]);

    // SendGrid's copy of the same event: the entry is not sent, so nothing changes.
    const again = await post([event]);
    expect(again.json).toEqual({ received: true, suppressed: 0, ignored: 0, blocked: 1 });
    expect((await db.collection('outbox').doc(outboxId).get()).get('nextAttemptAt').toMillis()).toBe(due);

    // Blocked with its retries spent: ERROR, and the email.failed alert.
    const spent = await sentEntry(unique('blocked-spent'), OUTBOX_MAX_ATTEMPTS);
    const spentTo = (await db.collection('outbox').doc(spent).get()).get('to') as string;
    await post([{ ...event, email: spentTo, outboxId: spent }]);
    expect((await db.collection('outbox').doc(spent).get()).data()).toMatchObject({
      status: 'ERROR',
      deliveryEvent: 'blocked',
    });
    expect(eventsLogged('email.failed')).toEqual([
      expect.objectContaining({ severity: 'ERROR', fields: expect.objectContaining({ outboxId: spent }) }),
    ]);
    expect((await suppressionDoc(spentTo).get()).exists).toBe(false);
  });

  it('a blocked bounce about an earlier send of an entry since sent again changes nothing', async () => {
    const outboxId = await sentEntry(unique('blocked-old'));
    const to = (await db.collection('outbox').doc(outboxId).get()).get('to') as string;
    const r = await post([{ email: to, event: 'bounce', type: 'blocked', timestamp: 1700000000, outboxId }]);
    expect(r.json).toEqual({ received: true, suppressed: 0, ignored: 0, blocked: 1 });
    expect((await db.collection('outbox').doc(outboxId).get()).get('status')).toBe('SUCCESS');
  });
});

describe('POST /api/sendgrid/events on a real project without the key (in-process stand-in)', () => {
  let base: string;
  let close = () => {};
  beforeAll(async () => {
    setConfigForTests(loadConfig({ GCLOUD_PROJECT: 'studio-real-standin', FIRESTORE_TIMEOUT_MS: '10000' }));
    ({ base, close } = await startInProcessApp());
  });
  afterAll(() => {
    close();
    setConfigForTests(undefined);
  });

  it('answers 503 and suppresses nothing, whatever the signature', async () => {
    const to = unique('nokey');
    const raw = JSON.stringify([{ email: to, event: 'bounce', timestamp: 1700000000 }]);
    const r = await api('POST', '/api/sendgrid/events', { baseUrl: base, rawBody: raw, headers: signed(raw) });
    expect([r.status, r.json]).toEqual([503, { error: 'Email events are not configured' }]);
    expect((await suppressionDoc(to).get()).exists).toBe(false);
  });
});

describe('POST /api/sendgrid/events on the emulators (a demo key nobody holds)', () => {
  it('refuses an event signed with any other key', async () => {
    const raw = JSON.stringify([{ email: unique('emu'), event: 'bounce' }]);
    const r = await api('POST', '/api/sendgrid/events', { rawBody: raw, headers: signed(raw) });
    expect([r.status, r.json]).toEqual([400, { error: 'Invalid signature' }]);
  });
});
