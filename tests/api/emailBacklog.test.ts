/**
 * The outbox backlog alert (features/email/outboxSender.ts runOutboxSweep,
 * domain emailBacklog): SendGrid down (the real @sendgrid/mail SDK against a
 * local stub answering 503), a fake clock drives the sweeper, and once the
 * oldest unsent email is more than 2 hours old each sweep logs
 * `email.backlog` naming it, long before its retries end in `email.failed`
 * (about 32 hours). The entries live in a collection of their own, so the
 * sweeps see only this test's emails.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MailService } from '@sendgrid/mail';
import { sendgridMailerAt } from '../sendgridStub.js';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMAIL_BACKLOG_ALERT_MS, OUTBOX_SWEEP_EVERY_MINUTES } from '@studio/domain';
import { db } from '../helpers.js';

/** What the code under test logs in this process. */
const logged = vi.hoisted(() => [] as Array<{ message: string; fields: Record<string, unknown> }>);
vi.mock('firebase-functions/logger', () => {
  const keep = (message: string, fields: Record<string, unknown> = {}) => logged.push({ message, fields });
  return { error: keep, warn: keep, info: keep, log: keep, debug: keep, write: keep };
});
const { runOutboxSweep } = await import('../../functions/src/features/email/outboxSender.js');

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 5, 1, 9, 0, 0);
let server: Server;
let stubUrl = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errors: [{ message: 'Service Unavailable' }] }));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  stubUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((ok) => server.close(() => ok()));
});

const mailer = (): MailService => sendgridMailerAt(stubUrl, 'SG.backlog-test');

describe('an email backlog', () => {
  it(
    'is logged as email.backlog once the oldest unsent email is more than 2 hours old',
    { timeout: 120_000 },
    async () => {
      const collection = db.collection(`outbox_backlog_${Date.now().toString(36)}`);
      const entry = collection.doc();
      await entry.create({
        to: 'waiting@example.com',
        templateId: 'contact-confirmation',
        variables: { name: 'Ada', projectType: 'Web Project', subject: 'Site', message: 'Hello' },
        leadId: null,
        status: 'PENDING',
        attempts: 0,
        lastError: null,
        nextAttemptAt: Timestamp.fromMillis(T0),
        createdAt: Timestamp.fromMillis(T0),
        updatedAt: FieldValue.serverTimestamp(),
      });
      // A sent one, older still, is not a backlog.
      await collection.doc().create({
        to: 'sent@example.com',
        templateId: 'contact-confirmation',
        variables: {},
        leadId: null,
        status: 'SUCCESS',
        attempts: 1,
        lastError: null,
        createdAt: Timestamp.fromMillis(T0 - 60 * MINUTE),
      });
      const deps = { mailer: mailer(), from: 'studio@example.com', db, collection };
      const backlog = () => logged.filter((l) => l.fields.event === 'email.backlog');

      let now = T0;
      for (; now <= T0 + EMAIL_BACKLOG_ALERT_MS; now += OUTBOX_SWEEP_EVERY_MINUTES * MINUTE) {
        const r = await runOutboxSweep({ ...deps, now: () => new Date(now) }, new Date(now));
        expect(r.oldestUnsentMs).toBe(now - T0);
      }
      expect(backlog()).toEqual([]);
      expect(logged.filter((l) => l.fields.event === 'email.failed')).toEqual([]);

      const r = await runOutboxSweep({ ...deps, now: () => new Date(now) }, new Date(now));
      expect(r.oldestUnsentMs).toBeGreaterThan(EMAIL_BACKLOG_ALERT_MS);
      expect(backlog()).toEqual([
        {
          message: 'outbox: the oldest unsent email is more than 2 hours old',
          fields: expect.objectContaining({
            event: 'email.backlog',
            id: entry.id,
            ageMinutes: Math.floor((now - T0) / MINUTE),
            lastError: expect.stringContaining('503'),
          }),
        },
      ]);
      // Still unsent, still retrying: not failed, the backlog is what tells.
      expect((await entry.get()).get('status')).toBe('PENDING');
    },
  );
});
