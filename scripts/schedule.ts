/**
 * Runs the scheduled `projectSchedule` function (functions/src/index.ts: the
 * launch countdown and the set-up expiry, spec §4) on the local Functions
 * emulator. The emulator never fires `onSchedule` functions on a timer, and
 * without the Pub/Sub emulator it registers them as "ignored"; it still
 * serves their trigger, which this module calls the way Cloud Scheduler calls
 * the deployed function: `POST /functions/projects/{project}/triggers/{key}`
 * with the header `X-CloudScheduler-ScheduleTime` (the clock the job runs at;
 * firebase-functions' v2 scheduler reads it into `event.scheduleTime`).
 * This is the one place that knows that emulator-internal endpoint
 * (firebase-tools 15.x, lib/emulator/functionsEmulator.js: route
 * `/functions/projects/:project_id/triggers/:trigger_name`, trigger key
 * `{region}-{name}-{generation}`, where the generation grows each time the
 * emulator reloads the functions; an unknown key answers 404 listing the
 * valid ones).
 *
 * Used by `npm start` / `npm run dev` (startScheduleTicker: at start-up, then
 * every minute), by `npm run schedule -- --at <ISO time>` (scripts/run-schedule.ts)
 * and by the end-to-end tests. Emulator only: it refuses a project id that
 * does not start with "demo-".
 */
import { readFileSync } from 'node:fs';

/** The scheduled function's export name and region (functions/src/index.ts, setGlobalOptions). */
export const SCHEDULED_FUNCTION = 'projectSchedule';
const REGION = 'us-central1';

/** How often the local ticker fires the function, in ms. */
export const LOCAL_SCHEDULE_EVERY_MS = 60_000;

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
function emulatorTarget(): Target {
  const config = JSON.parse(readFileSync(new URL('firebase.json', ROOT), 'utf8')) as {
    emulators?: { functions?: { host?: string; port?: number } };
  };
  const fn = config.emulators?.functions;
  if (!fn?.port) throw new Error('firebase.json names no Functions emulator port');
  const rc = JSON.parse(readFileSync(new URL('.firebaserc', ROOT), 'utf8')) as { projects?: { default?: string } };
  const projectId = process.env.GCLOUD_PROJECT || rc.projects?.default || '';
  if (!projectId.startsWith('demo-'))
    throw new Error(
      `Refusing to fire ${SCHEDULED_FUNCTION} on project "${projectId}": the emulator runs demo- projects only`,
    );
  return { origin: `http://${fn.host ?? '127.0.0.1'}:${fn.port}`, projectId };
}

/** The trigger key last seen to work; re-read from the emulator's 404 after a reload. */
let triggerKey = `${REGION}-${SCHEDULED_FUNCTION}-0`;

/** The newest generation of the function's key among those a 404 lists ("... valid functions are: a, b"), or null. */
export function triggerKeyFrom(notFoundText: string): string | null {
  const pattern = new RegExp(`^${REGION}-${SCHEDULED_FUNCTION}-(\\d+)$`);
  const keys = (notFoundText.split('valid functions are:')[1] ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter((k) => pattern.test(k));
  keys.sort((a, b) => Number(pattern.exec(b)![1]) - Number(pattern.exec(a)![1]));
  return keys[0] ?? null;
}

/**
 * Runs `projectSchedule` once on the running emulator with the clock `at`
 * (default: now) and resolves when the function has finished.
 * @throws Error when the emulator is not reachable, does not know the
 * function, or the function failed (the emulator's log has its error).
 */
export async function fireProjectSchedule(at: Date = new Date()): Promise<void> {
  if (Number.isNaN(at.getTime())) throw new Error('Invalid schedule time');
  const { origin, projectId } = emulatorTarget();
  const post = (key: string) =>
    fetch(`${origin}/functions/projects/${projectId}/triggers/${key}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-CloudScheduler-ScheduleTime': at.toISOString() },
      body: '{}',
      signal: AbortSignal.timeout(120_000),
    });
  let res = await post(triggerKey);
  if (res.status === 404) {
    const key = triggerKeyFrom(await res.text());
    if (!key) throw new Error(`The Functions emulator at ${origin} has no ${SCHEDULED_FUNCTION} function`);
    triggerKey = key;
    res = await post(triggerKey);
  }
  if (res.status !== 200)
    throw new Error(
      `${SCHEDULED_FUNCTION} answered ${res.status}${res.status === 204 ? ' (the emulator is reloading the functions)' : ''}: see the emulator log`,
    );
}

/**
 * Fires `projectSchedule` now and then every `everyMs` with the real clock,
 * never two runs at once (a tick while a run is going is skipped). A failed
 * run is reported through `log` and the next tick tries again. Returns a stop
 * function.
 */
export function startScheduleTicker(
  log: (line: string) => void = console.log,
  everyMs = LOCAL_SCHEDULE_EVERY_MS,
): () => void {
  let running = false;
  let lastError = '';
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await fireProjectSchedule(new Date());
      if (lastError) log(`✔ ${SCHEDULED_FUNCTION} runs again`);
      lastError = '';
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (message !== lastError) log(`✖ ${SCHEDULED_FUNCTION}: ${message}`); // once per new error, not every minute
      lastError = message;
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), everyMs);
  return () => clearInterval(timer);
}
