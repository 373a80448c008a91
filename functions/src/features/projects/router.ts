/**
 * Projects board API (spec §4 "Projects board flow", §7 /api/projects*),
 * admin only. Each move runs in a transaction that also keeps the project's
 * lead in step (features/projects/projectSync.ts). Replies are `{ success, message }`
 * as the spec shows.
 */
import { Router } from 'express';
import {
  deployToBetaSchema,
  emptyBodySchema,
  launchSchema,
  newProjectSchema,
  projectCreatedReply,
  projectsReply,
  projectUpdateSchema,
  successReply,
} from '@studio/domain';
import { db } from '../../platform/firebase.js';
import { parseBody, parseParams, sendReply } from '../../http.js';
import { adminOf } from '../../platform/session.js';
import { idParams } from '../params.js';
import type { Deps } from '../useCase.js';
import {
  createProject,
  deployToBeta,
  launchProject,
  listProjects,
  moveProject,
  recordMaintenanceSubscription,
} from './moveProject.js';

const deps: Deps = { db };

export const projectsAdminRouter = Router();

/** GET /api/projects → projects, newest first, with ISO dates. */
projectsAdminRouter.get('/projects', async (_req, res) => {
  sendReply(res, projectsReply, await listProjects(deps));
});

/** POST /api/projects (spec §5 New project) → 201 { success, message, id }. New projects start in Set up. */
projectsAdminRouter.post('/projects', async (req, res) => {
  const id = await createProject(deps, parseBody(req, newProjectSchema));
  sendReply(res, projectCreatedReply, { success: true, message: 'Project Created', id }, 201);
});

/** PUT /api/projects/{id} {status, expectedStatus?}: a board move (PROJECT_TRANSITIONS); the lead follows. */
projectsAdminRouter.put('/projects/:id', async (req, res) => {
  const input = parseBody(req, projectUpdateSchema);
  await moveProject(deps, { ...input, ...parseParams(req, idParams) }, adminOf(res));
  sendReply(res, successReply, { success: true, message: 'Project Updated' });
});

/** POST /api/projects/{id}/deploy-to-beta {deploymentUrl}: Production → Beta; the client is emailed (outbox). */
projectsAdminRouter.post('/projects/:id/deploy-to-beta', async (req, res) => {
  const input = parseBody(req, deployToBetaSchema);
  await deployToBeta(deps, { ...input, ...parseParams(req, idParams) }, adminOf(res));
  sendReply(res, successReply, { success: true, message: 'Deployed to Beta' });
});

/** POST /api/projects/{id}/launch {handoffType, domainUrl?}: Beta → Launch; the 7-day countdown starts now. */
projectsAdminRouter.post('/projects/:id/launch', async (req, res) => {
  const input = parseBody(req, launchSchema);
  await launchProject(deps, { ...input, ...parseParams(req, idParams) }, adminOf(res));
  sendReply(res, successReply, { success: true, message: 'Project Launched (7-day countdown started)' });
});

/** POST /api/projects/{id}/maintenance-subscription {}: records the paid maintenance subscription. */
projectsAdminRouter.post('/projects/:id/maintenance-subscription', async (req, res) => {
  parseBody(req, emptyBodySchema);
  await recordMaintenanceSubscription(deps, parseParams(req, idParams));
  sendReply(res, successReply, { success: true, message: 'Maintenance Subscription Recorded' });
});
