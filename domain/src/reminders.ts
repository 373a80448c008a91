/**
 * Automatic reminders: which reminder is due for what, at a given clock.
 * Pure decisions; the daily job (functions/src/features/reminders/reminders.ts) loads the
 * subjects, asks `dueReminders`, and sends each due one once.
 *
 * Automations (settings.ts AutomationSettings; days are whole days of 24 h,
 * but the overdue series' are calendar days of the studio's time zone):
 * - quoteFollowUp: a quote link sent N days ago and not yet accepted (a
 *   proposal not yet signed: signing accepts, through the same link; its
 *   label and email then say "proposal": reminderTemplate, reminderLabel);
 * - quoteExpiry: the same link, M days before it expires;
 * - depositUnpaid: a deposit request still open N days after acceptance;
 * - invoiceDueSoon: an open invoice or final payment request, N days before its due date;
 * - invoiceOverdue: the same, while it still owes something, 1, 7 and 14 days (the
 *   configured list) after its due date, then every `repeatEveryDays` days, at
 *   most `maxRepeats` more times (overdueSeries).
 *
 * Each (automation, subject, step) is one trigger with a deterministic id
 * (reminderId) that leaves the day settings out: the job creates
 * `reminders/{id}` in the transaction that queues the email, so a trigger
 * sends at most once, whatever the runs (same clock twice, overlapping runs)
 * and whatever the admin later sets as its days; a skip is the same document,
 * so it holds until the subject changes (a new quote version, another invoice
 * or request). The step is 1 for every automation but invoiceOverdue, whose
 * steps are its days list's positions, then its repeats' (the 2nd overdue
 * reminder of an invoice is sent once, whether it is set at 7 days or 10;
 * with 3 days listed, the 1st repeat is step 4). Documents written before
 * ids left the days out (`{automation}_{subject}_{days}`) still count:
 * settlingReminder matches them to the trigger they stood for. A trigger is due from `dueAt` until `until`: the next
 * step of its series, the event it announces (the due date, the expiry), or
 * MAX_LATE_DAYS after `dueAt`, so a job that was down, or an automation
 * turned on late, sends only the latest step and nothing stale. Subjects
 * that are settled (quote accepted or link used/revoked, lead lost, request
 * or invoice paid, voided or written off: documentOwes) have no triggers:
 * reminders stop at once.
 *
 * The overdue series is the exception to those windows: a debt does not go
 * stale (no MAX_LATE_DAYS), so it counts the studio's calendar days
 * (billing.ts daysOverdue, settings `timeZone`) and what was already
 * settled of it (overdueSeries): on a day, the latest
 * step of the list the document has reached is due unless it or a later one
 * is settled (one reminder for a document found 40 days late, not none and
 * not every missed one), and once the list is done a repeat is due
 * `repeatEveryDays` calendar days after the last one settled, until
 * `maxRepeats` repeats are.
 */
import { TZDate } from '@date-fns/tz';
import { COLLECTIONS } from './collections.js';
import { DAY_MS } from './constants.js';
import { z } from 'zod';
import { daysOverdue, storedDocumentBalance, type InvoiceStatus } from './billing.js';
import type { LedgerSums } from './ledgerSums.js';
import type { AutomationKey, AutomationSettings } from './settings.js';

/** A trigger is still sent this many days after its time when nothing later replaced it. */
export const MAX_LATE_DAYS = 7;

export const REMINDERS_COLLECTION = COLLECTIONS.reminders;

/** The hour of the studio's day (settings `timeZone`) at which the daily reminders go out: the owner's morning. */
export const REMINDER_SEND_HOUR = 9;

/** The email template of each automation (domain email.ts). */
export const REMINDER_TEMPLATES: Record<AutomationKey, string> = {
  quoteFollowUp: 'reminder-quote',
  quoteExpiry: 'reminder-quote-expiry',
  depositUnpaid: 'reminder-deposit',
  invoiceDueSoon: 'reminder-invoice-due',
  invoiceOverdue: 'reminder-invoice-overdue',
};

