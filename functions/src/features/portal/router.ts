/**
 * The client portal's routes (docs/architecture.md "The client portal").
 *
 * Client routes, mounted at /api/portal behind requireClient (a Firebase ID
 * token of a verified address, no admin claim; 401 without one, 403 for an
 * unverified address or an admin's token). Everything is matched by that
 * address; another client's id is 404:
 * - GET /api/portal/overview → `{ success, email, projects, invoices, timeZone }` (domain portalOverviewReply);
 * - GET /api/portal/projects/{id} → `{ success, project }`;
 * - GET /api/portal/invoices/{id} → `{ success, invoice }`;
 * - GET /api/portal/subscriptions → `{ success, subscriptions }` (domain portalSubscriptionsReply);
 * - POST /api/portal/subscriptions/{id}/cancel `{}` → `{ success, message, subscription }`: ends it at the end of
 *   its period (409 when canceled or already ending);
 * - POST /api/portal/subscriptions/{id}/billing-portal `{}` → `{ success, url }`: Stripe's customer portal for a
 *   live subscription (404 in test mode, where the portal page itself is the equivalent);
 * - the documents (documentsRouter.ts), then the routes app.ts passes in (the message threads). The first
 *   authenticated call records the sign-in (signIns.ts).
 *
 * Admin route (mounted in the admin router, behind requireAdmin):
 * - POST /api/leads/{id}/portal-invite → `{ success, message, email }`: the
 *   sign-in link by email, written in the activity history. 404 unknown lead,
 *   400 a lead without an email, 503 when email sealing is not configured;
 * - GET /api/leads/{id}/portal-status (documentsRouter.ts).
 */
import { Router } from 'express';
import {
  emptyBodySchema,
  PORTAL_SUBSCRIPTION_CANCELED,
  portalBillingPortalReply,
  portalInviteReply,
  portalInvoiceReply,
  portalOverviewReply,
  portalProjectReply,
  portalSubscriptionCanceledReply,
  portalSubscriptionsReply,
} from '@studio/domain';
import { config } from '../../config.js';
import { parseBody, parseParams, sendReply } from '../../http.js';
import { auth, db } from '../../platform/firebase.js';
import { adminOf } from '../../platform/session.js';
import { idParams } from '../params.js';
import type { Deps } from '../useCase.js';
import { clientOf, requireClient } from './clientSession.js';
import { portalDocumentsRouter, portalStatusAdminRouter } from './documentsRouter.js';
import { inviteToPortal, type SignInLinkMaker } from './invite.js';
import { portalInvoiceOf, portalOverview, portalProjectOf } from './overview.js';
import { cancelClientSubscription, clientBillingPortal, clientSubscriptions } from './subscriptions.js';
import { portalSignInRecorder } from './signIns.js';

const deps: Deps = { db };

/**
 * Client routes: app.ts mounts this at /portal. `clientRoutes` are other slices' client routes served behind the
 * same guard, after the documents (app.ts passes the message threads, features/messages, which build on the
 * portal's session and reads, so this slice imports none of them).
 */
export function portalRouter(...clientRoutes: Router[]): Router {
  const router = Router();
  router.use(requireClient);
  router.use(portalSignInRecorder(deps));
  router.use(portalDocumentsRouter);
  for (const routes of clientRoutes) router.use(routes);

  router.get('/overview', async (_req, res) => {
    sendReply(res, portalOverviewReply, await portalOverview(deps, clientOf(res)));
  });

  router.get('/projects/:id', async (req, res) => {
    const project = await portalProjectOf(deps, clientOf(res), parseParams(req, idParams).id);
    sendReply(res, portalProjectReply, { success: true, project });
  });

  router.get('/invoices/:id', async (req, res) => {
    const invoice = await portalInvoiceOf(deps, clientOf(res), parseParams(req, idParams).id);
    sendReply(res, portalInvoiceReply, { success: true, invoice });
  });

  router.get('/subscriptions', async (_req, res) => {
    sendReply(res, portalSubscriptionsReply, {
      success: true,
      subscriptions: await clientSubscriptions(deps, clientOf(res)),
    });
  });

  router.post('/subscriptions/:id/cancel', async (req, res) => {
    const { id } = parseParams(req, idParams);
    parseBody(req, emptyBodySchema);
    const subscription = await cancelClientSubscription(deps, clientOf(res), id);
    sendReply(res, portalSubscriptionCanceledReply, {
      success: true,
      message: PORTAL_SUBSCRIPTION_CANCELED,
      subscription,
    });
  });

  router.post('/subscriptions/:id/billing-portal', async (req, res) => {
    const { id } = parseParams(req, idParams);
    parseBody(req, emptyBodySchema);
    const url = await clientBillingPortal(deps, clientOf(res), id, config().siteUrl);
    sendReply(res, portalBillingPortalReply, { success: true, url });
  });

  return router;
}

/** Firebase Auth's email-link sign-in, handled by the web page the link lands on. */
const makeLink: SignInLinkMaker = (email, url) =>
  auth.generateSignInWithEmailLink(email, { url, handleCodeInApp: true });

/** Admin routes: app.ts mounts this in the admin router. */
export const portalAdminRouter = Router();
portalAdminRouter.use(portalStatusAdminRouter);

portalAdminRouter.post('/leads/:id/portal-invite', async (req, res) => {
  const { id } = parseParams(req, idParams);
  const sent = await inviteToPortal({ db, makeLink, siteUrl: config().siteUrl }, id, adminOf(res));
  sendReply(res, portalInviteReply, { success: true, ...sent });
});
