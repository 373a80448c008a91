/**
 * A lead's automatic reminders (admin; jobs/reminders.ts sends them).
 *
 * - GET /reminders/{leadId} → { reminders: [{ id, automation, label, dueAt,
 *   status: 'scheduled' | 'skipped' }] }: the reminders still to come for the
 *   lead's open quote link, payment requests and invoices under the current
 *   automations (domain reminders.ts), soonest first, including any due now
 *   and not yet sent; the ones the admin skipped are marked so.
 * - POST /reminders/{leadId}/skip {reminderId} → { success, message:
 *   "Reminder skipped" }: records the reminder as skipped (the same document
 *   the job would create, so it is never sent); 404 when it is not one of the
 *   lead's upcoming reminders; 409 when it was already sent or skipped.
 */
import { Router } from 'express';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { dueReminders, reminderLabel, REMINDERS_COLLECTION, skipReminderSchema, upcomingReminders, type ReminderTrigger } from '@studio/domain';
import { db } from '../firebase.js';
import { HttpError, parseBody } from '../http.js';
import { requireAdmin, type AdminLocals } from '../session.js';
import { recordActivity } from '../services/activity.js';
import { loadAutomationSettings } from '../services/settings.js';
import { loadReminderSubjects } from '../jobs/reminders.js';

export const remindersRouter = Router();
remindersRouter.use('/reminders', requireAdmin);

const leadIdOf = (v: unknown): string => {
  if (typeof v !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(v)) throw new HttpError(404, 'Lead not found');
  return v;
};

/** The lead's reminders from now on: upcoming, and due but not yet sent. */
async function leadReminders(leadId: string, now: Date): Promise<ReminderTrigger[]> {
  const settings = await loadAutomationSettings(db);
  const { subjects } = await loadReminderSubjects(db, now, leadId);
  return subjects.flatMap((s) => [...dueReminders(s.subject, settings, now), ...upcomingReminders(s.subject, settings, now)]).sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
}

remindersRouter.get('/reminders/:leadId', async (req, res) => {
  const leadId = leadIdOf(req.params.leadId);
  const triggers = await leadReminders(leadId, new Date());
  const docs = triggers.length ? await db.getAll(...triggers.map((t) => db.collection(REMINDERS_COLLECTION).doc(t.id))) : [];
  const status = new Map(docs.filter((d) => d.exists).map((d) => [d.id, String(d.get('status'))]));
  res.json({
    reminders: triggers
      .filter((t) => status.get(t.id) !== 'sent')
      .map((t) => ({ id: t.id, automation: t.automation, label: reminderLabel(t), dueAt: t.dueAt.toISOString(), status: status.get(t.id) === 'skipped' ? 'skipped' : 'scheduled' })),
  });
});

remindersRouter.post('/reminders/:leadId/skip', async (req, res) => {
  const { reminderId } = parseBody(req, skipReminderSchema);
  const leadId = leadIdOf(req.params.leadId);
  const admin = res.locals.admin as AdminLocals;
  const trigger = (await leadReminders(leadId, new Date())).find((t) => t.id === reminderId);
  if (!trigger) throw new HttpError(404, 'Reminder not found');
  const ref = db.collection(REMINDERS_COLLECTION).doc(trigger.id);
  await db.runTransaction(async (tx) => {
    if ((await tx.get(ref)).exists) throw new HttpError(409, 'This reminder was already sent or skipped');
    tx.create(ref, {
      leadId,
      automation: trigger.automation,
      days: trigger.days,
      templateId: trigger.templateId,
      label: reminderLabel(trigger),
      dueAt: Timestamp.fromDate(trigger.dueAt),
      status: 'skipped',
      outboxId: null,
      by: admin.username,
      at: FieldValue.serverTimestamp(),
    });
    recordActivity(db, tx, { leadId, type: 'reminder_skipped', detail: `Reminder skipped: ${reminderLabel(trigger)}`, by: admin.username });
  });
  res.json({ success: true, message: 'Reminder skipped' });
});
