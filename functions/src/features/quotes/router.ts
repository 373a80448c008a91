/**
 * Quotes (spec §4 "Add Project Plan", "Quote review", "Quote acceptance"; §7).
 *
 * The server computes every price (domain/pricing.ts); the browser sends the
 * plan or the admin's edited figures, never a computed total. Each generated
 * or edited quote is kept as an immutable version in `quote_versions`.
 *
 * Quote links: approving a quote issues `/quote-acceptance?leadId=…&token=…`,
 * valid 30 days and single-use. A link dies with its quote: issuing a newer
 * link, editing or revising the quote, and moving the lead out of Quoted or
 * to Lost (moveLead) mark it revoked for good, and opening or
 * accepting it re-checks it against its lead → 409 "This quote is no longer
 * available", nothing written. Unknown leads and wrong tokens answer 404
 * "Quote Not Found"; an expired link 410.
 */
import { Router, type Request, type RequestHandler } from 'express';
import {
  approveQuoteSchema,
  emptyBodySchema,
  projectPlanSchema,
  quoteEditSchema,
  quoteLinkAcceptedReply,
  quoteLinkReply,
  quoteLinkSchema,
  linksRevokedReply,
  projectPlanAddedReply,
  quoteAcceptedByAdminReply,
  quoteApprovedReply,
  successReply,
} from '@studio/domain';
import { db } from '../../platform/firebase.js';
import { clientIp, parseBody, parseParams, sendReply } from '../../http.js';
import { AppError } from '../../platform/errors.js';
import { adminOf } from '../../platform/session.js';
import { idParams } from '../params.js';
import { systemClock, type Deps } from '../useCase.js';
import { addProjectPlan } from './addProjectPlan.js';
import { editQuote } from './editQuote.js';
import { approveQuote } from './approveQuote.js';
import { acceptQuoteAsAdmin, reviseQuote, revokeQuoteLinks } from './reviewQuote.js';
import { acceptQuoteLink, openQuoteLink } from './acceptQuoteLink.js';
import { requireAppCheck } from '../../platform/appCheck.js';
import type { QuoteContracts, QuoteDeps } from './contracts.js';

const deps: Deps = { db };
const leadIdOf = (req: Request) => parseParams(req, idParams).id;

/** The admin's quote routes; `contracts` is the proposals slice's side of a quote (app.ts passes it in). */
export function quotesAdminRouter(contracts: QuoteContracts): Router {
  const quoteDeps: QuoteDeps = { ...deps, contracts };
  const router = Router();

  /** POST /api/leads/{id}/project-plan: lead in Contacted only → 201 { success, quoteDetails, quoteVersion }. */
  router.post('/leads/:id/project-plan', async (req, res) => {
    const plan = parseBody(req, projectPlanSchema);
    const result = await addProjectPlan(deps, { leadId: leadIdOf(req), plan }, adminOf(res));
    sendReply(res, projectPlanAddedReply, { success: true, ...result }, 201);
  });

  /** PUT /api/leads/{id}/quote: the Edit Quote dialog (editQuote) → { success }. */
  router.put('/leads/:id/quote', async (req, res) => {
    const quote = parseBody(req, quoteEditSchema);
    await editQuote(deps, { leadId: leadIdOf(req), quote }, adminOf(res));
    sendReply(res, successReply, { success: true });
  });

  /**
   * POST /api/leads/{id}/quote/approve {contractTemplateId?} → { success, acceptanceUrl, emailed, emailedTo,
   * expiresAt } (approveQuote); with a contract template the link opens a proposal to sign.
   */
  router.post('/leads/:id/quote/approve', async (req, res) => {
    const { contractTemplateId } = parseBody(req, approveQuoteSchema);
    const approved = await approveQuote(
      quoteDeps,
      { leadId: leadIdOf(req), contractTemplateId },
      adminOf(res),
      systemClock,
    );
    sendReply(res, quoteApprovedReply, {
      success: true,
      acceptanceUrl: approved.acceptanceUrl,
      emailed: approved.emailed,
      emailedTo: approved.emailedTo,
      expiresAt: approved.expiresAt.toISOString(),
    });
  });

  /** POST /api/leads/{id}/quote/revise: review "Needs Revision" → { success }. */
  router.post('/leads/:id/quote/revise', async (req, res) => {
    parseBody(req, emptyBodySchema);
    await reviseQuote(deps, { leadId: leadIdOf(req) }, adminOf(res));
    sendReply(res, successReply, { success: true });
  });

  /** POST /api/leads/{id}/quote/revoke-link: every open link of the lead stops working → { success, revoked }. */
  router.post('/leads/:id/quote/revoke-link', async (req, res) => {
    parseBody(req, emptyBodySchema);
    const revoked = await revokeQuoteLinks(deps, { leadId: leadIdOf(req) }, adminOf(res));
    sendReply(res, linksRevokedReply, { success: true, revoked });
  });

  /** POST /api/leads/{id}/quote/accept (admin "Accept Quote"): needs an Approved quote; creates the project. */
  router.post('/leads/:id/quote/accept', async (req, res) => {
    parseBody(req, emptyBodySchema);
    const actor = { ...adminOf(res), ip: clientIp(req), userAgent: req.header('user-agent') ?? null };
    const projectId = await acceptQuoteAsAdmin(deps, { leadId: leadIdOf(req) }, actor);
    sendReply(res, quoteAcceptedByAdminReply, {
      success: true,
      message: 'Quote accepted and project created',
      projectId,
    });
  });

  return router;
}

// ---- public: the client's quote acceptance page -----------------------------

const noStore: RequestHandler = (_req, res, next) => {
  res.set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
  next();
};

/** The client's quote link routes; `contracts` as for quotesAdminRouter. */
export function quotesPublicRouter(contracts: QuoteContracts): Router {
  const quoteDeps: QuoteDeps = { ...deps, contracts };
  const router = Router();
  router.use('/quote-acceptance/accept', requireAppCheck);
  router.use('/quote-acceptance', noStore);

  /**
   * GET /api/quote-acceptance?leadId&token → { success, lead, quoteDetails }; a malformed link → 400 "Invalid
   * Quote Link".
   */
  router.get('/quote-acceptance', async (req, res) => {
    const parsed = quoteLinkSchema.safeParse({ leadId: req.query.leadId, token: req.query.token });
    if (!parsed.success) throw new AppError('Invalid', 'Invalid Quote Link');
    sendReply(res, quoteLinkReply, { success: true, ...(await openQuoteLink(deps, parsed.data, systemClock)) });
  });

  /** POST /api/quote-acceptance/accept {leadId, token} → { success, requiresPayment, checkoutUrl? | message }. */
  router.post('/quote-acceptance/accept', async (req, res) => {
    const input = parseBody(req, quoteLinkSchema);
    const actor = { ip: clientIp(req), userAgent: (req.header('user-agent') ?? '').slice(0, 300) || null };
    sendReply(res, quoteLinkAcceptedReply, {
      success: true,
      ...(await acceptQuoteLink(quoteDeps, input, actor, systemClock)),
    });
  });

  return router;
}
