import { FieldValue } from 'firebase-admin/firestore';
import { proposalStatusChange } from '@studio/domain';
import { conflict } from '../../platform/errors.js';
import { recordActivity } from '../../shared/activity.js';
import { acceptQuoteInTx } from './quoteAcceptance.js';
import type { AdminActor, ClientActor, Deps } from '../useCase.js';
import { openLinks, readLead, revokeLinks } from './quoteStore.js';
import { updateLeadIn } from '../leads/index.js';

/**
 * Review "Needs Revision"; open links die, and an unsigned proposal with them (domain proposalStatusWhenLinksDie).
 * @throws NotFound "Lead not found"; Conflict no quote or accepted.
 */
export async function reviseQuote(deps: Deps, input: { leadId: string }, actor: AdminActor): Promise<void> {
  const { db } = deps;
  await db.runTransaction(async (tx) => {
    const { ref, lead } = await readLead(db, tx, input.leadId);
    const links = await openLinks(db, tx, ref.id);
    if (!lead.quoteGenerated) throw conflict('This lead has no quote to revise');
    if (lead.quoteAccepted) throw conflict('This quote is already accepted');
    revokeLinks(tx, links);
    updateLeadIn(tx, ref, {
      quoteReviewStatus: 'Needs Revision',
      ...proposalStatusChange(lead.proposalStatus),
      updatedAt: FieldValue.serverTimestamp(),
    });
    recordActivity(db, tx, { leadId: ref.id, type: 'quote_event', detail: 'Quote needs revision', by: actor.username });
  });
}

/** Every open link of the lead stops working. @returns how many were revoked. */
export async function revokeQuoteLinks(deps: Deps, input: { leadId: string }, actor: AdminActor): Promise<number> {
  const { db } = deps;
  const { leadId } = input;
  return db.runTransaction(async (tx) => {
    const open = await openLinks(db, tx, leadId);
    revokeLinks(tx, open);
    if (open.length > 0)
      recordActivity(db, tx, { leadId, type: 'quote_event', detail: 'Quote link revoked', by: actor.username });
    return open.length;
  });
}

/**
 * The admin's "Accept Quote": needs an Approved quote; creates the project
 * (features/quotes/quoteAcceptance.ts). `client` is the admin's request, recorded as evidence.
 * @returns the new project's id. @throws NotFound "Lead not found"; Conflict accepted or not approved.
 */
export async function acceptQuoteAsAdmin(
  deps: Deps,
  input: { leadId: string },
  actor: AdminActor & ClientActor,
): Promise<string> {
  const { db } = deps;
  return db.runTransaction(async (tx) => {
    const { ref, lead } = await readLead(db, tx, input.leadId);
    if (lead.quoteAccepted) throw conflict('This quote is already accepted');
    if (lead.quoteReviewStatus !== 'Approved') throw conflict('Approve the quote before accepting it');
    return acceptQuoteInTx(tx, ref, lead, {
      via: 'admin',
      by: actor.username,
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
  });
}
