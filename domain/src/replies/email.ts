/** Replies of the email pages (spec §6 "Email templates" and the test center): templates and outbox entries. */
import { z } from 'zod';
import { OUTBOX_STATUSES } from '../email.js';
import { nullableText } from './base.js';

/** An email template as the admin edits it: the default merged with the admin's override. */
export const emailTemplateReply = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  subject: z.string(),
  html: z.string(),
  variables: z.array(z.string()),
  customized: z.boolean(),
  updatedAt: nullableText,
  updatedBy: nullableText,
});
export type EmailTemplateReply = z.output<typeof emailTemplateReply>;

/** GET /api/email-templates → every template, in the default order. */
export const emailTemplatesReply = z.array(emailTemplateReply);

/** PUT /api/email-templates/{id} and POST /api/email-templates/{id}/reset → the template as now stored. */
export const savedEmailTemplateReply = z.object({ success: z.boolean(), template: emailTemplateReply });

/** 202 of the email sends (test email, template test, resend) → the outbox entry that will carry it. */
export const outboxAcceptedReply = z.object({ success: z.boolean(), outboxId: z.string() });

/** An outbox entry as the admin pages list it. */
export const outboxRowReply = z.object({
  id: z.string(),
  status: z.enum(OUTBOX_STATUSES).nullable(),
  attempts: z.number(),
  lastError: nullableText,
  to: nullableText,
  templateId: nullableText,
  deliveredVia: z
    .enum(['sendgrid', 'email_log'])
    .nullish()
    .transform((v) => v ?? null),
  nextAttemptAt: nullableText,
  resentAs: nullableText,
  createdAt: nullableText,
  sentAt: nullableText,
});
export type OutboxRowReply = z.output<typeof outboxRowReply>;

/** GET /api/outbox → failed emails. */
export const outboxRowsReply = z.array(outboxRowReply);

/** GET /api/outbox/{id} → one entry (without its lead, next attempt or copy). */
export const outboxEntryReply = outboxRowReply.omit({ templateId: true, nextAttemptAt: true, resentAs: true });
export type OutboxEntryReply = z.output<typeof outboxEntryReply>;
