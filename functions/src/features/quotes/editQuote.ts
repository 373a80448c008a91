import { FieldValue } from 'firebase-admin/firestore';
import {
  centsToString,
  depositPercentOf,
  EDITED_QUOTE_ADJUSTMENTS_NOTE,
  editedQuoteSplit,
  generatedQuoteDetailsOf,
  quoteEditRefusal,
  type QuoteEdit,
} from '@studio/domain';
import { conflict } from '../../platform/errors.js';
import { recordActivity } from '../../shared/activity.js';
import type { AdminActor, Deps } from '../useCase.js';
import { openLinks, readLead, revokeLinks, writeVersion } from './quoteStore.js';
import { updateLeadIn } from '../leads/index.js';

/**
 * The Edit Quote dialog: a new version; review goes back to Pending; earlier
 * quote links die with the old version, and with them its proposal (the
 * lead's `proposalStatus` is cleared). A deposit and final payment that do
 * not add up to the new total are split again by the quote's deposit share. After money has moved (a recorded
 * deposit or final payment) the edit is refused with QUOTE_EDIT_AFTER_PAYMENT
 * (domain/payments.ts), and the refused attempt is recorded in the lead's
 * activity history.
 * @throws NotFound "Lead not found"; Conflict no quote, accepted, or paid.
 */
export async function editQuote(
  deps: Deps,
  input: { leadId: string; quote: QuoteEdit },
  actor: AdminActor,
): Promise<void> {
  const { db } = deps;
  const { leadId } = input;
  let q = input.quote;
  const refused = await db.runTransaction(async (tx) => {
    const { ref, lead } = await readLead(db, tx, leadId);
    const links = await openLinks(db, tx, leadId);
    if (!lead.quoteGenerated) throw conflict('This lead has no quote to edit');
    const afterPayment = quoteEditRefusal(lead);
    if (afterPayment) return afterPayment;
    if (lead.quoteAccepted) throw conflict('An accepted quote cannot be edited');
    const version = (lead.quoteVersion ?? 0) + 1;
    // Amounts that do not add up are split again by the quote's own deposit share (domain editedQuoteSplit).
    const split = editedQuoteSplit(
      { quoteCents: q.quoteAmount, depositCents: q.depositAmount, finalCents: q.finalAmount },
      depositPercentOf(lead.quoteAmountCents, lead.depositAmountCents),
    );
    q = { ...q, depositAmount: split.depositCents, finalAmount: split.finalCents };
    // The studio's own price: its explanation says so, not the plan pricing's multipliers and rounding.
    const details = generatedQuoteDetailsOf(
      {
        totalCents: q.quoteAmount,
        depositCents: q.depositAmount,
        finalCents: q.finalAmount,
        hourlyRateCents: q.hourlyRate,
        baseCents: Math.round(q.hourlyRate * q.estimatedHours),
      },
      q.estimatedHours,
      EDITED_QUOTE_ADJUSTMENTS_NOTE,
    );
    // A new version needs a new link: the old ones die with the old version.
    revokeLinks(tx, links);
    // The lead and the version record carry the same terms.
    const terms = {
      quoteAmountCents: q.quoteAmount,
      depositAmountCents: q.depositAmount,
      finalAmountCents: q.finalAmount,
      hourlyRateCents: q.hourlyRate,
      estimatedHours: q.estimatedHours,
      complexity: q.complexity,
    };
    updateLeadIn(tx, ref, {
      ...terms,
      generatedQuoteDetails: JSON.stringify(details),
      quoteReviewStatus: 'Pending',
      quoteVersion: version,
      // The proposal was frozen from the old version: the card shows none until an approval with a contract.
      ...(lead.proposalStatus ? { proposalStatus: null } : {}),
      updatedAt: FieldValue.serverTimestamp(),
    });
    writeVersion(db, tx, ref.id, version, { source: 'edit', ...terms }, actor.username);
    recordActivity(db, tx, {
      leadId: ref.id,
      type: 'quote_event',
      detail: `Quote edited (v${version}, ${centsToString(q.quoteAmount)})`,
      by: actor.username,
    });
    return null;
  });
  if (refused) {
    // The quote is untouched; the history keeps the attempt (what was asked, and why not).
    const batch = db.batch();
    recordActivity(db, batch, {
      leadId,
      type: 'quote_event',
      detail: `Quote edit to ${centsToString(q.quoteAmount)} refused: payments already received (use Create Invoice for any difference)`,
      by: actor.username,
    });
    await batch.commit();
    throw conflict(refused);
  }
}
