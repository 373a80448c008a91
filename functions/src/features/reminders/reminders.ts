/**
 * The daily reminder run (domain reminders.ts decides; this job loads and
 * sends). `runReminders(now)` is the handler's body, with the clock as a
 * parameter so tests can drive it; `onSchedule` in index.ts calls it daily.
 *
 * 1. Loads the automation settings; nothing is read further when all are off.
 * 2. Loads the open subjects: unused, unrevoked quote links; open payment
 *    requests (deposit → depositUnpaid; final → the invoice automations);
 *    open invoices; and their leads (one getAll per 300). A request or
 *    invoice counts while its ledger balance still has something due (domain
 *    documentOwes): paid, voided or written off, it has no reminders.
 * 3. Reads, in one getAll per 300 ids, the reminder documents of the due
 *    triggers and, for each document whose overdue series has started, those
 *    that decide its next step (domain overdueStepsToRead: the latest step
 *    reached, or past the last step it and every repeat); then asks the
 *    domain what is due (overdueSeries counts the studio's calendar days,
 *    settings `timeZone`). Documents already there are skipped.
 * 4. For each due trigger, one transaction: re-reads the trigger's own
 *    reminder document, the lead and the subject (the lead's other reminder
 *    documents just before it: reminderStore.ts storedRemindersReader); sends
 *    only when no reminder settles
 *    the trigger (domain settlingReminder: sent or skipped by the admin,
 *    under its id or, written before ids left out the days, under an old
 *    one) and the subject is still open (quote not accepted, lead not lost,
 *    request or invoice still owing); then creates `reminders/{triggerId}`,
 *    queues the email (shared/outbox.ts) and records the lead's activity,
 *    all in that transaction. Two runs with the same clock, or at once,
 *    therefore send each reminder once. A trigger an old document settles
 *    gets a document under its own id with that status (`legacyId` naming
 *    the old one), so later runs settle it without reading the lead's
 *    reminders again.
 * A trigger whose transaction fails is left for the next run (it stays due
 * until its `until`); it never stops the others.
 *
 * The overdue email states how late the document really is at the run
 * (domain daysOverdue on the studio's clock), not the step's days.
 *
 * Collection `reminders/{id}` {leadId, automation, step, days, dueAt, status:
 * 'sent' | 'skipped', templateId, outboxId?, legacyId?, runAt (the run's
 * clock, when sent; an overdue series counts its repeats from it), at, by}:
 * admin-readable.
 */
import { EVENTS, logEvent } from '../../platform/log.js';
import { Semaphore } from 'async-mutex';
import { FieldValue, GrpcStatus, Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  AUTOMATION_KEYS,
  daysOverdue,
  dayUnit,
  documentOwes,
  storedDocumentBalance,
  dueReminders,
  formatDocumentDate,
  formatUsd,
  hourIn,
  overdueHistory,
  overdueIdsToRead,
  quoteLinkIsProposal,
  reminderLabel,
  REMINDER_SEND_HOUR,
  settlingReminder,
  type AutomationSettings,
  type ReminderSubject,
  type ReminderTrigger,
  type StoredLeadDoc,
  type StudioSettings,
} from '@studio/domain';
import { recordActivity } from '../../shared/activity.js';
import { enqueueEmail } from '../../shared/outbox.js';
import { loadAutomationSettings, loadStudioSettings } from '../../shared/settings.js';
import { config } from '../../config.js';
import type { JobDeps } from '../job.js';
import { readLeadIn } from '../leads/index.js';
import {
  createReminderIn,
  readLeads,
  readRemindersById,
  readOpenSubjectDocs,
  readSubjectIn,
  reminderRef,
  storedRemindersReader,
} from './reminderStore.js';

