/**
 * Keeping a lead and its project in step (domain/projects.ts PROJECT_TO_LEAD,
 * LEAD_TO_PROJECT). Both sync helpers only write into the caller's transaction
 * and need the documents already read (Firestore: all reads before writes);
 * readMovedLeadProjectIn is that read for a lead's board move, which hands
 * the write back to the move.
 * A project's move drives its lead even across lead stages (a launch moves the
 * lead to Launch from wherever it is); a lead's move drives its project only
 * where the project table allows it. All work on the Firestore instance they
 * are given, so they import no database of their own.
 */
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  appendNoteLine,
  canceledFromUpdate,
  deadReasonLine,
  PROJECT_CANCELED_DEAD_REASON,
  PROJECT_TO_LEAD,
  PROJECT_TRANSITIONS,
  type DeadReason,
  type ProjectStatus,
} from '@studio/domain';
import { recordActivity } from '../../shared/activity.js';
import { readLeadProjectIn, updateProjectIn, type ReadProject } from './projectStore.js';
import { updateLeadIn, type MovedProject, type ReadLead } from '../leads/index.js';

/**
 * Moves the project's lead to the status that follows `to`, if any and if
 * different. A lead that becomes Lost gets `deadReason` (default: the
 * admin's cancel, "Contact Canceled") as its field and note line; a lead
 * that leaves Lost (its project reopened) loses it, as a revived lead does.
 * `lead` was read (parsed) in `tx` (projectStore.ts readLeadIn).
 */
export function syncLeadFromProject(
  tx: Transaction,
  lead: ReadLead | null,
  to: ProjectStatus,
  by: string,
  deadReason: DeadReason = PROJECT_CANCELED_DEAD_REASON,
): void {
  if (!lead) return;
  const target = PROJECT_TO_LEAD[to];
  const from = lead.lead.status;
  if (!target || target === from) return;
  const update: Record<string, unknown> = { status: target, updatedAt: FieldValue.serverTimestamp() };
  if (target === 'Lost') {
    update.deadReason = deadReason;
    update.notes = appendNoteLine(lead.lead.notes, deadReasonLine(deadReason, new Date()));
  } else if (from === 'Lost') {
    update.deadReason = null;
  }
  updateLeadIn(tx, lead.ref, update);
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
 * Moves the lead's project to `to` when the project table allows it (a lead
 * moved on the CRM board). `project` was read (parsed) in `tx` (projectStore.ts readLeadProjectIn).
 */
export function syncProjectFromLead(tx: Transaction, project: ReadProject | null, to: ProjectStatus | undefined): void {
  if (!project || !to) return;
  const from = project.project.status;
  if (from === to || !PROJECT_TRANSITIONS[from].includes(to)) return;
  updateProjectIn(tx, project.ref, {
    status: to,
    updatedAt: FieldValue.serverTimestamp(),
    ...canceledFromUpdate(from, to),
  });
}

/**
 * The project of lead `leadId`, read in `tx` for a board move of the lead (features/leads moveFollowers.ts,
 * passed in by app.ts): its countersignature hold, and the write that moves it along (syncProjectFromLead).
 */
export async function readMovedLeadProjectIn(
  db: Firestore,
  tx: Transaction,
  leadId: string,
): Promise<MovedProject | null> {
  const project = await readLeadProjectIn(tx, db, leadId);
  return (
    project && {
      countersignPending: project.project.countersignPending,
      follow: (to) => syncProjectFromLead(tx, project, to),
    }
  );
}
