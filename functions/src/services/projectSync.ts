/**
 * Keeping a lead and its project in step (domain/projects.ts PROJECT_TO_LEAD,
 * LEAD_TO_PROJECT). Both helpers only write into the caller's transaction and
 * need the documents already read (Firestore: all reads before writes).
 * A project's move drives its lead even across lead stages (a launch moves the
 * lead to Launch from wherever it is); a lead's move drives its project only
 * where the project table allows it.
 */
import { FieldValue, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import {
  appendNoteLine,
  deadReasonLine,
  PROJECT_CANCELED_DEAD_REASON,
  PROJECT_TO_LEAD,
  PROJECT_TRANSITIONS,
  type DeadReason,
  type LeadStatus,
  type ProjectStatus,
} from '@studio/domain';
import { db } from '../firebase.js';
import { recordActivity } from './activity.js';

/**
 * Moves the project's lead to the status that follows `to`, if any and if
 * different. A lead that becomes Lost gets `deadReason` (default: the
 * admin's cancel, "Contact Canceled") as its field and note line.
 */
export function syncLeadFromProject(
  tx: Transaction,
  lead: DocumentSnapshot | null,
  to: ProjectStatus,
  by: string,
  deadReason: DeadReason = PROJECT_CANCELED_DEAD_REASON,
): void {
  if (!lead?.exists) return;
  const target = PROJECT_TO_LEAD[to];
  const from = lead.get('status') as LeadStatus;
  if (!target || target === from) return;
  const update: Record<string, unknown> = { status: target, updatedAt: FieldValue.serverTimestamp() };
  if (target === 'Lost') {
    update.deadReason = deadReason;
    update.notes = appendNoteLine(lead.get('notes'), deadReasonLine(deadReason, new Date()));
  }
  tx.update(lead.ref, update);
  recordActivity(db, tx, {
    leadId: lead.id,
    type: 'status_changed',
    from,
    to: target,
    detail: `Project moved to ${to}`,
    by,
  });
}

/** Moves the lead's project to `to` when the project table allows it (a lead moved on the CRM board). */
export function syncProjectFromLead(
  tx: Transaction,
  project: DocumentSnapshot | null,
  to: ProjectStatus | undefined,
): void {
  if (!project?.exists || !to) return;
  const from = project.get('status') as ProjectStatus;
  if (from === to || !PROJECT_TRANSITIONS[from].includes(to)) return;
  tx.update(project.ref, { status: to, updatedAt: FieldValue.serverTimestamp() });
}
