/**
 * Automatic reminders across a simulated 30 days: the daily job
 * (runReminders) run directly against the emulators with a fake clock, every
 * day twice and once two at a time, sends exactly the expected emails
 * through the outbox, none after a quote is accepted or an invoice paid;
 * the admin sees a lead's upcoming reminders and skips one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { runReminders } from '../../functions/src/features/reminders/reminders.js';
import { syncPaymentRequests } from '../../functions/src/features/billing/paymentRequests.js';
import { adminIdToken, api, db, eventually, settingsVersion, userIdToken } from '../helpers.js';
import { storeLead } from '../fixtures.js';
import { DAY_MS } from '@studio/domain';

// Far from every other test's dates: their quotes, requests and invoices are long past any reminder window here.
const T0 = new Date('2032-02-02T09:00:00Z');
const day = (n: number) => new Date(T0.getTime() + n * DAY_MS);
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

/** An open quote link of `version` sent at `sentAt` (T0 by default), expiring 30 days later. */
async function quoteLink(leadId: string, version = 1, sentAt = T0): Promise<string> {
  const ref = db.collection('quote_links').doc(`reminder-test-${leadId}-v${version}`);
  await ref.set({
    leadId,
    quoteVersion: version,
    createdAt: Timestamp.fromDate(sentAt),
    expiresAt: Timestamp.fromDate(new Date(sentAt.getTime() + 30 * DAY_MS)),
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
            .doc(`reminder-test-${leads.accepted}-v1`)
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
        [`quoteFollowUp_${leads.quote}-v1`]: 7,
        [`depositUnpaid_${leads.deposit}_deposit`]: 3,
        [`depositUnpaid_${leads.accepted}_deposit`]: 8,
        [`invoiceDueSoon_inv-${invoiceId}`]: 7,
        [`invoiceOverdue_inv-${invoiceId}_step1`]: 11,
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

describe('changing the days', () => {
  // Another year, so the subjects above are long out of their windows.
  const T1 = new Date('2033-03-03T09:00:00Z');
  const at = (n: number) => new Date(T1.getTime() + n * DAY_MS);
  const only = (over: Partial<typeof AUTOMATIONS>) => ({
    ...AUTOMATIONS,
    depositUnpaid: { enabled: false, days: 3 },
    invoiceDueSoon: { enabled: false, days: 3 },
    invoiceOverdue: { enabled: false, days: [1] },
    ...over,
  });
  // Saves are versioned: each sends back the version it replaces.
  const setAutomations = async (body: ReturnType<typeof only>) =>
    expect(
      (
        await api('PUT', '/api/settings/automations', {
          token,
          body: { ...body, version: await settingsVersion('automations', token) },
        })
      ).status,
    ).toBe(200);
  const listed = async (leadId: string) =>
    (
      (await api('GET', `/api/reminders/${leadId}`, { token })).json as {
        reminders: Array<{ id: string; automation: string; status: string }>;
      }
    ).reminders.map((r) => [r.automation, r.status]);
  const sentFor = (leadId: string, r: { sent: string[] }) => r.sent.filter((id) => id.includes(leadId));
  /** A lead whose quote (version 1) is sent and not accepted. */
  const quotedLead = (tag: string) =>
    storeLead(db, {
      status: 'Quoted',
      quoteAccepted: false,
      quoteReviewStatus: 'Approved',
      quoteVersion: 1,
      name: `${tag} ${TAG}`,
      email: `rq.${tag}.${TAG}@example.com`,
    });

  it('neither sends a reminder again nor brings back a skipped one; a new quote version starts afresh', async () => {
    const leadId = await quotedLead('days');
    await quoteLink(leadId, 1, T1);
    await setAutomations(only({ quoteFollowUp: { enabled: true, days: 7 }, quoteExpiry: { enabled: true, days: 5 } }));
    expect(sentFor(leadId, await runReminders(db, at(7)))).toEqual([`quoteFollowUp_${leadId}-v1`]);
    const expiry = (
      (await api('GET', `/api/reminders/${leadId}`, { token })).json as { reminders: Array<{ id: string }> }
    ).reminders[0]!.id;
    expect((await api('POST', `/api/reminders/${leadId}/skip`, { token, body: { reminderId: expiry } })).status).toBe(
      200,
    );

    // New days for both: the follow-up is due again on day 9 and the expiry reminder on day 27 under the new
    // settings, and neither goes out.
    await setAutomations(only({ quoteFollowUp: { enabled: true, days: 9 }, quoteExpiry: { enabled: true, days: 3 } }));
    expect(await listed(leadId)).toEqual([['quoteExpiry', 'skipped']]);
    expect(sentFor(leadId, await runReminders(db, at(9)))).toEqual([]);
    expect(sentFor(leadId, await runReminders(db, at(27)))).toEqual([]);
    expect(await reminderEmails(leadId)).toEqual(['reminder-quote']);

    // A revised quote (version 2, a new link) is another subject: its reminders are scheduled again.
    await db
      .collection('quote_links')
      .doc(`reminder-test-${leadId}-v1`)
      .update({ revokedAt: Timestamp.fromDate(at(10)) });
    await db.collection('leads').doc(leadId).update({ quoteVersion: 2 });
    await quoteLink(leadId, 2, at(10));
    expect(await listed(leadId)).toEqual([
      ['quoteFollowUp', 'scheduled'],
      ['quoteExpiry', 'scheduled'],
    ]);
    expect(sentFor(leadId, await runReminders(db, at(19)))).toEqual([`quoteFollowUp_${leadId}-v2`]);
  });

  it('a reminder recorded under an old id (with its days) is not sent again after the days change', async () => {
    const leadId = await quotedLead('legacy');
    const sentAt = at(40);
    await quoteLink(leadId, 1, sentAt);
    // What the job wrote before ids left out the days: the follow-up sent at 7 days, the expiry skipped at 5.
    const old = db.collection('reminders');
    await old
      .doc(`quoteFollowUp_${leadId}-${sentAt.getTime()}_7`)
      .set({ leadId, automation: 'quoteFollowUp', status: 'sent' });
    await old
      .doc(`quoteExpiry_${leadId}-${sentAt.getTime()}_5`)
      .set({ leadId, automation: 'quoteExpiry', status: 'skipped' });
    await setAutomations(only({ quoteFollowUp: { enabled: true, days: 9 }, quoteExpiry: { enabled: true, days: 3 } }));

    expect(await listed(leadId)).toEqual([['quoteExpiry', 'skipped']]);
    const run = await runReminders(db, at(40 + 9));
    expect(sentFor(leadId, run)).toEqual([]);
    expect(await reminderEmails(leadId)).toEqual([]);
    // The run recorded it under the new id, naming the old document.
    expect((await old.doc(`quoteFollowUp_${leadId}-v1`).get()).data()).toMatchObject({
      status: 'sent',
      legacyId: `quoteFollowUp_${leadId}-${sentAt.getTime()}_7`,
    });
    expect(sentFor(leadId, await runReminders(db, at(40 + 27)))).toEqual([]);
  });
});
