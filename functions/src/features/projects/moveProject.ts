import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { z } from 'zod';
import {
  canceledFromUpdate,
  countersignHoldError,
  newProjectRecord,
  projectMoveError,
  type deployToBetaSchema,
  type launchSchema,
  type NewProject,
  type ProjectStatus,
} from '@studio/domain';
import { conflict, invalid, notFound } from '../../platform/errors.js';
import { enqueueEmail, type OutboxEmail } from '../../shared/outbox.js';
import { syncLeadFromProject } from './projectSync.js';
import { createProjectIn, listProjectDocs, newProjectRef, readProjectIn, updateProjectIn } from './projectStore.js';
import { leadExistsIn, readLeadIn } from '../leads/index.js';
import type { AdminActor, Deps } from '../useCase.js';

/**
 * Reads a project and its lead in `tx` (both parsed: domain storedProjectDocSchema, leadDocSchema).
 * @throws NotFound "Project not found"; ZodError (a logged 500) when the stored project or lead does not parse.
 */
async function readProject(db: Firestore, tx: Transaction, id: string) {
  const read = await readProjectIn(tx, db, id);
  if (!read) throw notFound('Project not found');
  const { ref, project } = read;
  const lead = project.leadId ? await readLeadIn(tx, db, project.leadId) : null;
  return {
    ref,
    project,
    status: project.status,
    canceledFrom: project.canceledFrom,
    countersignPending: project.countersignPending,
    lead,
  };
}

/**
 * Queues an email to the project's client (outbox, in `tx`) with the client's
 * name and the project's name besides `variables`. A project without a lead
 * has no client to write to, and nothing is queued.
 */
function emailClient(
  db: Firestore,
  tx: Transaction,
  p: Awaited<ReturnType<typeof readProject>>,
  templateId: OutboxEmail['templateId'],
  variables: Record<string, string>,
): void {
  if (!p.lead) return;
  enqueueEmail(db, tx, {
    to: p.lead.lead.email,
    templateId,
    leadId: p.lead.id,
    variables: { name: p.lead.lead.name, projectName: p.project.name, ...variables },
  });
}

/**
 * Every project, newest first, dates as ISO strings (each parsed: domain
 * projectDocSchema; one that does not parse is left out, logged).
 */
export async function listProjects(deps: Deps) {
  return (await listProjectDocs(deps.db)).map(({ launchDate, createdAt, ...project }) => ({
    ...project,
    launchDate: launchDate?.toISOString() ?? null,
    createdAt: createdAt?.toISOString() ?? null,
  }));
}

/** A new project in Set up (spec §5 New project). @returns its id. @throws Invalid { leadId: 'Lead not found' }. */
export async function createProject(deps: Deps, input: NewProject): Promise<string> {
  const { db } = deps;
  const ref = newProjectRef(db);
  await db.runTransaction(async (tx) => {
    if (input.leadId && !(await leadExistsIn(tx, db, input.leadId)))
      throw invalid('Validation failed', { leadId: 'Lead not found' });
    const now = FieldValue.serverTimestamp();
    createProjectIn(tx, ref, {
      ...newProjectRecord({
        leadId: input.leadId ?? null,
        name: input.name,
        client: input.client,
        projectType: input.projectType,
        description: input.description ?? '',
        priority: input.priority,
        estimatedHours: input.estimatedHours ?? null,
      }),
      startDate: input.startDate ? Timestamp.fromDate(new Date(`${input.startDate}T00:00:00Z`)) : null,
      dueDate: input.dueDate ? Timestamp.fromDate(new Date(`${input.dueDate}T00:00:00Z`)) : null,
      createdAt: now,
      updatedAt: now,
    });
  });
  return ref.id;
}

/**
 * A board move (PROJECT_TRANSITIONS, or a Canceled project back to the status it was canceled from); the lead
 * follows. A cancel records the status it leaves (`canceledFrom`), so it can be undone exactly; leaving
 * Canceled clears it.
 * @throws NotFound; Conflict when `expectedStatus` no longer matches or the move is refused.
 */
export async function moveProject(
  deps: Deps,
  input: { id: string; status: ProjectStatus; expectedStatus?: ProjectStatus | undefined },
  actor: AdminActor,
): Promise<void> {
  const { db } = deps;
  const { status, expectedStatus } = input;
  await db.runTransaction(async (tx) => {
    const p = await readProject(db, tx, input.id);
    if (expectedStatus && expectedStatus !== p.status)
      throw conflict(`Project was moved to ${p.status} in the meantime`);
    const refused =
      projectMoveError(p.status, status, p.canceledFrom) ?? countersignHoldError(status, p.countersignPending);
    if (refused) throw conflict(refused);
    updateProjectIn(tx, p.ref, {
      status,
      updatedAt: FieldValue.serverTimestamp(),
      ...canceledFromUpdate(p.status, status),
      ...(status === 'Canceled'
        ? { completedDate: FieldValue.serverTimestamp() }
        : p.status === 'Canceled'
          ? { completedDate: null }
          : {}),
    });
    syncLeadFromProject(tx, p.lead, status, actor.username);
  });
}

/** Production → Beta with its URL; the client is emailed (outbox). @throws NotFound; Conflict outside Production. */
export async function deployToBeta(
  deps: Deps,
  input: z.output<typeof deployToBetaSchema> & { id: string },
  actor: AdminActor,
): Promise<void> {
  const { db } = deps;
  const { deploymentUrl } = input;
  await db.runTransaction(async (tx) => {
    const p = await readProject(db, tx, input.id);
    if (p.status !== 'Production') throw conflict('Only a project in Production can be deployed to Beta');
    updateProjectIn(tx, p.ref, { status: 'Beta', deploymentUrl, updatedAt: FieldValue.serverTimestamp() });
    syncLeadFromProject(tx, p.lead, 'Beta', actor.username);
    emailClient(db, tx, p, 'beta-deployed', { deploymentUrl });
  });
}

/** Beta → Launch; the 7-day countdown starts now; the client is emailed. @throws NotFound; Conflict outside Beta. */
export async function launchProject(
  deps: Deps,
  input: z.output<typeof launchSchema> & { id: string },
  actor: AdminActor,
): Promise<void> {
  const { db } = deps;
  await db.runTransaction(async (tx) => {
    const p = await readProject(db, tx, input.id);
    if (p.status !== 'Beta') throw conflict('Only a project in Beta can be launched');
    updateProjectIn(tx, p.ref, {
      status: 'Launch',
      handoffType: input.handoffType,
      domainUrl: input.handoffType === 'domain' ? input.domainUrl : null,
      launchDate: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    syncLeadFromProject(tx, p.lead, 'Launch', actor.username);
    emailClient(db, tx, p, 'launched', { url: input.handoffType === 'domain' ? input.domainUrl : '' });
  });
}

/** Records the paid maintenance subscription. @throws NotFound; Conflict for a Canceled or Won project. */
export async function recordMaintenanceSubscription(deps: Deps, input: { id: string }): Promise<void> {
  const { db } = deps;
  await db.runTransaction(async (tx) => {
    const p = await readProject(db, tx, input.id);
    if (p.status === 'Canceled' || p.status === 'Won')
      throw conflict(`A ${p.status} project cannot take a maintenance subscription`);
    updateProjectIn(tx, p.ref, {
      maintenanceSubscriptionPaid: true,
      maintenancePaidAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
  });
}
