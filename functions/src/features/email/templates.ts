/**
 * Email templates (spec §2, §5): the defaults live in code (domain
 * DEFAULT_EMAIL_TEMPLATES); `email_templates/{id}` holds the admin's override
 * of subject and html. Saving rejects unknown placeholders and sanitizes the
 * html. Test sends go through the outbox like every other email.
 */
import { FieldValue, Timestamp, type DocumentData } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  DEFAULT_EMAIL_TEMPLATES,
  EMAIL_FIELD_MESSAGES,
  findDefaultTemplate,
  declaredValues,
  RAW_TEMPLATE_ID,
  studioTemplateVariables,
  templateVariablesFromLead,
  unknownPlaceholders,
  type EmailTemplate,
} from '@studio/domain';
import { invalid, notFound } from '../../platform/errors.js';
import { leadConverter } from '../../platform/converter.js';
import { enqueueEmail, type OutboxEmail } from '../../shared/outbox.js';
import { sanitizeEmailHtml } from './emailHtml.js';
import { loadStudioSettings } from '../../shared/settings.js';
import type { AdminActor, Deps } from '../useCase.js';

export interface EmailTemplateDto extends EmailTemplate {
  /** True when an override is stored (Reset brings back the default). */
  customized: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
}

const iso = (v: unknown) => (v instanceof Timestamp ? v.toDate().toISOString() : null);

/** The default `template` with the stored override `data` applied. */
function mergeTemplate(template: EmailTemplate, data: DocumentData | undefined): EmailTemplateDto {
  return {
    ...template,
    variables: [...template.variables],
    subject: typeof data?.subject === 'string' ? data.subject : template.subject,
    html: typeof data?.html === 'string' ? data.html : template.html,
    customized: !!data,
    updatedAt: iso(data?.updatedAt),
    updatedBy: typeof data?.updatedBy === 'string' ? data.updatedBy : null,
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
  const snap = await deps.db.collection(COLLECTIONS.emailTemplates).get();
  const byId = new Map(snap.docs.map((d) => [d.id, d.data()]));
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
  const ref = deps.db.collection(COLLECTIONS.emailTemplates).doc(template.id);
  await ref.set({ subject: input.subject, html, updatedBy: actor.username, updatedAt: FieldValue.serverTimestamp() });
  return mergeTemplate(template, (await ref.get()).data());
}

/** Deletes the override of template `id`. @throws NotFound "Template not found". */
export async function resetTemplate(deps: Deps, input: { id: string }): Promise<EmailTemplateDto> {
  const template = defaultTemplate(input.id);
  await deps.db.collection(COLLECTIONS.emailTemplates).doc(template.id).delete();
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
  const [newest, studio] = await Promise.all([
    deps.db.collection(COLLECTIONS.leads).withConverter(leadConverter).orderBy('createdAt', 'desc').limit(1).get(),
    loadStudioSettings(deps.db),
  ]);
  const variables = {
    ...templateVariablesFromLead(newest.docs[0]?.data() ?? null),
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
