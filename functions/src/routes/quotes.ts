/**
 * Quotes (spec §4 "Add Project Plan", "Quote review", "Quote acceptance"; §7).
 *
 * The server computes every price (domain/pricing.ts); the browser sends the
 * plan or the admin's edited figures, never a computed total. Each generated
 * or edited quote is kept as an immutable version in `quote_versions`.
 *
 * Quote links: approving a quote issues `/quote-acceptance?leadId=…&token=…`.
 * The token is 256 random bits; only its SHA-256 is stored (`quote_links/{hash}`),
 * it expires after 30 days and is single-use. A link dies with its quote:
 * issuing a newer link, editing or revising the quote mark it revoked, and
 * opening or accepting it re-checks it against its lead (domain
 * quoteLinkRevoked: lead Lost, another quote version) → 409 "This quote is
 * no longer available", nothing written. Unknown leads and wrong tokens
 * answer 404 "Quote Not Found".
 */
import { createHash, randomBytes } from 'node:crypto';
import { Router, type Request } from 'express';
import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import {
  formatUsd,
  appendNoteLine,
  canMoveLead,
  centsToString,
  checkoutPath,
  computeQuote,
  emptyBodySchema,
  planFeaturesText,
  projectPlanSchema,
  QUOTE_LINK_TTL_DAYS,
  quoteEditSchema,
  quoteLinkSchema,
  quoteLinkRevoked,
  QUOTE_NO_LONGER_AVAILABLE,
  quoteEditRefusal,
  renderPlanText,
  renderQuoteText,
  toGeneratedQuoteDetails,
  type LeadRecord,
} from '@studio/domain';
import { COLLECTIONS, db } from '../firebase.js';
import { clientIp, HttpError, parseBody } from '../http.js';
import { requireAdmin, type AdminLocals } from '../session.js';
import { recordActivity } from '../services/activity.js';
import { acceptQuoteInTx } from '../services/quoteAcceptance.js';
import { enqueueEmail } from '../services/outbox.js';
import { canSeal, seal } from '../services/sealed.js';
import { config } from '../config.js';
import * as logger from 'firebase-functions/logger';

type StoredLead = LeadRecord & { quoteVersion?: number; hourlyRateCents?: number; generatedQuoteDetails?: string; stripeDepositPaymentId?: string | null; stripeFinalPaymentId?: string | null };

export const quotesRouter = Router();

const DAY_MS = 86_400_000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

async function readLead(tx: Transaction, id: string) {
  const ref = db.collection(COLLECTIONS.leads).doc(id);
  const snap = await tx.get(ref);
  if (!snap.exists) throw new HttpError(404, 'Lead not found');
  return { ref, lead: snap.data() as StoredLead };
}

/** Writes quote version n+1 of a lead into `tx`. */
function writeVersion(tx: Transaction, leadId: string, version: number, fields: Record<string, unknown>, by: string) {
  tx.create(db.collection(COLLECTIONS.quoteVersions).doc(`${leadId}_v${version}`), { leadId, version, ...fields, by, at: FieldValue.serverTimestamp() });
}

// ---- admin ---------------------------------------------------------------

quotesRouter.use('/leads/:id/project-plan', requireAdmin);
quotesRouter.use('/leads/:id/quote', requireAdmin);