export interface ReminderRunResult {
  /** Trigger ids sent by this run. */
  sent: string[];
  /** Due triggers another run sent, the admin skipped, or whose subject closed meanwhile. */
  skipped: number;
  /** Trigger ids whose transaction failed (left for the next run). */
  failed: string[];
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A lead that still takes reminders: it exists, has an email and is not marked Lost. */
const reachable = (lead: StoredLeadDoc | null | undefined): lead is StoredLeadDoc =>
  Boolean(lead && str(lead.email) && lead.status !== 'Lost');

/** Everything the run needs about one subject: the domain view and where it lives. */
export interface LoadedSubject {
  subject: ReminderSubject;
  /** The document whose state can close it (quote link, payment request or invoice). */
  path: string;
  amountCents: number | null;
  description: string | null;
  checkoutUrl: string | null;
}

/** The open subjects (see the file comment) and their leads. `leadId` limits it to one lead. */
export async function loadReminderSubjects(
  db: Firestore,
  now: Date,
  leadId?: string,
): Promise<{ subjects: LoadedSubject[]; leads: Map<string, StoredLeadDoc> }> {
  const { links, requests, invoices } = await readOpenSubjectDocs(db, leadId);
  const subjects: LoadedSubject[] = [];
  for (const l of links) {
    const sentAt = l.createdAt;
    const expiresAt = l.expiresAt;
    if (!sentAt || !expiresAt || expiresAt <= now) continue;
    subjects.push({
      subject: {
        type: 'quote',
        leadId: l.leadId,
        quoteVersion: l.quoteVersion,
        sentAt,
        expiresAt,
        open: true,
      },
      path: l.path,
      amountCents: null,
      description: null,
      checkoutUrl: null,
    });
  }
  for (const r of requests) {
    const number = str(r.number);
    if (!number || !documentOwes(r)) continue;
    const base = {
      path: r.path,
      // What the reminder asks for: what the document still owes (the account statement's rule), not its total.
      amountCents: storedDocumentBalance(r).amountDueCents,
      description: str(r.description),
      checkoutUrl: str(r.checkoutUrl),
    };
    if (r.purpose === 'deposit') {
      subjects.push({
        ...base,
        subject: {
          type: 'deposit',
          leadId: r.leadId,
          id: r.id,
          number,
          acceptedAt: r.issuedAt ?? now,
          paid: false,
        },
      });
    } else {
      const dueDate = r.dueDate;
      if (dueDate)
        subjects.push({
          ...base,
          subject: {
            type: 'invoice',
            collection: 'payment_requests',
            leadId: r.leadId,
            id: r.id,
            number,
            dueDate,
            paid: false,
          },
        });
    }
  }
  for (const i of invoices) {
    const number = str(i.number);
    const dueDate = i.dueDate;
    if (!number || !dueDate) continue; // invoices from before numbering are not chased
    if (!documentOwes(i)) continue;
    subjects.push({
      path: i.path,
      amountCents: storedDocumentBalance(i).amountDueCents,
      description: str(i.description),
      checkoutUrl: str(i.checkoutUrl),
      subject: {
        type: 'invoice',
        collection: 'invoices',
        leadId: i.leadId,
        id: i.id,
        number,
        dueDate,
        paid: false,
      },
    });
  }
  const leads = await readLeads(db, [...new Set(subjects.map((s) => s.subject.leadId))]);
  // Deposit reminders count from the acceptance when the lead has it.
  for (const s of subjects) {
    const lead = leads.get(s.subject.leadId);
    if (s.subject.type === 'deposit') s.subject.acceptedAt = lead?.quoteAcceptedAt ?? s.subject.acceptedAt;
    if (s.subject.type === 'quote') {
      s.subject.open = Boolean(lead) && lead!.quoteAccepted !== true && lead!.status === 'Quoted';
      // A proposal is signed through its link, which accepts the quote: the follow-up covers it, worded for it.
      s.subject.proposal = quoteLinkIsProposal(lead?.proposalStatus);
    }
  }
  return { subjects: subjects.filter((s) => reachable(leads.get(s.subject.leadId))), leads };
}

/** Whether the subject's document still calls for the reminder (read inside the sending transaction). */
function stillOpen(
  t: ReminderTrigger,
  lead: StoredLeadDoc | null,
  doc: Awaited<ReturnType<typeof readSubjectIn>>,
): boolean {
  if (!reachable(lead) || !doc) return false;
  if (t.subject.type === 'quote')
    return (
      lead.quoteAccepted !== true &&
      lead.status === 'Quoted' &&
      'usedAt' in doc &&
      doc.usedAt == null &&
      doc.revokedAt == null
    );
  return 'status' in doc && documentOwes(doc);
}

/**
 * The email variables of a trigger's template (domain email.ts REMINDER
 * templates) at `now`: an overdue one says how many days late the document
 * is now on the studio's clock (`daysOverdue` "6", `daysOverdueUnit` "days"; "1", "day").
 */
function reminderVariables(
  t: ReminderTrigger,
  s: LoadedSubject,
  lead: StoredLeadDoc,
  studio: StudioSettings,
  now: Date,
): Record<string, string> {
  const site = config().siteUrl;
  const vars: Record<string, string> = {
    name: str(lead.name) ?? 'there',
    subject: str(lead.subject) ?? str(lead.projectType) ?? 'your project',
    studioName: studio.businessName,
    projectLink: `${site}/my-project`,
  };
  if (t.subject.type === 'quote') {
    vars.quoteAmount = formatUsd(Number(lead.quoteAmountCents ?? 0));
    vars.sentDate = formatDocumentDate(t.subject.sentAt, studio.timeZone);
    vars.expiryDate = formatDocumentDate(t.subject.expiresAt, studio.timeZone);
  } else {
    vars.invoiceNumber = t.subject.number;
    vars.amount = s.amountCents != null ? formatUsd(s.amountCents) : '';
    vars.description = s.description ?? '';
    vars.paymentLink = s.checkoutUrl ? `${site}${s.checkoutUrl}` : `${site}/my-project`;
    if (t.subject.type === 'invoice') {
      vars.dueDate = formatDocumentDate(t.subject.dueDate, studio.timeZone);
      const late = daysOverdue(t.subject.dueDate, now, studio.timeZone);
      vars.daysOverdue = String(late);
      vars.daysOverdueUnit = dayUnit(late);
    }
  }
  return vars;
}

/** The fields of `reminders/{t.id}` that describe its trigger. */
export function reminderFields(t: ReminderTrigger) {
  return {
    leadId: t.leadId,
    automation: t.automation,
    step: t.step,
    days: t.days,
    templateId: t.templateId,
    label: reminderLabel(t),
    dueAt: Timestamp.fromDate(t.dueAt),
  };
}

/** Sends trigger `t` once (see the file comment). @returns whether this call sent it. */
async function sendOnce(
  db: Firestore,
  t: ReminderTrigger,
  s: LoadedSubject,
  studio: StudioSettings,
  now: Date,
): Promise<boolean> {
  const ref = reminderRef(db, t.id);
  const readStored = await storedRemindersReader(db, t.leadId, t.id);
  return db.runTransaction(async (tx) => {
    const [stored, read, doc] = await Promise.all([
      readStored(tx),
      readLeadIn(tx, db, t.leadId),
      readSubjectIn(tx, db, s.path),
    ]);
    const lead = read?.lead ?? null;
    const settled = settlingReminder(t, stored);
    if (settled) {
      // An old-format document settles it: record that under the trigger's own id (see the file comment).
      if (settled.id !== t.id)
        createReminderIn(tx, ref, {
          ...reminderFields(t),
          status: settled.status,
          outboxId: null,
          legacyId: settled.id,
          by: 'system',
          at: FieldValue.serverTimestamp(),
        });
      return false;
    }
    if (!stillOpen(t, lead, doc) || !lead) return false;
    const outbox = enqueueEmail(db, tx, {
      to: lead.email,
      templateId: t.templateId,
      variables: reminderVariables(t, s, lead, studio, now),
      leadId: t.leadId,
      ...(t.subject.type === 'quote'
        ? {}
        : {
            attachments: [
              {
                kind:
                  t.subject.type === 'invoice' && t.subject.collection === 'invoices'
                    ? ('invoice' as const)
                    : ('request' as const),
                id: t.subject.id,
              },
            ],
          }),
    });
    createReminderIn(tx, ref, {
      ...reminderFields(t),
      runAt: Timestamp.fromDate(now),
      status: 'sent',
      outboxId: outbox.id,
      by: 'system',
      at: FieldValue.serverTimestamp(),
    });
    recordActivity(db, tx, {
      leadId: t.leadId,
      type: 'reminder_sent',
      detail: `Reminder sent: ${reminderLabel(t)}`,
      by: 'system',
    });
    return true;
  });
}

/** Reminder transactions in flight at once in one run. */
const CONCURRENCY = 8;

/** Transaction attempts per trigger in one run (each re-reads and re-checks, so retrying is safe). */
const ATTEMPTS = 3;

/**
 * `sendOnce`, tried up to ATTEMPTS times: two runs contending for one
 * reminder can end in the emulator's "Transaction is invalid or closed",
 * which the SDK does not retry. @throws the last attempt's error.
 */
async function sendWithRetries(
  db: Firestore,
  t: ReminderTrigger,
  s: LoadedSubject,
  studio: StudioSettings,
  now: Date,
): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await sendOnce(db, t, s, studio, now);
    } catch (error) {
      if ((error as { code?: number }).code === GrpcStatus.ALREADY_EXISTS || attempt >= ATTEMPTS) throw error;
    }
  }
}

