/**
 * Email templates, test center and the outbox sender.
 *
 * Routes are called over HTTP through the Hosting emulator. The sender is
 * called directly (processOutboxEntry) against the Firestore emulator, with
 * the REAL @sendgrid/mail SDK talking HTTP to a local stub server:
 *
 *   const client = new Client();                      // @sendgrid/client
 *   client.setApiKey('SG.test-key');                  // sets auth AND resets baseUrl, so it goes first
 *   client.setDefaultRequest('baseUrl', stubUrl);     // the SDK's own hook for its API host
 *   const mailer = new MailService();                 // @sendgrid/mail
 *   mailer.setClient(client);
 *
 * Only the transport target changes: Mail.create, the v3 JSON body, the
 * Authorization header, axios and the ResponseError path are the SDK's own.
 *
 * Entries processed directly live in a scratch collection (SCRATCH) with the
 * outbox document shape: the `outbox/{id}` trigger also runs in the emulator
 * (without SENDGRID_API_KEY, so it writes to `email_log`) and would otherwise
 * race the test for the claim.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MailService } from '@sendgrid/mail';
import { sendgridMailerAt } from '../sendgridStub.js';
import { FieldValue, type DocumentReference } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminIdToken, api, db, eventually, userIdToken } from '../helpers.js';
import {
  escapeHtml,
  OUTBOX_MAX_ATTEMPTS,
  outboxRetryDelayMs,
  readStudioSettings,
  RETENTION_DAYS,
  SETTINGS_COLLECTION,
  STUDIO_SETTINGS_DOC,
  DAY_MS,
} from '@studio/domain';

import { processOutboxEntry } from '../../functions/src/features/email/outboxSender.js';

const SCRATCH = 'outbox_sender_test';
const FROM = 'studio-test@example.com';

let token: string;
let userToken: string;

// ---- the SendGrid stub -------------------------------------------------------

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: {
    from: { email: string };
    subject: string;
    personalizations: Array<{ to: Array<{ email: string }> }>;
    content: Array<{ type: string; value: string }>;
    tracking_settings?: unknown;
  };
  status: number;
}

let server: Server;
let stubUrl: string;
/** Status codes the stub answers with, in order; 202 once they run out. */
let replies: number[] = [];
let received: Received[] = [];

function startStub(): Promise<void> {
  server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const status = replies.shift() ?? 202;
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        body: JSON.parse(raw || 'null'),
        status,
      });
      if (status === 202) {
        res.writeHead(202, { 'x-message-id': `stub-${received.length}` });
        res.end();
      } else {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ message: `stub says ${status}`, field: null, help: null }] }));
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      stubUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve();
    });
  });
}

const stubMailer = (): MailService => sendgridMailerAt(stubUrl, 'SG.test-key');

/** Sender deps for the tests: the stub, and a clock (real unless given). */
function deps(now?: () => Date) {
  return { mailer: stubMailer(), from: FROM, ...(now ? { now } : {}) };
}

/** A PENDING entry with the outbox document shape, in the scratch collection. */
async function scratchEntry(email: {
  to: string;
  templateId: string;
  variables: Record<string, string>;
  leadId?: string | null;
}): Promise<DocumentReference> {
  const ref = db.collection(SCRATCH).doc();
  await ref.create({
    ...email,
    leadId: email.leadId ?? null,
    status: 'PENDING',
    attempts: 0,
    lastError: null,
    createdAt: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
  });
  return ref;
}

/** A confirmation's variables, with the visitor text an entry queued before they were withdrawn still held. */
const contactVars = {
  name: 'Ada',
  projectType: 'Web Project',
  subject: 'Site',
  message: 'Hello',
  studioName: 'Acme Studio',
  studioAddress: '1 Main St',
  studioEmail: 'hi@acme.example',
};