/** POST /api/leads/{id}/project-plan (admin): lead in Contacted only → quote computed, review Pending. */
quotesRouter.post('/leads/:id/project-plan', async (req, res) => {
  const plan = parseBody(req, projectPlanSchema);
  const admin = res.locals.admin as AdminLocals;
  const result = await db.runTransaction(async (tx) => {
    const { ref, lead } = await readLead(tx, req.params.id as string);
    if (lead.status !== 'Contacted') throw new HttpError(409, 'A project plan can only be added to a lead in Contacted');
    const quote = computeQuote({ projectType: lead.projectType, complexity: plan.complexity, estimatedHours: plan.estimatedHours, detectedFeatures: planFeaturesText(plan) });
    const details = toGeneratedQuoteDetails(quote);
    const version = (lead.quoteVersion ?? 0) + 1;
    const { timeline: _t, requirements: _r, estimatedHours: _h, ...planFields } = plan;
    tx.update(ref, {
      ...planFields,
      status: 'Contacted',
      estimatedHours: quote.estimatedHoursHundredths / 100,
      hourlyRateCents: quote.hourlyRateCents,
      quoteAmountCents: quote.totalCents,
      depositAmountCents: quote.depositCents,
      finalAmountCents: quote.finalCents,
      detectedFeatures: planFeaturesText(plan),
      generatedQuoteDetails: JSON.stringify(details),
      hasProjectPlan: true,
      quoteGenerated: true,
      quoteReviewStatus: 'Pending',
      quoteVersion: version,
      notes: appendNoteLine(lead.notes, `${renderPlanText(plan)}\n${renderQuoteText(quote)}`),
      updatedAt: FieldValue.serverTimestamp(),
    });
    writeVersion(tx, ref.id, version, { source: 'plan', quoteAmountCents: quote.totalCents, depositAmountCents: quote.depositCents, finalAmountCents: quote.finalCents, hourlyRateCents: quote.hourlyRateCents, estimatedHours: quote.estimatedHoursHundredths / 100, complexity: plan.complexity, explanation: renderQuoteText(quote) }, admin.username);
    recordActivity(db, tx, { leadId: ref.id, type: 'quote_event', detail: `Project plan added; quote v${version} generated (${centsToString(quote.totalCents)})`, by: admin.username });
    return { details, version };
  });
  res.status(201).json({ success: true, quoteDetails: result.details, quoteVersion: result.version });
});

/**
 * PUT /api/leads/{id}/quote (admin): the Edit Quote dialog. A new version;
 * review goes back to Pending; earlier quote links die with the old version.
 * After money has moved (a recorded deposit or final payment) the edit is
 * refused: 409 QUOTE_EDIT_AFTER_PAYMENT (domain/payments.ts), and the refused
 * attempt is recorded in the lead's activity history.
 */
quotesRouter.put('/leads/:id/quote', async (req, res) => {
  const q = parseBody(req, quoteEditSchema);
  const admin = res.locals.admin as AdminLocals;
  const leadId = req.params.id as string;
  const refused = await db.runTransaction(async (tx) => {
    const { ref, lead } = await readLead(tx, leadId);
    const links = await openLinks(tx, leadId);
    if (!lead.quoteGenerated) throw new HttpError(409, 'This lead has no quote to edit');
    const afterPayment = quoteEditRefusal(lead);
    if (afterPayment) return afterPayment;
    if (lead.quoteAccepted) throw new HttpError(409, 'An accepted quote cannot be edited');
    const version = (lead.quoteVersion ?? 0) + 1;
    const details = {
      quoteAmount: centsToString(q.quoteAmount),
      depositAmount: centsToString(q.depositAmount),
      finalAmount: centsToString(q.finalAmount),
      hourlyRate: centsToString(q.hourlyRate),
      estimatedHours: q.estimatedHours,
      breakdown: { baseCost: centsToString(Math.round(q.hourlyRate * q.estimatedHours)), adjustments: centsToString(q.quoteAmount - Math.round(q.hourlyRate * q.estimatedHours)), totalCost: centsToString(q.quoteAmount), depositAmount: centsToString(q.depositAmount), finalAmount: centsToString(q.finalAmount) },
    };
    // A new version needs a new link: the old ones die with the old version.
    for (const d of links) tx.update(d.ref, { revokedAt: FieldValue.serverTimestamp() });
    tx.update(ref, {
      quoteAmountCents: q.quoteAmount,
      depositAmountCents: q.depositAmount,
      finalAmountCents: q.finalAmount,
      hourlyRateCents: q.hourlyRate,
      estimatedHours: q.estimatedHours,
      complexity: q.complexity,
      generatedQuoteDetails: JSON.stringify(details),
      quoteReviewStatus: 'Pending',
      quoteVersion: version,
      updatedAt: FieldValue.serverTimestamp(),
    });
    writeVersion(tx, ref.id, version, { source: 'edit', quoteAmountCents: q.quoteAmount, depositAmountCents: q.depositAmount, finalAmountCents: q.finalAmount, hourlyRateCents: q.hourlyRate, estimatedHours: q.estimatedHours, complexity: q.complexity }, admin.username);
    recordActivity(db, tx, { leadId: ref.id, type: 'quote_event', detail: `Quote edited (v${version}, ${centsToString(q.quoteAmount)})`, by: admin.username });
    return null;
  });
  if (refused) {
    // The quote is untouched; the history keeps the attempt (what was asked, and why not).
    const batch = db.batch();
    recordActivity(db, batch, { leadId, type: 'quote_event', detail: `Quote edit to ${centsToString(q.quoteAmount)} refused: payments already received (use Create Invoice for any difference)`, by: admin.username });
    await batch.commit();
    throw new HttpError(409, refused);
  }
  res.json({ success: true });
});

