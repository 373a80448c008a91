/**
 * Processes of the bench: builds, the Firebase emulators (the scripts/start.mjs
 * pattern, reusing scripts/emulators.mjs), tsx helpers, and clean-up on exit
 * or Ctrl-C. Every child the bench starts is registered here and stopped by
 * its own id (the emulators by a SIGINT to their process group, then, if they
 * have not exited within 20 s, by killing the CLI's whole process tree, the
 * Java Firestore emulator included: it runs in a group of its own). Steps run
 * as asynchronous children (never spawnSync, which would hold a signal until
 * the step ends): one SIGINT or SIGTERM to the bench, or a step ended by Ctrl-C,
 * stops everything at once and exits 130, and no further step starts.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  EMULATOR_CLIENT_ENV,
  PORTS,
  ROOT,
  emulatorEnv,
  firebaseCli,
  killTree,
  waitForFreePorts,
  startStorageStandIn,
} from '../../scripts/emulators.mjs';
import { NPM, waitForHttp } from '../../scripts/run.mjs';
import { emulatorLogDir, logBytesWritten, startLogGuard } from '../../scripts/emulator-logs.mjs';

export { EMULATOR_CLIENT_ENV, PORTS, ROOT };
export const ARTIFACTS = join(ROOT, 'bench', '.artifacts');
export const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

const cleanups = [];
let cleaning = null;

/** Registers an async clean-up step (run in reverse order on exit, error or signal). */
export function onCleanup(fn) {
  cleanups.push(fn);
  return () => {
    const i = cleanups.indexOf(fn);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

/** Runs every registered clean-up once. */
export function cleanup() {
  if (!cleaning) {
    cleaning = (async () => {
      while (cleanups.length) {
        const fn = cleanups.pop();
        try {
          await fn();
        } catch (e) {
          console.error(`[bench] clean-up step failed: ${e?.message ?? e}`);
        }
      }
    })();
  }
  return cleaning;
}

/** Thrown when the bench was told to stop (a signal, or a child stopped by Ctrl-C): nothing more is started. */
export class Interrupted extends Error {}

let signalled = false;
/** True once the bench was told to stop: every step then throws Interrupted instead of starting. */
export const stopping = () => signalled;

/**
 * Stops the bench: the clean-up steps (children, emulators) once, then exit 130. A second signal while that
 * runs changes nothing.
 */
function stopAll(why) {
  if (signalled) return;
  signalled = true;
  console.error(`\n[bench] ${why}: stopping everything the bench started...`);
  cleanup().finally(() => process.exit(130));
}
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => stopAll(sig));

/**
 * Runs `cmd args` as a child of its own and resolves with its stdout (when `capture`), never blocking the event
 * loop, so a signal reaches the handler above at once and the clean-up stops this child too (SIGTERM, SIGKILL after
 * 5 s). A child ended by SIGINT or SIGTERM, or exiting 130 (Ctrl-C reached its group), stops the whole bench.
 * @throws Interrupted when the bench is stopping; Error naming `label` when the child fails.
 */
function runChild(label, cmd, args, { env = process.env, cwd = ROOT, capture = false } = {}) {
  if (signalled) return Promise.reject(new Interrupted(`${label}: the bench is stopping`));
  return new Promise((resolveRun, rejectRun) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'] });
    let stdout = '';
    if (capture) {
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (d) => (stdout += d));
    }
    const exited = new Promise((ok) => child.once('close', ok));
    const unregister = onCleanup(async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(t);
    });
    child.once('error', (e) => {
      unregister();
      rejectRun(new Error(`${label} failed to start: ${e.message}`));
    });
    child.once('close', (status, signal) => {
      unregister();
      if (signalled || status === 130 || signal === 'SIGINT' || signal === 'SIGTERM') {
        stopAll(`${label} was interrupted`);
        return rejectRun(new Interrupted(`${label} was interrupted`));
      }
      if (status !== 0) return rejectRun(new Error(`${label} failed (exit ${status ?? signal})`));
      resolveRun(stdout);
    });
  });
}

