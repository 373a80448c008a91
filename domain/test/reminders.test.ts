/** Every reminder decision, with a fake clock (domain reminders.ts). */
import { describe, expect, it } from 'vitest';
import {
  dueReminders,
  MAX_LATE_DAYS,
  quoteLinkIsProposal,
  reminderLabel,
  reminderTriggers,
  settlingReminder,
  upcomingReminders,
  type DepositSubject,
  type InvoiceSubject,
  type QuoteSubject,
} from '../src/reminders.js';
import { DEFAULT_AUTOMATION_SETTINGS, type AutomationSettings } from '../src/settings.js';
import { DAY_MS } from '../src/index.js';

const T0 = new Date('2026-03-01T09:00:00Z');
const day = (n: number, hours = 0) => new Date(T0.getTime() + n * DAY_MS + hours * 3_600_000);
const ALL_ON: AutomationSettings = {
  quoteFollowUp: { enabled: true, days: 7 },
  quoteExpiry: { enabled: true, days: 5 },
  depositUnpaid: { enabled: true, days: 3 },
  invoiceDueSoon: { enabled: true, days: 3 },
  invoiceOverdue: { enabled: true, days: [1, 7, 14] },
};
const quote = (over: Partial<QuoteSubject> = {}): QuoteSubject => ({
  type: 'quote',
  leadId: 'L1',
  sentAt: T0,
  expiresAt: day(30),
  open: true,
  ...over,
});
const deposit = (over: Partial<DepositSubject> = {}): DepositSubject => ({
  type: 'deposit',
  leadId: 'L1',
  id: 'L1_deposit',
  number: 'INV-2026-0001',
  acceptedAt: T0,
  paid: false,
  ...over,
});
const invoice = (over: Partial<InvoiceSubject> = {}): InvoiceSubject => ({
  type: 'invoice',
  leadId: 'L1',
  collection: 'invoices',
  id: 'I1',
  number: 'INV-2026-0002',
  dueDate: day(10),
  paid: false,
  ...over,
});

/** The trigger ids due on each day 0..n (the daily run), with the ones already "sent" removed, as the job does. */
function simulate(
  subject: Parameters<typeof dueReminders>[0],
  settings: AutomationSettings,
  days: number,
  closeOn?: { day: number; subject: Parameters<typeof dueReminders>[0] },
) {
  const sent: Array<{ day: number; id: string }> = [];
  for (let d = 0; d <= days; d++) {
    const s = closeOn && d >= closeOn.day ? closeOn.subject : subject;
    for (const t of dueReminders(s, settings, day(d)))
      if (!sent.some((x) => x.id === t.id)) sent.push({ day: d, id: t.id });
  }
  return sent;
}

describe('quote reminders', () => {
  it('follow-up N days after sending, expiry M days before the link expires; once each', () => {
    expect(simulate(quote(), ALL_ON, 35)).toEqual([
      { day: 7, id: `quoteFollowUp_L1-${T0.getTime()}` },
      { day: 25, id: `quoteExpiry_L1-${T0.getTime()}` },
    ]);
  });

  it('nothing one second early; due exactly at N days', () => {
    expect(dueReminders(quote(), ALL_ON, new Date(day(7).getTime() - 1000))).toEqual([]);
    expect(dueReminders(quote(), ALL_ON, day(7)).map((t) => t.automation)).toEqual(['quoteFollowUp']);
  });

  it('stops once the quote is accepted (or the link used, revoked, the lead lost)', () => {
    expect(simulate(quote(), ALL_ON, 35, { day: 6, subject: quote({ open: false }) })).toEqual([]);
    expect(reminderTriggers(quote({ open: false }), ALL_ON)).toEqual([]);
  });

  it('nothing after the link expired; no expiry reminder for a link shorter than its lead time', () => {
    expect(dueReminders(quote(), ALL_ON, day(30))).toEqual([]);
    expect(reminderTriggers(quote({ expiresAt: day(4) }), ALL_ON).map((t) => t.automation)).toEqual([]);
  });

  it('off means off', () => {
    expect(reminderTriggers(quote(), DEFAULT_AUTOMATION_SETTINGS)).toEqual([]);
    expect(
      reminderTriggers(quote(), { ...ALL_ON, quoteFollowUp: { enabled: false, days: 7 } }).map((t) => t.automation),
    ).toEqual(['quoteExpiry']);
  });
});