/** The templates of a quote link's reminders when the link opens a proposal (a contract to sign). */
const PROPOSAL_REMINDER_TEMPLATES: Partial<Record<AutomationKey, string>> = {
  quoteFollowUp: 'reminder-proposal',
  quoteExpiry: 'reminder-proposal-expiry',
};

/**
 * The template of an automation for a subject: a quote sent as a proposal is reminded in the proposal's words
 * (PROPOSAL_REMINDER_TEMPLATES: "sign", not "accept"); everything else REMINDER_TEMPLATES.
 */
export function reminderTemplate(automation: AutomationKey, subject: ReminderSubject): string {
  const proposal = subject.type === 'quote' && subject.proposal ? PROPOSAL_REMINDER_TEMPLATES[automation] : undefined;
  return proposal ?? REMINDER_TEMPLATES[automation];
}

/**
 * Whether a lead's open quote link opens a proposal, from the lead's `proposalStatus` (the status of its current
 * quote's proposal): Sent or Viewed. A re-approval, revision or new version clears it (proposalStatusWhenLinksDie),
 * and an approval with a contract sets Sent, so it describes the lead's one open link.
 */
export function quoteLinkIsProposal(proposalStatus: string | null | undefined): boolean {
  return proposalStatus === 'Sent' || proposalStatus === 'Viewed';
}

/** A quote link the client has not used. */
export interface QuoteSubject {
  type: 'quote';
  leadId: string;
  /** The link opens a proposal to sign (quoteLinkIsProposal); absent or false for a plain quote. */
  proposal?: boolean;
  /** The quote version the link was sent for (null on links from before versions were stored). */
  quoteVersion?: number | null;
  sentAt: Date;
  expiresAt: Date;
  /** False once the quote is accepted, the link used or revoked, or the lead lost. */
  open: boolean;
}

/** A deposit request (payment_requests, purpose deposit). */
export interface DepositSubject {
  type: 'deposit';
  leadId: string;
  /** payment_requests id. */
  id: string;
  number: string;
  /** When the quote was accepted (else when the request was issued). */
  acceptedAt: Date;
  paid: boolean;
}

/** An invoice or a final payment request with a due date. */
export interface InvoiceSubject {
  type: 'invoice';
  leadId: string;
  collection: 'invoices' | 'payment_requests';
  id: string;
  number: string;
  dueDate: Date;
  paid: boolean;
}

export type ReminderSubject = QuoteSubject | DepositSubject | InvoiceSubject;

export interface ReminderTrigger {
  /** Deterministic, without the days (reminderId; a Firestore document id). */
  id: string;
  automation: AutomationKey;
  templateId: string;
  leadId: string;
  /** 1-based position in the automation's series (invoiceOverdue's days list, then its repeats); 1 for the others. */
  step: number;
  /** invoiceOverdue: 0 for a step of the days list, k for the k-th repeat after it; absent for the others. */
  repeat?: number;
  /** The step's days (after sending, before expiry, after the due date...), as set now; a repeat's: its cadence. */
  days: number;
  dueAt: Date;
  /** Due while now < until. */
  until: Date;
  subject: ReminderSubject;
}

const at = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);
const min = (...ds: Date[]) => new Date(Math.min(...ds.map((d) => d.getTime())));

/** "day" for 1, "days" for any other count: the unit after a number of days in reminder text. */
export function dayUnit(days: number): 'day' | 'days' {
  return days === 1 ? 'day' : 'days';
}

/** "1 day", "6 days": a count of days in reminder text (the reminders' labels). */
export function dayCount(days: number): string {
  return `${days} ${dayUnit(days)}`;
}

/**
 * Whether a billed document (an invoice or a payment request) still calls for
 * payment reminders: it still owes something (billing.ts
 * storedDocumentBalance, the account statement's rule). Paid, credited down
 * to nothing, voided or written off: no.
 */