/** Runs a command to completion with inherited output. @throws Interrupted (see runChild), Error on failure. */
export async function runStep(label, cmd, args, { env = process.env, cwd = ROOT } = {}) {
  console.log(`[bench] ${label}`);
  await runChild(label, cmd, args, { env, cwd });
}

/** Builds the functions bundle (functions/lib/index.js). */
export function buildFunctions() {
  return runStep('Building functions (npm run build -w functions)', NPM, ['run', 'build', '-w', 'functions']);
}

/**
 * Builds the web app in mode "emulator" into `dist`: web/dist through the
 * workspace script, any other directory through a private `vite build --outDir`.
 */
export async function buildWeb(dist) {
  const webDist = join(ROOT, 'web', 'dist');
  if (dist === webDist)
    await runStep('Building web (npm run build:emulator -w web)', NPM, ['run', 'build:emulator', '-w', 'web']);
  else {
    await runStep(
      `Building web into ${dist}`,
      join(ROOT, 'node_modules', '.bin', 'vite'),
      ['build', '--mode', 'emulator', '--outDir', dist, '--emptyOutDir'],
      { cwd: join(ROOT, 'web') },
    );
    await runStep(
      `Prerendering the landing into ${dist}`,
      process.execPath,
      ['scripts/prerender.mjs', '--mode', 'emulator', '--dist', dist],
      { cwd: join(ROOT, 'web') },
    );
  }
}

/**
 * Runs `tsx <script> ...args` to completion with the emulator client env; resolves with its stdout.
 * @throws Interrupted (see runChild), Error on failure.
 */
export async function runTsx(label, script, args = [], extraEnv = {}) {
  console.log(`[bench] ${label}`);
  const stdout = await runChild(label, TSX, [script, ...args], {
    env: { ...process.env, ...EMULATOR_CLIENT_ENV, ...extraEnv },
    capture: true,
  });
  if (stdout) process.stdout.write(stdout.replace(/^BENCH_RESULT .*$/gm, ''));
  return stdout;
}

/** The JSON after "BENCH_RESULT " in a helper's output. */
export function benchResult(stdout) {
  const line = stdout.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
  if (!line) throw new Error('helper printed no BENCH_RESULT line');
  return JSON.parse(line.slice('BENCH_RESULT '.length));
}

/** Bytes the emulators' logs took in the stacks already stopped (emulatorLogBytes adds the running one's). */
let stoppedLogBytes = 0;
let runningLogDir = null;
let stacks = 0;

/** Bytes written to the emulators' logs (console output and debug logs, cut ones included) since the bench began. */
export function emulatorLogBytes() {
  return stoppedLogBytes + (runningLogDir ? logBytesWritten(runningLogDir) : 0);
}

/**
 * Starts `firebase emulators:start --only auth,firestore,functions,hosting`
 * in a log folder out of the tree (scripts/emulator-logs.mjs: node_modules/.cache/studio-emulators/logs/bench-N;
 * their console output goes to emulators.log there, their debug logs only with `verbose`, each file capped)
 * and the Cloud Storage
 * stand-in for the lead files (objects in bench/.artifacts/storage, emptied
 * per run; the seed stores the portal clients' files), waits for /api/health
 * through Hosting and seeds the demo data with scripts/seed.ts. Refuses to
 * start when any emulator port is taken (e.g. another suite is running).
 * Returns { site, settle(), stop() }; stopping is also registered for exit and Ctrl-C.
 * `settle({ quietMs = 2_000, maxMs = 900_000 })` waits until the emulators have
 * logged nothing for `quietMs` (at most `maxMs`) and resolves to
 * `{ ms, idle }` (`idle` false when `maxMs` ran out first): whatever the
 * Functions emulator still runs after a write must not share the CPU with a
 * measurement. The bulk seeds pause the triggers and write their projections
 * themselves (scripts/bulk-seed.ts), so they leave nothing to run; before that,
 * 10,000 leads kept the emulators busy for 8 to 30 min on 2 cores.
 */
