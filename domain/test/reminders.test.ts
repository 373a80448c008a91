/** Every reminder decision, with a fake clock (domain reminders.ts). */
import { describe, expect, it } from 'vitest';
import {
  dayCount,
  documentOwes,
  dueReminders,
  MAX_LATE_DAYS,
  overdueHistory,
  overdueSeries,
  overdueStepsToRead,
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
  invoiceOverdue: { enabled: true, days: [1, 7, 14], repeatEveryDays: 7, maxRepeats: 4 },
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

/**
 * The trigger ids due on each day 0..n (the daily run), with the ones already "sent" removed, as the job does;
 * the overdue series is given what was sent of it (overdueHistory of the stored documents).
 */
function simulate(
  subject: Parameters<typeof dueReminders>[0],
  settings: AutomationSettings,
  days: number,
  closeOn?: { day: number; subject: Parameters<typeof dueReminders>[0] },
  timeZone = 'UTC',
) {
  const sent: Array<{ day: number; id: string }> = [];
  for (let d = 0; d <= days; d++) {
    const s = closeOn && d >= closeOn.day ? closeOn.subject : subject;
    const stored = sent.map((x) => ({ id: x.id, status: 'sent', runAt: day(x.day) }));
    for (const t of dueReminders(s, settings, day(d), { timeZone, settled: overdueHistory(s, stored) }))
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
    expect(reminderTriggers(quote({ open: false }), ALL_ON, T0)).toEqual([]);
  });

  it('nothing after the link expired; no expiry reminder for a link shorter than its lead time', () => {
    expect(dueReminders(quote(), ALL_ON, day(30))).toEqual([]);
    expect(reminderTriggers(quote({ expiresAt: day(4) }), ALL_ON, T0).map((t) => t.automation)).toEqual([]);
  });

  it('off means off', () => {
    expect(reminderTriggers(quote(), DEFAULT_AUTOMATION_SETTINGS, T0)).toEqual([]);
    expect(
      reminderTriggers(quote(), { ...ALL_ON, quoteFollowUp: { enabled: false, days: 7 } }, T0).map((t) => t.automation),
    ).toEqual(['quoteExpiry']);
  });
});

