/**
 * The scheduled jobs: the one list that both the deployed functions
 * (index.ts exports one `onSchedule` function per entry, named by its key)
 * and the local ticker (`npm start`, scripts/schedule.ts) read. Each job has
 * one signature, `(deps, now)`: the Firestore handle (and, in tests, its
 * fakes) and the clock the run is for (Cloud Scheduler's schedule time).
 *
 * Adding a job: write it in its slice (`features/<slice>/<job>.ts`, exporting
 * `run…(deps: JobDeps, now: Date)`, JobDeps from job.ts), add one entry here, and one
 * `export const <name> = scheduled('<name>')` line in index.ts (a unit test,
 * schedules.test.ts, fails when index.ts and this list disagree).
 *
 * Light on purpose: index.ts loads this module on every instance's cold
 * start, so an entry loads its job's code only when it runs (`import()`).
 */
import { ORDER_EXPIRY_EVERY_MINUTES, OUTBOX_SWEEP_EVERY_MINUTES } from '@studio/domain/constants';
import type { JobDeps } from './job.js';

/** One registered job. */
export interface ScheduledJobEntry {
  /** Cloud Scheduler's schedule (UTC), as `onSchedule` takes it. */
  schedule: string;
  /** How often `npm start` fires it on the emulator, in minutes (scripts/schedule.ts). */
  localEveryMinutes: number;
  /** Runs the job at `now`; returns the summary logged under the job's name, or null to log nothing. */
  run: (deps: JobDeps, now: Date) => Promise<Record<string, unknown> | null>;
}

/** Every scheduled job, by its function name (index.ts export). */
export const SCHEDULED_JOBS = {
  /** Ends launch countdowns and expires stale set-ups (spec §4); every minute locally, so a demo launch moves. */
  projectSchedule: {
    schedule: 'every 60 minutes',
    localEveryMinutes: 1,
    run: async (deps, now) => {
      const { runProjectSchedule } = await import('./projects/launchCountdown.js');
      const { moved, failed } = await runProjectSchedule(deps, now);
      return { moved, failed };
    },
  },
  /** Sends outbox retries when due and takes back entries stuck past their lease. */
  sweepOutbox: {
    schedule: `every ${OUTBOX_SWEEP_EVERY_MINUTES} minutes`,
    localEveryMinutes: OUTBOX_SWEEP_EVERY_MINUTES,
    run: async (deps, now) => {
      const { runOutboxSweep } = await import('./email/outboxSender.js');
      return { ...(await runOutboxSweep(deps, now)) };
    },
  },
  /**
   * Hourly, sending only in the hour that is 09:00 in the studio's time zone (settings, UTC by default): the
   * automatic quote, deposit and invoice reminders, each sent once. `npm run reminders:run` sends them at any time.
   */
  dailyReminders: {
    schedule: 'every 60 minutes',
    localEveryMinutes: 60,
    run: async (deps, now) => {
      const { runDailyReminders } = await import('./reminders/reminders.js');
      const r = await runDailyReminders(deps, now);
      return r.ran ? { sent: r.sent.length, skipped: r.skipped, failed: r.failed, timeZone: r.timeZone } : null;
    },
  },
  /** Cancels the payment of unpaid cart orders before their promo hold lapses, and releases the hold. */
  expireOrders: {
    schedule: `every ${ORDER_EXPIRY_EVERY_MINUTES} minutes`,
    localEveryMinutes: ORDER_EXPIRY_EVERY_MINUTES,
    run: async (deps, now) => {
      const { runOrderExpiry } = await import('./billing/orderExpiry.js');
      const { expired, paid, failed } = await runOrderExpiry(deps, now);
      return { expired: expired.length, paid: paid.length, failed: failed.length };
    },
  },
  /** Daily at 04:00 UTC: the books recomputed from the ledger; a mismatch is logged for its alert. */
  booksCheck: {
    schedule: 'every day 04:00',
    localEveryMinutes: 24 * 60,
    run: async (deps, now) => {
      const { runBooksCheck } = await import('./billing/booksCheck.js');
      return runBooksCheck(deps, now);
    },
  },
} as const satisfies Record<string, ScheduledJobEntry>;

/** A scheduled job's function name. */
export type ScheduledJobName = keyof typeof SCHEDULED_JOBS;

/** The scheduled jobs' function names, in the list's order. */
export const SCHEDULED_JOB_NAMES = Object.keys(SCHEDULED_JOBS) as ScheduledJobName[];
