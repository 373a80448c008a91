import { leadCheckoutPath, parseQuoteDetails, SIGNING_MESSAGES } from '@studio/domain';
import { conflict, invalid } from '../../platform/errors.js';
import { acceptQuoteInTx } from './quoteAcceptance.js';
import type { ClientActor, Clock, Deps } from '../useCase.js';
import type { QuoteDeps } from './contracts.js';
import { markLinkUsedIn, readLink, type StoredLead } from './quoteStore.js';

export interface QuoteLinkInput {
  leadId: string;
  token: string;
}

/** What the client may see of a quote: no notes, ids or internal flags. */
function clientQuote(lead: StoredLead) {
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
      phase1: lead.phase1 ?? null,
      phase2: lead.phase2 ?? null,
      phase3: lead.phase3 ?? null,
      phase4: lead.phase4 ?? null,
    },
    quoteDetails: parseQuoteDetails(lead.generatedQuoteDetails),
  };
}

/**
 * The client opens a quote link (spec §4 "Quote acceptance").
 * @returns { lead, quoteDetails }, client-safe. @throws as readLink (NotFound, Conflict, Gone).
 */
export async function openQuoteLink(deps: Deps, input: QuoteLinkInput, clock: Clock) {
  const { db } = deps;
  return db.runTransaction(async (tx) => {
    const { lead } = await readLink(db, tx, input.leadId, input.token, clock().getTime());
    return clientQuote(lead);
  });
}

/**
 * The client accepts through the link: single use (a second accept →
 * Conflict). Records time, IP, user agent and quote version; creates the
 * project (features/quotes/quoteAcceptance.ts). A quote approved with a
 * contract is refused (Invalid SIGNING_MESSAGES.signatureRequired): it is
 * accepted by signing its proposal (`deps.contracts`, features/proposals).
 * @returns whether a deposit is due, and its checkout path when it is.
 */
export async function acceptQuoteLink(deps: QuoteDeps, input: QuoteLinkInput, actor: ClientActor, clock: Clock) {
  const { db } = deps;
  const { leadId, token } = input;
  const lead = await db.runTransaction(async (tx) => {
    const { linkRef, link, leadRef, lead } = await readLink(db, tx, leadId, token, clock().getTime());
    if (link.usedAt !== null || lead.quoteAccepted) throw conflict('This quote has already been accepted');
    if (lead.quoteReviewStatus !== 'Approved') throw conflict('This quote is not available for acceptance');
    // A quote approved with a contract is accepted by signing it (POST /api/quote-acceptance/sign).
    if (await deps.contracts.proposalOfLink(db, tx, linkRef.id)) throw invalid(SIGNING_MESSAGES.signatureRequired);
    markLinkUsedIn(tx, linkRef);
    acceptQuoteInTx(tx, leadRef, lead, { via: 'client', by: 'client', ip: actor.ip, userAgent: actor.userAgent });
    return lead;
  });
  return acceptanceOutcome(lead, leadId);
}

/**
 * What the client's page does after an acceptance of `lead` (by the accept
 * call or by signing its proposal): pay the deposit at its checkout path when
 * one is due, else a confirmation message.
 */
export function acceptanceOutcome(lead: StoredLead, leadId: string) {
  const requiresPayment = lead.forceDeposit !== false && (lead.depositAmountCents ?? 0) > 0;
  return requiresPayment
    ? {
        requiresPayment: true as const,
        checkoutUrl: leadCheckoutPath(leadId, 'deposit', lead.depositAmountCents!, lead),
      }
    : { requiresPayment: false as const, message: 'Quote accepted. We will be in touch to start your project.' };
}
