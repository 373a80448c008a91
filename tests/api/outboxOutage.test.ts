/**
 * Email that survives an outage (features/email/outboxSender.ts, domain OUTBOX_RETRY_DELAYS_MS):
 * a fake clock drives the scheduled sweeper through a 2-hour SendGrid outage
 * (the real @sendgrid/mail SDK against a local stub answering 503), and every
 * email is delivered exactly once after recovery, including one whose sender
 * died mid-send (taken back after its lease); a recipient limit is taken
 * once per entry, so its retries still go out. Each send names its entry
 * (custom_args, X-Entity-Ref-ID), and an entry whose sender died after
 * SendGrid accepted it (`handedOverAt`) is recorded as sent, never sent
 * again. The entries live in a
 * collection of their own, so the sweeps see only this test's emails and the
 * emulator's `outbox` trigger never races them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MailService } from '@sendgrid/mail';
import { sendgridMailerAt } from '../sendgridStub.js';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_LEASE_MS, OUTBOX_SWEEP_EVERY_MINUTES } from '@studio/domain';
import { RATE_LIMITS } from '../../functions/src/platform/rateLimits.js';
import { db } from '../helpers.js';
import {
  ENTITY_REF_HEADER,
  processOutboxEntry,
  runOutboxSweep,
} from '../../functions/src/features/email/outboxSender.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.UTC(2026, 5, 1, 9, 0, 0);
const OUTAGE_ENDS = T0 + 2 * HOUR;

/** The fake clock: the sweeper, the sender and the stub all read it. */
let now = T0;
/** Recipients of the sends SendGrid accepted (202). */
const accepted: string[] = [];
/** The request bodies SendGrid accepted, as sent (v3 mail/send JSON). */
interface SentBody {
  personalizations: Array<{ to: Array<{ email: string }> }>;
  custom_args?: Record<string, string>;
  headers?: Record<string, string>;
}
const acceptedBodies: SentBody[] = [];
let refused = 0;
let server: Server;
let stubUrl = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      if (now < OUTAGE_ENDS) {
        refused++;
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ message: 'Service Unavailable' }] }));
        return;
      }
      const body = JSON.parse(raw) as SentBody;
      acceptedBodies.push(body);
      accepted.push(body.personalizations[0]!.to[0]!.email);
      res.writeHead(202);
      res.end();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  stubUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((ok) => server.close(() => ok()));
});

const mailer = (): MailService => sendgridMailerAt(stubUrl, 'SG.outage-test');

describe('a 2-hour SendGrid outage', () => {
  it(
    'delivers every email exactly once after recovery, through the scheduled sweeper',
    { timeout: 180_000 },
    async () => {
      const collection = db.collection(`outbox_outage_${Date.now().toString(36)}`);
      const deps = { mailer: mailer(), from: 'studio@example.com', now: () => new Date(now) };
      const recipients = ['quote@example.com', 'invoice@example.com', 'receipt@example.com', 'contact@example.com'];
      const vars = { name: 'Ada', projectType: 'Web Project', subject: 'Site', message: 'Hello' };

      // Queued as the business changes write them; the creation trigger tries each at once, during the outage.
      const refs = [];
      for (const to of recipients) {
        const ref = collection.doc();
        await ref.create({
          to,
          templateId: 'contact-confirmation',
          variables: vars,
          leadId: null,
          status: 'PENDING',
          attempts: 0,
          lastError: null,
          nextAttemptAt: Timestamp.fromMillis(T0),
          createdAt: FieldValue.serverTimestamp(),
          updatedAt: FieldValue.serverTimestamp(),
        });
        refs.push(ref);
        expect(await processOutboxEntry(ref, deps)).toMatchObject({ outcome: 'retry', status: 'PENDING' });
      }
      // One more whose sender died mid-send: PROCESSING, claimed just now, its lease running.
      const stuck = collection.doc();
      await stuck.create({
        to: 'stuck@example.com',
        templateId: 'contact-confirmation',
        variables: vars,
        leadId: null,
        status: 'PROCESSING',
        attempts: 1,
        lastError: null,
        claimedAt: Timestamp.fromMillis(T0),
        leaseUntil: Timestamp.fromMillis(T0 + OUTBOX_LEASE_MS),
        createdAt: FieldValue.serverTimestamp(),
        updatedAt: FieldValue.serverTimestamp(),
      });

      // The sweeper runs on its schedule for 30 hours of fake time.
      let reclaimed = 0;
      for (
        now = T0 + OUTBOX_SWEEP_EVERY_MINUTES * MINUTE;
        now <= T0 + 30 * HOUR;
        now += OUTBOX_SWEEP_EVERY_MINUTES * MINUTE
      ) {
        const r = await runOutboxSweep({ ...deps, db, collection }, new Date(now));
        reclaimed += r.reclaimed;
        expect(r.failed).toBe(0);
        if (now < OUTAGE_ENDS) expect(r.sent).toBe(0);
      }

      expect(refused).toBeGreaterThan(recipients.length); // every email was refused more than once during the outage
      expect(reclaimed).toBe(1);
      expect([...accepted].sort()).toEqual([...recipients, 'stuck@example.com'].sort()); // each exactly once
      for (const ref of [...refs, stuck]) {
        const d = (await ref.get()).data()!;
        expect(d).toMatchObject({ status: 'SUCCESS', deliveredVia: 'sendgrid', lastError: null });
      }
    },
  );
});

