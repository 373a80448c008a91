/**
 * scripts/emulator-logs.mjs and scripts/log-guard.mjs: the emulators' debug logs are written out of the tree,
 * keep nothing unless asked (`--verbose`), and stay under a cap, also when the process that started the stack
 * is killed. A stand-in for firebase-tools writes the files the way it does (firebase-debug.log appended,
 * the Java emulators' `<name>-debug.log` opened with "w" and written at an offset), in its working directory.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ROOT } from '../../scripts/emulators.mjs';
import {
  DEBUG_LOG_NAMES,
  LOG_ROOT,
  allocated,
  diskBytes,
  emulatorLogDir,
  logBytesWritten,
  startLogGuard,
} from '../../scripts/emulator-logs.mjs';

const dirs: string[] = [];
const tempBase = () => {
  const d = mkdtempSync(join(tmpdir(), 'emulator-logs-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** True while `pid` runs (a zombie counts as stopped). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
}

/** Polls `what` until it holds (the test's own timeout bounds the wait: what it needs, never a guessed time). */
const waitFor = async (what: () => boolean) => {
  while (!what()) await new Promise((r) => setTimeout(r, 100));
};

/** Node code that writes `mb` MiB into both kinds of file in its cwd, 256 KiB every 20 ms, then exits. */
const writer = (mb: number) => `
  const fs = require('node:fs');
  const appended = fs.createWriteStream('firebase-debug.log', { flags: 'a' });
  const java = fs.createWriteStream('firestore-debug.log');
  const chunk = Buffer.alloc(256 * 1024, 'x');
  let left = ${mb} * 4;
  const t = setInterval(() => {
    appended.write(chunk); java.write(chunk);
    if (--left <= 0) { clearInterval(t); appended.end(); java.end(() => process.exit(0)); }
  }, 20);`;

describe('emulator logs', () => {
  it('live in a git-ignored cache folder, not in the tree', () => {
    expect(relative(ROOT, LOG_ROOT).startsWith(join('node_modules', '.cache'))).toBe(true);
    expect(spawnSync('git', ['check-ignore', '-q', LOG_ROOT], { cwd: ROOT }).status).toBe(0);
  });

  it('keep nothing without --verbose: each debug log is a link to /dev/null', async () => {
    const dir = emulatorLogDir('quiet', { base: tempBase() });
    for (const name of DEBUG_LOG_NAMES) expect(readlinkSync(join(dir, name))).toBe('/dev/null');
    const child = spawn(process.execPath, ['-e', writer(4)], { cwd: dir, stdio: 'ignore' });
    await new Promise((r) => child.once('exit', r));
    expect(diskBytes(dir)).toBe(0);
    expect(lstatSync(join(dir, 'firebase-debug.log')).isSymbolicLink()).toBe(true);
  });

  it(
    'with --verbose, keeps each file under the cap while the writer runs, and counts what was written',
    { timeout: 120_000 },
    async () => {
      const dir = emulatorLogDir('verbose', { verbose: true, base: tempBase() });
      expect(existsSync(join(dir, 'firebase-debug.log'))).toBe(false);
      const cap = 2 * 1024 * 1024;
      const child = spawn(process.execPath, ['-e', writer(16)], { cwd: dir, stdio: 'ignore' });
      const guard = startLogGuard(dir, child.pid!, { capBytes: cap });
      await new Promise((r) => child.once('exit', r));
      // After the writer is gone the guard checks once more, then stops.
      await waitFor(() => !running(guard.pid!));
      for (const f of ['firebase-debug.log', 'firestore-debug.log'])
        expect(allocated(join(dir, f))).toBeLessThanOrEqual(cap);
      expect(allocated(join(dir, 'firebase-debug.log.old'))).toBeLessThanOrEqual(cap / 4);
      // 16 MiB into each file, counted on disk whether cut or not.
      expect(logBytesWritten(dir)).toBeGreaterThanOrEqual(2 * 16 * 1024 * 1024 * 0.9);
    },
  );

  it(
    'still caps the files when the process that started the stack is killed with SIGKILL',
    { timeout: 120_000 },
    async () => {
      const dir = emulatorLogDir('killed', { verbose: true, base: tempBase() });
      const cap = 2 * 1024 * 1024;
      // The parent starts the writer (as start.mjs starts the CLI) and the guard, prints the writer's pid, and stays.
      const parent = spawn(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `import { spawn } from 'node:child_process';
         import { startLogGuard } from ${JSON.stringify(join(ROOT, 'scripts', 'emulator-logs.mjs'))};
         const w = spawn(process.execPath, ['-e', ${JSON.stringify(writer(16))}], { cwd: ${JSON.stringify(dir)}, stdio: 'ignore' });
         startLogGuard(${JSON.stringify(dir)}, w.pid, { capBytes: ${cap} });
         console.log(w.pid);
         setInterval(() => {}, 1000);`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const writerPid = await new Promise<number>((done) =>
        parent.stdout.once('data', (chunk: Buffer) => done(Number(chunk.toString().trim()))),
      );
      parent.kill('SIGKILL');
      // The guard outlives its parent: it makes its last check once the writer has ended, and says so.
      const guard = () => JSON.parse(readFileSync(join(dir, 'guard.json'), 'utf8')) as { done: boolean; cuts: number };
      await waitFor(() => !running(writerPid) && guard().done);
      expect(guard().cuts).toBeGreaterThan(0);
      for (const f of ['firebase-debug.log', 'firestore-debug.log'])
        expect(allocated(join(dir, f))).toBeLessThanOrEqual(cap);
    },
  );
});
