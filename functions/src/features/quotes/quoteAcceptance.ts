/**
 * Accepting a quote (spec §4 "Quote review" Accept, "Quote acceptance"): the
 * review status becomes Approved, the lead moves to Set Up, a project is
 * created in "Set up" (priority from complexity, hours from the quote or 40),
 * and the acceptance evidence is recorded. The lead keeps the accepted
 * version's amounts as `acceptedQuote` {version, quoteAmountCents,
 * depositAmountCents, finalAmountCents}: payments are charged from it.
 * Runs inside the caller's transaction, after all its reads.
 */
import { FieldValue, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { newProjectRecord, priorityFromComplexity, projectHoursFromQuote, type LeadRecord } from '@studio/domain';
import { recordActivity } from '../../shared/activity.js';
import { alertOwner } from '../../shared/ownerAlerts.js';
import { updateLeadIn } from '../leads/index.js';
import { createAcceptanceIn, createProjectIn } from './quoteStore.js';
import { newProjectRef } from '../projects/index.js';

export interface AcceptanceEvidence {
  via: 'admin' | 'client';
  by: string;
  ip: string | null;
  userAgent: string | null;
}

/**
 * Writes the acceptance into `tx`, in the lead's own Firestore. Returns the new project's id. With
 * `countersignPending` (a signed proposal's id, when the settings hold Set up until the owner countersigns: domain
 * proposals.ts countersignHoldError) the project starts in "Quote Accepted" and waits for that countersignature.
 */
export function acceptQuoteInTx(
  tx: Transaction,
  leadRef: DocumentReference,
  lead: LeadRecord,
  evidence: AcceptanceEvidence,
  hold: { countersignPending?: string | null } = {},
): string {
  const db = leadRef.firestore;
  const projectRef = newProjectRef(db);
  const now = FieldValue.serverTimestamp();
  const quote = lead.quoteAmountCents ?? 0;
  const deposit = lead.depositAmountCents ?? 0;
  updateLeadIn(tx, leadRef, {
    status: 'Set Up',
    quoteReviewStatus: 'Approved',
    quoteAccepted: true,
    quoteAcceptedAt: now,
    // The accepted version's amounts: every later payment is charged from these (domain leadPaymentDue).
    acceptedQuote: {
      version: lead.quoteVersion ?? null,
      quoteAmountCents: quote,
      depositAmountCents: deposit,
      finalAmountCents: lead.finalAmountCents ?? quote - deposit,
    },
    updatedAt: now,
  });
  createProjectIn(tx, projectRef, {
    ...newProjectRecord({
      leadId: leadRef.id,
      name: lead.subject || `${lead.projectType} for ${lead.name}`,
      client: lead.name,
      projectType: lead.projectType,
      description: lead.message,
      priority: priorityFromComplexity(lead.complexity),
      estimatedHours: projectHoursFromQuote(lead.estimatedHours),
    }),
    ...(hold.countersignPending ? { status: 'Quote Accepted', countersignPending: hold.countersignPending } : {}),
    startDate: null,
    dueDate: null,
    createdAt: now,
    updatedAt: now,
  });
  createAcceptanceIn(db, tx, {
    leadId: leadRef.id,
    projectId: projectRef.id,
    quoteVersion: lead.quoteVersion ?? null,
    quoteAmountCents: lead.quoteAmountCents,
    at: now,
    ...evidence,
  });
  recordActivity(db, tx, {
    leadId: leadRef.id,
    type: 'quote_event',
    from: lead.status,
    to: 'Set Up',
    detail: `Quote accepted (${evidence.via})`,
    by: evidence.by,
  });
  alertOwner(db, tx, {
    event: 'Quote accepted',
    amountCents: quote,
    clientName: lead.name || lead.email || null,
    documentNumber: lead.quoteVersion ? `quote v${lead.quoteVersion}` : null,
    detail: `${lead.name || 'A client'} accepted the quote for ${lead.subject || lead.projectType} (${evidence.via === 'client' ? 'through the quote link' : 'in the CRM'}). The deposit request follows.`,
    leadId: leadRef.id,
  });
  return projectRef.id;
}
