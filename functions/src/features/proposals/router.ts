/**
 * Proposals (a quote approved with a contract; see domain proposals.ts).
 *
 * Public, through the quote link (under /quote-acceptance, so its rate limit applies):
 * - GET /quote-acceptance/proposal?leadId&token → { success, proposal | null }; the first open records Viewed.
 * - POST /quote-acceptance/sign {leadId, token, documentSha256, consent: true, fullName, signaturePng?}
 *   → { success, proposalId, requiresPayment, checkoutUrl? | message }: signs and accepts; 400 without consent or
 *   name; 409 a revised or revoked quote's old link, a changed document, or signed already.
 * - GET /quote-acceptance/proposal.pdf?leadId&token → the signed (or countersigned) PDF.
 * - POST /quote-acceptance/verify/{id} {sha256} → { success, matches, stage }: checks a PDF's hash against the record.
 *
 * Admin:
 * - GET/PUT /settings/proposals, POST /settings/proposals/preview: capacity, countersigning, contract templates.
 * - GET /leads/{id}/proposals: the lead's proposals with Sent/Viewed/Signed/Countersigned times.
 * - GET /proposals/{id}/pdf: the PDF; POST /proposals/{id}/countersign {fullName}.
 * No route edits or deletes the audit trail (`proposal_events`).
 */
import { Router, type RequestHandler, type Response } from 'express';
import {
  contractPreviewReply,
  contractPreviewSchema,
  countersignSchema,
  leadProposalsReply,
  proposalSettingsReply,
  proposalSettingsSaveSchema,
  proposalSignedReply,
  proposalVerifiedReply,
  proposalVerifySchema,
  proposalViewReply,
  quoteLinkSchema,
  settingsSavedReply,
  signProposalSchema,
  successReply,
} from '@studio/domain';
import { db } from '../../platform/firebase.js';
import { clientIp, parseBody, parseParams, sendReply } from '../../http.js';
import { AppError } from '../../platform/errors.js';
import { adminOf } from '../../platform/session.js';
import { idParams } from '../params.js';
import { systemClock, type Deps } from '../useCase.js';
import { countersignProposal, leadProposals } from './countersign.js';
import { loadProposalSettings, previewContractText, saveProposalSettings } from './proposalSettings.js';
import { openProposal, proposalPdfById, proposalPdfByLink, signProposal, verifyProposalPdf } from './signProposal.js';
import { requireAppCheck } from '../../platform/appCheck.js';

const deps: Deps = { db };

const noStore: RequestHandler = (_req, res, next) => {
  res.set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
  next();
};

function sendPdf(res: Response, id: string, pdf: Buffer): void {
  res.status(200).set({
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="proposal-${id}.pdf"`,
    'Content-Length': String(pdf.length),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
  res.end(pdf);
}

const linkOf = (query: unknown) => {
  const q = query as Record<string, unknown>;
  const parsed = quoteLinkSchema.safeParse({ leadId: q.leadId, token: q.token });
  if (!parsed.success) throw new AppError('Invalid', 'Invalid Quote Link');
  return parsed.data;
};
const actorOf = (req: Parameters<RequestHandler>[0]) => ({
  ip: clientIp(req),
  userAgent: (req.header('user-agent') ?? '').slice(0, 300) || null,
});

export const proposalsPublicRouter = Router();
proposalsPublicRouter.use('/quote-acceptance/sign', requireAppCheck);
proposalsPublicRouter.use('/quote-acceptance', noStore);

proposalsPublicRouter.get('/quote-acceptance/proposal', async (req, res) => {
  const proposal = await openProposal(deps, linkOf(req.query), actorOf(req), systemClock);
  sendReply(res, proposalViewReply, { success: true, proposal });
});

proposalsPublicRouter.post('/quote-acceptance/sign', async (req, res) => {
  const input = parseBody(req, signProposalSchema);
  sendReply(res, proposalSignedReply, {
    success: true,
    ...(await signProposal(deps, input, actorOf(req), systemClock)),
  });
});

proposalsPublicRouter.get('/quote-acceptance/proposal.pdf', async (req, res) => {
  const { id, pdf } = await proposalPdfByLink(deps, linkOf(req.query), systemClock);
  sendPdf(res, id, pdf);
});

proposalsPublicRouter.post('/quote-acceptance/verify/:id', async (req, res) => {
  const { id } = parseParams(req, idParams);
  const { sha256 } = parseBody(req, proposalVerifySchema);
  sendReply(res, proposalVerifiedReply, { success: true, ...(await verifyProposalPdf(deps, id, sha256)) });
});

export const proposalsAdminRouter = Router();

proposalsAdminRouter.get('/settings/proposals', async (_req, res) => {
  sendReply(res, proposalSettingsReply, { success: true, ...(await loadProposalSettings(deps)) });
});

proposalsAdminRouter.put('/settings/proposals', async (req, res) => {
  const save = parseBody(req, proposalSettingsSaveSchema);
  const version = await saveProposalSettings(deps, save, adminOf(res));
  sendReply(res, settingsSavedReply, { success: true, message: 'Proposal settings saved', version });
});

proposalsAdminRouter.post('/settings/proposals/preview', async (req, res) => {
  const input = parseBody(req, contractPreviewSchema);
  sendReply(res, contractPreviewReply, { success: true, text: await previewContractText(deps, input) });
});

proposalsAdminRouter.get('/leads/:id/proposals', async (req, res) => {
  const { id } = parseParams(req, idParams);
  sendReply(res, leadProposalsReply, { success: true, proposals: await leadProposals(deps, id) });
});

proposalsAdminRouter.get('/proposals/:id/pdf', async (req, res) => {
  const { id, pdf } = await proposalPdfById(deps, parseParams(req, idParams).id);
  sendPdf(res, id, pdf);
});

proposalsAdminRouter.post('/proposals/:id/countersign', async (req, res) => {
  const { id } = parseParams(req, idParams);
  const { fullName } = parseBody(req, countersignSchema);
  await countersignProposal(deps, { id, fullName }, adminOf(res), systemClock);
  sendReply(res, successReply, { success: true });
});
