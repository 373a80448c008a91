/**
 * Overdue reminders follow the real age of what is owed (domain reminders.ts overdueSeries, billing.ts
 * daysOverdue): the daily job (runReminders), run directly against the emulators with a fake clock at 09:00 in
 * Los Angeles every day, twice, from December 2 to 24, 2035:
 * - an invoice first reminded 6 days after its due day says "6 days ago", one reminded the day after says
 *   "1 day ago", in the email as sent (email_log);
 * - an invoice already 40 days late when the run first sees it gets one reminder (the last step), then the
 *   repeats every 7 days, and no more than the maximum;
 * - none after the invoice is paid, voided or written off (its ledger balance, not its lead's stage).
 * Dates are years after every other test's, so their documents are long past due here and theirs unaffected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReminders } from '../../functions/src/features/reminders/reminders.js';
import { adminIdToken, api, db, eventually, settingsVersion } from '../helpers.js';
import { storeLead } from '../fixtures.js';

const ZONE = 'America/Los_Angeles';
/** 09:00 in Los Angeles (PST, UTC-8) on December `d`, 2035. */
const dec = (d: number) => new Date(Date.UTC(2035, 11, d, 17));
const TAG = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const AUTOMATIONS = {
  quoteFollowUp: { enabled: false, days: 7 },
  quoteExpiry: { enabled: false, days: 5 },
  depositUnpaid: { enabled: false, days: 3 },
  invoiceDueSoon: { enabled: false, days: 3 },
  invoiceOverdue: { enabled: true, days: [1, 7, 14], repeatEveryDays: 7, maxRepeats: 2 },
};

type Case = 'dayAfter' | 'sixLate' | 'fortyLate' | 'paid' | 'voided' | 'writtenOff';
/** Each case's due day (on the studio's clock, as the admin picks it). */
const DUE: Record<Case, string> = {
  dayAfter: '2035-12-01',
  sixLate: '2035-11-26',
  fortyLate: '2035-10-23',
  paid: '2035-10-23',
  voided: '2035-10-23',
  writtenOff: '2035-10-23',
};
const invoices = {} as Record<Case, { leadId: string; invoiceId: string }>;

let token: string;
const saved: Record<'studio' | 'automations', FirebaseFirestore.DocumentData | undefined> = {
  studio: undefined,
  automations: undefined,
};

const overdueId = (c: Case, step: number) => `invoiceOverdue_inv-${invoices[c].invoiceId}_step${step}`;

/** The overdue reminder queued for `c`'s step `step`: its outbox entry. */
async function queued(c: Case, step: number) {
  const reminder = (await db.collection('reminders').doc(overdueId(c, step)).get()).data();
  expect(reminder, `${c} step ${step}`).toMatchObject({ status: 'sent' });
  return db.collection('outbox').doc(String(reminder!.outboxId)).get();
}

/** The email as the sender rendered it (the local sender logs it: no SendGrid key in tests). */
const delivered = (outboxId: string) =>
  eventually(async () => (await db.collection('email_log').doc(outboxId).get()).data(), 'the email log entry');

beforeAll(async () => {
  token = await adminIdToken();
  for (const doc of ['studio', 'automations'] as const)
    saved[doc] = (await db.collection('settings').doc(doc).get()).data();
  const studio = (await api('GET', '/api/settings/studio', { token })).json as {
    settings: Record<string, unknown>;
    version: number;
  };
  expect(
    (
      await api('PUT', '/api/settings/studio', {
        token,
        body: { ...studio.settings, timeZone: ZONE, version: studio.version },
      })
    ).status,
  ).toBe(200);
  const body = { ...AUTOMATIONS, version: await settingsVersion('automations', token) };
  expect((await api('PUT', '/api/settings/automations', { token, body })).status).toBe(200);

  for (const c of Object.keys(DUE) as Case[]) {
    const leadId = await storeLead(db, {
      status: 'Quoted',
      quoteAccepted: false,
      quoteReviewStatus: 'Approved',
      name: `Overdue ${c} ${TAG}`,
      email: `ro.${c.toLowerCase()}.${TAG}@example.com`,
    });
    const created = await api('POST', '/api/create-invoice', {
      token,
      body: { leadId, amount: '480.00', description: 'Maintenance', dueDate: DUE[c] },
    });
    expect(created.status, c).toBe(201);
    invoices[c] = { leadId, invoiceId: (created.json as { invoiceId: string }).invoiceId };
  }
});

