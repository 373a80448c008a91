/**
 * A lead's automatic reminders (admin; features/reminders/reminders.ts sends them).
 *
 * - GET /reminders/{leadId} → { reminders: [{ id, automation, label, dueAt,
 *   status: 'scheduled' | 'skipped' }] } (listLeadReminders).
 * - POST /reminders/{leadId}/skip {reminderId} → { success, message:
 *   "Reminder skipped" }; 404 when it is not one of the lead's upcoming
 *   reminders; 409 when it was already sent or skipped.
 * A leadId that cannot be a document id → 404 "Lead not found".
 */
import { Router, type Request } from 'express';
import { z } from 'zod';
import { firestoreId, skipReminderSchema, successReply, upcomingRemindersReply } from '@studio/domain';
import { db } from '../../platform/firebase.js';
import { parseBody, sendReply } from '../../http.js';
import { notFound } from '../../platform/errors.js';
import { adminOf } from '../../platform/session.js';
import { systemClock, type Deps } from '../useCase.js';
import { listLeadReminders, skipReminder } from './leadReminders.js';

const deps: Deps = { db };
const leadIdParams = z.object({
  leadId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/)
    .pipe(firestoreId()),
});

function leadIdOf(req: Request): string {
  const parsed = leadIdParams.safeParse(req.params);
  if (!parsed.success) throw notFound('Lead not found');
  return parsed.data.leadId;
}

export const remindersAdminRouter = Router();

remindersAdminRouter.get('/reminders/:leadId', async (req, res) => {
  sendReply(res, upcomingRemindersReply, {
    reminders: await listLeadReminders(deps, { leadId: leadIdOf(req) }, systemClock),
  });
});

remindersAdminRouter.post('/reminders/:leadId/skip', async (req, res) => {
  const { reminderId } = parseBody(req, skipReminderSchema);
  await skipReminder(deps, { leadId: leadIdOf(req), reminderId }, adminOf(res), systemClock);
  sendReply(res, successReply, { success: true, message: 'Reminder skipped' });
});