export function documentOwes(doc: { status: InvoiceStatus; amountCents: number; ledgerCents: LedgerSums }): boolean {
  return storedDocumentBalance(doc).amountDueCents > 0;
}

/**
 * The start (midnight) of the calendar day `days` after the day `d` falls on, on the clock of `timeZone`.
 * @throws RangeError for a zone TZDate cannot read
 */
function dayStart(d: Date, days: number, timeZone: string): Date {
  const local = new TZDate(d.getTime(), timeZone);
  const start = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + days, timeZone).getTime();
  if (Number.isNaN(start)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return new Date(start);
}

/** invoiceOverdue as set (settings.ts): its days list, then the repeats' cadence and how many at most. */
export type OverdueSettings = AutomationSettings['invoiceOverdue'];

/**
 * A settled step of an overdue series (its `reminders` document exists, sent
 * or skipped) and when it counts from: a sent one the run's clock when it went
 * out, a skipped one the day it was due (overdueHistory).
 */
export interface SettledOverdueStep {
  step: number;
  at: Date;
}

/** One reminder of an overdue series. */
export interface OverdueStep {
  /** 1-based: the days list's positions, then `days.length + k` for the k-th repeat. */
  step: number;
  /** 0 for a step of the days list; k for the k-th repeat after it. */
  repeat: number;
  /** A step's days after the due date; a repeat's cadence (days since the one before). */
  days: number;
  /** The start of the studio's day it is due on: today's for the one due now. */
  dueAt: Date;
}

/**
 * The overdue reminders of a document due at `dueDate`, at `now`, under
 * `set`, on the calendar of `timeZone` (the studio's): the one due now, if
 * any, and those still to come, each assumed sent on its day. Pure.
 *
 * - The document is daysOverdue(dueDate, now) days late; the steps of the
 *   days list it has reached are those of at most that many days. The latest
 *   reached is due when neither it nor a later step is settled (a settled
 *   step whose time is still to come, a skip made ahead, does not count
 *   yet): a document already past every step when reminders start gets one
 *   reminder, the last step's, and the steps it passed are never sent.
 * - Once the last step of the list is settled, the next repeat is due
 *   `repeatEveryDays` calendar days after the last settled one (the last
 *   step or a repeat), until `maxRepeats` repeats are settled; 0 repeats:
 *   nothing after the list.
 * - Nothing is due before the first step, nor once `maxRepeats` is reached.
 *
 * @param settled the series' settled steps: every one, or at least those of
 *   overdueStepsToRead, which decide what is due now.
 * @throws RangeError for a `timeZone` that is not an IANA name
 */
export function overdueSeries(
  dueDate: Date,
  set: Pick<OverdueSettings, 'days' | 'repeatEveryDays' | 'maxRepeats'>,
  settled: readonly SettledOverdueStep[],
  now: Date,
  timeZone: string,
): { due: OverdueStep | null; upcoming: OverdueStep[] } {
  const n = set.days.length;
  const every = set.repeatEveryDays;
  const age = daysOverdue(dueDate, now, timeZone);
  const today = dayStart(now, 0, timeZone);
  const last = settled
    .filter((s) => s.at <= now)
    .reduce<SettledOverdueStep | null>((a, s) => (!a || s.step > a.step ? s : a), null);
  const lastStep = last?.step ?? 0;
  const step = (i: number, dueAt: Date): OverdueStep => ({ step: i, repeat: 0, days: set.days[i - 1]!, dueAt });
  const repeat = (k: number, dueAt: Date): OverdueStep => ({ step: n + k, repeat: k, days: every, dueAt });

  let due: OverdueStep | null = null;
  const reached = set.days.filter((d) => d <= age).length;
  if (lastStep < n) {
    if (reached > lastStep) due = step(reached, today);
  } else if (lastStep - n < set.maxRepeats && daysOverdue(last!.at, now, timeZone) >= every) {
    due = repeat(lastStep - n + 1, today);
  }

  const upcoming: OverdueStep[] = [];
  const from = Math.max(due?.step ?? lastStep, reached);
  for (let i = from + 1; i <= n; i++) upcoming.push(step(i, dayStart(dueDate, set.days[i - 1]!, timeZone)));
  // The repeats follow the last step of the list from its day (to come, due now, or the last settled).
  const anchor: { at: Date; done: number } =
    from < n
      ? { at: dayStart(dueDate, set.days[n - 1]!, timeZone), done: 0 }
      : due
        ? { at: today, done: due.repeat }
        : { at: last!.at, done: lastStep - n };
  for (let k = anchor.done + 1; k <= set.maxRepeats; k++)
    upcoming.push(repeat(k, dayStart(anchor.at, (k - anchor.done) * every, timeZone)));
  return { due, upcoming };
}

