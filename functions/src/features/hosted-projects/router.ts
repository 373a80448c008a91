/**
 * Hosted-project ("Replit") quote tool (spec §2 "Hosted-project quote tool",
 * §5 "Hosted-project quote form", §7 /api/replit/*). Admin only. In code the
 * feature is "hosted projects"; the route paths and UI label keep "Replit" (spec).
 *
 * The platform has no public API: projects are the deterministic sample data of
 * `demoProjects` (demoCatalogue.ts), and every estimate comes from the analysis
 * model of domain/hostedProjects.ts. Money leaves as 2-decimal strings, and is stored in
 * integer cents.
 *
 * - GET  /replit/projects?username=        → { success, projects }
 * - POST /replit/analyze-project            → { success, analysis, quote }
 * - POST /replit/create-quote-from-project  → 201 { success, leadId }
 * - POST /replit/sync-project-status        → { success, updated, updates }
 */
import { Router } from 'express';
import {
  emptyBodySchema,
  hostedAnalysisReply,
  hostedAnalyzeRequestSchema,
  hostedProjectsReply,
  hostedQuoteCreatedReply,
  hostedQuoteFormSchema,
  hostedSyncReply,
  hostedUsernameSchema,
  rateDollarsToCents,
} from '@studio/domain';
import { db } from '../../platform/firebase.js';
import { parseBody, parseQuery, sendReply } from '../../http.js';
import { adminOf } from '../../platform/session.js';
import { systemClock, type Deps } from '../useCase.js';
import { demoProjects } from './demoCatalogue.js';
import { analyzeDemoProject, createQuoteFromHostedProject, syncHostedProjectStatus } from './hostedQuotes.js';

const deps: Deps = { db };

export const hostedProjectsAdminRouter = Router();

/** GET /api/replit/projects?username= (admin) → { success: true, projects }: the username's demo projects. */
hostedProjectsAdminRouter.get('/replit/projects', (req, res) => {
  const { username } = parseQuery(req, hostedUsernameSchema);
  sendReply(res, hostedProjectsReply, { success: true, projects: demoProjects(username, systemClock()) });
});

/**
 * POST /api/replit/analyze-project (admin) { projectId, baseHourlyRate (dollars) }
 * → { success: true, analysis, quote } with quote money as 2-decimal strings.
 * 404 "Project not found" when the id names no demo project.
 */
hostedProjectsAdminRouter.post('/replit/analyze-project', (req, res) => {
  const { projectId, baseHourlyRate } = parseBody(req, hostedAnalyzeRequestSchema);
  const result = analyzeDemoProject({ projectId, rateCents: rateDollarsToCents(baseHourlyRate) }, systemClock);
  sendReply(res, hostedAnalysisReply, { success: true, ...result });
});

/**
 * POST /api/replit/create-quote-from-project (admin): the full quote form (spec §5).
 * The price is computed here from the form's facts (language, file count,
 * deployment, features, rate); the body is strict, so a client-sent total or any
 * other unknown key is refused with 400 and nothing is written. In one batch:
 * a lead in Contacted with the quote (cents, 30% deposit), review Pending, the
 * generatedQuoteDetails JSON and the analysis reasons in notes, plus a
 * 'quote_event' activity entry. → 201 { success: true, leadId }.
 */
hostedProjectsAdminRouter.post('/replit/create-quote-from-project', async (req, res) => {
  const form = parseBody(req, hostedQuoteFormSchema);
  const created = await createQuoteFromHostedProject(deps, form, adminOf(res), systemClock);
  sendReply(res, hostedQuoteCreatedReply, { success: true, ...created }, 201);
});

/**
 * POST /api/replit/sync-project-status (admin), empty strict body
 * (syncHostedProjectStatus) → { success: true, updated, updates: ProjectStatusUpdate[] }.
 */
hostedProjectsAdminRouter.post('/replit/sync-project-status', async (req, res) => {
  parseBody(req, emptyBodySchema);
  sendReply(res, hostedSyncReply, { success: true, ...(await syncHostedProjectStatus(deps, systemClock)) });
});
