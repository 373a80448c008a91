/**
 * Where the Firebase emulators' debug logs go, and how big they may grow. Used by `npm start`, `npm run dev`,
 * `npm test` and the bench (bench/lib/proc.mjs).
 *
 * firebase-tools writes its logs into its working directory: `firebase-debug.log` (every debug line of the CLI
 * and of the Functions emulator, and a copy of the Java emulators' output) and `<emulator>-debug.log` for each
 * Java emulator (firestore-debug.log, pubsub-debug.log, ui-debug.log, …), none of them ever rotated. A bulk seed
 * once made them 73 GB and filled the disk. So the CLI runs with its working directory in
 * `node_modules/.cache/studio-emulators/logs/<run>` (emulatorLogDir): per clone, so two clones' stacks never
 * share a file; git-ignored with node_modules and removed with it; no write into the user's home; it is where
 * Node tools keep their caches (find-cache-dir). `--config` names firebase.json, so the project is still
 * found, and every path given to the CLI is absolute.
 *
 * - Without `--verbose` each of those files is a symbolic link to /dev/null, made before the CLI starts:
 *   firebase-tools opens and writes them as before, and nothing (no request payload, no document) is kept.
 *   The emulators' info-level output still goes to the console (the bench: `emulators.log` in the same folder).
 * - With `--verbose` they are real files, and a guard (scripts/log-guard.mjs, a process of its own, so that it
 *   outlives a killed parent as long as the CLI writes) keeps each under LOG_CAP_BYTES: a file over the cap
 *   is cut to nothing after its last quarter is copied to `<name>.old`. The guard runs without `--verbose` too,
 *   for any other `*.log` there, and counts the bytes written (`guard.json`, read by logBytesWritten).
 */
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './emulators.mjs';

/** The folder holding every run's log folder (git-ignored: node_modules/). */
export const LOG_ROOT = join(ROOT, 'node_modules', '.cache', 'studio-emulators', 'logs');

/** Bytes one log file may hold before the guard cuts it (default 64 MiB; STUDIO_EMULATOR_LOG_CAP_MB overrides). */
export const LOG_CAP_BYTES = Math.round(Number(process.env.STUDIO_EMULATOR_LOG_CAP_MB || 64) * 1024 * 1024);

/** The debug logs firebase-tools writes into its working directory (downloadableEmulators getLogFileName, logger). */
export const DEBUG_LOG_NAMES = [
  'firebase-debug.log',
  'firestore-debug.log',
  'database-debug.log',
  'pubsub-debug.log',
  'storage-debug.log',
  'ui-debug.log',
  'dataconnect-debug.log',
];

/** True when the command line asks for the emulators' full debug logs. */
export const wantsVerboseLogs = (argv = process.argv) => argv.includes('--verbose');

/**
 * Makes a fresh log folder for run `name` (e.g. "start", "api", "bench") under `base` and returns its path:
 * the last run's files of that name are removed; without `verbose` every DEBUG_LOG_NAMES entry is a
 * symbolic link to /dev/null (nothing kept), with `verbose` nothing is made and firebase-tools creates them.
 */
export function emulatorLogDir(name, { verbose = false, base = LOG_ROOT } = {}) {
  const dir = join(base, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (!verbose && process.platform !== 'win32') {
    for (const file of DEBUG_LOG_NAMES) symlinkSync('/dev/null', join(dir, file));
  }
  return dir;
}

/**
 * Starts scripts/log-guard.mjs on `dir` for as long as process `pid` (the firebase CLI) lives, in a process
 * group of its own that ignores Ctrl-C (the CLI's last lines, written while it stops, are still capped).
 * `capBytes` per file. Returns the guard's child process (unref'd: it never holds this process open).
 */
export function startLogGuard(dir, pid, { capBytes = LOG_CAP_BYTES } = {}) {
  const guard = spawn(
    process.execPath,
    [join(ROOT, 'scripts', 'log-guard.mjs'), '--dir', dir, '--pid', String(pid), '--cap', String(capBytes)],
    { cwd: dir, stdio: 'ignore', detached: true },
  );
  guard.unref();
  return guard;
}

/**
 * Bytes written into the log files of `dir` so far, cut ones included (the guard's `guard.json`, else the
 * files' sizes on disk). Logs that are links to /dev/null count 0.
 */
export function logBytesWritten(dir) {
  const stats = join(dir, 'guard.json');
  if (existsSync(stats)) {
    try {
      return JSON.parse(readFileSync(stats, 'utf8')).bytesWritten;
    } catch {
      // being rewritten: count the files below
    }
  }
  return diskBytes(dir);
}

/** Bytes the files of `dir` take on disk (allocated blocks: a sparse file counts what it holds). */
export function diskBytes(dir) {
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    total += allocated(join(dir, entry.name));
  }
  return total;
}

/** Allocated bytes of file `path` (0 when it is gone or not a regular file). */
export function allocated(path) {
  try {
    const st = lstatSync(path);
    return st.isFile() ? Math.min(st.size, st.blocks * 512) : 0;
  } catch {
    return 0;
  }
}
