/**
 * Hosted-project ("Replit") quote tool (spec §2 "Hosted-project quote tool",
 * §5 "Hosted-project quote form", §7 /api/replit/*; issue 9). Admin only.
 *
 * The platform has no public API: projects are the deterministic sample data of
 * `demoProjects` (domain/hostedProjects.ts), and every estimate comes from that
 * module's analysis model. Money leaves as 2-decimal strings, and is stored in
 * integer cents.
 *
 * - GET  /replit/projects?username=        → { success, projects }
 * - POST /replit/analyze-project            → { success, analysis, quote }
 * - POST /replit/create-quote-from-project  → 201 { success, leadId }
 * - POST /replit/sync-project-status        → { success, updated, updates }
 */
import { Router, type Request } from 'express';
import { FieldValue } from 'firebase-admin/firestore';
import {
  analyzeHostedProject,
  analyzeHostedQuoteForm,
  fieldErrors,
  findDemoProject,
  demoProjects,
  emptyBodySchema,
  formatUsd,
  hostedAnalyzeRequestSchema,
  hostedGeneratedQuoteDetails,
  hostedProjectType,
  hostedQuoteFormSchema,
  hostedUsernameSchema,
  HOSTED_DEPOSIT_PERCENT,
  isDeployed,
  LIMITS,
  newLeadRecord,
  rateDollarsToCents,
  toHostedQuoteDto,
  type HostedAnalysisResult,
  type HostedQuoteForm,
  type ProjectStatusUpdate,
} from '@studio/domain';
import type { z } from 'zod';
import { COLLECTIONS, db } from '../firebase.js';
import { HttpError, parseBody } from '../http.js';
import { requireAdmin, type AdminLocals } from '../session.js';
import { recordActivity } from '../services/activity.js';

export const replitRouter = Router();

// Scoped to /replit so unknown /api paths still fall through to the 404 handler.
replitRouter.use('/replit', requireAdmin);

/** Parses `req.query` with `schema`; 400 "Validation failed" with `fields` like parseBody. */
function parseQuery<S extends z.ZodType>(req: Request, schema: S): z.output<S> {
  const result = schema.safeParse(req.query ?? {});
  if (!result.success) throw new HttpError(400, 'Validation failed', fieldErrors(result.error));
  return result.data;
}

/** GET /api/replit/projects?username= (admin) → { success: true, projects }: the username's demo projects. */
replitRouter.get('/replit/projects', (req, res) => {
  const { username } = parseQuery(req, hostedUsernameSchema);
  res.json({ success: true, projects: demoProjects(username, new Date()) });
});

/**
 * POST /api/replit/analyze-project (admin) { projectId, baseHourlyRate (dollars) }
 * → { success: true, analysis, quote } with quote money as 2-decimal strings.
 * 404 "Project not found" when the id names no demo project.
 */
replitRouter.post('/replit/analyze-project', (req, res) => {
  const { projectId, baseHourlyRate } = parseBody(req, hostedAnalyzeRequestSchema);
  const project = findDemoProject(projectId, new Date());
  if (!project) throw new HttpError(404, 'Project not found');
  const { analysis, quote } = analyzeHostedProject(project, rateDollarsToCents(baseHourlyRate));
  res.json({ success: true, analysis, quote: toHostedQuoteDto(quote) });
});



/** The lead's message: what was analyzed and what it costs, in a few lines. */
function leadMessage(form: HostedQuoteForm, result: HostedAnalysisResult): string {
  const { analysis, quote } = result;
  const features = analysis.features.length ? analysis.features.join(', ') : 'none';
  return [
    `Quote generated from the hosted project "${form.projectTitle}" (${form.projectId}).`,
    `${analysis.language}, ${analysis.fileCount} file${analysis.fileCount === 1 ? '' : 's'}, ${analysis.hasDeployment ? 'deployed (Live)' : 'not deployed'}; detected features: ${features}.`,
    `Complexity ${analysis.complexity}, estimated ${quote.estimatedHours} h at ${formatUsd(quote.hourlyRateCents)}/h: total ${formatUsd(quote.totalCents)}, ${HOSTED_DEPOSIT_PERCENT}% deposit ${formatUsd(quote.depositCents)}, final payment ${formatUsd(quote.finalCents)}.`,
  ].join('\n');
}

