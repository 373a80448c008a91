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
import { readFileSync } from 'node:fs';
import { SCHEDULED_JOB_NAMES, SCHEDULED_JOBS, type ScheduledJobName } from '../functions/src/features/schedules.js';

/** The scheduled functions' export names: every job of functions/src/features/schedules.ts, the list index.ts reads. */
export const SCHEDULED_FUNCTIONS: readonly ScheduledJobName[] = SCHEDULED_JOB_NAMES;
export type ScheduledFunction = ScheduledJobName;
/** The one `npm run schedule` fires by default. */
export const SCHEDULED_FUNCTION: ScheduledFunction = 'projectSchedule';
/** Their region (functions/src/index.ts, setGlobalOptions). */
const REGION = 'us-central1';

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

const ROOT = new URL('..', import.meta.url);

interface Target {
  origin: string;
  projectId: string;
}

/**
 * The Functions emulator's address (firebase.json emulators.functions) and
 * the project: GCLOUD_PROJECT (set inside `firebase emulators:exec`), else
 * the default of .firebaserc.
 * @throws Error when the project is not a demo- project (the emulator only).
 */
function emulatorTarget(name: ScheduledFunction): Target {
  const config = JSON.parse(readFileSync(new URL('firebase.json', ROOT), 'utf8')) as {
    emulators?: { functions?: { host?: string; port?: number } };
  };
  const fn = config.emulators?.functions;
  if (!fn?.port) throw new Error('firebase.json names no Functions emulator port');
  const rc = JSON.parse(readFileSync(new URL('.firebaserc', ROOT), 'utf8')) as { projects?: { default?: string } };
  const projectId = process.env.GCLOUD_PROJECT || rc.projects?.default || '';
  if (!projectId.startsWith('demo-'))
    throw new Error(`Refusing to fire ${name} on project "${projectId}": the emulator runs demo- projects only`);
  return { origin: `http://${fn.host ?? '127.0.0.1'}:${fn.port}`, projectId };
}

/** Each function's trigger key last seen to work; re-read from the emulator's 404 after a reload. */
const triggerKeys = new Map<ScheduledFunction, string>();

/** The newest generation of `name`'s key among those a 404 lists ("... valid functions are: a, b"), or null. */
export function triggerKeyFrom(notFoundText: string, name: ScheduledFunction = SCHEDULED_FUNCTION): string | null {
  const pattern = new RegExp(`^${REGION}-${name}-(\\d+)$`);
  const keys = (notFoundText.split('valid functions are:')[1] ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter((k) => pattern.test(k));
  keys.sort((a, b) => Number(pattern.exec(b)![1]) - Number(pattern.exec(a)![1]));
  return keys[0] ?? null;
}

/**
 * Runs the scheduled function `name` once on the running emulator with the
 * clock `at` (default: now) and resolves when the function has finished.
 * @throws Error when the emulator is not reachable, does not know the
 * function, or the function failed (the emulator's log has its error).
 */
export async function fireScheduled(name: ScheduledFunction, at: Date = new Date()): Promise<void> {
  if (Number.isNaN(at.getTime())) throw new Error('Invalid schedule time');
  const { origin, projectId } = emulatorTarget(name);
  const post = (key: string) =>
    fetch(`${origin}/functions/projects/${projectId}/triggers/${key}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-CloudScheduler-ScheduleTime': at.toISOString() },
      body: '{}',
      signal: AbortSignal.timeout(120_000),
    });
  let key = triggerKeys.get(name) ?? `${REGION}-${name}-0`;
  let res = await post(key);
  if (res.status === 404) {
    const listed = triggerKeyFrom(await res.text(), name);
    if (!listed) throw new Error(`The Functions emulator at ${origin} has no ${name} function`);
    key = listed;
    res = await post(key);
  }
  if (res.status !== 200)
    throw new Error(
      `${name} answered ${res.status}${res.status === 204 ? ' (the emulator is reloading the functions)' : ''}: see the emulator log`,
    );
  triggerKeys.set(name, key);
}

/** Runs `projectSchedule` (the launch countdown) once: fireScheduled('projectSchedule', at). */
export const fireProjectSchedule = (at: Date = new Date()): Promise<void> => fireScheduled('projectSchedule', at);

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
