/**
 * Email templates and the test center (spec §2, §5, §7 /api/email-templates*,
 * /api/test-email; issue 8). Admin only.
 *
 * Templates live in code (domain DEFAULT_EMAIL_TEMPLATES); `email_templates/{id}`
 * holds the admin's override of subject and html. Saving rejects unknown
 * placeholders (400 naming them) and sanitizes the html. Test sends go through
 * the outbox like every other email; GET /api/outbox/{id} reports their status
 * and GET /api/email-log lists what the local (keyless) sender "delivered".
 *
 * Delivery problems: GET /api/outbox?status=ERROR lists failed emails (the
 * email pages show them with "Resend"); POST /api/outbox/{id}/resend queues a
 * fresh copy of a failed email (the creation trigger sends it at once) and
 * marks the failed one `resentAs`; GET /api/leads/{id}/emails lists a lead's
 * emails with their status (the lead details dialog).
 */
import { Router } from 'express';
import { z } from 'zod';
import { FieldValue, Timestamp, type DocumentReference, type DocumentData, type WriteBatch } from 'firebase-admin/firestore';
import {
  DEFAULT_EMAIL_TEMPLATES,
  emailTemplateUpdateSchema,
  emptyBodySchema,
  EMAIL_FIELD_MESSAGES,
  findDefaultTemplate,
  RAW_TEMPLATE_ID,
  templateTestSchema,
  templateVariablesFromLead,
  testEmailSchema,
  unknownPlaceholders,
  type EmailTemplate,
  type LeadLikeForEmail,
} from '@studio/domain';
import { COLLECTIONS, db } from '../firebase.js';
import { HttpError, parseBody } from '../http.js';
import { requireAdmin, type AdminLocals } from '../session.js';
import { enqueueEmail, type OutboxEmail } from '../services/outbox.js';
import { sanitizeEmailHtml } from '../services/emailHtml.js';
import { EMAIL_LOG, EMAIL_TEMPLATES } from '../jobs/outboxSender.js';

export const emailRouter = Router();
emailRouter.use(['/email-templates', '/test-email', '/outbox', '/email-log', '/leads/:id/emails'], requireAdmin);

export interface EmailTemplateDto extends EmailTemplate {
  /** True when an override is stored (Reset brings back the default). */
  customized: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
}

const iso = (v: unknown) => (v instanceof Timestamp ? v.toDate().toISOString() : null);
const overrides = () => db.collection(EMAIL_TEMPLATES);

/** The default `id` with the stored override `data` applied. */
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

/** The default template `id`, or 404 "Template not found". */
function defaultOr404(id: string): EmailTemplate {
  const template = findDefaultTemplate(id);
  if (!template) throw new HttpError(404, 'Template not found');
  return template;
}

/**
 * Writes one outbox entry with the shared enqueueEmail (one document shape for
 * every email) and returns its id: enqueueEmail picks the id itself, so the
 * batch handed to it records the ref it creates.
 */
async function enqueueOne(email: OutboxEmail): Promise<string> {
  const batch = db.batch();
  let created: DocumentReference | null = null;
  const recording = {
    create(ref: DocumentReference, data: DocumentData) {
      created = ref;
      batch.create(ref, data);
      return recording;
    },
  };
  enqueueEmail(db, recording as unknown as WriteBatch, email);
  await batch.commit();
  return (created as DocumentReference | null)!.id;
}

/** GET /api/email-templates → EmailTemplateDto[], in the default order. */
emailRouter.get('/email-templates', async (_req, res) => {
  const snap = await overrides().get();
  const byId = new Map(snap.docs.map((d) => [d.id, d.data()]));
  res.json(DEFAULT_EMAIL_TEMPLATES.map((t) => mergeTemplate(t, byId.get(t.id))));
});

/**
 * PUT /api/email-templates/{id} {subject, html} → { success, template }.
 * 400 when a placeholder is not one of the template's variables (named in the
 * message and in fields.html/fields.subject); the html is sanitized before it is stored.
 */