describe('a recipient limit (one contact confirmation per address an hour)', () => {
  it('takes the allowance once, so a retry still goes out, and skips a second email to the address', async () => {
    const collection = db.collection(`outbox_limit_${Date.now().toString(36)}`);
    const deps = { mailer: mailer(), from: 'studio@example.com', now: () => new Date(now) };
    const to = `limit-${Date.now().toString(36)}@example.com`;
    const entry = async () => {
      const ref = collection.doc();
      await ref.create({
        to,
        templateId: 'contact-confirmation',
        variables: { name: 'Ada', projectType: 'Web Project', subject: 'Site', message: 'Hello' },
        leadId: null,
        recipientLimit: 'contact-confirmation',
        status: 'PENDING',
        attempts: 0,
        lastError: null,
        nextAttemptAt: Timestamp.fromMillis(now),
        createdAt: FieldValue.serverTimestamp(),
        updatedAt: FieldValue.serverTimestamp(),
      });
      return ref;
    };

    now = T0; // SendGrid is down
    const first = await entry();
    expect(await processOutboxEntry(first, deps)).toMatchObject({ outcome: 'retry', status: 'PENDING' });
    expect((await first.get()).get('recipientLimitTaken')).toBe(true);

    const second = await entry();
    const reason = RATE_LIMITS['contact-confirmation'].message;
    expect(await processOutboxEntry(second, deps)).toEqual({
      outcome: 'suppressed',
      status: 'SKIPPED',
      attempts: 1,
      lastError: reason,
    });
    expect((await second.get()).data()).toMatchObject({ status: 'SKIPPED', lastError: reason, leaseUntil: null });

    now = OUTAGE_ENDS + HOUR; // SendGrid is back, and the first entry's retry is due
    expect(await processOutboxEntry(first, deps)).toMatchObject({ outcome: 'sent', status: 'SUCCESS' });
    expect(await processOutboxEntry(second, deps)).toEqual({ outcome: 'skipped', reason: 'status SKIPPED' });
    expect(accepted.filter((a) => a === to)).toEqual([to]);
  });
});

describe('a stored entry that does not parse', () => {
  it('is failed (ERROR, naming the field) and never sent', async () => {
    const collection = db.collection(`outbox_malformed_${Date.now().toString(36)}`);
    const ref = collection.doc();
    await ref.create({
      to: 'malformed@example.com',
      templateId: 'contact-confirmation',
      variables: { name: 'Ada', projectType: 42 },
      status: 'PENDING',
      attempts: 0,
      createdAt: FieldValue.serverTimestamp(),
    });
    const sentBefore = accepted.length;
    const r = await processOutboxEntry(ref, { mailer: mailer(), from: 'studio@example.com', now: () => new Date() });
    expect(r).toMatchObject({ outcome: 'failed', status: 'ERROR', attempts: 0 });
    const d = (await ref.get()).data()!;
    expect(d.status).toBe('ERROR');
    expect(d.lastError).toMatch(/^Stored entry does not parse: variables\.projectType: /);
    expect(accepted.length).toBe(sentBefore);
    // Failed for good: a second attempt does nothing.
    expect(await processOutboxEntry(ref, { mailer: mailer(), from: 'studio@example.com' })).toMatchObject({
      outcome: 'skipped',
    });
  });
});