/**
 * The steps of a document's overdue series whose `reminders` documents
 * decide what is due at `now` (overdueSeries): none before the first step;
 * the latest step reached while the days list runs (a later one can only be
 * settled ahead of its day, which does not count yet); from the last step
 * on, it and every repeat. The daily run reads just these.
 */
export function overdueStepsToRead(
  dueDate: Date,
  set: Pick<OverdueSettings, 'days' | 'maxRepeats'>,
  now: Date,
  timeZone: string,
): number[] {
  const age = daysOverdue(dueDate, now, timeZone);
  const reached = set.days.filter((d) => d <= age).length;
  const n = set.days.length;
  if (reached === 0) return [];
  if (reached < n) return [reached];
  return Array.from({ length: set.maxRepeats + 1 }, (_, k) => n + k);
}

/** The reminder document ids of overdueStepsToRead for `subject` (none unless it is an owing invoice and the automation is on). */
export function overdueIdsToRead(
  subject: ReminderSubject,
  settings: AutomationSettings,
  now: Date,
  timeZone: string,
): string[] {
  if (subject.type !== 'invoice' || subject.paid || !settings.invoiceOverdue.enabled) return [];
  const key = subjectKey(subject);
  return overdueStepsToRead(subject.dueDate, settings.invoiceOverdue, now, timeZone).map((step) =>
    reminderId('invoiceOverdue', key, step),
  );
}

/** A stored `reminders` document as overdueHistory reads it. */
export interface StoredReminderTimes extends StoredReminder {
  dueAt?: Date | null;
  runAt?: Date | null;
}

/**
 * The settled steps of `subject`'s overdue series among stored reminder
 * documents (others are ignored), each with the time it counts from: a sent
 * one its run's clock (`runAt`), else its `dueAt`; a skipped one its `dueAt`
 * (the day it would have gone out); the epoch when it has neither.
 */
export function overdueHistory(subject: ReminderSubject, stored: readonly StoredReminderTimes[]): SettledOverdueStep[] {
  const prefix = `invoiceOverdue_${subjectKey(subject)}_step`;
  return stored.flatMap((r) => {
    if (!r.id.startsWith(prefix) || !/^\d+$/.test(r.id.slice(prefix.length))) return [];
    const at = (r.status === 'sent' ? (r.runAt ?? r.dueAt) : r.dueAt) ?? new Date(0);
    return [{ step: Number(r.id.slice(prefix.length)), at }];
  });
}

/**
 * The key of a subject inside trigger ids (document-id safe): a quote by its
 * lead and version (a resent link of the same version is the same quote), a
 * deposit request by its id, an invoice or final request by its collection and id.
 */
export function subjectKey(s: ReminderSubject): string {
  if (s.type === 'quote' && s.quoteVersion != null) return `${s.leadId}-v${s.quoteVersion}`;
  return legacySubjectKey(s);
}

