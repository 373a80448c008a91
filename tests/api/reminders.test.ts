/**
 * Automatic reminders across a simulated 30 days: the daily job
 * (runReminders) run directly against the emulators with a fake clock, every
 * day twice and once two at a time, sends exactly the expected emails
 * through the outbox, none after a quote is accepted or an invoice paid;
 * the admin sees a lead's upcoming reminders and skips one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { runReminders } from '../../functions/src/jobs/reminders.js';
import { syncPaymentRequests } from '../../functions/src/services/paymentRequests.js';
import { adminIdToken, api, db, eventually, settingsVersion, userIdToken } from '../helpers.js';
import { storeLead } from '../fixtures.js';

const DAY = 86_400_000;
// Far from every other test's dates: their quotes, requests and invoices are long past any reminder window here.
const T0 = new Date('2032-02-02T09:00:00Z');
const day = (n: number) => new Date(T0.getTime() + n * DAY);
const TAG = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const AUTOMATIONS = {
  quoteFollowUp: { enabled: true, days: 7 },
  quoteExpiry: { enabled: true, days: 5 },
  depositUnpaid: { enabled: true, days: 3 },
  invoiceDueSoon: { enabled: true, days: 3 },
  invoiceOverdue: { enabled: true, days: [1, 7, 14] },
};

let token: string;
let saved: FirebaseFirestore.DocumentData | undefined;
const leads: Record<'quote' | 'accepted' | 'deposit' | 'invoice', string> = {
  quote: '',
  accepted: '',
  deposit: '',
  invoice: '',
};
let invoiceId = '';

/** An open quote link sent at T0, expiring at T0 + 30 days. */
async function quoteLink(leadId: string): Promise<string> {
  const ref = db.collection('quote_links').doc(`reminder-test-${leadId}`);
  await ref.set({
    leadId,
    quoteVersion: 1,
    createdAt: Timestamp.fromDate(T0),
    expiresAt: Timestamp.fromDate(day(30)),
    usedAt: null,
    revokedAt: null,
    createdBy: 'test',
  });
  return ref.id;
}

/** The reminder emails queued for `leadId`: [templateId, day run] pairs, in order. */
async function reminderEmails(leadId: string): Promise<string[]> {
  const q = await db.collection('outbox').where('leadId', '==', leadId).get();
  return q.docs
    .filter((d) => String(d.get('templateId')).startsWith('reminder-'))
    .map((d) => d.get('templateId') as string)
    .sort();
}

beforeAll(async () => {
  token = await adminIdToken();
  saved = (await db.collection('settings').doc('automations').get()).data();
  const body = { ...AUTOMATIONS, version: await settingsVersion('automations', token) };
  expect((await api('PUT', '/api/settings/automations', { token, body })).status).toBe(200);

  const quoted = { status: 'Quoted', quoteAccepted: false, quoteReviewStatus: 'Approved' };
  leads.quote = await storeLead(db, {
    ...quoted,
    name: `Quote ${TAG}`,
    email: `rq.quote.${TAG}@example.com`,
    subject: 'Bakery site',
  });
  leads.accepted = await storeLead(db, { ...quoted, name: `Accepts ${TAG}`, email: `rq.accepted.${TAG}@example.com` });
  await quoteLink(leads.quote);
  await quoteLink(leads.accepted);
  leads.deposit = await storeLead(db, {
    name: `Deposit ${TAG}`,
    email: `rq.deposit.${TAG}@example.com`,
    quoteAcceptedAt: Timestamp.fromDate(T0),
  });
  await syncPaymentRequests(db, leads.deposit);
  // A lead with an invoice only (its quote not accepted: no deposit request of its own).
  leads.invoice = await storeLead(db, { ...quoted, name: `Invoice ${TAG}`, email: `rq.invoice.${TAG}@example.com` });
  const created = await api('POST', '/api/create-invoice', {
    token,
    body: {
      leadId: leads.invoice,
      amount: '480.00',
      description: 'Maintenance',
      dueDate: day(10).toISOString().slice(0, 10),
    },
  });
  expect(created.status).toBe(201);
  invoiceId = (created.json as { invoiceId: string }).invoiceId;
});

afterAll(async () => {
  if (saved) await db.collection('settings').doc('automations').set(saved);
  else await db.collection('settings').doc('automations').delete();
});