async function postContact(fields: Record<string, string>) {
  const email = `email.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  // Own client address: the contact form is rate limited per IP.
  const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
  const res = await api('POST', '/api/contact', {
    body: { email, projectType: 'Web Project', ...fields },
    headers: { 'x-studio-test-client': ip },
  });
  expect(res.status).toBe(201);
  const leads = await db.collection('leads').where('email', '==', email).get();
  expect(leads.size).toBe(1);
  const leadId = leads.docs[0]!.id;
  const outbox = await db.collection('outbox').where('leadId', '==', leadId).get();
  return { email, leadId, outbox: outbox.docs };
}

beforeAll(async () => {
  token = await adminIdToken();
  userToken = await userIdToken();
  await startStub();
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  replies = [];
  received = [];
});

// ---- routes ------------------------------------------------------------------

describe('admin only', () => {
  it('answers 401 without a token and 403 for a non-admin', async () => {
    const routes: Array<[string, string, unknown]> = [
      ['GET', '/api/email-templates', undefined],
      ['PUT', '/api/email-templates/status-update', { subject: 's', html: '<p>h</p>' }],
      ['POST', '/api/email-templates/status-update/reset', {}],
      ['POST', '/api/email-templates/status-update/test', { testEmail: 'a@example.com' }],
      ['POST', '/api/test-email', { to: 'a@example.com', subject: 's', html: '<p>h</p>' }],
      ['GET', '/api/outbox/anything', undefined],
      ['GET', '/api/email-log', undefined],
    ];
    for (const [method, path, body] of routes) {
      expect((await api(method, path, { body })).status, path).toBe(401);
      expect((await api(method, path, { body, token: userToken })).status, path).toBe(403);
    }
    expect((await db.collection('email_templates').doc('status-update').get()).exists).toBe(false);
  });
});

describe('GET /api/email-templates', () => {
  it('lists every default, contact-confirmation first', async () => {
    const res = await api('GET', '/api/email-templates', { token });
    expect(res.status).toBe(200);
    const list = res.json as Array<{
      id: string;
      name: string;
      subject: string;
      html: string;
      variables: string[];
      customized: boolean;
    }>;
    expect(list.map((t) => t.id)).toEqual([
      'contact-confirmation',
      'new-lead-alert',
      'quote-sent',
      'beta-deployed',
      'launched',
      'invoice',
      'deposit-request',
      'payment-received',
      'payment-failed',
      'status-update',
      'reminder-quote',
      'reminder-proposal',
      'reminder-quote-expiry',
      'reminder-proposal-expiry',
      'reminder-deposit',
      'reminder-invoice-due',
      'reminder-invoice-overdue',
      'money-alert',
      'credit-note',
      'proposal-signed-owner',
      'message-to-client',
      'message-to-owner',
    ]);
    for (const t of list) expect(t.name && t.subject && t.html && t.variables.length, t.id).toBeTruthy();
    expect(list.find((t) => t.id === 'quote-sent')!.html).toContain('${quoteLink}');
  });
});

describe('PUT /api/email-templates/{id} and reset', () => {
  it('validates: required fields, unknown keys, unknown placeholders, unknown template', async () => {
    const empty = await api('PUT', '/api/email-templates/status-update', { token, body: {} });
    expect(empty.status).toBe(400);
    expect((empty.json as { fields: object }).fields).toEqual({
      subject: 'Subject is required',
      html: 'Message content is required',
    });
    expect(
      (
        await api('PUT', '/api/email-templates/status-update', {
          token,
          body: { subject: 's', html: '<p>h</p>', variables: [] },
        })
      ).status,
    ).toBe(400);

    const unknown = await api('PUT', '/api/email-templates/status-update', {
      token,
      body: { subject: 'Hi ${nmae}', html: '<p>${name} owes ${total}</p>' },
    });
    expect(unknown.status).toBe(400);
    const body = unknown.json as { error: string; fields: Record<string, string> };
    expect(body.error).toContain('${nmae}');
    expect(body.error).toContain('${total}');
    expect(body.fields).toEqual({ subject: 'Unknown placeholders: ${nmae}', html: 'Unknown placeholders: ${total}' });

    // Every variable the template lists is accepted in the subject too (the visitor's name included).
    const named = await api('PUT', '/api/email-templates/status-update', {
      token,
      body: { subject: 'Hi ${name}: ${projectName} is in ${status}', html: '<p>Hi ${name}</p>' },
    });
    expect(named.status).toBe(200);
    expect((await api('POST', '/api/email-templates/status-update/reset', { token, body: {} })).status).toBe(200);

    expect(
      (await api('PUT', '/api/email-templates/nope', { token, body: { subject: 's', html: '<p>h</p>' } })).status,
    ).toBe(404);
    const scriptOnly = await api('PUT', '/api/email-templates/status-update', {
      token,
      body: { subject: 's', html: '<script>alert(1)</script>' },
    });
    expect((scriptOnly.json as { fields: object }).fields).toEqual({ html: 'Message content is required' });
    expect((await db.collection('email_templates').doc('status-update').get()).exists).toBe(false);
  });

  it('stores a sanitized override, then reset brings the default back', async () => {
    const html = [
      '<table style="width:100%"><tr><td style="padding:8px">Hi ${name}, ${projectName} is in ${status}.</td></tr></table>',
      '<script>alert(1)</script><iframe src="https://evil.example"></iframe>',
      '<p onclick="steal()">${message}</p>',
      '<a href="javascript:alert(1)">bad</a> <a href="https://ok.example">ok</a> <a href="mailto:hi@example.com">mail</a>',
    ].join('');
    const res = await api('PUT', '/api/email-templates/status-update', {
      token,
      body: { subject: 'Update\r\n${status}', html },
    });
    expect(res.status).toBe(200);
    const saved = (res.json as { template: { subject: string; html: string; customized: boolean } }).template;
    expect(saved.customized).toBe(true);
    expect(saved.subject).toBe('Update ${status}');
    expect(saved.html).toContain('<td style="padding:8px">Hi ${name}, ${projectName} is in ${status}.</td>');
    expect(saved.html).toContain('<a href="https://ok.example">ok</a>');
    expect(saved.html).toContain('<a href="mailto:hi@example.com">mail</a>');
    expect(saved.html).not.toMatch(/<script|<iframe|onclick|javascript:/i);

    const stored = (await db.collection('email_templates').doc('status-update').get()).data()!;
    expect(stored).toMatchObject({ subject: 'Update ${status}', html: saved.html, updatedBy: 'test-admin' });
    const list = (await api('GET', '/api/email-templates', { token })).json as Array<{
      id: string;
      html: string;
      customized: boolean;
    }>;
    expect(list.find((t) => t.id === 'status-update')).toMatchObject({ html: saved.html, customized: true });

    const reset = await api('POST', '/api/email-templates/status-update/reset', { token, body: {} });
    expect(reset.status).toBe(200);
    expect((reset.json as { template: { html: string; customized: boolean } }).template.customized).toBe(false);
    expect((await db.collection('email_templates').doc('status-update').get()).exists).toBe(false);
    const after = (await api('GET', '/api/email-templates', { token })).json as Array<{
      id: string;
      html: string;
      customized: boolean;
    }>;
    expect(after.find((t) => t.id === 'status-update')!.html).not.toBe(saved.html);
    expect((await api('POST', '/api/email-templates/nope/reset', { token, body: {} })).status).toBe(404);
  });
});

describe('test sends', () => {
  it('POST /api/email-templates/{id}/test needs an address, then queues the template', async () => {
    const missing = await api('POST', '/api/email-templates/contact-confirmation/test', { token, body: {} });
    expect(missing.status).toBe(400);
    expect((missing.json as { fields: object }).fields).toEqual({ testEmail: 'Test email address is required' });
    expect(
      (await api('POST', '/api/email-templates/contact-confirmation/test', { token, body: { testEmail: 'nope' } }))
        .status,
    ).toBe(400);
    expect(
      (await api('POST', '/api/email-templates/nope/test', { token, body: { testEmail: 'a@example.com' } })).status,
    ).toBe(404);

    const res = await api('POST', '/api/email-templates/contact-confirmation/test', {
      token,
      body: { testEmail: 'Tester@Example.com' },
    });
    expect(res.status).toBe(202);
    const { outboxId } = res.json as { success: boolean; outboxId: string };
    const entry = (await db.collection('outbox').doc(outboxId).get()).data()!;
    expect(entry).toMatchObject({
      to: 'tester@example.com',
      templateId: 'contact-confirmation',
      leadId: null,
      attempts: expect.any(Number),
      lastError: null,
    });
    // Only the template's own variables: the confirmation's are the studio's details, never a lead's text.
    expect(Object.keys(entry.variables).sort()).toEqual(['studioAddress', 'studioEmail', 'studioName']);

    // The emulator's trigger (no SENDGRID_API_KEY) delivers it to email_log; the status panel reads it.
    const status = await eventually(async () => {
      const s = (await api('GET', `/api/outbox/${outboxId}`, { token })).json as { status: string };
      return s.status === 'SUCCESS' && s;
    }, 'the entry sent');
    expect(status).toMatchObject({
      id: outboxId,
      status: 'SUCCESS',
      attempts: 1,
      to: 'tester@example.com',
      templateId: 'contact-confirmation',
    });
    const log = (await api('GET', '/api/email-log?limit=200', { token })).json as Array<{
      outboxId: string;
      to: string;
      subject: string;
      html: string;
    }>;
    const logged = log.find((l) => l.outboxId === outboxId);
    expect(logged).toMatchObject({ to: 'tester@example.com' });
    expect(logged!.html).not.toContain('${');
  });

  it('POST /api/test-email validates with field messages and queues sanitized raw html', async () => {
    const missing = await api('POST', '/api/test-email', { token, body: {} });
    expect(missing.status).toBe(400);
    expect((missing.json as { fields: object }).fields).toEqual({
      to: 'Recipient email is required',
      subject: 'Subject is required',
      html: 'Message content is required',
    });
    expect(
      (await api('POST', '/api/test-email', { token, body: { to: 'x', subject: 's', html: '<p>h</p>' } })).status,
    ).toBe(400);
    expect(
      (
        await api('POST', '/api/test-email', {
          token,
          body: { to: 'a@example.com', subject: 's', html: '<p>h</p>', cc: 'b@example.com' },
        })
      ).status,
    ).toBe(400);

    const res = await api('POST', '/api/test-email', {
      token,
      body: {
        to: 'raw@example.com',
        subject: 'Raw\ntest',
        html: '<p>Hello</p><script>alert(1)</script><img src=x onerror=alert(1)>',
      },
    });
    expect(res.status).toBe(202);
    const { outboxId } = res.json as { outboxId: string };
    const entry = (await db.collection('outbox').doc(outboxId).get()).data()!;
    expect(entry).toMatchObject({
      to: 'raw@example.com',
      templateId: 'raw',
      leadId: null,
      variables: { subject: 'Raw test' },
    });
    expect(entry.variables.html).toContain('<p>Hello</p>');
    expect(entry.variables.html).not.toMatch(/<script|onerror/i);
    expect((await api('GET', '/api/outbox/does-not-exist', { token })).status).toBe(404);
  });
});

// ---- the sender ----------------------------------------------------------------

describe('processOutboxEntry with SendGrid at its HTTP boundary', () => {
  it('(a) 500 then 202: the failure waits for its retry (PENDING, due in a minute), then SUCCESS with exactly one accepted send', async () => {
    replies = [500, 202];
    const t0 = new Date();
    const ref = await scratchEntry({
      to: 'client@example.com',
      templateId: 'contact-confirmation',
      variables: contactVars,
    });
    const first = await processOutboxEntry(
      ref,
      deps(() => t0),
    );
    expect(first).toMatchObject({
      outcome: 'retry',
      status: 'PENDING',
      attempts: 1,
      lastError: expect.stringContaining('500'),
    });
    expect((await ref.get()).get('nextAttemptAt').toMillis()).toBe(t0.getTime() + 60_000);
    // Not due yet: nothing is sent.
    expect(
      await processOutboxEntry(
        ref,
        deps(() => new Date(t0.getTime() + 59_000)),
      ),
    ).toEqual({ outcome: 'skipped', reason: 'not due' });
    const second = await processOutboxEntry(
      ref,
      deps(() => new Date(t0.getTime() + 60_000)),
    );
    expect(second).toEqual({ outcome: 'sent', status: 'SUCCESS', attempts: 2 });
    expect(received.map((r) => r.status)).toEqual([500, 202]);

    const req = received[1]!;
    expect(req).toMatchObject({ method: 'POST', url: '/v3/mail/send', authorization: 'Bearer SG.test-key' });
    expect(req.body.from.email).toBe(FROM);
    expect(req.body.personalizations[0]!.to[0]!.email).toBe('client@example.com');
    expect(req.body.subject).toBe('Thanks for reaching out');
    // Links go out as written: no click-tracking redirect (it breaks branded links under HSTS), no open pixel.
    expect(req.body.tracking_settings).toEqual({
      click_tracking: { enable: false, enable_text: false },
      open_tracking: { enable: false },
    });
    // Only the studio's details are filled: the visitor's name queued by an older entry is not rendered.
    const sentHtml = req.body.content.find((c) => c.type === 'text/html')!.value;
    expect(sentHtml).toContain('Thank you for contacting Acme Studio.');
    expect(sentHtml).not.toContain('Ada');

    const stored = (await ref.get()).data()!;
    expect(stored).toMatchObject({ status: 'SUCCESS', attempts: 2, lastError: null, deliveredVia: 'sendgrid' });
    expect(stored.sentAt).toBeDefined();
    // Kept from the send that ended it, then Firestore's TTL policy deletes it (domain retention.ts).
    expect(stored.expireAt.toMillis()).toBe(t0.getTime() + 60_000 + RETENTION_DAYS.outbox * DAY_MS);

    // Processing again sends nothing.
    expect(await processOutboxEntry(ref, deps())).toMatchObject({ outcome: 'skipped' });
    expect(received).toHaveLength(2);
  });

  it("fills the footer's studio name from the settings when the entry carries none", async () => {
    replies = [202];
    const studio = readStudioSettings((await db.collection(SETTINGS_COLLECTION).doc(STUDIO_SETTINGS_DOC).get()).data());
    const ref = await scratchEntry({
      to: 'client@example.com',
      templateId: 'beta-deployed',
      variables: { name: 'Ada', projectName: 'Bakery site', deploymentUrl: 'https://beta.example.com' },
    });
    expect(await processOutboxEntry(ref, deps())).toMatchObject({ outcome: 'sent' });
    const html = received[0]!.body.content.find((c) => c.type === 'text/html')!.value;
    expect(html).toContain(`${escapeHtml(studio.businessName)} · Design &amp; development`);
  });

  it('(b) 400: ERROR at once with lastError, no retry', async () => {
    replies = [400];
    const ref = await scratchEntry({
      to: 'client@example.com',
      templateId: 'contact-confirmation',
      variables: contactVars,
    });
    const result = await processOutboxEntry(ref, deps());
    expect(result).toMatchObject({ outcome: 'failed', status: 'ERROR', attempts: 1 });
    expect(received).toHaveLength(1);
    const stored = (await ref.get()).data()!;
    expect(stored).toMatchObject({ status: 'ERROR', attempts: 1 });
    expect(stored.lastError).toMatch(/400/);
    expect(stored.lastError).toContain('stub says 400');
  });

  it('429 is retried; 5xx through the whole schedule ends in ERROR; an unknown template is a permanent ERROR without a send', async () => {
    replies = [429, 202];
    const t0 = Date.now();
    const a = await scratchEntry({
      to: 'client@example.com',
      templateId: 'contact-confirmation',
      variables: contactVars,
    });
    expect(
      await processOutboxEntry(
        a,
        deps(() => new Date(t0)),
      ),
    ).toMatchObject({ outcome: 'retry' });
    expect(
      await processOutboxEntry(
        a,
        deps(() => new Date(t0 + 60_000)),
      ),
    ).toEqual({ outcome: 'sent', status: 'SUCCESS', attempts: 2 });

    replies = Array.from({ length: OUTBOX_MAX_ATTEMPTS }, () => 503);
    received = [];
    const b = await scratchEntry({
      to: 'client@example.com',
      templateId: 'contact-confirmation',
      variables: contactVars,
    });
    let at = t0;
    let last;
    for (let n = 1; n <= OUTBOX_MAX_ATTEMPTS; n++) {
      last = await processOutboxEntry(
        b,
        deps(() => new Date(at)),
      );
      if (n < OUTBOX_MAX_ATTEMPTS) at += outboxRetryDelayMs(n)!;
    }
    expect(last).toMatchObject({ outcome: 'failed', attempts: OUTBOX_MAX_ATTEMPTS });
    expect(at - t0).toBeGreaterThanOrEqual(24 * 3_600_000); // the last attempt came more than a day after the first
    expect(received).toHaveLength(OUTBOX_MAX_ATTEMPTS);
    expect((await b.get()).data()).toMatchObject({
      status: 'ERROR',
      attempts: OUTBOX_MAX_ATTEMPTS,
      lastError: expect.stringContaining('503'),
    });

    received = [];
    const c = await scratchEntry({ to: 'client@example.com', templateId: 'no-such-template', variables: {} });
    expect(await processOutboxEntry(c, deps())).toMatchObject({
      outcome: 'failed',
      lastError: 'Unknown template "no-such-template"',
    });
    expect(received).toHaveLength(0);
  });

  it('two senders racing for one entry send it once', async () => {
    const ref = await scratchEntry({
      to: 'client@example.com',
      templateId: 'contact-confirmation',
      variables: contactVars,
    });
    const results = await Promise.all([processOutboxEntry(ref, deps()), processOutboxEntry(ref, deps())]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['sent', 'skipped']);
    expect(received).toHaveLength(1);
  });

  it('(c) the lead is stored even when sending fails', async () => {
    const { email, leadId, outbox } = await postContact({
      name: 'Fail Safe',
      subject: 'Site',
      message: 'Please build it',
    });
    expect((await db.collection('leads').doc(leadId).get()).data()).toMatchObject({ name: 'Fail Safe', status: 'New' });
    const byTemplate = Object.fromEntries(outbox.map((d) => [d.get('templateId') as string, d.data()]));
    expect(Object.keys(byTemplate).sort()).toEqual(['contact-confirmation', 'new-lead-alert']);
    expect(byTemplate['contact-confirmation']).toMatchObject({ to: email, leadId });
    // Queued with nothing of the visitor's: the sender fills the studio's details when it sends.
    expect(byTemplate['contact-confirmation']!.variables).toEqual({});
    expect(byTemplate['new-lead-alert']).toMatchObject({ to: 'owner@example.com', leadId, variables: { email } });

    // The same entries through a sender whose provider refuses them (400: ERROR; 500: a retry later), and the lead is untouched.
    replies = [400, 500];
    const outcomes = [];
    for (const d of outbox) {
      const ref = await scratchEntry({
        to: d.get('to'),
        templateId: d.get('templateId'),
        variables: d.get('variables'),
        leadId,
      });
      outcomes.push((await processOutboxEntry(ref, deps())).outcome);
    }
    expect(outcomes).toEqual(['failed', 'retry']);
    expect((await db.collection('leads').doc(leadId).get()).get('status')).toBe('New');

    // Meanwhile the emulator's trigger (no key) delivered the real entries to email_log.
    for (const d of outbox) {
      await eventually(async () => (await db.collection('email_log').doc(d.id).get()).exists, 'the email log entry');
      expect((await d.ref.get()).get('status')).toBe('SUCCESS');
      const logged = (await db.collection('email_log').doc(d.id).get()).get('expireAt').toMillis();
      expect(Math.abs(logged - (Date.now() + RETENTION_DAYS.email_log * DAY_MS))).toBeLessThan(5 * 60_000);
    }
  });

  it('(d) XSS payloads in lead fields reach the email HTML only escaped', async () => {
    const payloads = {
      name: '<script>alert(1)</script>',
      subject: '"><img src=x onerror=alert(1)>',
      message:
        'javascript:alert(1) <iframe src="javascript:alert(2)"></iframe> </td></table><a href="https://evil.example">x</a>',
    };
    const { leadId, outbox } = await postContact(payloads);
    expect(outbox).toHaveLength(2);
    replies = [202, 202];
    for (const d of outbox) {
      const ref = await scratchEntry({
        to: d.get('to'),
        templateId: d.get('templateId'),
        variables: d.get('variables'),
        leadId,
      });
      expect((await processOutboxEntry(ref, deps())).outcome).toBe('sent');
    }
    expect(received).toHaveLength(2);
    const sentTo = (template: string) =>
      received[outbox.findIndex((d) => d.get('templateId') === template)]!.body.content.find(
        (c) => c.type === 'text/html',
      )!.value;
    // The visitor's own confirmation carries none of it; the owner's alert carries it escaped.
    const confirmation = sentTo('contact-confirmation');
    for (const v of ['alert(', 'evil.example', 'javascript:']) expect(confirmation).not.toContain(v);
    const html = sentTo('new-lead-alert');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/<iframe/i);
    // Escaped text may keep its quotes (sanitize-html re-escapes text as &, <, >); what matters is no real <a>.
    expect(html).not.toMatch(/<a\b[^>]*evil\.example/i);
    expect(html).toContain('&lt;a href=');
    expect(html).not.toMatch(/href="\s*javascript:/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    for (const r of received) expect(r.body.subject).not.toMatch(/[\r\n]/);
    // The emulator trigger's email_log copies are escaped the same way.
    for (const d of outbox) {
      const logged = await eventually(
        async () => (await db.collection('email_log').doc(d.id).get()).data(),
        'the email log entry',
      );
      expect(logged.html).not.toMatch(/<script|<iframe|<img[^>]*onerror/i);
      if (d.get('templateId') === 'new-lead-alert') expect(logged.html).toContain('&lt;script&gt;');
      else expect(logged.html).not.toContain('alert(');
    }
  });
});

describe('failed emails: listed, resent, and listed per lead', () => {
  it('an ERROR entry is listed, "Resend" queues one fresh copy that goes out, and the lead lists both with status', async () => {
    const leadId = `resend-lead-${Date.now().toString(36)}`;
    const failed = db.collection('outbox').doc();
    await failed.create({
      to: 'resend.me@example.com',
      templateId: 'contact-confirmation',
      variables: contactVars,
      leadId,
      status: 'ERROR',
      attempts: 11,
      lastError: 'SendGrid 503: down',
      createdAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });

    const list = await api('GET', '/api/outbox?status=ERROR&limit=200', { token });
    expect(list.status).toBe(200);
    expect((list.json as Array<{ id: string }>).map((e) => e.id)).toContain(failed.id);
    expect(JSON.stringify(list.json)).not.toContain('variables');

    expect((await api('POST', `/api/outbox/${failed.id}/resend`, { body: {} })).status).toBe(401);
    const resent = await api('POST', `/api/outbox/${failed.id}/resend`, { token, body: {} });
    expect(resent.status).toBe(202);
    const copyId = (resent.json as { outboxId: string }).outboxId;
    expect((await api('POST', `/api/outbox/${failed.id}/resend`, { token, body: {} })).status).toBe(409); // once
    expect((await failed.get()).data()).toMatchObject({ status: 'ERROR', resentAs: copyId });
    // The creation trigger delivers the copy (to the emulator's email_log).
    await eventually(
      async () => (await db.collection('outbox').doc(copyId).get()).get('status') === 'SUCCESS',
      'the copy sent',
    );

    const emails = await api('GET', `/api/leads/${leadId}/emails`, { token });
    expect(emails.status).toBe(200);
    const rows = emails.json as Array<{ id: string; status: string; resentAs: string | null }>;
    expect(rows.map((r) => [r.id, r.status]).sort()).toEqual(
      [
        [copyId, 'SUCCESS'],
        [failed.id, 'ERROR'],
      ].sort(),
    );
    expect((await api('GET', `/api/leads/${leadId}/emails`, { token: userToken })).status).toBe(403);

    expect((await api('POST', `/api/outbox/${copyId}/resend`, { token, body: {} })).status).toBe(409); // not failed
  });
});