/** The subject key of ids written before they left the days out (a quote by its link's send time). */
export function legacySubjectKey(s: ReminderSubject): string {
  if (s.type === 'quote') return `${s.leadId}-${s.sentAt.getTime()}`;
  if (s.type === 'deposit') return s.id;
  return `${s.collection === 'invoices' ? 'inv' : 'req'}-${s.id}`;
}

/** Automations that are a series of steps; every other one has a single reminder per subject. */
const SERIES: ReadonlySet<AutomationKey> = new Set(['invoiceOverdue']);

/**
 * The id of a trigger: `{automation}_{subjectKey}`, and `_step{n}` for a
 * series' n-th step. No days: changing them neither sends a reminder again
 * nor brings back a skipped one.
 */
export function reminderId(automation: AutomationKey, key: string, step: number): string {
  return SERIES.has(automation) ? `${automation}_${key}_step${step}` : `${automation}_${key}`;
}

/** A stored `reminders` document as settlingReminder reads it: its id and status ('sent' | 'skipped'). */
export interface StoredReminder {
  id: string;
  status: string;
}

/**
 * The stored reminder that settles trigger `t` (it was sent or skipped), or
 * null: the document with `t`'s id, else one written before ids left the
 * days out, `{automation}_{legacySubjectKey}_{days}`. Those are matched by
 * position: for `t`'s subject and automation, sorted by their days, the
 * step-th one stands for step `t.step` (a single-reminder automation: any
 * one), so a day change after the upgrade does not send them again.
 * @param stored the lead's reminder documents (any subjects; others are ignored).
 */
export function settlingReminder(t: ReminderTrigger, stored: readonly StoredReminder[]): StoredReminder | null {
  const own = stored.find((r) => r.id === t.id);
  if (own) return own;
  const prefix = `${t.automation}_${legacySubjectKey(t.subject)}_`;
  const days = (r: StoredReminder) => Number(r.id.slice(prefix.length));
  const legacy = stored
    .filter((r) => r.id.startsWith(prefix) && /^\d+$/.test(r.id.slice(prefix.length)))
    .sort((a, b) => days(a) - days(b));
  return legacy[t.step - 1] ?? null;
}

/** What the overdue series needs besides the settings and the clock (overdueSeries). */
export interface ReminderOptions {
  /** The studio's time zone (settings `timeZone`): the overdue series counts its calendar days. UTC when absent. */
  timeZone?: string;
  /** The subject's settled overdue steps (overdueHistory); none when absent. */
  settled?: readonly SettledOverdueStep[];
}

/** No end: the overdue series is due until what follows replaces it. */
const FAR = 10_000;

/**
 * Every trigger of `subject` under `settings` at `now` (enabled automations
 * only; none for a settled subject), in time order: each automation's fixed
 * triggers, and of the overdue series the one due now and those to come
 * (overdueSeries).
 */