describe('reminders over 30 days', () => {
  it('the admin sees a lead’s upcoming reminders and skips one (admin only)', async () => {
    const list = await api('GET', `/api/reminders/${leads.quote}`, { token });
    expect(list.status).toBe(200);
    const reminders = (
      list.json as { reminders: Array<{ id: string; automation: string; status: string; dueAt: string }> }
    ).reminders;
    expect(reminders.map((r) => [r.automation, r.status, r.dueAt])).toEqual([
      ['quoteFollowUp', 'scheduled', day(7).toISOString()],
      ['quoteExpiry', 'scheduled', day(25).toISOString()],
    ]);
    const expiry = reminders[1]!;
    expect((await api('POST', `/api/reminders/${leads.quote}/skip`, { body: { reminderId: expiry.id } })).status).toBe(
      401,
    );
    expect(
      (
        await api('POST', `/api/reminders/${leads.quote}/skip`, {
          body: { reminderId: expiry.id },
          token: await userIdToken(),
        })
      ).status,
    ).toBe(403);
    expect(
      (await api('POST', `/api/reminders/${leads.quote}/skip`, { body: { reminderId: expiry.id, extra: 1 }, token }))
        .status,
    ).toBe(400);
    expect(
      (await api('POST', `/api/reminders/${leads.invoice}/skip`, { body: { reminderId: expiry.id }, token })).status,
    ).toBe(404);
    expect(
      (await api('POST', `/api/reminders/${leads.quote}/skip`, { body: { reminderId: expiry.id }, token })).json,
    ).toEqual({ success: true, message: 'Reminder skipped' });
    expect(
      (await api('POST', `/api/reminders/${leads.quote}/skip`, { body: { reminderId: expiry.id }, token })).status,
    ).toBe(409);
    const after = (await api('GET', `/api/reminders/${leads.quote}`, { token })).json as {
      reminders: Array<{ automation: string; status: string }>;
    };
    expect(after.reminders.map((r) => [r.automation, r.status])).toEqual([
      ['quoteFollowUp', 'scheduled'],
      ['quoteExpiry', 'skipped'],
    ]);
  });

  it(
    'sends exactly the expected emails, once each, and none after acceptance or payment',
    { timeout: 240_000 },
    async () => {
      const sentOn: Record<string, number> = {};
      for (let d = 0; d <= 30; d++) {
        if (d === 5) {
          // The client accepts the second quote: its reminders stop; a deposit request follows.
          await db
            .collection('quote_links')
            .doc(`reminder-test-${leads.accepted}`)
            .update({ usedAt: Timestamp.fromDate(day(5)) });
          await db
            .collection('leads')
            .doc(leads.accepted)
            .update({ status: 'Set Up', quoteAccepted: true, quoteAcceptedAt: Timestamp.fromDate(day(5)) });
          await syncPaymentRequests(db, leads.accepted);
        }
        if (d === 12) {
          // The client pays the invoice (test mode): no overdue reminder after this.
          const intent = await api('POST', '/api/create-payment-intent', { body: { invoiceId } });
          expect(
            (
              await api('POST', '/api/test-mode/confirm-payment', {
                body: { paymentIntentId: (intent.json as { paymentIntentId: string }).paymentIntentId },
              })
            ).status,
          ).toBe(200);
        }
        const runs =
          d === 11
            ? await Promise.all([runReminders(db, day(d)), runReminders(db, day(d))])
            : [await runReminders(db, day(d)), await runReminders(db, day(d))];
        for (const r of runs) {
          expect(r.failed).toEqual([]);
          for (const id of r.sent) {
            expect(sentOn[id], `${id} sent twice`).toBeUndefined();
            sentOn[id] = d;
          }
        }
      }
      const mine = Object.entries(sentOn).filter(
        ([id]) => Object.values(leads).some((l) => id.includes(l)) || id.includes(invoiceId),
      );
      expect(Object.fromEntries(mine)).toEqual({
        [`quoteFollowUp_${leads.quote}-${T0.getTime()}_7`]: 7,
        [`depositUnpaid_${leads.deposit}_deposit_3`]: 3,
        [`depositUnpaid_${leads.accepted}_deposit_3`]: 8,
        [`invoiceDueSoon_inv-${invoiceId}_3`]: 7,
        [`invoiceOverdue_inv-${invoiceId}_1`]: 11,
      });

      expect(await reminderEmails(leads.quote)).toEqual(['reminder-quote']);
      expect(await reminderEmails(leads.accepted)).toEqual(['reminder-deposit']);
      expect(await reminderEmails(leads.deposit)).toEqual(['reminder-deposit']);
      expect(await reminderEmails(leads.invoice)).toEqual(['reminder-invoice-due', 'reminder-invoice-overdue']);

      // The email carries the number, the studio's name and the PDF by reference.
      const overdue = (
        await db
          .collection('outbox')
          .where('leadId', '==', leads.invoice)
          .where('templateId', '==', 'reminder-invoice-overdue')
          .get()
      ).docs[0]!;
      expect(overdue.get('variables')).toMatchObject({
        daysOverdue: '1',
        amount: '$480.00',
        invoiceNumber: expect.stringMatching(/^INV-\d{4}-\d{4,}$/),
      });
      expect(overdue.get('attachments')).toEqual([{ kind: 'invoice', id: invoiceId }]);

      // Each one is in the lead's activity history.
      const activity = await db
        .collection('lead_activity')
        .where('leadId', '==', leads.invoice)
        .where('type', '==', 'reminder_sent')
        .get();
      expect(activity.docs.map((d) => d.get('detail')).sort()).toEqual([
        expect.stringMatching(/^Reminder sent: Payment due soon INV-/),
        expect.stringMatching(/^Reminder sent: Payment overdue INV-.* \(1 day after the due date\)$/),
      ]);
      // The sender delivers it to the email log (no SendGrid key locally).
      const logged = await eventually(
        async () => (await db.collection('email_log').doc(overdue.id).get()).data(),
        'the email log entry',
      );
      expect(logged.subject).toMatch(/^Invoice INV-\d{4}-\d{4,} is overdue$/);
    },
  );

  it('with every automation off the run reads no subject and sends nothing', async () => {
    expect(
      (
        await api('PUT', '/api/settings/automations', {
          token,
          body: {
            ...AUTOMATIONS,
            quoteFollowUp: { enabled: false, days: 7 },
            quoteExpiry: { enabled: false, days: 5 },
            depositUnpaid: { enabled: false, days: 3 },
            invoiceDueSoon: { enabled: false, days: 3 },
            invoiceOverdue: { enabled: false, days: [1] },
            version: await settingsVersion('automations', token),
          },
        })
      ).status,
    ).toBe(200);
    expect(await runReminders(db, day(7))).toEqual({ sent: [], skipped: 0, failed: [] });
  });
});
