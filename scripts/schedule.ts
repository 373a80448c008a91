/**
 * Runs the scheduled functions on the local Functions emulator: every job
 * registered in functions/src/features/schedules.ts (the list index.ts
 * exports one `onSchedule` function per entry of). The emulator never fires `onSchedule`
 * functions on a timer, and without the Pub/Sub emulator it registers them as
 * "ignored"; it still serves their triggers, which this module calls the way
 * Cloud Scheduler calls a deployed function:
 * `POST /functions/projects/{project}/triggers/{key}` with the header
 * `X-CloudScheduler-ScheduleTime` (the clock the job runs at; firebase-functions'
 * v2 scheduler reads it into `event.scheduleTime`).
 * This is the one place that knows that emulator-internal endpoint
 * (firebase-tools 15.x, lib/emulator/functionsEmulator.js: route
 * `/functions/projects/:project_id/triggers/:trigger_name`, trigger key
 * `{region}-{name}-{generation}`, where the generation grows each time the
 * emulator reloads the functions; an unknown key answers 404 listing the
 * valid ones).
 *
 * Used by `npm start` / `npm run dev` (startScheduleTicker: each function at
 * start-up, then at its LOCAL_SCHEDULE cadence), by `npm run schedule -- --at
 * <ISO time>` (scripts/run-schedule.ts) and by the tests. Emulator only: it
 * refuses a project id that does not start with "demo-".
 */
import { fireScheduled } from './fireScheduled.js';
import { SCHEDULED_JOB_NAMES, SCHEDULED_JOBS, type ScheduledJobName } from '../functions/src/features/schedules.js';

export { fireProjectSchedule, fireScheduled, triggerKeyFrom } from './fireScheduled.js';

/** The scheduled functions' export names: every job of functions/src/features/schedules.ts, the list index.ts reads. */
export const SCHEDULED_FUNCTIONS: readonly ScheduledJobName[] = SCHEDULED_JOB_NAMES;
export type ScheduledFunction = ScheduledJobName;
/** The one `npm run schedule` fires by default. */
export const SCHEDULED_FUNCTION: ScheduledFunction = 'projectSchedule';

const MINUTE = 60_000;
/**
 * How often the local ticker fires each function, in ms: each job's
 * `localEveryMinutes`. The countdown runs every minute rather than hourly, so
 * a demo launch moves while you watch; the email sweep, the order expiry and
 * the reminders keep their deployed cadence (the reminders fire hourly and
 * send only in the studio's 09:00 hour, settings `timeZone`; `npm run
 * reminders:run` sends them at any time); the books check runs at start-up
 * and then daily.
 */
export const LOCAL_SCHEDULE = Object.fromEntries(
  SCHEDULED_JOB_NAMES.map((name) => [name, SCHEDULED_JOBS[name].localEveryMinutes * MINUTE]),
) as Record<ScheduledFunction, number>;

/**
 * Fires every scheduled function now and then at its LOCAL_SCHEDULE cadence
 * (or `everyMs` for all) with the real clock, never two runs of one function
 * at once (a tick while its run is going is skipped). A failed run is
 * reported through `log`, once per new error, and the next tick tries again.
 * Returns a stop function.
 */
export function startScheduleTicker(log: (line: string) => void = console.log, everyMs?: number): () => void {
  const timers = SCHEDULED_FUNCTIONS.map((name) => {
    let running = false;
    let lastError = '';
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        await fireScheduled(name, new Date());
        if (lastError) log(`✔ ${name} runs again`);
        lastError = '';
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        if (message !== lastError) log(`✖ ${name}: ${message}`);
        lastError = message;
      } finally {
        running = false;
      }
    };
    void tick();
    return setInterval(() => void tick(), everyMs ?? LOCAL_SCHEDULE[name]);
  });
  return () => timers.forEach(clearInterval);
}