describe('a quote sent as a proposal', () => {
  it('is followed up as a quote (the same trigger ids), in the proposal wording and templates', () => {
    const plain = reminderTriggers(quote(), ALL_ON);
    const proposal = reminderTriggers(quote({ proposal: true }), ALL_ON);
    expect(proposal.map((t) => t.id)).toEqual(plain.map((t) => t.id));
    expect(proposal.map((t) => [t.templateId, reminderLabel(t)])).toEqual([
      ['reminder-proposal', 'Proposal follow-up (7 days after sending)'],
      ['reminder-proposal-expiry', 'Proposal expiry reminder (5 days before the link expires)'],
    ]);
    // A plain quote keeps its wording.
    expect(plain.map((t) => [t.templateId, reminderLabel(t)])).toEqual([
      ['reminder-quote', 'Quote follow-up (7 days after sending)'],
      ['reminder-quote-expiry', 'Quote expiry reminder (5 days before the link expires)'],
    ]);
    // Signed (the link used, the quote accepted): closed like any accepted quote.
    expect(reminderTriggers(quote({ proposal: true, open: false }), ALL_ON)).toEqual([]);
  });

  it("is told by the lead's proposal status: Sent or Viewed, not a signed or absent one", () => {
    expect(['Sent', 'Viewed'].map(quoteLinkIsProposal)).toEqual([true, true]);
    expect(['Signed', 'Countersigned', null, undefined].map(quoteLinkIsProposal)).toEqual([false, false, false, false]);
  });
});

describe('deposit reminders', () => {
  it('N days after acceptance while unpaid, once', () => {
    expect(simulate(deposit(), ALL_ON, 30)).toEqual([{ day: 3, id: 'depositUnpaid_L1_deposit' }]);
  });

  it('none once paid', () => {
    expect(simulate(deposit(), ALL_ON, 30, { day: 2, subject: deposit({ paid: true }) })).toEqual([]);
  });

  it(`a run that was down sends it up to ${MAX_LATE_DAYS} days late, not later`, () => {
    expect(dueReminders(deposit(), ALL_ON, day(3 + MAX_LATE_DAYS, -1))).toHaveLength(1);
    expect(dueReminders(deposit(), ALL_ON, day(3 + MAX_LATE_DAYS))).toEqual([]);
  });
});

describe('invoice reminders', () => {
  it('due in N days, then overdue by 1, 7 and 14 days: four emails', () => {
    expect(simulate(invoice(), ALL_ON, 40).map((s) => [s.day, s.id])).toEqual([
      [7, 'invoiceDueSoon_inv-I1'],
      [11, 'invoiceOverdue_inv-I1_step1'],
      [17, 'invoiceOverdue_inv-I1_step2'],
      [24, 'invoiceOverdue_inv-I1_step3'],
    ]);
  });

  it('only the latest overdue step when runs were missed', () => {
    expect(dueReminders(invoice(), ALL_ON, day(25)).map((t) => t.id)).toEqual(['invoiceOverdue_inv-I1_step3']);
    // The due-soon reminder is not sent once the due date passed.
    expect(dueReminders(invoice(), ALL_ON, day(10)).map((t) => t.automation)).toEqual([]);
  });

  it('stops when paid; a payment request is keyed apart from an invoice of the same id', () => {
    expect(simulate(invoice(), ALL_ON, 40, { day: 12, subject: invoice({ paid: true }) }).map((s) => s.id)).toEqual([
      'invoiceDueSoon_inv-I1',
      'invoiceOverdue_inv-I1_step1',
    ]);
    expect(reminderTriggers(invoice({ collection: 'payment_requests' }), ALL_ON)[0]!.id).toBe('invoiceDueSoon_req-I1');
  });

  it('the same clock twice gives the same ids (the job sends each id once)', () => {
    const a = dueReminders(invoice(), ALL_ON, day(11)).map((t) => t.id);
    expect(dueReminders(invoice(), ALL_ON, day(11)).map((t) => t.id)).toEqual(a);
  });

  it('upcoming lists what is still to come, with labels', () => {
    const up = upcomingReminders(invoice(), ALL_ON, day(8));
    expect(up.map((t) => reminderLabel(t))).toEqual([
      'Payment overdue INV-2026-0002 (1 day after the due date)',
      'Payment overdue INV-2026-0002 (7 days after the due date)',
      'Payment overdue INV-2026-0002 (14 days after the due date)',
    ]);
    expect(reminderLabel(reminderTriggers(quote(), ALL_ON)[0]!)).toBe('Quote follow-up (7 days after sending)');
  });
});

