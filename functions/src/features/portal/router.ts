/**
 * The client portal's routes (docs/architecture.md "The client portal").
 *
 * Client routes, mounted at /api/portal behind requireClient (a Firebase ID
 * token of a verified address, no admin claim; 401 without one, 403 for an
 * unverified address or an admin's token). Everything is matched by that
 * address; another client's id is 404:
 * - GET /api/portal/overview → `{ success, email, projects, invoices }` (domain portalOverviewReply);
 * - GET /api/portal/projects/{id} → `{ success, project }`;
 * - GET /api/portal/invoices/{id} → `{ success, invoice }`.
 *
 * Admin route (mounted in the admin router, behind requireAdmin):
 * - POST /api/leads/{id}/portal-invite → `{ success, message, email }`: the
 *   sign-in link by email, written in the activity history. 404 unknown lead,
 *   400 a lead without an email, 503 when email sealing is not configured.
 */
import { Router } from 'express';
import { portalInviteReply, portalInvoiceReply, portalOverviewReply, portalProjectReply } from '@studio/domain';
import { config } from '../../config.js';
import { parseParams, sendReply } from '../../http.js';
import { auth, db } from '../../platform/firebase.js';
import { adminOf } from '../../platform/session.js';
import { idParams } from '../params.js';
import type { Deps } from '../useCase.js';
import { clientOf, requireClient } from './clientSession.js';
import { inviteToPortal, type SignInLinkMaker } from './invite.js';
import { portalInvoiceOf, portalOverview, portalProjectOf } from './overview.js';
import { messagesPortalRouter } from '../messages/index.js';

const deps: Deps = { db };

/** Client routes: app.ts mounts this at /portal. */
export const portalRouter = Router();
portalRouter.use(requireClient);
// The client's message threads (features/messages), behind the same guard.
portalRouter.use(messagesPortalRouter);

portalRouter.get('/overview', async (_req, res) => {
  sendReply(res, portalOverviewReply, await portalOverview(deps, clientOf(res)));
});

portalRouter.get('/projects/:id', async (req, res) => {
  const project = await portalProjectOf(deps, clientOf(res), parseParams(req, idParams).id);
  sendReply(res, portalProjectReply, { success: true, project });
});

portalRouter.get('/invoices/:id', async (req, res) => {
  const invoice = await portalInvoiceOf(deps, clientOf(res), parseParams(req, idParams).id);
  sendReply(res, portalInvoiceReply, { success: true, invoice });
});

/** Firebase Auth's email-link sign-in, handled by the web page the link lands on. */
const makeLink: SignInLinkMaker = (email, url) =>
  auth.generateSignInWithEmailLink(email, { url, handleCodeInApp: true });

/** Admin routes: app.ts mounts this in the admin router. */
export const portalAdminRouter = Router();

portalAdminRouter.post('/leads/:id/portal-invite', async (req, res) => {
  const { id } = parseParams(req, idParams);
  const sent = await inviteToPortal({ db, makeLink, siteUrl: config().siteUrl }, id, adminOf(res));
  sendReply(res, portalInviteReply, { success: true, ...sent });
});