export function reminderTriggers(
  subject: ReminderSubject,
  settings: AutomationSettings,
  now: Date,
  opts: ReminderOptions = {},
): ReminderTrigger[] {
  const out: ReminderTrigger[] = [];
  const key = subjectKey(subject);
  const trigger = (automation: AutomationKey, days: number, dueAt: Date, until: Date, step = 1): ReminderTrigger => ({
    id: reminderId(automation, key, step),
    automation,
    templateId: reminderTemplate(automation, subject),
    leadId: subject.leadId,
    step,
    days,
    dueAt,
    until,
    subject,
  });
  const add = (automation: AutomationKey, days: number, dueAt: Date, until: Date, step = 1) => {
    const end = min(until, at(dueAt, MAX_LATE_DAYS));
    // A step whose window closes before it opens (the link expires first) never fires.
    if (end > dueAt) out.push(trigger(automation, days, dueAt, end, step));
  };

  if (subject.type === 'quote') {
    if (!subject.open) return [];
    if (settings.quoteFollowUp.enabled)
      add(
        'quoteFollowUp',
        settings.quoteFollowUp.days,
        at(subject.sentAt, settings.quoteFollowUp.days),
        subject.expiresAt,
      );
    if (settings.quoteExpiry.enabled) {
      const dueAt = at(subject.expiresAt, -settings.quoteExpiry.days);
      // A link shorter than the reminder's lead time gets no expiry reminder before it was even sent.
      if (dueAt > subject.sentAt) add('quoteExpiry', settings.quoteExpiry.days, dueAt, subject.expiresAt);
    }
  } else if (subject.type === 'deposit') {
    if (subject.paid) return [];
    if (settings.depositUnpaid.enabled)
      add(
        'depositUnpaid',
        settings.depositUnpaid.days,
        at(subject.acceptedAt, settings.depositUnpaid.days),
        at(subject.acceptedAt, 10_000),
      );
  } else {
    if (subject.paid) return [];
    if (settings.invoiceDueSoon.enabled)
      add(
        'invoiceDueSoon',
        settings.invoiceDueSoon.days,
        at(subject.dueDate, -settings.invoiceDueSoon.days),
        subject.dueDate,
      );
    if (settings.invoiceOverdue.enabled) {
      const { due, upcoming } = overdueSeries(
        subject.dueDate,
        settings.invoiceOverdue,
        opts.settled ?? [],
        now,
        opts.timeZone ?? 'UTC',
      );
      const series = due ? [due, ...upcoming] : upcoming;
      // Each is due from its day until the next one's (the last: with no end).
      series.forEach((o, i) =>
        out.push({
          ...trigger('invoiceOverdue', o.days, o.dueAt, series[i + 1]?.dueAt ?? at(o.dueAt, FAR), o.step),
          repeat: o.repeat,
        }),
      );
    }
  }
  return out.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
}

/** The triggers of `subject` due at `now`: dueAt ≤ now < until (see the file comment). */
export function dueReminders(
  subject: ReminderSubject,
  settings: AutomationSettings,
  now: Date,
  opts: ReminderOptions = {},
): ReminderTrigger[] {
  return reminderTriggers(subject, settings, now, opts).filter((t) => t.dueAt <= now && now < t.until);
}

/** The triggers of `subject` still to come after `now` (for the lead's details). */
export function upcomingReminders(
  subject: ReminderSubject,
  settings: AutomationSettings,
  now: Date,
  opts: ReminderOptions = {},
): ReminderTrigger[] {
  return reminderTriggers(subject, settings, now, opts).filter((t) => t.dueAt > now);
}

/**
 * What a trigger is about, for the lead's details and activity ("Quote
 * follow-up (7 days after sending)", "Payment overdue INV-2026-0002 (repeat 2,
 * 7 days after the last)").
 */
export function reminderLabel(t: Pick<ReminderTrigger, 'automation' | 'days' | 'subject' | 'repeat'>): string {
  const num = t.subject.type === 'quote' ? '' : ` ${t.subject.number}`;
  const sent = t.subject.type === 'quote' && t.subject.proposal ? 'Proposal' : 'Quote';
  const days = dayCount(t.days);
  switch (t.automation) {
    case 'quoteFollowUp':
      return `${sent} follow-up (${days} after sending)`;
    case 'quoteExpiry':
      return `${sent} expiry reminder (${days} before the link expires)`;
    case 'depositUnpaid':
      return `Deposit reminder${num} (${days} after acceptance)`;
    case 'invoiceDueSoon':
      return `Payment due soon${num} (${days} before the due date)`;
    case 'invoiceOverdue':
      return t.repeat
        ? `Payment overdue${num} (repeat ${t.repeat}, ${days} after the last)`
        : `Payment overdue${num} (${days} after the due date)`;
  }
}

/** POST /api/reminders/{leadId}/skip body: the id of one of the lead's upcoming reminders. */
export const skipReminderSchema = z.strictObject({
  reminderId: z.string({ error: 'Choose a reminder' }).regex(/^[A-Za-z0-9_-]{1,300}$/, 'Unknown reminder'),
});
