/**
 * Keeping a lead and its project in step (domain/projects.ts PROJECT_TO_LEAD,
 * LEAD_TO_PROJECT). Both helpers only write into the caller's transaction and
 * need the documents already read (Firestore: all reads before writes).
 * A project's move drives its lead even across lead stages (a launch moves the
 * lead to Launch from wherever it is); a lead's move drives its project only
 * where the project table allows it. Both work on the Firestore instance of
 * the documents they are given, so they import no database of their own.
 */
import { FieldValue, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import {
  appendNoteLine,
  deadReasonLine,
  PROJECT_CANCELED_DEAD_REASON,
  PROJECT_TO_LEAD,
  PROJECT_TRANSITIONS,
  projectDocSchema,
  leadDocSchema,
  type DeadReason,
  type ProjectStatus,
} from '@studio/domain';
import { recordActivity } from '../../shared/activity.js';

/**
 * Moves the project's lead to the status that follows `to`, if any and if
 * different. A lead that becomes Lost gets `deadReason` (default: the
 * admin's cancel, "Contact Canceled") as its field and note line; a lead
 * that leaves Lost (its project reopened) loses it, as a revived lead does.
 * @throws ZodError (a logged 500) when the stored lead does not parse (domain leadDocSchema).
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
  const from = leadDocSchema.parse(lead.data()).status;
  if (!target || target === from) return;
  const update: Record<string, unknown> = { status: target, updatedAt: FieldValue.serverTimestamp() };
  if (target === 'Lost') {
    update.deadReason = deadReason;
    update.notes = appendNoteLine(lead.get('notes'), deadReasonLine(deadReason, new Date()));
  } else if (from === 'Lost') {
    update.deadReason = null;
  }
  tx.update(lead.ref, update);
  recordActivity(lead.ref.firestore, tx, {
    leadId: lead.id,
    type: 'status_changed',
    from,
    to: target,
    detail: `Project moved to ${to}`,
    by,
  });
}

/**
 * Moves the lead's project to `to` when the project table allows it (a lead moved on the CRM board).
 * @throws ZodError (a logged 500) when the stored project does not parse (domain projectDocSchema).
 */
export function syncProjectFromLead(
  tx: Transaction,
  project: DocumentSnapshot | null,
  to: ProjectStatus | undefined,
): void {
  if (!project?.exists || !to) return;
  const from = projectDocSchema.parse(project.data()).status;
  if (from === to || !PROJECT_TRANSITIONS[from].includes(to)) return;
  // A cancel records where the project was, as a cancel on the projects board does (projectMoveError).
  const canceled = to === 'Canceled' ? { canceledFrom: from } : from === 'Canceled' ? { canceledFrom: null } : {};
  tx.update(project.ref, { status: to, updatedAt: FieldValue.serverTimestamp(), ...canceled });
}
