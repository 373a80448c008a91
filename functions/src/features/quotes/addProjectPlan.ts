import { FieldValue } from 'firebase-admin/firestore';
import {
  appendNoteLine,
  centsToString,
  planFeaturesText,
  priceProjectPlan,
  renderPlanText,
  renderQuoteText,
  toGeneratedQuoteDetails,
  type ProjectPlan,
} from '@studio/domain';
import { conflict } from '../../platform/errors.js';
import { recordActivity } from '../../shared/activity.js';
import type { AdminActor, Deps } from '../useCase.js';
import { readLead, writeVersion } from './quoteStore.js';
import { updateLeadIn } from '../leads/index.js';

/**
 * "Add Project Plan" (spec §4): on a lead in Contacted only, the server
 * prices the plan (domain priceProjectPlan), stores it as a new version with
 * review Pending, and appends plan and quote to the notes.
 * @throws NotFound "Lead not found"; Conflict when the lead is not in Contacted.
 */
export async function addProjectPlan(deps: Deps, input: { leadId: string; plan: ProjectPlan }, actor: AdminActor) {
  const { db } = deps;
  const { plan } = input;
  return db.runTransaction(async (tx) => {
    const { ref, lead } = await readLead(db, tx, input.leadId);
    if (lead.status !== 'Contacted') throw conflict('A project plan can only be added to a lead in Contacted');
    // The same rule as the plan dialog's price preview.
    const quote = priceProjectPlan(lead.projectType, plan);
    const details = toGeneratedQuoteDetails(quote);
    const version = (lead.quoteVersion ?? 0) + 1;
    const { timeline: _t, requirements: _r, estimatedHours: _h, ...planFields } = plan;
    // The lead and the version record carry the same terms.
    const terms = {
      estimatedHours: quote.estimatedHoursHundredths / 100,
      hourlyRateCents: quote.hourlyRateCents,
      quoteAmountCents: quote.totalCents,
      depositAmountCents: quote.depositCents,
      finalAmountCents: quote.finalCents,
    };
    updateLeadIn(tx, ref, {
      ...planFields,
      status: 'Contacted',
      ...terms,
      detectedFeatures: planFeaturesText(plan),
      generatedQuoteDetails: JSON.stringify(details),
      hasProjectPlan: true,
      quoteGenerated: true,
      quoteReviewStatus: 'Pending',
      quoteVersion: version,
      // A new version has no proposal yet (one frozen from an older version is not this quote's).
      ...(lead.proposalStatus ? { proposalStatus: null } : {}),
      notes: appendNoteLine(lead.notes, `${renderPlanText(plan)}\n${renderQuoteText(quote)}`),
      updatedAt: FieldValue.serverTimestamp(),
    });
    writeVersion(
      db,
      tx,
      ref.id,
      version,
      {
        source: 'plan',
        ...terms,
        complexity: plan.complexity,
        explanation: renderQuoteText(quote),
      },
      actor.username,
    );
    recordActivity(db, tx, {
      leadId: ref.id,
      type: 'quote_event',
      detail: `Project plan added; quote v${version} generated (${centsToString(quote.totalCents)})`,
      by: actor.username,
    });
    return { quoteDetails: details, quoteVersion: version };
  });
}
