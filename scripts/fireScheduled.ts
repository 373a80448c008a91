/**
 * Fires one scheduled function on the local Functions emulator, the way Cloud
 * Scheduler calls a deployed one (see scripts/schedule.ts for the endpoint and
 * the ticker). Kept apart from the job list, which lives in the functions'
 * CommonJS code: the e2e specs (Playwright's loader) import this file alone.
 */
import { readFileSync } from 'node:fs';

/** The functions' region (functions/src/index.ts, setGlobalOptions). */
const REGION = 'us-central1';

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
function emulatorTarget(name: string): Target {
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
const triggerKeys = new Map<string, string>();

/** The newest generation of `name`'s key among those a 404 lists ("... valid functions are: a, b"), or null. */
export function triggerKeyFrom(notFoundText: string, name = 'projectSchedule'): string | null {
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
export async function fireScheduled(name: string, at: Date = new Date()): Promise<void> {
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
  // 404: a key the emulator does not know; its answer lists the valid ones. 204: a disabled generation. Pausing
  // the background triggers (the Hub's disableBackgroundTriggers, as the bulk seed does) disables every record,
  // and turning them on again loads a new generation of keys beside the old, still disabled, ones. Either way
  // the newest generation listed is the one that runs; an unknown key's 404 lists them.
  if (res.status === 404 || res.status === 204) {
    const listing = res.status === 404 ? res : await post(`${REGION}-${name}-unknown`);
    const listed = triggerKeyFrom(await listing.text(), name);
    if (!listed) throw new Error(`The Functions emulator at ${origin} has no ${name} function`);
    key = listed;
    res = await post(key);
  }
  if (res.status !== 200)
    throw new Error(
      `${name} answered ${res.status}${res.status === 204 ? ' (background triggers are disabled)' : ''}: see the emulator log`,
    );
  triggerKeys.set(name, key);
}

/** Runs `projectSchedule` (the launch countdown) once: fireScheduled('projectSchedule', at). */
export const fireProjectSchedule = (at: Date = new Date()): Promise<void> => fireScheduled('projectSchedule', at);