emailRouter.put('/email-templates/:id', async (req, res) => {
  const template = defaultOr404(req.params.id as string);
  const input = parseBody(req, emailTemplateUpdateSchema);
  const html = await sanitizeEmailHtml(input.html);
  const fields: Record<string, string> = {};
  for (const key of ['subject', 'html'] as const) {
    const unknown = unknownPlaceholders({ subject: key === 'subject' ? input.subject : '', html: key === 'html' ? `${input.html}\n${html}` : '', variables: template.variables });
    if (unknown.length) fields[key] = `Unknown placeholders: ${unknown.map((p) => `\${${p}}`).join(', ')}`;
  }
  if (Object.keys(fields).length) throw new HttpError(400, Object.values(fields).join('; '), fields);
  if (!html) throw new HttpError(400, 'Validation failed', { html: EMAIL_FIELD_MESSAGES.html });
  const admin = res.locals.admin as AdminLocals;
  await overrides().doc(template.id).set({ subject: input.subject, html, updatedBy: admin.username, updatedAt: FieldValue.serverTimestamp() });
  const saved = await overrides().doc(template.id).get();
  res.json({ success: true, template: mergeTemplate(template, saved.data()) });
});

/** POST /api/email-templates/{id}/reset {} → { success, template }: the override is deleted. */
emailRouter.post('/email-templates/:id/reset', async (req, res) => {
  const template = defaultOr404(req.params.id as string);
  parseBody(req, emptyBodySchema);
  await overrides().doc(template.id).delete();
  res.json({ success: true, template: mergeTemplate(template, undefined) });
});

/**
 * POST /api/email-templates/{id}/test {testEmail} → 202 { success, outboxId }.
 * Queues the template (override or default) to `testEmail`, filled with the
 * newest lead's data, or sample data when there is no lead.
 */
emailRouter.post('/email-templates/:id/test', async (req, res) => {
  const template = defaultOr404(req.params.id as string);
  const { testEmail } = parseBody(req, templateTestSchema);
  const newest = await db.collection(COLLECTIONS.leads).orderBy('createdAt', 'desc').limit(1).get();
  const variables = templateVariablesFromLead((newest.docs[0]?.data() as LeadLikeForEmail | undefined) ?? null);
  const used = Object.fromEntries(template.variables.map((v) => [v, variables[v] ?? '']));
  const outboxId = await enqueueOne({ to: testEmail, templateId: template.id, variables: used, leadId: null });
  res.status(202).json({ success: true, outboxId });
});

/** POST /api/test-email {to, subject, html} → 202 { success, outboxId }: queued as a `raw` email with sanitized html. */
emailRouter.post('/test-email', async (req, res) => {
  const input = parseBody(req, testEmailSchema);
  const html = await sanitizeEmailHtml(input.html);
  if (!html) throw new HttpError(400, 'Validation failed', { html: EMAIL_FIELD_MESSAGES.html });
  const outboxId = await enqueueOne({ to: input.to, templateId: RAW_TEMPLATE_ID, variables: { subject: input.subject, html }, leadId: null });
  res.status(202).json({ success: true, outboxId });
});

/** GET /api/outbox/{id} → { id, status, attempts, lastError, to, templateId, createdAt, updatedAt, sentAt } (the test center's status panel). */
emailRouter.get('/outbox/:id', async (req, res) => {
  const snap = await db.collection(COLLECTIONS.outbox).doc(req.params.id as string).get();
  if (!snap.exists) throw new HttpError(404, 'Outbox entry not found');
  // The list row without the list's own fields.
  const { leadId: _leadId, nextAttemptAt: _next, resentAs: _resent, ...entry } = outboxRow(snap);
  res.json(entry);
});