describe('one reminder per trigger and subject, whatever the days', () => {
  const ids = (subject: Parameters<typeof dueReminders>[0], settings: AutomationSettings) =>
    reminderTriggers(subject, settings).map((t) => t.id);

  it('a day change keeps every id, so nothing is sent again and a skip still holds', () => {
    const other: AutomationSettings = {
      quoteFollowUp: { enabled: true, days: 3 },
      quoteExpiry: { enabled: true, days: 2 },
      depositUnpaid: { enabled: true, days: 10 },
      invoiceDueSoon: { enabled: true, days: 5 },
      invoiceOverdue: { enabled: true, days: [2, 9, 20] },
    };
    for (const subject of [quote({ quoteVersion: 2 }), deposit(), invoice()])
      expect(ids(subject, other)).toEqual(ids(subject, ALL_ON));
    // The days still move when each one is due.
    expect(dueReminders(quote({ quoteVersion: 2 }), other, day(3)).map((t) => t.automation)).toEqual(['quoteFollowUp']);
  });

  it('a quote is keyed by its version: a resent link of it is the same quote, a new version another', () => {
    const v2 = ids(quote({ quoteVersion: 2 }), ALL_ON);
    expect(v2).toEqual(['quoteFollowUp_L1-v2', 'quoteExpiry_L1-v2']);
    expect(ids(quote({ quoteVersion: 2, sentAt: day(3), expiresAt: day(33) }), ALL_ON)).toEqual(v2);
    expect(ids(quote({ quoteVersion: 3 }), ALL_ON)).toEqual(['quoteFollowUp_L1-v3', 'quoteExpiry_L1-v3']);
  });

  it('overdue reminders are counted by position: at most one per step of the list', () => {
    const longer = { ...ALL_ON, invoiceOverdue: { enabled: true, days: [1, 3, 7, 14] } };
    expect(ids(invoice(), longer).filter((id) => id.startsWith('invoiceOverdue'))).toEqual([
      'invoiceOverdue_inv-I1_step1',
      'invoiceOverdue_inv-I1_step2',
      'invoiceOverdue_inv-I1_step3',
      'invoiceOverdue_inv-I1_step4',
    ]);
  });
});

describe('settlingReminder', () => {
  const sent = (id: string) => ({ id, status: 'sent' });

  it('finds the document with the trigger id', () => {
    const [t] = dueReminders(deposit(), ALL_ON, day(3));
    expect(settlingReminder(t!, [sent('other'), sent(t!.id)])).toEqual(sent(t!.id));
    expect(settlingReminder(t!, [sent('other')])).toBeNull();
  });

  it('counts a document from before ids left out the days, whatever days it was sent at', () => {
    const [t] = dueReminders(deposit(), { ...ALL_ON, depositUnpaid: { enabled: true, days: 5 } }, day(5));
    expect(settlingReminder(t!, [sent('depositUnpaid_L1_deposit_3')])).toEqual(sent('depositUnpaid_L1_deposit_3'));
    const skipped = { id: `quoteFollowUp_L1-${T0.getTime()}_7`, status: 'skipped' };
    const [q] = dueReminders(
      quote({ quoteVersion: 1 }),
      { ...ALL_ON, quoteFollowUp: { enabled: true, days: 9 } },
      day(9),
    );
    expect(settlingReminder(q!, [skipped])).toEqual(skipped);
    // Another subject's, or another automation's, does not count.
    expect(
      settlingReminder(t!, [sent('depositUnpaid_L2_deposit_3'), sent('invoiceDueSoon_req-L1_deposit_3')]),
    ).toBeNull();
  });

  it('matches old overdue documents to steps by position, sorted by their days', () => {
    const settings = { ...ALL_ON, invoiceOverdue: { enabled: true, days: [2, 10, 20] } };
    const steps = reminderTriggers(invoice(), settings).filter((t) => t.automation === 'invoiceOverdue');
    const old = [sent('invoiceOverdue_inv-I1_7'), sent('invoiceOverdue_inv-I1_1')];
    expect(steps.map((t) => settlingReminder(t, old)?.id ?? null)).toEqual([
      'invoiceOverdue_inv-I1_1',
      'invoiceOverdue_inv-I1_7',
      null,
    ]);
  });
});