/**
 * The scheduled `dailyReminders` at `now`: it fires every hour, and runs the
 * reminders only in the hour that is REMINDER_SEND_HOUR (09:00) on the
 * studio's clock (settings `timeZone`, UTC by default), so they reach the
 * owner's clients in the owner's morning, daylight saving time included.
 * @returns the run's result, or `ran: false` in any other hour
 */
export async function runDailyReminders(
  { db }: JobDeps,
  now: Date,
): Promise<(ReminderRunResult & { ran: true; timeZone: string }) | { ran: false; timeZone: string }> {
  const { timeZone } = await loadStudioSettings(db);
  if (hourIn(now, timeZone) !== REMINDER_SEND_HOUR) return { ran: false, timeZone };
  return { ran: true, timeZone, ...(await runReminders(db, now)) };
}

/** Runs the reminders at `now` (see the file comment). */
export async function runReminders(db: Firestore, now: Date): Promise<ReminderRunResult> {
  const result: ReminderRunResult = { sent: [], skipped: 0, failed: [] };
  const settings: AutomationSettings = await loadAutomationSettings(db);
  if (!AUTOMATION_KEYS.some((k) => settings[k].enabled)) return result;
  const [{ subjects }, studio] = await Promise.all([loadReminderSubjects(db, now), loadStudioSettings(db)]);
  const { timeZone } = studio;
  // One read for what is due without history and for what each overdue series' next step depends on.
  const ids = subjects.flatMap((s) => [
    ...dueReminders(s.subject, settings, now, { timeZone }).map((t) => t.id),
    ...overdueIdsToRead(s.subject, settings, now, timeZone),
  ]);
  if (ids.length === 0) return result;
  const stored = await readRemindersById(db, [...new Set(ids)]);
  const due = subjects.flatMap((s) => {
    const history = overdueIdsToRead(s.subject, settings, now, timeZone).flatMap((id) => stored.get(id) ?? []);
    const settled = overdueHistory(s.subject, history);
    return dueReminders(s.subject, settings, now, { timeZone, settled }).map((t) => ({ t, s }));
  });
  if (due.length === 0) return result;
  // Skip the triggers already settled without a transaction each (the common case on a daily run).
  const pending = due.filter(({ t }) => !stored.has(t.id));
  result.skipped += due.length - pending.length;
  // A few transactions at a time, each starting as soon as one ends: quick on
  // thousands of leads, gentle on Firestore.
  const slots = new Semaphore(CONCURRENCY);
  await Promise.all(
    pending.map(({ t, s }) =>
      slots.runExclusive(async () => {
        try {
          if (await sendWithRetries(db, t, s, studio, now)) result.sent.push(t.id);
          else result.skipped++;
        } catch (error) {
          // ALREADY_EXISTS: an overlapping run created it first.
          if ((error as { code?: number }).code === GrpcStatus.ALREADY_EXISTS) result.skipped++;
          else {
            logEvent(EVENTS.jobItemFailed, 'reminders: left for the next run', {
              job: 'dailyReminders',
              id: t.id,
              error: String(error),
            });
            result.failed.push(t.id);
          }
        }
      }),
    ),
  );
  return result;
}