/**
 * POST /api/leads/{id}/quote/approve (admin): review Approved, lead → Quoted,
 * and a fresh quote link (earlier links are revoked). The raw link is in the
 * reply only; Firestore keeps the token's hash.
 */
quotesRouter.post('/leads/:id/quote/approve', async (req, res) => {
  parseBody(req, emptyBodySchema);
  const admin = res.locals.admin as AdminLocals;
  const token = randomBytes(32).toString('base64url');
  const leadId = req.params.id as string;
  const expiresAt = Timestamp.fromMillis(Date.now() + QUOTE_LINK_TTL_DAYS * DAY_MS);
  const link = `/quote-acceptance?${new URLSearchParams({ leadId, token }).toString()}`;
  let emailed = false;
  await db.runTransaction(async (tx) => {
    const { ref, lead } = await readLead(tx, leadId);
    const open = await tx.get(db.collection(COLLECTIONS.quoteLinks).where('leadId', '==', leadId).where('revokedAt', '==', null));
    if (!lead.quoteGenerated) throw new HttpError(409, 'This lead has no quote to approve');
    if (lead.quoteAccepted) throw new HttpError(409, 'This quote is already accepted');
    if (lead.status !== 'Quoted' && !canMoveLead(lead.status, 'Quoted')) throw new HttpError(409, `Cannot move a lead from ${lead.status} to Quoted`);
    for (const d of open.docs) tx.update(d.ref, { revokedAt: FieldValue.serverTimestamp() });
    tx.update(ref, { quoteReviewStatus: 'Approved', status: 'Quoted', updatedAt: FieldValue.serverTimestamp() });
    tx.create(db.collection(COLLECTIONS.quoteLinks).doc(sha256(token)), {
      leadId,
      quoteVersion: lead.quoteVersion ?? null,
      expiresAt,
      usedAt: null,
      revokedAt: null,
      createdBy: admin.username,
      createdAt: FieldValue.serverTimestamp(),
    });
    emailed = Boolean(lead.email) && canSeal();
    if (emailed) {
      enqueueEmail(db, tx, {
        to: String(lead.email),
        templateId: 'quote-sent',
        variables: {
          name: String(lead.name ?? 'there'),
          projectType: String(lead.projectType ?? 'your project'),
          subject: String(lead.subject ?? lead.projectType ?? 'your project'),
          quoteAmount: formatUsd(Number(lead.quoteAmountCents ?? 0)),
          depositAmount: formatUsd(Number(lead.depositAmountCents ?? 0)),
          // The token lives only as a hash in quote_links; the email carries it sealed.
          quoteLink: seal(`${config().siteUrl}${link}`),
        },
        leadId,
      });
    }
    recordActivity(db, tx, { leadId, type: 'quote_event', from: lead.status, to: 'Quoted', detail: `Quote approved; link issued${emailed ? ' and emailed' : ''}`, by: admin.username });
  });
  if (!emailed) logger.warn('quote approve: link not emailed (no client email or OUTBOX_SECRET_KEY); the admin copies it', { leadId });
  res.json({ success: true, acceptanceUrl: link, emailed, expiresAt: expiresAt.toDate().toISOString() });
});

