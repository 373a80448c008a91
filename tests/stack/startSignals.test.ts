/**
 * `npm start` keeps the data on every way it is stopped: SIGTERM to its process (`kill`, a service manager)
 * and SIGHUP to its whole process group (a closed terminal) save the emulators' data as Ctrl-C does, and the
 * next start imports it. A real `npm start` (scripts/start.mjs) with its data in a temporary folder
 * (STUDIO_EMULATOR_DATA); it needs the emulator ports, so it runs apart from the suites:
 * `flock /tmp/studio-emu.lock npx vitest run --project stack`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PORTS, PROJECT_ID, waitForFreePorts } from '../../scripts/emulators.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'studio-start-'));
const data = join(dir, 'emulator-data');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Starts `npm start`'s process (scripts/start.mjs, with tsx as its loader rather than as a parent process) in a
 * process group of its own, its output in `log`. A closed terminal's SIGHUP ends npm's and tsx's wrapper
 * processes at once; what must survive it to save the data is this one.
 */
function start(log: string): ChildProcess {
  const out = openSync(log, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.mjs'], {
    cwd: ROOT,
    env: { ...process.env, STUDIO_EMULATOR_DATA: data },
    stdio: ['ignore', out, out],
    detached: true,
  });
  closeSync(out);
  return child;
}

/** Resolves once `log` shows the banner npm start prints when it is ready; rejects when the child exits first. */
async function ready(child: ChildProcess, log: string): Promise<void> {
  while (!readFileSync(log, 'utf8').includes('Studio is running')) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${readFileSync(log, 'utf8')}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Writes a document holding `marker` through the Firestore emulator's REST API. */
async function writeMarker(marker: string): Promise<void> {
  const url = `http://127.0.0.1:${PORTS.firestore}/v1/projects/${PROJECT_ID}/databases/(default)/documents/start_signals/${marker}`;
  const res = await fetch(url, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ fields: { marker: { stringValue: marker } } }),
  });
  expect(res.status, await res.text()).toBe(200);
}

/** True when the saved data (its Firestore export files) holds `marker`. */
function saved(marker: string): boolean {
  const files = (d: string): string[] =>
    readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? files(join(d, f)) : [join(d, f)]));
  return (
    existsSync(join(data, 'firebase-export-metadata.json')) &&
    files(data).some((f) => readFileSync(f).includes(Buffer.from(marker)))
  );
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((r) => (child.exitCode !== null ? r(child.exitCode) : child.once('exit', r)));

describe('npm start saves the data when stopped', () => {
  it.each([
    ['SIGTERM to its process', 'SIGTERM', false],
    ['SIGHUP to its process group (a closed terminal)', 'SIGHUP', true],
  ] as const)(
    '%s',
    async (_, signal, group) => {
      expect(await waitForFreePorts(), 'the emulator ports are taken').toEqual([]);
      const log = join(dir, `start-${signal}.log`);
      const child = start(log);
      await ready(child, log);
      const marker = `m${randomUUID().replaceAll('-', '')}`;
      await writeMarker(marker);
      process.kill(group ? -child.pid! : child.pid!, signal);
      expect(await exited(child), readFileSync(log, 'utf8')).toBe(0);
      expect(saved(marker), readFileSync(log, 'utf8')).toBe(true);
      expect(await waitForFreePorts()).toEqual([]);
    },
    600_000,
  );
});