afterAll(async () => {
  for (const doc of ['studio', 'automations'] as const) {
    const data = saved[doc];
    if (data) await db.collection('settings').doc(doc).set(data);
    else await db.collection('settings').doc(doc).delete();
  }
});

describe('overdue reminders over December 2035 (Los Angeles)', () => {
  it(
    'state the real days overdue, catch up once, repeat at the cadence up to the maximum, stop when nothing is owed',
    { timeout: 240_000 },
    async () => {
      const sentOn: Record<string, number> = {};
      for (let d = 2; d <= 24; d++) {
        if (d === 5) {
          // Each closed its own way, after its one catch-up reminder on December 2.
          const intent = await api('POST', '/api/create-payment-intent', {
            body: { invoiceId: invoices.paid.invoiceId },
          });
          const paymentIntentId = (intent.json as { paymentIntentId: string }).paymentIntentId;
          expect((await api('POST', '/api/test-mode/confirm-payment', { body: { paymentIntentId } })).status).toBe(200);
          for (const [c, action] of [
            ['voided', 'void'],
            ['writtenOff', 'write-off'],
          ] as const)
            expect(
              (
                await api('POST', `/api/billing/invoices/${invoices[c].invoiceId}/${action}`, {
                  token,
                  body: { reason: 'Test' },
                })
              ).status,
              c,
            ).toBe(200);
        }
        // The same day twice: the second run sends nothing.
        for (const r of [await runReminders(db, dec(d)), await runReminders(db, dec(d))]) {
          expect(r.failed).toEqual([]);
          for (const id of r.sent) {
            expect(sentOn[id], `${id} sent twice`).toBeUndefined();
            sentOn[id] = d;
          }
        }
      }
      const mine = Object.values(invoices).map((i) => i.invoiceId);
      expect(Object.fromEntries(Object.entries(sentOn).filter(([id]) => mine.some((i) => id.includes(i))))).toEqual({
        // Due December 1: each step on its day, then two repeats a week apart.
        [overdueId('dayAfter', 1)]: 2,
        [overdueId('dayAfter', 2)]: 8,
        [overdueId('dayAfter', 3)]: 15,
        [overdueId('dayAfter', 4)]: 22,
        // Due November 26, first seen 6 days late: the 1st step then, the 2nd on its day (7 days late), ...
        [overdueId('sixLate', 1)]: 2,
        [overdueId('sixLate', 2)]: 3,
        [overdueId('sixLate', 3)]: 10,
        [overdueId('sixLate', 4)]: 17,
        [overdueId('sixLate', 5)]: 24,
        // 40 days late on December 2: one reminder (the last step), then the 2 repeats, then nothing.
        [overdueId('fortyLate', 3)]: 2,
        [overdueId('fortyLate', 4)]: 9,
        [overdueId('fortyLate', 5)]: 16,
        // Paid, voided, written off on December 5: only the catch-up before.
        [overdueId('paid', 3)]: 2,
        [overdueId('voided', 3)]: 2,
        [overdueId('writtenOff', 3)]: 2,
      });

      // The email says how late the invoice really is on the studio's clock, with the right plural.
      const six = await queued('sixLate', 1);
      expect(six.get('variables')).toMatchObject({
        dueDate: 'November 26, 2035',
        daysOverdue: '6',
        daysOverdueUnit: 'days',
      });
      expect((await delivered(six.id)).html).toContain('was due on November 26, 2035, 6 days ago.');
      const one = await queued('dayAfter', 1);
      expect(one.get('variables')).toMatchObject({ daysOverdue: '1', daysOverdueUnit: 'day' });
      const oneHtml = String((await delivered(one.id)).html);
      expect(oneHtml).toContain('was due on December 1, 2035, 1 day ago.');
      expect(oneHtml).not.toContain('day(s)');
      expect((await queued('fortyLate', 3)).get('variables')).toMatchObject({ daysOverdue: '40' });
      expect((await queued('fortyLate', 5)).get('variables')).toMatchObject({ daysOverdue: '54' });

      // The lead's history names the step or the repeat.
      const activity = await db
        .collection('lead_activity')
        .where('leadId', '==', invoices.fortyLate.leadId)
        .where('type', '==', 'reminder_sent')
        .get();
      expect(activity.docs.map((d) => String(d.get('detail')).replace(/INV-\d{4}-\d+/, 'INV')).sort()).toEqual([
        'Reminder sent: Payment overdue INV (14 days after the due date)',
        'Reminder sent: Payment overdue INV (repeat 1, 7 days after the last)',
        'Reminder sent: Payment overdue INV (repeat 2, 7 days after the last)',
      ]);
    },
  );
});
