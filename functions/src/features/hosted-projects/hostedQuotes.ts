/**
 * Hosted-project quotes written to Firestore (spec §5 "Hosted-project quote
 * form"): a lead from the quote form, and the deployment sync of such leads.
 */
import { FieldValue } from 'firebase-admin/firestore';
import {
  analyzeHostedProject,
  analyzeHostedQuoteForm,
  formatUsd,
  hostedGeneratedQuoteDetails,
  hostedProjectType,
  HOSTED_DEPOSIT_PERCENT,
  isDeployed,
  LIMITS,
  newLeadRecord,
  toHostedQuoteDto,
  type HostedAnalysisResult,
  type HostedQuoteForm,
  type ProjectStatusUpdate,
} from '@studio/domain';
import { notFound } from '../../platform/errors.js';
import { recordActivity } from '../../shared/activity.js';
import type { AdminActor, Clock, Deps } from '../useCase.js';
import { findDemoProject } from './demoCatalogue.js';
import { createLeadInBatch, hostedLeads, newLeadRef, updateLeadInBatch } from './hostedStore.js';

/**
 * One demo project's analysis at `rateCents` an hour (spec §2 "Hosted-project
 * quote tool"): the analysis and its quote, money as 2-decimal strings.
 * @throws NotFound "Project not found" when the id names no demo project.
 */
export function analyzeDemoProject(input: { projectId: string; rateCents: number }, clock: Clock) {
  const project = findDemoProject(input.projectId, clock());
  if (!project) throw notFound('Project not found');
  const { analysis, quote } = analyzeHostedProject(project, input.rateCents);
  return { analysis, quote: toHostedQuoteDto(quote) };
}

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
 * The full quote form (spec §5). The price is computed here from the form's
 * facts (language, file count, deployment, features, rate). In one batch: a
 * lead in Contacted with the quote (cents, 30% deposit), review Pending, the
 * generatedQuoteDetails JSON and the analysis reasons in notes, plus a
 * 'quote_event' activity entry. @returns the new lead's id.
 */
export async function createQuoteFromHostedProject(
  deps: Deps,
  form: HostedQuoteForm,
  actor: AdminActor,
  clock: Clock,
): Promise<{ leadId: string }> {
  const { db } = deps;
  const now = clock();
  const result = analyzeHostedQuoteForm(form);
  const { analysis, quote } = result;
  const project = findDemoProject(form.projectId, now);

  const ref = newLeadRef(db);
  const timestamp = FieldValue.serverTimestamp();
  const notes = [
    `Hosted project analysis (${now.toISOString().slice(0, 10)}):`,
    ...analysis.reasons.map((r) => `- ${r}`),
  ].join('\n');
  const batch = db.batch();
  createLeadInBatch(db, batch, ref.id, {
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
    by: actor.username,
  });
  await batch.commit();
  return { leadId: ref.id };
}

const BATCH_LIMIT = 400;

/**
 * Reads every lead with a `replitProjectId` and looks the project up in the demo
 * data. For a known project it sets on the lead `replitDeployed` (true when the
 * project is deployed/Live), `replitDeploymentUrl` (or null) and
 * `replitSyncedAt`; `updatedAt` is left alone so the board's "days in stage" is
 * not reset. Leads whose id names no demo project (manual quotes) are reported
 * with `synced: false` and not written.
 * @returns the number of leads written and one update per lead.
 */
export async function syncHostedProjectStatus(
  deps: Deps,
  clock: Clock,
): Promise<{ updated: number; updates: ProjectStatusUpdate[] }> {
  const { db } = deps;
  const now = clock();
  const leads = await hostedLeads(db);
  const updates: ProjectStatusUpdate[] = [];
  const writes: Array<{ id: string; data: Record<string, unknown> }> = [];
  for (const lead of leads) {
    const projectId = String(lead.replitProjectId);
    const project = findDemoProject(projectId, now);
    const base = { leadId: lead.id, name: lead.name, projectId };
    if (!project) {
      updates.push({ ...base, projectTitle: null, synced: false, deployed: null, deploymentUrl: null, changed: false });
      continue;
    }
    const deployed = isDeployed(project.deployment);
    const deploymentUrl = project.deployment?.url ?? null;
    const changed = lead.replitDeployed !== deployed;
    updates.push({ ...base, projectTitle: project.title, synced: true, deployed, deploymentUrl, changed });
    writes.push({
      id: lead.id,
      data: {
        replitDeployed: deployed,
        replitDeploymentUrl: deploymentUrl,
        replitSyncedAt: FieldValue.serverTimestamp(),
      },
    });
  }
  for (let i = 0; i < writes.length; i += BATCH_LIMIT) {
    const batch = db.batch();
    for (const w of writes.slice(i, i + BATCH_LIMIT)) updateLeadInBatch(db, batch, w.id, w.data);
    await batch.commit();
  }
  return { updated: writes.length, updates };
}