/** An outbox entry as the admin pages list it (no variables: they may hold sealed links). */
function outboxRow(snap: FirebaseFirestore.DocumentSnapshot) {
  const d = snap.data() ?? {};
  return {
    id: snap.id,
    status: d.status ?? null,
    attempts: d.attempts ?? 0,
    lastError: d.lastError ?? null,
    to: d.to ?? null,
    templateId: d.templateId ?? null,
    leadId: d.leadId ?? null,
    deliveredVia: d.deliveredVia ?? null,
    nextAttemptAt: d.status === 'PENDING' ? iso(d.nextAttemptAt) : null,
    resentAs: d.resentAs ?? null,
    createdAt: iso(d.createdAt),
    updatedAt: iso(d.updatedAt),
    sentAt: iso(d.sentAt),
  };
}

const outboxListQuery = z.strictObject({ status: z.enum(['ERROR']).default('ERROR'), limit: z.coerce.number().int().min(1).max(200).default(50) });

/** GET /api/outbox?status=ERROR&limit=50 → failed emails, most recently failed first. */
emailRouter.get('/outbox', async (req, res) => {
  const q = outboxListQuery.safeParse(req.query);
  if (!q.success) throw new HttpError(400, 'Invalid query');
  const snap = await db.collection(COLLECTIONS.outbox).where('status', '==', q.data.status).orderBy('updatedAt', 'desc').limit(q.data.limit).get();
  res.json(snap.docs.map(outboxRow));
});

/**
 * POST /api/outbox/{id}/resend → 202 { success, outboxId }: a failed (ERROR)
 * email goes out again as a new outbox entry with the same recipient,
 * template and variables; the failed entry keeps its history and points to
 * the copy (`resentAs`). 404 unknown; 409 not failed, or already resent.
 */
emailRouter.post('/outbox/:id/resend', async (req, res) => {
  parseBody(req, emptyBodySchema);
  const admin = res.locals.admin as AdminLocals;
  const ref = db.collection(COLLECTIONS.outbox).doc(req.params.id as string);
  const outboxId = await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw new HttpError(404, 'Outbox entry not found');
    if (snap.get('status') !== 'ERROR') throw new HttpError(409, 'Only a failed email can be resent');
    if (snap.get('resentAs')) throw new HttpError(409, 'This email has already been resent');
    const copy = enqueueEmail(db, tx, {
      to: String(snap.get('to') ?? ''),
      templateId: String(snap.get('templateId') ?? ''),
      variables: (snap.get('variables') ?? {}) as Record<string, string>,
      leadId: (snap.get('leadId') as string | null) ?? null,
    });
    tx.update(ref, { resentAs: copy.id, resentBy: admin.username, resentAt: FieldValue.serverTimestamp() });
    return copy.id;
  });
  res.status(202).json({ success: true, outboxId });
});

/** GET /api/leads/{id}/emails → the lead's emails (outbox entries), newest first, at most 50. */
emailRouter.get('/leads/:id/emails', async (req, res) => {
  const snap = await db.collection(COLLECTIONS.outbox).where('leadId', '==', req.params.id as string).orderBy('createdAt', 'desc').limit(50).get();
  res.json(snap.docs.map(outboxRow));
});

/** GET /api/email-log?limit=50 → the local delivery log, newest first (at most 200). */
emailRouter.get('/email-log', async (req, res) => {
  const raw = Number(req.query.limit ?? 50);
  const limit = Number.isInteger(raw) && raw >= 1 ? Math.min(raw, 200) : 50;
  const snap = await db.collection(EMAIL_LOG).orderBy('at', 'desc').limit(limit).get();
  res.json(
    snap.docs.map((d) => ({
      id: d.id,
      outboxId: d.get('outboxId') ?? d.id,
      templateId: d.get('templateId') ?? null,
      to: d.get('to') ?? null,
      from: d.get('from') ?? null,
      subject: d.get('subject') ?? null,
      html: d.get('html') ?? null,
      at: iso(d.get('at')),
    })),
  );
});
