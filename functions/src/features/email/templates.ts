/**
 * Email templates (spec §2, §5): the defaults live in code
 * (defaultTemplates.ts); `email_templates/{id}` holds the admin's override
 * of subject and html. Saving rejects unknown placeholders and sanitizes the
 * html. Test sends go through the outbox like every other email.
 */
import { FieldValue } from 'firebase-admin/firestore';
import {
  EMAIL_FIELD_MESSAGES,
  declaredValues,
  RAW_TEMPLATE_ID,
  studioTemplateVariables,
  templateVariablesFromLead,
  unknownPlaceholders,
  type EmailTemplate,
  type EmailTemplateDoc,
} from '@studio/domain';
import { invalid, notFound } from '../../platform/errors.js';
import { readNewestLead } from '../leads/index.js';
import {
  deleteTemplateOverride,
  listTemplateOverrides,
  readTemplateOverride,
  setTemplateOverride,
} from './emailStore.js';
import { enqueueEmail, type OutboxEmail } from '../../shared/outbox.js';
import { sanitizeEmailHtml } from './emailHtml.js';
import { DEFAULT_EMAIL_TEMPLATES, findDefaultTemplate } from './defaultTemplates.js';
import { loadStudioSettings } from '../../shared/settings.js';
import type { AdminActor, Deps } from '../useCase.js';

export interface EmailTemplateDto extends EmailTemplate {
  /** True when an override is stored (Reset brings back the default). */
  customized: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** The default `template` with the stored override `data` (parsed) applied. */
function mergeTemplate(template: EmailTemplate, data: EmailTemplateDoc | undefined): EmailTemplateDto {
  return {
    ...template,
    variables: [...template.variables],
    subject: data?.subject ?? template.subject,
    html: data?.html ?? template.html,
    customized: !!data,
    updatedAt: data?.updatedAt?.toISOString() ?? null,
    updatedBy: data?.updatedBy ?? null,
  };
}

/** The default template `id`. @throws NotFound "Template not found". */
export function defaultTemplate(id: string): EmailTemplate {
  const template = findDefaultTemplate(id);
  if (!template) throw notFound('Template not found');
  return template;
}

/**
 * Writes one outbox entry with the shared enqueueEmail (one document shape for
 * every email) and returns its id.
 */
async function enqueueOne(deps: Deps, email: OutboxEmail): Promise<string> {
  const batch = deps.db.batch();
  const ref = enqueueEmail(deps.db, batch, email);
  await batch.commit();
  return ref.id;
}

/** Every template, overrides applied, in the default order. */
export async function listTemplates(deps: Deps): Promise<EmailTemplateDto[]> {
  const byId = await listTemplateOverrides(deps.db);
  return DEFAULT_EMAIL_TEMPLATES.map((t) => mergeTemplate(t, byId.get(t.id)));
}

/**
 * Stores the override of template `id`.
 * @throws NotFound "Template not found"; Invalid when a placeholder is not one
 *   of the template's variables (named in the message and in fields.html /
 *   fields.subject) or the sanitized html is empty.
 */
export async function saveTemplate(
  deps: Deps,
  input: { id: string; subject: string; html: string },
  actor: AdminActor,
): Promise<EmailTemplateDto> {
  const template = defaultTemplate(input.id);
  const html = await sanitizeEmailHtml(input.html);
  const fields: Record<string, string> = {};
  for (const key of ['subject', 'html'] as const) {
    const unknown = unknownPlaceholders({
      subject: key === 'subject' ? input.subject : '',
      html: key === 'html' ? `${input.html}\n${html}` : '',
      variables: template.variables,
    });
    if (unknown.length) fields[key] = `Unknown placeholders: ${unknown.map((p) => `\${${p}}`).join(', ')}`;
  }
  if (Object.keys(fields).length) throw invalid(Object.values(fields).join('; '), fields);
  if (!html) throw invalid('Validation failed', { html: EMAIL_FIELD_MESSAGES.html });
  await setTemplateOverride(deps.db, template.id, {
    subject: input.subject,
    html,
    updatedBy: actor.username,
    updatedAt: FieldValue.serverTimestamp(),
  });
  return mergeTemplate(template, await readTemplateOverride(deps.db, template.id));
}

/** Deletes the override of template `id`. @throws NotFound "Template not found". */
export async function resetTemplate(deps: Deps, input: { id: string }): Promise<EmailTemplateDto> {
  const template = defaultTemplate(input.id);
  await deleteTemplateOverride(deps.db, template.id);
  return mergeTemplate(template, undefined);
}

/**
 * Queues template `id` (override or default) to `testEmail`, filled with the
 * newest lead's data (parsed, leadConverter), or sample data when there is no
 * lead, and the studio's details from the settings; only the template's
 * declared variables are queued.
 * @returns the outbox id. @throws NotFound "Template not found"; ZodError (a logged 500) when that lead does not parse.
 */
export async function sendTemplateTest(deps: Deps, input: { id: string; testEmail: string }): Promise<string> {
  const template = defaultTemplate(input.id);
  const [newest, studio] = await Promise.all([readNewestLead(deps.db), loadStudioSettings(deps.db)]);
  const variables = {
    ...templateVariablesFromLead(newest),
    ...studioTemplateVariables(studio),
  };
  const used = declaredValues(template.variables, variables);
  return enqueueOne(deps, { to: input.testEmail, templateId: template.id, variables: used, leadId: null });
}

/** Queues a `raw` email with sanitized html. @returns the outbox id. @throws Invalid when the html sanitizes to nothing. */
export async function sendTestEmail(deps: Deps, input: { to: string; subject: string; html: string }): Promise<string> {
  const html = await sanitizeEmailHtml(input.html);
  if (!html) throw invalid('Validation failed', { html: EMAIL_FIELD_MESSAGES.html });
  return enqueueOne(deps, {
    to: input.to,
    templateId: RAW_TEMPLATE_ID,
    variables: { subject: input.subject, html },
    leadId: null,
  });
}
