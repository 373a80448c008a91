/**
 * The scheduled projects job (spec §4 "Launch: after 7 days it moves
 * automatically..."; "Canceled: ... by auto-expiry"). Its body takes the clock
 * so it can be tested; `onSchedule` in index.ts calls it hourly.
 *
 * Idempotent: each project is re-read and re-checked inside its own
 * transaction, so two runs with the same clock, one after the other or at
 * once, move each project once (the second sees the new status and skips).
 */
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { scheduledProjectMove, type ProjectStatus } from '@studio/domain';
import { COLLECTIONS, db } from '../firebase.js';
import { recordActivity } from '../services/activity.js';
import { syncLeadFromProject } from '../services/projectSync.js';

export interface CountdownResult {
  moved: Array<{ projectId: string; to: ProjectStatus; reason: string }>;
}

const toDate = (v: unknown) => (v instanceof Timestamp ? v.toDate() : null);

/** Runs the job at `now`. Returns what this run moved. */
export async function runProjectSchedule(now: Date): Promise<CountdownResult> {
  const candidates = await db.collection(COLLECTIONS.projects).where('status', 'in', ['Launch', 'Set up']).get();
  const moved: CountdownResult['moved'] = [];
  for (const candidate of candidates.docs) {
    const result = await db.runTransaction(async (tx) => {
      const snap = await tx.get(candidate.ref);
      const d = snap.data();
      if (!d) return null;
      const leadId = d.leadId as string | null;
      const lead = leadId ? await tx.get(db.collection(COLLECTIONS.leads).doc(leadId)) : null;
      const move = scheduledProjectMove(
        {
          status: d.status,
          launchDate: toDate(d.launchDate),
          maintenanceSubscriptionPaid: d.maintenanceSubscriptionPaid === true,
          createdAt: toDate(d.createdAt),
          depositPaid: Boolean(d.depositPaidAt) || lead?.get('stripeDepositPaymentId') != null,
        },
        now,
      );
      if (!move) return null;
      tx.update(snap.ref, { status: move.to, updatedAt: FieldValue.serverTimestamp(), completedDate: Timestamp.fromDate(now) });
      syncLeadFromProject(tx, lead, move.to, 'system');
      if (lead?.exists) recordActivity(db, tx, { leadId: lead.id, type: 'status_changed', detail: `Scheduled: project ${move.reason === 'countdown' ? 'countdown ended' : 'set-up expired'} → ${move.to}`, by: 'system' });
      return { projectId: snap.id, ...move };
    });
    if (result) moved.push(result);
  }
  return { moved };
}