/** POST /api/leads/{id}/quote/revise (admin): review "Needs Revision". */
quotesRouter.post('/leads/:id/quote/revise', async (req, res) => {
  parseBody(req, emptyBodySchema);
  const admin = res.locals.admin as AdminLocals;
  await db.runTransaction(async (tx) => {
    const { ref, lead } = await readLead(tx, req.params.id as string);
    const links = await openLinks(tx, ref.id);
    if (!lead.quoteGenerated) throw new HttpError(409, 'This lead has no quote to revise');
    if (lead.quoteAccepted) throw new HttpError(409, 'This quote is already accepted');
    for (const d of links) tx.update(d.ref, { revokedAt: FieldValue.serverTimestamp() });
    tx.update(ref, { quoteReviewStatus: 'Needs Revision', updatedAt: FieldValue.serverTimestamp() });
    recordActivity(db, tx, { leadId: ref.id, type: 'quote_event', detail: 'Quote needs revision', by: admin.username });
  });
  res.json({ success: true });
});

/** POST /api/leads/{id}/quote/revoke-link (admin): every open link of the lead stops working. */
quotesRouter.post('/leads/:id/quote/revoke-link', async (req, res) => {
  parseBody(req, emptyBodySchema);
  const admin = res.locals.admin as AdminLocals;
  const leadId = req.params.id as string;
  const revoked = await db.runTransaction(async (tx) => {
    const open = await tx.get(db.collection(COLLECTIONS.quoteLinks).where('leadId', '==', leadId).where('revokedAt', '==', null));
    for (const d of open.docs) tx.update(d.ref, { revokedAt: FieldValue.serverTimestamp() });
    if (open.size > 0) recordActivity(db, tx, { leadId, type: 'quote_event', detail: 'Quote link revoked', by: admin.username });
    return open.size;
  });
  res.json({ success: true, revoked });
});

/** POST /api/leads/{id}/quote/accept (admin "Accept Quote"): needs an Approved quote; creates the project. */
quotesRouter.post('/leads/:id/quote/accept', async (req, res) => {
  parseBody(req, emptyBodySchema);
  const admin = res.locals.admin as AdminLocals;
  const projectId = await db.runTransaction(async (tx) => {
    const { ref, lead } = await readLead(tx, req.params.id as string);
    if (lead.quoteAccepted) throw new HttpError(409, 'This quote is already accepted');
    if (lead.quoteReviewStatus !== 'Approved') throw new HttpError(409, 'Approve the quote before accepting it');
    return acceptQuoteInTx(tx, ref, lead, { via: 'admin', by: admin.username, ip: clientIp(req), userAgent: req.get('user-agent') ?? null });
  });
  res.json({ success: true, message: 'Quote accepted and project created', projectId });
});

// ---- public: the client's quote acceptance page -----------------------------

const NOT_FOUND = 'Quote Not Found';

function noStore(_req: Request, res: import('express').Response, next: import('express').NextFunction) {
  res.set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
  next();
}
quotesRouter.use('/quote-acceptance', noStore);

/**
 * Looks up a live link in `tx`. Unknown lead or wrong token → 404; a link
 * that died with its quote (domain quoteLinkRevoked: revoked, lead Lost,
 * quote edited, revised or superseded) → 409 QUOTE_NO_LONGER_AVAILABLE;
 * expired → 410.
 */