export async function startEmulators({ verbose = false } = {}) {
  const busy = await waitForFreePorts(0);
  if (busy.length) {
    throw new Error(
      `emulator port(s) ${busy.join(', ')} already in use on 127.0.0.1: stop the other emulator suite first (the bench starts its own).`,
    );
  }
  const env = emulatorEnv({ quiet: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  const storageDir = join(ARTIFACTS, 'storage');
  rmSync(storageDir, { recursive: true, force: true });
  const storage = await startStorageStandIn(storageDir);
  const logDir = emulatorLogDir(`bench-${++stacks}`, { verbose });
  runningLogDir = logDir;
  const logPath = join(logDir, 'emulators.log');
  // Appended: the log guard may cut it to nothing, and writing goes on from its start.
  const log = createWriteStream(logPath, { flags: 'a' });
  const [cmd, ...args] = firebaseCli('emulators:start', '--only', 'auth,firestore,functions,hosting');
  console.log(`[bench] Starting the emulators (log: ${logPath})`);
  // Own process group: Ctrl-C in the terminal reaches only the bench, which
  // then sends the suite exactly one SIGINT (a second one makes firebase-tools exit abruptly).
  const child = spawn(cmd, args, { cwd: logDir, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  startLogGuard(logDir, child.pid);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let alive = true;
  const exited = new Promise((ok) => child.once('exit', (code, sig) => ((alive = false), ok({ code, sig }))));

  const stop = async () => {
    if (storage.exitCode === null) storage.kill('SIGTERM');
    if (!alive) return;
    console.log('[bench] Stopping the emulators...');
    try {
      process.kill(-child.pid, 'SIGINT');
    } catch {
      // already gone
    }
    const timeout = new Promise((ok) => setTimeout(() => ok('timeout'), 20_000).unref());
    if ((await Promise.race([exited, timeout])) === 'timeout') {
      // Busy emulators (a backlog of triggers) can outlast the wait; their whole tree goes, Java included.
      const failed = await killTree(child.pid);
      if (failed) console.error(`[bench] Some emulator processes could not be stopped: ${failed.message}`);
      await exited;
    }
    log.end();
    if (runningLogDir === logDir) {
      stoppedLogBytes += logBytesWritten(logDir);
      runningLogDir = null;
    }
  };
  const unregister = onCleanup(stop);

  const site = `http://127.0.0.1:${PORTS.hosting}`;
  if (!(await waitForHttp(`${site}/api/health`, 180_000, () => alive))) {
    await stop();
    unregister();
    throw new Error(`the emulators did not answer ${site}/api/health within 3 minutes (see ${logPath})`);
  }
  await runTsx('Seeding demo data (scripts/seed.ts)', 'scripts/seed.ts');
  const settle = async ({ quietMs = 2_000, maxMs = 900_000 } = {}) => {
    const started = Date.now();
    let size = -1;
    let since = Date.now();
    while (Date.now() - started < maxMs) {
      const now = statSync(logPath).size;
      if (now !== size) [size, since] = [now, Date.now()];
      else if (Date.now() - since >= quietMs) return { ms: Date.now() - started, idle: true };
      await new Promise((ok) => setTimeout(ok, 250));
    }
    return { ms: Date.now() - started, idle: false };
  };
  return {
    site,
    settle,
    stop: async () => {
      unregister();
      await stop();
    },
  };
}

/**
 * Starts a long-running tsx child that prints one "BENCH_RESULT {json}" line
 * when ready; resolves to { info, child, stop() }.
 */
export function startTsxServer(script, extraEnv = {}) {
  return new Promise((resolveStart, rejectStart) => {
    const child = spawn(TSX, [script], {
      cwd: ROOT,
      env: { ...process.env, ...EMULATOR_CLIENT_ENV, ...extraEnv },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((ok) => child.once('exit', ok));
    const stop = async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(t);
    };
    const unregister = onCleanup(stop);
    let buf = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d) => {
      buf += d;
      const line = buf.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
      if (line) {
        child.stdout.removeAllListeners('data');
        child.stdout.resume();
        resolveStart({
          info: JSON.parse(line.slice('BENCH_RESULT '.length)),
          child,
          stop: async () => {
            unregister();
            await stop();
          },
        });
      }
    });
    child.once('exit', (code) => rejectStart(new Error(`${script} exited (${code}) before it was ready`)));
  });
}
