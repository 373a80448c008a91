import { randomBytes } from 'node:crypto';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { canMoveLead, DAY_MS, formatUsd, proposalStatusChange, QUOTE_LINK_TTL_DAYS } from '@studio/domain';
import { conflict } from '../../platform/errors.js';
import { recordActivity } from '../../shared/activity.js';
import { enqueueEmail } from '../../shared/outbox.js';
import { canSeal, seal } from '../../platform/sealed.js';
import { config } from '../../config.js';
import type { AdminActor, Clock } from '../useCase.js';
import type { QuoteDeps } from './contracts.js';
import { createLinkIn, openLinks, readLead, revokeLinks, sha256 } from './quoteStore.js';
import { updateLeadIn } from '../leads/index.js';

export interface ApprovedQuote {
  /** `/quote-acceptance?leadId=…&token=…`: the raw token exists only here (Firestore keeps its hash). */
  acceptanceUrl: string;
  /** True when the link went to the client by email (sealed in the outbox). */
  emailed: boolean;
  /** The address the link was emailed to (the lead's email), null when it was not emailed. */
  emailedTo: string | null;
  /** When the link stops working (QUOTE_LINK_TTL_DAYS after `clock()`). */
  expiresAt: Date;
}

/**
 * Approves the lead's quote (spec §4 "Quote review"): review Approved, lead →
 * Quoted, earlier links revoked and a fresh single-use link issued, emailed
 * to the client when the lead has an email and the outbox can seal it.
 * With `contractTemplateId`, the link opens a proposal with that contract,
 * frozen now (`deps.contracts`, features/proposals), which the client signs
 * to accept.
 * @throws NotFound "Lead not found"; Conflict no quote, already accepted, or a
 *   lead that cannot move to Quoted; Invalid an unknown contract template.
 */
export async function approveQuote(
  deps: QuoteDeps,
  input: { leadId: string; contractTemplateId?: string | null },
  actor: AdminActor,
  clock: Clock,
): Promise<ApprovedQuote> {
  const { db } = deps;
  const { leadId } = input;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(clock().getTime() + QUOTE_LINK_TTL_DAYS * DAY_MS);
  const link = `/quote-acceptance?${new URLSearchParams({ leadId, token }).toString()}`;
  let emailed = false;
  let emailedTo: string | null = null;
  await db.runTransaction(async (tx) => {
    const { ref, lead } = await readLead(db, tx, leadId);
    const open = await openLinks(db, tx, leadId);
    const freezeProposal = input.contractTemplateId
      ? await deps.contracts.prepareProposal(db, tx, {
          leadId,
          lead,
          templateId: input.contractTemplateId,
          now: clock(),
        })
      : null;
    if (!lead.quoteGenerated) throw conflict('This lead has no quote to approve');
    if (lead.quoteAccepted) throw conflict('This quote is already accepted');
    if (lead.status !== 'Quoted' && !canMoveLead(lead.status, 'Quoted'))
      throw conflict(`Cannot move a lead from ${lead.status} to Quoted`);
    revokeLinks(tx, open);
    updateLeadIn(tx, ref, {
      quoteReviewStatus: 'Approved',
      status: 'Quoted',
      // The earlier link's proposal dies with it; a contract freezes a new one below (Sent).
      ...proposalStatusChange(lead.proposalStatus),
      updatedAt: FieldValue.serverTimestamp(),
    });
    createLinkIn(db, tx, token, {
      leadId,
      quoteVersion: lead.quoteVersion ?? null,
      expiresAt: Timestamp.fromDate(expiresAt),
      usedAt: null,
      revokedAt: null,
      createdBy: actor.username,
      createdAt: FieldValue.serverTimestamp(),
    });
    freezeProposal?.(sha256(token), actor.username);
    emailed = Boolean(lead.email) && canSeal();
    if (emailed) {
      emailedTo = String(lead.email);
      enqueueEmail(db, tx, {
        to: emailedTo,
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
    recordActivity(db, tx, {
      leadId,
      type: 'quote_event',
      from: lead.status,
      to: 'Quoted',
      detail: `Quote approved; link issued${emailed ? ' and emailed' : ''}`,
      by: actor.username,
    });
  });
  if (!emailed)
    logger.warn('quote approve: link not emailed (no client email or OUTBOX_SECRET_KEY); the admin copies it', {
      leadId,
    });
  return { acceptanceUrl: link, emailed, emailedTo: emailed ? emailedTo : null, expiresAt };
}
