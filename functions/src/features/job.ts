/**
 * What every scheduled job receives besides the clock: `run…(deps: JobDeps, now: Date)`. The job list
 * (schedules.ts) loads each job, so the jobs take this contract from here rather than from the list.
 */
import type { Firestore } from 'firebase-admin/firestore';

/** What every job receives besides the clock: the Firestore handle (in tests, the emulator's). */
export interface JobDeps {
  db: Firestore;
}
