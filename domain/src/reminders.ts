/**
 * Automatic reminders: which reminder is due for what, at a given clock.
 * Pure decisions; the daily job (functions/src/features/reminders/reminders.ts) loads the
 * subjects, asks `dueReminders`, and sends each due one once.
 *
 * Automations (settings.ts AutomationSettings; days are whole days of 24 h):
 * - quoteFollowUp: a quote link sent N days ago and not yet accepted (a
 *   proposal not yet signed: signing accepts, through the same link; its
 *   label and email then say "proposal": reminderTemplate, reminderLabel);
 * - quoteExpiry: the same link, M days before it expires;
 * - depositUnpaid: a deposit request still open N days after acceptance;
 * - invoiceDueSoon: an open invoice or final payment request, N days before its due date;
 * - invoiceOverdue: the same, 1, 7 and 14 days (the configured list) after its due date.
 *
 * Each (automation, subject, step) is one trigger with a deterministic id
 * (reminderId) that leaves the day settings out: the job creates
 * `reminders/{id}` in the transaction that queues the email, so a trigger
 * sends at most once, whatever the runs (same clock twice, overlapping runs)
 * and whatever the admin later sets as its days; a skip is the same document,
 * so it holds until the subject changes (a new quote version, another invoice
 * or request). The step is 1 for every automation but invoiceOverdue, whose
 * steps are its days list's positions (the 2nd overdue reminder of an invoice
 * is sent once, whether it is set at 7 days or 10). Documents written before
 * ids left the days out (`{automation}_{subject}_{days}`) still count:
 * settlingReminder matches them to the trigger they stood for. A trigger is due from `dueAt` until `until`: the next
 * step of its series, the event it announces (the due date, the expiry), or
 * MAX_LATE_DAYS after `dueAt`, so a job that was down, or an automation
 * turned on late, sends only the latest step and nothing stale. Subjects
 * that are settled (quote accepted or link used/revoked, lead lost, request
 * or invoice paid) have no triggers: reminders stop at once.
 */
import { COLLECTIONS } from './collections.js';
import { DAY_MS } from './constants.js';
import { z } from 'zod';
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
  /** 1-based position in the automation's series (invoiceOverdue's days list); 1 for the others. */
  step: number;
  /** The step's days (after sending, before expiry, after the due date...), as set now. */
  days: number;
  dueAt: Date;
  /** Due while now < until. */
  until: Date;
  subject: ReminderSubject;
}

const at = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);
const min = (...ds: Date[]) => new Date(Math.min(...ds.map((d) => d.getTime())));

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

/** Every trigger of `subject` under `settings` (enabled automations only; none for a settled subject), in time order. */
export function reminderTriggers(subject: ReminderSubject, settings: AutomationSettings): ReminderTrigger[] {
  const out: ReminderTrigger[] = [];
  const key = subjectKey(subject);
  const add = (automation: AutomationKey, days: number, dueAt: Date, until: Date, step = 1) => {
    const end = min(until, at(dueAt, MAX_LATE_DAYS));
    // A step whose window closes before it opens (the link expires first) never fires.
    if (end > dueAt)
      out.push({
        id: reminderId(automation, key, step),
        automation,
        templateId: reminderTemplate(automation, subject),
        leadId: subject.leadId,
        step,
        days,
        dueAt,
        until: end,
        subject,
      });
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
      const steps = settings.invoiceOverdue.days;
      steps.forEach((d, i) =>
        add(
          'invoiceOverdue',
          d,
          at(subject.dueDate, d),
          i + 1 < steps.length ? at(subject.dueDate, steps[i + 1]!) : at(subject.dueDate, 10_000),
          i + 1,
        ),
      );
    }
  }
  return out.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
}

/** The triggers of `subject` due at `now`: dueAt ≤ now < until (see the file comment). */
export function dueReminders(subject: ReminderSubject, settings: AutomationSettings, now: Date): ReminderTrigger[] {
  return reminderTriggers(subject, settings).filter((t) => t.dueAt <= now && now < t.until);
}

/** The triggers of `subject` still to come after `now` (for the lead's details). */
export function upcomingReminders(
  subject: ReminderSubject,
  settings: AutomationSettings,
  now: Date,
): ReminderTrigger[] {
  return reminderTriggers(subject, settings).filter((t) => t.dueAt > now);
}

/** What a trigger is about, for the lead's details and activity ("Quote follow-up (7 days after sending)"). */
export function reminderLabel(t: Pick<ReminderTrigger, 'automation' | 'days' | 'subject'>): string {
  const num = t.subject.type === 'quote' ? '' : ` ${t.subject.number}`;
  const sent = t.subject.type === 'quote' && t.subject.proposal ? 'Proposal' : 'Quote';
  switch (t.automation) {
    case 'quoteFollowUp':
      return `${sent} follow-up (${t.days} days after sending)`;
    case 'quoteExpiry':
      return `${sent} expiry reminder (${t.days} days before the link expires)`;
    case 'depositUnpaid':
      return `Deposit reminder${num} (${t.days} days after acceptance)`;
    case 'invoiceDueSoon':
      return `Payment due soon${num} (${t.days} days before the due date)`;
    case 'invoiceOverdue':
      return `Payment overdue${num} (${t.days} day${t.days === 1 ? '' : 's'} after the due date)`;
  }
}

/** POST /api/reminders/{leadId}/skip body: the id of one of the lead's upcoming reminders. */
export const skipReminderSchema = z.strictObject({
  reminderId: z.string({ error: 'Choose a reminder' }).regex(/^[A-Za-z0-9_-]{1,300}$/, 'Unknown reminder'),
});
