/**
 * Projects board API (spec §4 "Projects board flow", §7 /api/projects*).
 * Every route is admin-only and runs in a transaction that also keeps the
 * project's lead in step (services/projectSync.ts). Replies are
 * `{ success, message }` as the spec shows.
 */
import { Router } from 'express';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import {
  deployToBetaSchema,
  emptyBodySchema,
  launchSchema,
  newProjectRecord,
  newProjectSchema,
  projectMoveError,
  projectUpdateSchema,
  type ProjectStatus,
} from '@studio/domain';
import { COLLECTIONS, db } from '../firebase.js';
import { HttpError, parseBody } from '../http.js';
import { requireAdmin, type AdminLocals } from '../session.js';
import { enqueueEmail } from '../services/outbox.js';
import { syncLeadFromProject } from '../services/projectSync.js';

export const projectsRouter = Router();
projectsRouter.use('/projects', requireAdmin);

const projects = () => db.collection(COLLECTIONS.projects);

/** Reads a project and its lead in `tx`. 404 "Project not found". */
async function readProject(tx: FirebaseFirestore.Transaction, id: string) {
  const snap = await tx.get(projects().doc(id));
  if (!snap.exists) throw new HttpError(404, 'Project not found');
  const leadId = snap.get('leadId') as string | null;
  const lead = leadId ? await tx.get(db.collection(COLLECTIONS.leads).doc(leadId)) : null;
  return { snap, status: snap.get('status') as ProjectStatus, lead };
}

/** GET /api/projects → projects, newest first, with ISO dates. */
projectsRouter.get('/projects', async (_req, res) => {
  const snap = await projects().orderBy('createdAt', 'desc').get();
  res.json(
    snap.docs.map((d) => {
      const out: Record<string, unknown> = { id: d.id };
      for (const [k, v] of Object.entries(d.data())) out[k] = v instanceof Timestamp ? v.toDate().toISOString() : v;
      return out;
    }),
  );
});

/** POST /api/projects (spec §5 New project) → 201 { success, message, id }. New projects start in Set up. */
projectsRouter.post('/projects', async (req, res) => {
  const input = parseBody(req, newProjectSchema);
  const ref = projects().doc();
  await db.runTransaction(async (tx) => {
    if (input.leadId && !(await tx.get(db.collection(COLLECTIONS.leads).doc(input.leadId))).exists) throw new HttpError(400, 'Validation failed', { leadId: 'Lead not found' });
    const now = FieldValue.serverTimestamp();
    tx.create(ref, {
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
  res.status(201).json({ success: true, message: 'Project Created', id: ref.id });
});

/** PUT /api/projects/{id} {status, expectedStatus?}: a board move (PROJECT_TRANSITIONS); the lead follows. */
projectsRouter.put('/projects/:id', async (req, res) => {
  const { status, expectedStatus } = parseBody(req, projectUpdateSchema);
  const admin = res.locals.admin as AdminLocals;
  await db.runTransaction(async (tx) => {
    const p = await readProject(tx, req.params.id as string);
    if (expectedStatus && expectedStatus !== p.status) throw new HttpError(409, `Project was moved to ${p.status} in the meantime`);
    const refused = projectMoveError(p.status, status);
    if (refused) throw new HttpError(409, refused);
    tx.update(p.snap.ref, { status, updatedAt: FieldValue.serverTimestamp(), ...(status === 'Canceled' ? { completedDate: FieldValue.serverTimestamp() } : {}) });
    syncLeadFromProject(tx, p.lead, status, admin.username);
  });
  res.json({ success: true, message: 'Project Updated' });
});

/** POST /api/projects/{id}/deploy-to-beta {deploymentUrl}: Production → Beta; the client is emailed (outbox). */
projectsRouter.post('/projects/:id/deploy-to-beta', async (req, res) => {
  const { deploymentUrl } = parseBody(req, deployToBetaSchema);
  const admin = res.locals.admin as AdminLocals;
  await db.runTransaction(async (tx) => {
    const p = await readProject(tx, req.params.id as string);
    if (p.status !== 'Production') throw new HttpError(409, 'Only a project in Production can be deployed to Beta');
    tx.update(p.snap.ref, { status: 'Beta', deploymentUrl, updatedAt: FieldValue.serverTimestamp() });
    syncLeadFromProject(tx, p.lead, 'Beta', admin.username);
    if (p.lead?.exists) {
      enqueueEmail(db, tx, { to: p.lead.get('email'), templateId: 'beta-deployed', leadId: p.lead.id, variables: { name: p.lead.get('name'), projectName: p.snap.get('name'), deploymentUrl } });
    }
  });
  res.json({ success: true, message: 'Deployed to Beta' });
});

/** POST /api/projects/{id}/launch {handoffType, domainUrl?}: Beta → Launch; the 7-day countdown starts now. */
projectsRouter.post('/projects/:id/launch', async (req, res) => {
  const input = parseBody(req, launchSchema);
  const admin = res.locals.admin as AdminLocals;
  await db.runTransaction(async (tx) => {
    const p = await readProject(tx, req.params.id as string);
    if (p.status !== 'Beta') throw new HttpError(409, 'Only a project in Beta can be launched');
    tx.update(p.snap.ref, {
      status: 'Launch',
      handoffType: input.handoffType,
      domainUrl: input.handoffType === 'domain' ? input.domainUrl : null,
      launchDate: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    syncLeadFromProject(tx, p.lead, 'Launch', admin.username);
    if (p.lead?.exists) {
      enqueueEmail(db, tx, { to: p.lead.get('email'), templateId: 'launched', leadId: p.lead.id, variables: { name: p.lead.get('name'), projectName: p.snap.get('name'), url: input.handoffType === 'domain' ? input.domainUrl : '' } });
    }
  });
  res.json({ success: true, message: 'Project Launched (7-day countdown started)' });
});

/** POST /api/projects/{id}/maintenance-subscription {}: records the paid maintenance subscription. */
projectsRouter.post('/projects/:id/maintenance-subscription', async (req, res) => {
  parseBody(req, emptyBodySchema);
  await db.runTransaction(async (tx) => {
    const p = await readProject(tx, req.params.id as string);
    if (p.status === 'Canceled' || p.status === 'Won') throw new HttpError(409, `A ${p.status} project cannot take a maintenance subscription`);
    tx.update(p.snap.ref, { maintenanceSubscriptionPaid: true, maintenancePaidAt: FieldValue.serverTimestamp(), updatedAt: FieldValue.serverTimestamp() });
  });
  res.json({ success: true, message: 'Maintenance Subscription Recorded' });
});