describe('a quote sent as a proposal', () => {
  it('is followed up as a quote (the same trigger ids), in the proposal wording and templates', () => {
    const plain = reminderTriggers(quote(), ALL_ON, T0);
    const proposal = reminderTriggers(quote({ proposal: true }), ALL_ON, T0);
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
    expect(reminderTriggers(quote({ proposal: true, open: false }), ALL_ON, T0)).toEqual([]);
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
  it('due in N days, then overdue by 1, 7 and 14 days, then every 7 days at most 4 times: eight emails', () => {
    expect(simulate(invoice(), ALL_ON, 80).map((s) => [s.day, s.id])).toEqual([
      [7, 'invoiceDueSoon_inv-I1'],
      [11, 'invoiceOverdue_inv-I1_step1'],
      [17, 'invoiceOverdue_inv-I1_step2'],
      [24, 'invoiceOverdue_inv-I1_step3'],
      [31, 'invoiceOverdue_inv-I1_step4'],
      [38, 'invoiceOverdue_inv-I1_step5'],
      [45, 'invoiceOverdue_inv-I1_step6'],
      [52, 'invoiceOverdue_inv-I1_step7'],
    ]);
  });

  it('only the latest overdue step when runs were missed', () => {
    expect(dueReminders(invoice(), ALL_ON, day(25)).map((t) => t.id)).toEqual(['invoiceOverdue_inv-I1_step3']);
    // The due-soon reminder is not sent once the due date passed.
    expect(dueReminders(invoice(), ALL_ON, day(10)).map((t) => t.automation)).toEqual([]);
  });

  it('a document found 40 days late gets one reminder (the last step), then the repeats from that day', () => {
    const found = { ...ALL_ON, invoiceDueSoon: { enabled: false, days: 3 } };
    const late = invoice({ dueDate: day(-40) });
    expect(simulate(late, found, 30).map((s) => [s.day, s.id])).toEqual([
      [0, 'invoiceOverdue_inv-I1_step3'],
      [7, 'invoiceOverdue_inv-I1_step4'],
      [14, 'invoiceOverdue_inv-I1_step5'],
      [21, 'invoiceOverdue_inv-I1_step6'],
      [28, 'invoiceOverdue_inv-I1_step7'],
    ]);
  });

  it('no repeats when they are set to 0; another cadence and maximum when set', () => {
    const none = { ...ALL_ON, invoiceOverdue: { ...ALL_ON.invoiceOverdue, maxRepeats: 0 } };
    expect(simulate(invoice(), none, 80).map((s) => s.day)).toEqual([7, 11, 17, 24]);
    const monthly = { ...ALL_ON, invoiceOverdue: { ...ALL_ON.invoiceOverdue, repeatEveryDays: 30, maxRepeats: 2 } };
    expect(simulate(invoice(), monthly, 120).map((s) => s.day)).toEqual([7, 11, 17, 24, 54, 84]);
  });

  it('stops when paid; a payment request is keyed apart from an invoice of the same id', () => {
    expect(simulate(invoice(), ALL_ON, 40, { day: 12, subject: invoice({ paid: true }) }).map((s) => s.id)).toEqual([
      'invoiceDueSoon_inv-I1',
      'invoiceOverdue_inv-I1_step1',
    ]);
    // Paid during the repeats: none after.
    expect(simulate(invoice(), ALL_ON, 80, { day: 32, subject: invoice({ paid: true }) }).map((s) => s.day)).toEqual([
      7, 11, 17, 24, 31,
    ]);
    expect(reminderTriggers(invoice({ collection: 'payment_requests' }), ALL_ON, T0)[0]!.id).toBe(
      'invoiceDueSoon_req-I1',
    );
  });

  it('the same clock twice gives the same ids (the job sends each id once)', () => {
    const a = dueReminders(invoice(), ALL_ON, day(11)).map((t) => t.id);
    expect(dueReminders(invoice(), ALL_ON, day(11)).map((t) => t.id)).toEqual(a);
  });

  it('upcoming lists what is still to come, with labels', () => {
    const up = upcomingReminders(invoice(), ALL_ON, day(8));
    expect(up.map((t) => [reminderLabel(t), t.dueAt.toISOString().slice(0, 10)])).toEqual([
      ['Payment overdue INV-2026-0002 (1 day after the due date)', '2026-03-12'],
      ['Payment overdue INV-2026-0002 (7 days after the due date)', '2026-03-18'],
      ['Payment overdue INV-2026-0002 (14 days after the due date)', '2026-03-25'],
      ['Payment overdue INV-2026-0002 (repeat 1, 7 days after the last)', '2026-04-01'],
      ['Payment overdue INV-2026-0002 (repeat 2, 7 days after the last)', '2026-04-08'],
      ['Payment overdue INV-2026-0002 (repeat 3, 7 days after the last)', '2026-04-15'],
      ['Payment overdue INV-2026-0002 (repeat 4, 7 days after the last)', '2026-04-22'],
    ]);
    expect(reminderLabel(reminderTriggers(quote(), ALL_ON, T0)[0]!)).toBe('Quote follow-up (7 days after sending)');
    // One day is "1 day", never "1 days".
    const oneDay = { ...ALL_ON, quoteFollowUp: { enabled: true, days: 1 } };
    expect(reminderLabel(reminderTriggers(quote(), oneDay, T0)[0]!)).toBe('Quote follow-up (1 day after sending)');
  });
});

describe('one reminder per trigger and subject, whatever the days', () => {
  const ids = (subject: Parameters<typeof dueReminders>[0], settings: AutomationSettings) =>
    reminderTriggers(subject, settings, T0).map((t) => t.id);

  it('a day change keeps every id, so nothing is sent again and a skip still holds', () => {
    const other: AutomationSettings = {
      quoteFollowUp: { enabled: true, days: 3 },
      quoteExpiry: { enabled: true, days: 2 },
      depositUnpaid: { enabled: true, days: 10 },
      invoiceDueSoon: { enabled: true, days: 5 },
      invoiceOverdue: { enabled: true, days: [2, 9, 20], repeatEveryDays: 14, maxRepeats: 4 },
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

  it('overdue reminders are counted by position: at most one per step of the list, then per repeat', () => {
    const longer = {
      ...ALL_ON,
      invoiceOverdue: { enabled: true, days: [1, 3, 7, 14], repeatEveryDays: 7, maxRepeats: 2 },
    };
    expect(ids(invoice(), longer).filter((id) => id.startsWith('invoiceOverdue'))).toEqual([
      'invoiceOverdue_inv-I1_step1',
      'invoiceOverdue_inv-I1_step2',
      'invoiceOverdue_inv-I1_step3',
      'invoiceOverdue_inv-I1_step4',
      'invoiceOverdue_inv-I1_step5',
      'invoiceOverdue_inv-I1_step6',
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
    const settings = { ...ALL_ON, invoiceOverdue: { ...ALL_ON.invoiceOverdue, days: [2, 10, 20], maxRepeats: 0 } };
    const steps = reminderTriggers(invoice(), settings, T0).filter((t) => t.automation === 'invoiceOverdue');
    const old = [sent('invoiceOverdue_inv-I1_7'), sent('invoiceOverdue_inv-I1_1')];
    expect(steps.map((t) => settlingReminder(t, old)?.id ?? null)).toEqual([
      'invoiceOverdue_inv-I1_1',
      'invoiceOverdue_inv-I1_7',
      null,
    ]);
  });
});

describe('overdueSeries: which step or repeat is due on a day', () => {
  const SET = { days: [1, 7, 14], repeatEveryDays: 7, maxRepeats: 4 };
  // Due on March 11 (midnight UTC, as a picked due day is stored for a studio on UTC).
  const due = new Date('2026-03-11T00:00:00Z');
  const on = (date: string) => new Date(`${date}T09:00:00Z`);
  const sent = (step: number, date: string) => ({ step, at: on(date) });
  const dueStep = (settled: Array<{ step: number; at: Date }>, date: string, set = SET) =>
    overdueSeries(due, set, settled, on(date), 'UTC').due;

  it('nothing before the first step; each step on its day; the same day twice gives the same step', () => {
    expect(dueStep([], '2026-03-11')).toBeNull();
    expect(dueStep([], '2026-03-12')).toMatchObject({ step: 1, repeat: 0, days: 1 });
    expect(dueStep([sent(1, '2026-03-12')], '2026-03-12')).toBeNull();
    expect(dueStep([sent(1, '2026-03-12')], '2026-03-17')).toBeNull();
    expect(dueStep([sent(1, '2026-03-12')], '2026-03-18')).toMatchObject({ step: 2, days: 7 });
  });

  it('the latest step reached, once, when earlier ones were missed; none already sent again', () => {
    expect(dueStep([], '2026-03-20')).toMatchObject({ step: 2 });
    expect(dueStep([], '2026-04-20')).toMatchObject({ step: 3, repeat: 0 });
    expect(dueStep([sent(3, '2026-04-20')], '2026-04-20')).toBeNull();
    // Its day is today's start (what a skip of it records).
    expect(dueStep([], '2026-04-20')!.dueAt.toISOString()).toBe('2026-04-20T00:00:00.000Z');
  });

  it('after the last step: a repeat every N calendar days from the last one sent, up to the maximum', () => {
    const h = [sent(1, '2026-03-12'), sent(2, '2026-03-18'), sent(3, '2026-03-25')];
    expect(dueStep(h, '2026-03-31')).toBeNull();
    expect(dueStep(h, '2026-04-01')).toMatchObject({ step: 4, repeat: 1, days: 7 });
    // A repeat sent late moves the next one: 7 days after it went out.
    const late = [...h, sent(4, '2026-04-03')];
    expect(dueStep(late, '2026-04-09')).toBeNull();
    expect(dueStep(late, '2026-04-10')).toMatchObject({ step: 5, repeat: 2 });
    const all = [...h, sent(4, '2026-04-01'), sent(5, '2026-04-08'), sent(6, '2026-04-15'), sent(7, '2026-04-22')];
    expect(dueStep(all, '2026-04-29')).toBeNull();
    expect(dueStep(all, '2027-04-29')).toBeNull();
    // 0 repeats: nothing after the list.
    expect(dueStep(h, '2026-05-01', { ...SET, maxRepeats: 0 })).toBeNull();
    // A lower maximum saved later: the repeats already past it end the series.
    expect(dueStep(all.slice(0, 5), '2026-05-01', { ...SET, maxRepeats: 2 })).toBeNull();
  });

  it('a skip counts from the day the reminder was due; a skip made ahead does not hold back the one due now', () => {
    // Step 2 skipped ahead (its day still to come): step 1 is still due today.
    expect(dueStep([{ step: 2, at: new Date('2026-03-18T00:00:00Z') }], '2026-03-12')).toMatchObject({ step: 1 });
    // On step 2's day, the skip settles it.
    expect(dueStep([{ step: 2, at: new Date('2026-03-18T00:00:00Z') }], '2026-03-18')).toBeNull();
  });

  it('lists what is to come from what is settled; the repeats follow the day the last step went out', () => {
    const { due: now, upcoming } = overdueSeries(due, SET, [], on('2026-04-20'), 'UTC');
    expect(now).toMatchObject({ step: 3 });
    expect(upcoming.map((o) => [o.step, o.dueAt.toISOString().slice(0, 10)])).toEqual([
      [4, '2026-04-27'],
      [5, '2026-05-04'],
      [6, '2026-05-11'],
      [7, '2026-05-18'],
    ]);
  });

  it('reads only what decides it: the latest step reached, or from the last step every repeat', () => {
    expect(overdueStepsToRead(due, SET, on('2026-03-11'), 'UTC')).toEqual([]);
    expect(overdueStepsToRead(due, SET, on('2026-03-12'), 'UTC')).toEqual([1]);
    expect(overdueStepsToRead(due, SET, on('2026-03-20'), 'UTC')).toEqual([2]);
    expect(overdueStepsToRead(due, SET, on('2026-04-20'), 'UTC')).toEqual([3, 4, 5, 6, 7]);
    // What it reads gives the same answer as the whole history.
    const h = [sent(1, '2026-03-12'), sent(2, '2026-03-18'), sent(3, '2026-03-25'), sent(4, '2026-04-01')];
    for (const date of ['2026-03-18', '2026-04-07', '2026-04-08', '2026-05-30']) {
      const read = overdueStepsToRead(due, SET, on(date), 'UTC');
      expect(
        dueStep(
          h.filter((x) => read.includes(x.step)),
          date,
        ),
        date,
      ).toEqual(dueStep(h, date));
    }
  });

  it("counts the studio's calendar days: Los Angeles across daylight saving time, Tokyo at 03:29 UTC", () => {
    const la = 'America/Los_Angeles';
    // Due Friday March 6 2026 (midnight Pacific, PST); clocks go forward on March 8.
    const dueLa = new Date('2026-03-06T08:00:00Z');
    const nineLa = (date: string, utcHour: number) => new Date(`${date}T${String(utcHour).padStart(2, '0')}:00:00Z`);
    expect(overdueSeries(dueLa, SET, [], nineLa('2026-03-07', 17), la).due).toMatchObject({ step: 1 });
    // 09:00 PDT on March 13 (16:00 UTC) is 7 calendar days after the due day, though only 6 days 23 h have passed.
    expect(overdueSeries(dueLa, SET, [], nineLa('2026-03-13', 16), la).due).toMatchObject({ step: 2 });
    expect(overdueSeries(dueLa, SET, [], nineLa('2026-03-13', 6), la).due).toMatchObject({ step: 1 }); // 23:00 Mar 12
    // The days to come start at midnight Pacific, after the change too.
    const { upcoming } = overdueSeries(dueLa, SET, [], nineLa('2026-03-07', 17), la);
    expect(upcoming[0]!.dueAt.toISOString()).toBe('2026-03-13T07:00:00.000Z');
    // Tokyo (UTC+9): 03:29 UTC on March 12 is 12:29 on March 12, the day after a due day of March 11.
    const tokyoDue = new Date('2026-03-10T15:00:00Z'); // midnight March 11 in Tokyo
    expect(overdueSeries(tokyoDue, SET, [], new Date('2026-03-12T03:29:00Z'), 'Asia/Tokyo').due).toMatchObject({
      step: 1,
    });
    expect(overdueSeries(tokyoDue, SET, [], new Date('2026-03-11T03:29:00Z'), 'Asia/Tokyo').due).toBeNull();
  });
});

describe('overdueHistory', () => {
  it("reads the series' documents: a sent one from its run, a skipped one from its day; others ignored", () => {
    const s = invoice();
    expect(
      overdueHistory(s, [
        { id: 'invoiceOverdue_inv-I1_step1', status: 'sent', runAt: day(11), dueAt: day(10) },
        { id: 'invoiceOverdue_inv-I1_step2', status: 'skipped', runAt: null, dueAt: day(17) },
        { id: 'invoiceOverdue_inv-I1_step3', status: 'sent' },
        { id: 'invoiceOverdue_inv-I2_step1', status: 'sent', runAt: day(11) },
        { id: 'invoiceDueSoon_inv-I1', status: 'sent', runAt: day(7) },
        { id: 'invoiceOverdue_inv-I1_7', status: 'sent' },
      ]),
    ).toEqual([
      { step: 1, at: day(11) },
      { step: 2, at: day(17) },
      { step: 3, at: new Date(0) },
    ]);
  });
});

describe('what a document owes and the words for days', () => {
  const doc = (over: Partial<Parameters<typeof documentOwes>[0]> = {}) => ({
    status: 'open' as const,
    amountCents: 48_000,
    ledgerCents: {},
    ...over,
  });

  it('owes while open with something due by its ledger sums; paid, credited, voided or written off: no', () => {
    expect(documentOwes(doc())).toBe(true);
    expect(documentOwes(doc({ ledgerCents: { payment: 20_000 } }))).toBe(true);
    expect(documentOwes(doc({ ledgerCents: { payment: 48_000 } }))).toBe(false);
    expect(documentOwes(doc({ ledgerCents: { credit_note: 48_000 } }))).toBe(false);
    expect(documentOwes(doc({ status: 'void' }))).toBe(false);
    expect(documentOwes(doc({ status: 'uncollectible', ledgerCents: { write_off: 48_000 } }))).toBe(false);
    expect(documentOwes(doc({ status: 'paid', ledgerCents: { payment: 48_000 } }))).toBe(false);
  });

  it('says "1 day" and "6 days"', () => {
    expect([0, 1, 2, 6].map(dayCount)).toEqual(['0 days', '1 day', '2 days', '6 days']);
  });
});
