/**
 * Email templates and the test center (spec §2, §5, §7 /api/email-templates*,
 * /api/test-email), admin only.
 *
 * - GET /email-templates → EmailTemplateDto[]; PUT /email-templates/{id}
 *   {subject, html} → { success, template } (400 naming unknown
 *   placeholders); POST /email-templates/{id}/reset → { success, template };
 *   POST /email-templates/{id}/test {testEmail} → 202 { success, outboxId }.
 * - POST /test-email {to, subject, html} → 202 { success, outboxId }.
 * - GET /outbox/{id} → the entry's status; GET /outbox?status=ERROR&limit=50
 *   → failed emails (the email pages show them with "Resend"); POST
 *   /outbox/{id}/resend → 202 { success, outboxId }; GET /leads/{id}/emails →
 *   a lead's emails (the lead details dialog); GET /email-log?limit=50 → what
 *   the local (keyless) sender "delivered".
 */
import { Router } from 'express';
import { z } from 'zod';
import {
  emailTemplatesReply,
  emailTemplateUpdateSchema,
  emptyBodySchema,
  outboxAcceptedReply,
  outboxEntryReply,
  outboxRowsReply,
  savedEmailTemplateReply,
  templateTestSchema,
  testEmailSchema,
  emailLogReply,
} from '@studio/domain';
import { db } from '../../platform/firebase.js';
import { parseBody, parseParams, sendReply } from '../../http.js';
import { invalid } from '../../platform/errors.js';
import { adminOf } from '../../platform/session.js';
import { idParams } from '../params.js';
import type { Deps } from '../useCase.js';
import {
  defaultTemplate,
  listTemplates,
  resetTemplate,
  saveTemplate,
  sendTemplateTest,
  sendTestEmail,
} from './templates.js';
import {
  listEmailLog,
  listLeadEmails,
  listOutbox,
  listSuppressedEmails,
  readOutboxEntry,
  resendEmail,
} from './outboxAdmin.js';

export type { EmailTemplateDto } from './templates.js';

const deps: Deps = { db };

export const emailAdminRouter = Router();

emailAdminRouter.get('/email-templates', async (_req, res) => {
  sendReply(res, emailTemplatesReply, await listTemplates(deps));
});

emailAdminRouter.put('/email-templates/:id', async (req, res) => {
  const { id } = parseParams(req, idParams);
  defaultTemplate(id); // an unknown template is 404 whatever the body
  const input = parseBody(req, emailTemplateUpdateSchema);
  sendReply(res, savedEmailTemplateReply, {
    success: true,
    template: await saveTemplate(deps, { id, ...input }, adminOf(res)),
  });
});

emailAdminRouter.post('/email-templates/:id/reset', async (req, res) => {
  const { id } = parseParams(req, idParams);
  defaultTemplate(id); // an unknown template is 404 whatever the body
  parseBody(req, emptyBodySchema);
  sendReply(res, savedEmailTemplateReply, { success: true, template: await resetTemplate(deps, { id }) });
});

emailAdminRouter.post('/email-templates/:id/test', async (req, res) => {
  const { id } = parseParams(req, idParams);
  defaultTemplate(id); // an unknown template is 404 whatever the body
  const { testEmail } = parseBody(req, templateTestSchema);
  sendReply(
    res,
    outboxAcceptedReply,
    { success: true, outboxId: await sendTemplateTest(deps, { id, testEmail }) },
    202,
  );
});

emailAdminRouter.post('/test-email', async (req, res) => {
  sendReply(
    res,
    outboxAcceptedReply,
    { success: true, outboxId: await sendTestEmail(deps, parseBody(req, testEmailSchema)) },
    202,
  );
});

emailAdminRouter.get('/outbox/:id', async (req, res) => {
  sendReply(res, outboxEntryReply, await readOutboxEntry(deps, parseParams(req, idParams)));
});

const outboxListQuery = z.strictObject({
  status: z.enum(['ERROR']).default('ERROR'),
  /** `suppressed`: the entries SendGrid reported bounced, dropped or spam (listSuppressedEmails). */
  delivery: z.enum(['suppressed']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

emailAdminRouter.get('/outbox', async (req, res) => {
  const q = outboxListQuery.safeParse(req.query);
  if (!q.success) throw invalid('Invalid query');
  const rows = q.data.delivery ? await listSuppressedEmails(deps, q.data) : await listOutbox(deps, q.data);
  sendReply(res, outboxRowsReply, rows);
});

emailAdminRouter.post('/outbox/:id/resend', async (req, res) => {
  parseBody(req, emptyBodySchema);
  sendReply(
    res,
    outboxAcceptedReply,
    { success: true, outboxId: await resendEmail(deps, parseParams(req, idParams), adminOf(res)) },
    202,
  );
});

emailAdminRouter.get('/leads/:id/emails', async (req, res) => {
  sendReply(res, outboxRowsReply, await listLeadEmails(deps, { leadId: parseParams(req, idParams).id }));
});

emailAdminRouter.get('/email-log', async (req, res) => {
  const raw = Number(req.query.limit ?? 50);
  const limit = Number.isInteger(raw) && raw >= 1 ? Math.min(raw, 200) : 50;
  sendReply(res, emailLogReply, await listEmailLog(deps, { limit }));
});
