/** Every reminder decision, with a fake clock (domain reminders.ts). */
import { describe, expect, it } from 'vitest';
import {
  dueReminders,
  MAX_LATE_DAYS,
  reminderLabel,
  reminderTriggers,
  upcomingReminders,
  type DepositSubject,
  type InvoiceSubject,
  type QuoteSubject,
} from '../src/reminders.js';
import { DEFAULT_AUTOMATION_SETTINGS, type AutomationSettings } from '../src/settings.js';

const DAY = 86_400_000;
const T0 = new Date('2026-03-01T09:00:00Z');
const day = (n: number, hours = 0) => new Date(T0.getTime() + n * DAY + hours * 3_600_000);
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
      { day: 7, id: `quoteFollowUp_L1-${T0.getTime()}_7` },
      { day: 25, id: `quoteExpiry_L1-${T0.getTime()}_5` },
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

describe('deposit reminders', () => {
  it('N days after acceptance while unpaid, once', () => {
    expect(simulate(deposit(), ALL_ON, 30)).toEqual([{ day: 3, id: 'depositUnpaid_L1_deposit_3' }]);
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
      [7, 'invoiceDueSoon_inv-I1_3'],
      [11, 'invoiceOverdue_inv-I1_1'],
      [17, 'invoiceOverdue_inv-I1_7'],
      [24, 'invoiceOverdue_inv-I1_14'],
    ]);
  });

  it('only the latest overdue step when runs were missed', () => {
    expect(dueReminders(invoice(), ALL_ON, day(25)).map((t) => t.id)).toEqual(['invoiceOverdue_inv-I1_14']);
    // The due-soon reminder is not sent once the due date passed.
    expect(dueReminders(invoice(), ALL_ON, day(10)).map((t) => t.automation)).toEqual([]);
  });

  it('stops when paid; a payment request is keyed apart from an invoice of the same id', () => {
    expect(simulate(invoice(), ALL_ON, 40, { day: 12, subject: invoice({ paid: true }) }).map((s) => s.id)).toEqual([
      'invoiceDueSoon_inv-I1_3',
      'invoiceOverdue_inv-I1_1',
    ]);
    expect(reminderTriggers(invoice({ collection: 'payment_requests' }), ALL_ON)[0]!.id).toBe(
      'invoiceDueSoon_req-I1_3',
    );
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