/**
 * POST /api/replit/create-quote-from-project (admin): the full quote form (spec §5).
 * The price is computed here from the form's facts (language, file count,
 * deployment, features, rate); the body is strict, so a client-sent total or any
 * other unknown key is refused with 400 and nothing is written. In one batch:
 * a lead in Contacted with the quote (cents, 30% deposit), review Pending, the
 * generatedQuoteDetails JSON and the analysis reasons in notes, plus a
 * 'quote_event' activity entry. → 201 { success: true, leadId }.
 */
replitRouter.post('/replit/create-quote-from-project', async (req, res) => {
  const form = parseBody(req, hostedQuoteFormSchema);
  const admin = res.locals.admin as AdminLocals;
  const now = new Date();
  const result = analyzeHostedQuoteForm(form);
  const { analysis, quote } = result;
  const project = findDemoProject(form.projectId, now);

  const ref = db.collection(COLLECTIONS.leads).doc();
  const timestamp = FieldValue.serverTimestamp();
  const notes = [`Hosted project analysis (${now.toISOString().slice(0, 10)}):`, ...analysis.reasons.map((r) => `- ${r}`)].join('\n');
  const batch = db.batch();
  batch.create(ref, {
    ...newLeadRecord({
      name: form.clientName,
      email: form.clientEmail,
      projectType: hostedProjectType(result),
      subject: `Quote for ${form.projectTitle}`.slice(0, LIMITS.subject),
      message: leadMessage(form, result),
    }),
    status: 'Contacted',
    quoteAmountCents: quote.totalCents,
    depositAmountCents: quote.depositCents,
    finalAmountCents: quote.finalCents,
    estimatedHours: quote.estimatedHours,
    complexity: analysis.complexity,
    detectedFeatures: analysis.features.join(', '),
    quoteGenerated: true,
    quoteReviewStatus: 'Pending',
    generatedQuoteDetails: JSON.stringify(hostedGeneratedQuoteDetails(result)),
    replitProjectId: form.projectId,
    replitProjectUrl: project?.url ?? null,
    replitDeployed: form.hasDeployment,
    notes,
    source: 'replit',
    createdAt: timestamp,
    updatedAt: timestamp,
  });
  recordActivity(db, batch, {
    leadId: ref.id,
    type: 'quote_event',
    to: 'Contacted',
    detail: 'Quote created from hosted project',
    by: admin.username,
  });
  await batch.commit();
  res.status(201).json({ success: true, leadId: ref.id });
});


const BATCH_LIMIT = 400;

/**
 * POST /api/replit/sync-project-status (admin), empty strict body.
 *
 * Reads every lead with a `replitProjectId` and looks the project up in the demo
 * data. For a known project it sets on the lead `replitDeployed` (true when the
 * project is deployed/Live), `replitDeploymentUrl` (or null) and
 * `replitSyncedAt`; `updatedAt` is left alone so the board's "days in stage" is
 * not reset. Leads whose id names no demo project (manual quotes) are reported
 * with `synced: false` and not written.
 * → { success: true, updated: number of leads written, updates: ProjectStatusUpdate[] }.
 */
replitRouter.post('/replit/sync-project-status', async (req, res) => {
  parseBody(req, emptyBodySchema);
  const now = new Date();
  const snap = await db.collection(COLLECTIONS.leads).where('replitProjectId', '!=', null).get();
  const updates: ProjectStatusUpdate[] = [];
  const writes: Array<{ id: string; data: Record<string, unknown> }> = [];
  for (const doc of snap.docs) {
    const projectId = String(doc.get('replitProjectId'));
    const project = findDemoProject(projectId, now);
    const base = { leadId: doc.id, name: String(doc.get('name') ?? ''), projectId };
    if (!project) {
      updates.push({ ...base, projectTitle: null, synced: false, deployed: null, deploymentUrl: null, changed: false });
      continue;
    }
    const deployed = isDeployed(project.deployment);
    const deploymentUrl = project.deployment?.url ?? null;
    const changed = doc.get('replitDeployed') !== deployed;
    updates.push({ ...base, projectTitle: project.title, synced: true, deployed, deploymentUrl, changed });
    writes.push({ id: doc.id, data: { replitDeployed: deployed, replitDeploymentUrl: deploymentUrl, replitSyncedAt: FieldValue.serverTimestamp() } });
  }
  for (let i = 0; i < writes.length; i += BATCH_LIMIT) {
    const batch = db.batch();
    for (const w of writes.slice(i, i + BATCH_LIMIT)) batch.update(db.collection(COLLECTIONS.leads).doc(w.id), w.data);
    await batch.commit();
  }
  res.json({ success: true, updated: writes.length, updates });
});