async function readLink(tx: Transaction, leadId: string, token: string, now: number) {
  const linkRef = db.collection(COLLECTIONS.quoteLinks).doc(sha256(token));
  const [link, leadSnap] = await Promise.all([tx.get(linkRef), tx.get(db.collection(COLLECTIONS.leads).doc(leadId))]);
  if (!link.exists || link.get('leadId') !== leadId || !leadSnap.exists) throw new HttpError(404, NOT_FOUND);
  const lead = leadSnap.data() as StoredLead;
  const linkVersion = link.get('quoteVersion');
  if (quoteLinkRevoked({ link: { quoteVersion: typeof linkVersion === 'number' ? linkVersion : null, revoked: Boolean(link.get('revokedAt')) }, lead })) {
    throw new HttpError(409, QUOTE_NO_LONGER_AVAILABLE);
  }
  if ((link.get('expiresAt') as Timestamp).toMillis() <= now) throw new HttpError(410, 'This quote link has expired');
  return { linkRef, link, leadRef: leadSnap.ref, lead };
}

/** Marks every open link of a lead revoked, in `tx` (the query is a read: call before any write). */
async function openLinks(tx: Transaction, leadId: string) {
  return (await tx.get(db.collection(COLLECTIONS.quoteLinks).where('leadId', '==', leadId).where('revokedAt', '==', null))).docs;
}

/** What the client may see of a quote: no notes, ids or internal flags. */
function clientQuote(lead: StoredLead) {
  let quoteDetails: unknown;
  try {
    quoteDetails = lead.generatedQuoteDetails ? JSON.parse(lead.generatedQuoteDetails) : null;
  } catch {
    quoteDetails = null; // the page shows "Quote details unavailable"
  }
  return {
    lead: {
      name: lead.name,
      projectType: lead.projectType,
      subject: lead.subject,
      complexity: lead.complexity,
      forceDeposit: lead.forceDeposit,
      includeServicePlan: lead.includeServicePlan,
      servicePlanType: lead.servicePlanType,
      quoteAccepted: lead.quoteAccepted,
      phase1: (lead as unknown as Record<string, unknown>).phase1 ?? null,
      phase2: (lead as unknown as Record<string, unknown>).phase2 ?? null,
      phase3: (lead as unknown as Record<string, unknown>).phase3 ?? null,
      phase4: (lead as unknown as Record<string, unknown>).phase4 ?? null,
    },
    quoteDetails,
  };
}

/** GET /api/quote-acceptance?leadId&token → { success, lead, quoteDetails }. */
quotesRouter.get('/quote-acceptance', async (req, res) => {
  const parsed = quoteLinkSchema.safeParse({ leadId: req.query.leadId, token: req.query.token });
  if (!parsed.success) throw new HttpError(400, 'Invalid Quote Link');
  const body = await db.runTransaction(async (tx) => {
    const { lead } = await readLink(tx, parsed.data.leadId, parsed.data.token, Date.now());
    return clientQuote(lead);
  });
  res.json({ success: true, ...body });
});

/**
 * POST /api/quote-acceptance/accept {leadId, token} → { success, requiresPayment, checkoutUrl? }.
 * Single use: a second accept → 409. Records time, IP, user agent and quote version.
 */
quotesRouter.post('/quote-acceptance/accept', async (req, res) => {
  const { leadId, token } = parseBody(req, quoteLinkSchema);
  const result = await db.runTransaction(async (tx) => {
    const { linkRef, link, leadRef, lead } = await readLink(tx, leadId, token, Date.now());
    if (link.get('usedAt') || lead.quoteAccepted) throw new HttpError(409, 'This quote has already been accepted');
    if (lead.quoteReviewStatus !== 'Approved') throw new HttpError(409, 'This quote is not available for acceptance');
    tx.update(linkRef, { usedAt: FieldValue.serverTimestamp() });
    acceptQuoteInTx(tx, leadRef, lead, { via: 'client', by: 'client', ip: clientIp(req), userAgent: (req.get('user-agent') ?? '').slice(0, 300) || null });
    return lead;
  });
  const requiresPayment = result.forceDeposit !== false && (result.depositAmountCents ?? 0) > 0;
  res.json({
    success: true,
    requiresPayment,
    ...(requiresPayment ? { checkoutUrl: checkoutPath(result.depositAmountCents!, `50% deposit: ${result.subject}`, leadId) } : { message: 'Quote accepted. We will be in touch to start your project.' }),
  });
});
