import { FieldValue } from 'firebase-admin/firestore';
import {
  dueReminders,
  overdueHistory,
  reminderLabel,
  settlingReminder,
  upcomingReminders,
  type ReminderTrigger,
  type StoredReminderTimes,
} from '@studio/domain';
import { conflict, notFound } from '../../platform/errors.js';
import { recordActivity } from '../../shared/activity.js';
import { loadAutomationSettings, loadStudioSettings } from '../../shared/settings.js';
import { loadReminderSubjects, reminderFields } from './reminders.js';
import { createReminderIn, readStoredReminders, reminderRef, storedRemindersReader } from './reminderStore.js';
import type { AdminActor, Clock, Deps } from '../useCase.js';

/**
 * The lead's reminders from `now` on: upcoming, and due but not yet sent,
 * soonest first (an overdue series from what is settled of it, on the
 * studio's calendar), with the lead's stored reminder documents.
 */
async function triggersOf(
  deps: Deps,
  leadId: string,
  now: Date,
): Promise<{ triggers: ReminderTrigger[]; stored: StoredReminderTimes[] }> {
  const [settings, { timeZone }, { subjects }] = await Promise.all([
    loadAutomationSettings(deps.db),
    loadStudioSettings(deps.db),
    loadReminderSubjects(deps.db, now, leadId),
  ]);
  const stored = subjects.length ? await readStoredReminders(deps.db, leadId) : [];
  const triggers = subjects
    .flatMap((s) => {
      const opts = { timeZone, settled: overdueHistory(s.subject, stored) };
      return [...dueReminders(s.subject, settings, now, opts), ...upcomingReminders(s.subject, settings, now, opts)];
    })
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
  return { triggers, stored };
}

export interface ReminderDto {
  id: string;
  automation: ReminderTrigger['automation'];
  label: string;
  /** ISO time. */
  dueAt: string;
  status: 'scheduled' | 'skipped';
}

/**
 * The reminders still to come for the lead's open quote link, payment
 * requests and invoices under the current automations (domain reminders.ts),
 * including any due and not yet sent; the ones the admin skipped are marked
 * so (domain settlingReminder: under their id, or an old one with the days in it).
 */
export async function listLeadReminders(deps: Deps, input: { leadId: string }, clock: Clock): Promise<ReminderDto[]> {
  const { triggers, stored } = await triggersOf(deps, input.leadId, clock());
  return triggers.flatMap((t) => {
    const status = settlingReminder(t, stored)?.status;
    if (status === 'sent') return [];
    return [
      {
        id: t.id,
        automation: t.automation,
        label: reminderLabel(t),
        dueAt: t.dueAt.toISOString(),
        status: status === 'skipped' ? ('skipped' as const) : ('scheduled' as const),
      },
    ];
  });
}

/**
 * Records one of the lead's upcoming reminders as skipped (the same document
 * the job would create, so it is never sent; its id leaves out the days, so
 * the skip holds through a change of them until the subject itself changes).
 * @throws NotFound "Reminder not found" when it is not one of them; Conflict when already sent or skipped.
 */
export async function skipReminder(
  deps: Deps,
  input: { leadId: string; reminderId: string },
  actor: AdminActor,
  clock: Clock,
): Promise<void> {
  const { db } = deps;
  const { leadId } = input;
  const trigger = (await triggersOf(deps, leadId, clock())).triggers.find((t) => t.id === input.reminderId);
  if (!trigger) throw notFound('Reminder not found');
  const ref = reminderRef(db, trigger.id);
  const readStored = await storedRemindersReader(db, leadId, trigger.id);
  await db.runTransaction(async (tx) => {
    if (settlingReminder(trigger, await readStored(tx))) throw conflict('This reminder was already sent or skipped');
    createReminderIn(tx, ref, {
      ...reminderFields(trigger),
      status: 'skipped',
      outboxId: null,
      by: actor.username,
      at: FieldValue.serverTimestamp(),
    });
    recordActivity(db, tx, {
      leadId,
      type: 'reminder_skipped',
      detail: `Reminder skipped: ${reminderLabel(trigger)}`,
      by: actor.username,
    });
  });
}