describe('a send that may have gone out already', () => {
  const vars = { name: 'Ada', projectType: 'Web Project', subject: 'Site', message: 'Hello' };
  const entry = (to: string, fields: Record<string, unknown>) => ({
    to,
    templateId: 'contact-confirmation',
    variables: vars,
    leadId: null,
    lastError: null,
    createdAt: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
    ...fields,
  });

  it('carries the entry id as its idempotency key, and records the hand-over', async () => {
    now = OUTAGE_ENDS + HOUR;
    const collection = db.collection(`outbox_ref_${Date.now().toString(36)}`);
    const ref = collection.doc();
    await ref.create(
      entry('ref@example.com', { status: 'PENDING', attempts: 0, nextAttemptAt: Timestamp.fromMillis(now) }),
    );
    const deps = { mailer: mailer(), from: 'studio@example.com', now: () => new Date(now) };
    expect(await processOutboxEntry(ref, deps)).toMatchObject({ outcome: 'sent', status: 'SUCCESS' });
    const body = acceptedBodies.find((b) => b.personalizations[0]!.to[0]!.email === 'ref@example.com')!;
    expect(body.custom_args).toEqual({ outboxId: ref.id });
    expect(body.headers).toEqual({ [ENTITY_REF_HEADER]: ref.id });
    const d = (await ref.get()).data()!;
    expect(d).toMatchObject({ status: 'SUCCESS', deliveredVia: 'sendgrid' });
    expect(d.handedOverAt).toBeInstanceOf(Timestamp);
  });

  it('a reclaim finds it handed over: SUCCESS at the hand-over time, not sent again', async () => {
    now = OUTAGE_ENDS + HOUR;
    const collection = db.collection(`outbox_handed_${Date.now().toString(36)}`);
    const handedOverAt = Timestamp.fromMillis(now - OUTBOX_LEASE_MS);
    /** An entry whose sender claimed it, then died: its lease ran out a minute ago. */
    const stuck = async (to: string, fields: Record<string, unknown> = {}) => {
      const ref = collection.doc();
      await ref.create(
        entry(to, {
          status: 'PROCESSING',
          attempts: 1,
          claimedAt: Timestamp.fromMillis(now - OUTBOX_LEASE_MS - MINUTE),
          leaseUntil: Timestamp.fromMillis(now - MINUTE),
          ...fields,
        }),
      );
      return ref;
    };
    // Its sender died after SendGrid accepted it and the hand-over was stored, before SUCCESS.
    const died = await stuck('died-after-handover@example.com', { handedOverAt });
    // One whose sender died before SendGrid answered: taken back and sent.
    const unsent = await stuck('died-before-handover@example.com');
    const deps = { mailer: mailer(), from: 'studio@example.com', now: () => new Date(now) };
    const r = await runOutboxSweep({ ...deps, db, collection }, new Date(now));
    expect(r).toMatchObject({ handedOver: 1, reclaimed: 1, sent: 1, failed: 0 });
    expect(accepted.filter((a) => a === 'died-after-handover@example.com')).toEqual([]);
    expect(accepted.filter((a) => a === 'died-before-handover@example.com')).toEqual([
      'died-before-handover@example.com',
    ]);
    const d = (await died.get()).data()!;
    expect(d).toMatchObject({ status: 'SUCCESS', deliveredVia: 'sendgrid', leaseUntil: null, lastError: null });
    expect((d.sentAt as Timestamp).toMillis()).toBe(handedOverAt.toMillis());
    expect((await unsent.get()).get('status')).toBe('SUCCESS');
  });

  it('a PENDING entry already handed over is recorded as sent, not sent again', async () => {
    now = OUTAGE_ENDS + HOUR;
    const collection = db.collection(`outbox_pending_handed_${Date.now().toString(36)}`);
    const ref = collection.doc();
    await ref.create(
      entry('pending-handed@example.com', {
        status: 'PENDING',
        attempts: 1,
        nextAttemptAt: Timestamp.fromMillis(now),
        handedOverAt: Timestamp.fromMillis(now - HOUR),
      }),
    );
    const deps = { mailer: mailer(), from: 'studio@example.com', now: () => new Date(now) };
    expect(await processOutboxEntry(ref, deps)).toEqual({ outcome: 'skipped', reason: 'already handed over' });
    expect(accepted.filter((a) => a === 'pending-handed@example.com')).toEqual([]);
    expect((await ref.get()).data()).toMatchObject({ status: 'SUCCESS', deliveredVia: 'sendgrid' });
  });
});
