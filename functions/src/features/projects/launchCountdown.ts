/**
 * The scheduled projects job (spec §4 "Launch: after 7 days it moves
 * automatically..."; "Canceled: ... by auto-expiry"). Its body takes the clock
 * so it can be tested; `onSchedule` in index.ts calls it hourly in production
 * (locally `npm start` fires it every minute, scripts/schedule.ts). A set-up
 * it cancels (a project in Set up, or one held before it for the owner's
 * countersignature: domain setUpExpiryApplies) leaves its lead Lost with the
 * dead reason "Invoice Expired - Non Payment beyond Invoice Terms"
 * (SETUP_EXPIRY_DEAD_REASON).
 *
 * Idempotent: each project is re-read and re-checked inside its own
 * transaction, so two runs with the same clock, one after the other or at
 * once, move each project once (the second sees the new status and skips).
 * A project whose transaction fails (two runs contending for it can end in
 * the emulator's "Transaction is invalid or closed", which the SDK does not
 * retry) is tried again, up to ATTEMPTS times, and otherwise left for the next
 * run; it never stops the others. Retrying is safe for the same reason.
 */
import { EVENTS, logEvent } from '../../platform/log.js';
import { FieldValue, Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import {
  canceledFromUpdate,
  SCHEDULED_PROJECT_STATUSES,
  scheduledProjectMove,
  SETUP_EXPIRY_DEAD_REASON,
  type ProjectStatus,
} from '@studio/domain';
import type { JobDeps } from '../job.js';
import { recordActivity } from '../../shared/activity.js';
import { syncLeadFromProject } from './projectSync.js';
import { projectRefsIn, readProjectAtIn, updateProjectIn } from './projectStore.js';
import { readLeadIn } from '../leads/index.js';

export interface CountdownResult {
  moved: Array<{ projectId: string; to: ProjectStatus; reason: string }>;
  /** Projects this run could not check (left for the next run). */
  failed: string[];
}

type ScheduledMove = CountdownResult['moved'][number];

/** Transaction attempts per project in one run (each re-reads and re-checks). */
const ATTEMPTS = 3;

/** Runs the job at `now`. Returns what this run moved and which projects it could not check. */
export async function runProjectSchedule({ db }: JobDeps, now: Date): Promise<CountdownResult> {
  const candidates = await projectRefsIn(db, [...SCHEDULED_PROJECT_STATUSES]);
  const moved: CountdownResult['moved'] = [];
  const failed: string[] = [];
  for (const candidate of candidates) {
    try {
      const result = await moveWithRetries(candidate, now);
      if (result) moved.push(result);
    } catch (error) {
      logEvent(EVENTS.jobItemFailed, 'projectSchedule: project left for the next run', {
        job: 'projectSchedule',
        projectId: candidate.id,
        error: String(error),
      });
      failed.push(candidate.id);
    }
  }
  return { moved, failed };
}

/** `moveIfDue`, tried up to ATTEMPTS times; throws the last attempt's error. */
async function moveWithRetries(ref: DocumentReference, now: Date): Promise<ScheduledMove | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await moveIfDue(ref, now);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
    }
  }
}

/** One project's check and move, in its own transaction; null when nothing is due. */
function moveIfDue(ref: DocumentReference, now: Date): Promise<ScheduledMove | null> {
  const db = ref.firestore;
  return db.runTransaction(async (tx) => {
    const read = await readProjectAtIn(tx, ref);
    if (!read) return null;
    const d = read.project;
    const lead = d.leadId ? await readLeadIn(tx, db, d.leadId) : null;
    const move = scheduledProjectMove(
      {
        status: d.status,
        launchDate: d.launchDate,
        maintenanceSubscriptionPaid: d.maintenanceSubscriptionPaid,
        createdAt: d.createdAt,
        depositPaid: Boolean(d.depositPaidAt) || lead?.lead.stripeDepositPaymentId != null,
        countersignPending: d.countersignPending,
      },
      now,
    );
    if (!move) return null;
    updateProjectIn(tx, ref, {
      status: move.to,
      updatedAt: FieldValue.serverTimestamp(),
      completedDate: Timestamp.fromDate(now),
      ...canceledFromUpdate(d.status, move.to),
    });
    syncLeadFromProject(
      tx,
      lead,
      move.to,
      'system',
      move.reason === 'setup-expired' ? SETUP_EXPIRY_DEAD_REASON : undefined,
    );
    if (lead)
      recordActivity(db, tx, {
        leadId: lead.id,
        type: 'status_changed',
        // The project's own move, so the history says what moved from where to where.
        from: `Project ${String(d.status)}`,
        to: `Project ${move.to}`,
        detail: `Scheduled: project ${move.reason === 'countdown' ? 'countdown ended' : 'set-up expired'} → ${move.to}`,
        by: 'system',
      });
    return { projectId: ref.id, ...move };
  });
}
