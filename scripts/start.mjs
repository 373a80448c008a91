/**
 * npm start: builds web and functions, starts the Auth, Firestore, Functions
 * and Hosting emulators (site on http://127.0.0.1:5000) and the Cloud Storage
 * stand-in for the lead files (scripts/storage-standin.mjs on 127.0.0.1:9199,
 * objects in .storage-data/), seeds demo data and
 * prints where to go. Ctrl-C stops everything.
 *
 * npm run dev (--dev): the same emulators and seed, plus Vite with hot reload
 * on http://127.0.0.1:5173 proxying /api to the functions emulator.
 *
 * Local data persists: Auth and Firestore are saved into EMULATOR_DATA
 * (git-ignored) every few minutes while they run and when they stop, each
 * save replacing the last whole (scripts/emulator-data.mjs), and the next
 * start imports it instead of seeding. `--fresh` deletes it first and starts
 * from the seed.
 * The emulators' debug logs are kept out of the tree (scripts/emulator-logs.mjs): none without `--verbose`,
 * with it in node_modules/.cache/studio-emulators/logs/start/, each file capped.
 * Both run the scheduled functions on the emulator once the seed is in, then
 * on a local cadence (scripts/schedule.ts LOCAL_SCHEDULE: the launch
 * countdown every minute, the email sweep and the order expiry every 5
 * minutes, the reminders hourly): the emulator has no scheduler of its own.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  EMULATOR_CLIENT_ENV,
  PORTS,
  ROOT,
  emulatorEnvOrExit,
  firebaseCli,
  killTree,
  startStorageStandIn,
} from './emulators.mjs';
import { NPM, NPX, runOrExit, startChild, waitForHttp } from './run.mjs';
import { DEV_ADMIN } from './dev-admin.ts';
import { startScheduleTicker } from './schedule.ts';
import {
  exportEmulatorData,
  exportFolders,
  isExport,
  moveIn,
  recoverEmulatorData,
  startExportTicker,
} from './emulator-data.mjs';
import { exitWithUsageIfAsked } from './usage.mjs';
import { emulatorLogDir, startLogGuard, wantsVerboseLogs } from './emulator-logs.mjs';

exitWithUsageIfAsked(`
Usage: npm start [-- --fresh]
       npm run dev [-- --fresh]

Builds, starts the Firebase emulators (site on http://127.0.0.1:5000) and the Cloud Storage stand-in,
seeds the demo data on a first start and runs the scheduled jobs on a local cadence. The data is
saved in .emulator-data/ every 5 minutes and when it stops (Ctrl-C, SIGTERM or SIGHUP).
npm run dev adds Vite with hot reload on http://127.0.0.1:5173.

  --fresh      delete the saved data first and start from the seed
  -h, --help   this text
`);
const dev = process.argv.includes('--dev');

/** Where the emulators' data is kept between runs (saved while they run and on exit, imported at start); STUDIO_EMULATOR_DATA moves it (tests/stack). */
const EMULATOR_DATA = process.env.STUDIO_EMULATOR_DATA || join(ROOT, '.emulator-data');
recoverEmulatorData(EMULATOR_DATA);
if (process.argv.includes('--fresh')) rmSync(EMULATOR_DATA, { recursive: true, force: true });
const imported = isExport(EMULATOR_DATA);
/** The emulators write their export on exit here; it replaces EMULATOR_DATA once complete. */
const ON_EXIT = exportFolders(EMULATOR_DATA).onExit;
rmSync(ON_EXIT, { recursive: true, force: true });

/** The firebase CLI's working directory: its debug logs land there, out of the tree (scripts/emulator-logs.mjs). */
const LOGS = emulatorLogDir('start', { verbose: wantsVerboseLogs() });

/** Exports the running emulators' data into `dir` (firebase emulators:export); resolves whether it succeeded. */
function runExport(dir) {
  const [cmd, ...args] = firebaseCli('emulators:export', dir, '--force');
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: LOGS, env, stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}

const env = emulatorEnvOrExit();

runOrExit('Building functions', NPM, ['run', 'build', '-w', 'functions']);
if (!dev) runOrExit('Building web', NPM, ['run', 'build:emulator', '-w', 'web']);

// The lead files' Cloud Storage stand-in (the Storage emulator cannot start offline): its objects are kept in
// .storage-data/ beside the emulators' data, and deleted with it by --fresh.
const STORAGE_DATA = join(ROOT, '.storage-data');
if (process.argv.includes('--fresh')) rmSync(STORAGE_DATA, { recursive: true, force: true });
try {
  await startStorageStandIn(STORAGE_DATA);
} catch (e) {
  console.error(`✖ ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}

const persistence = ['--export-on-exit', ON_EXIT, ...(imported ? ['--import', EMULATOR_DATA] : [])];
const [cmd, ...args] = firebaseCli('emulators:start', '--only', 'auth,firestore,functions,hosting', ...persistence);
const children = [];
// In a group of their own, the emulators hear only the one SIGINT stop() sends. firebase-tools begins a clean
// shutdown (with its export on exit) on each SIGINT, SIGTERM or SIGHUP it gets, and stops at once on a second of
// one kind: a signal to the whole group collided with stop()'s SIGINT, and the export failed.
const emulators = startChild(cmd, args, env, { cwd: LOGS, detached: true });
startLogGuard(LOGS, emulators.pid);
children.push(emulators);
let emulatorsAlive = true;
emulators.on('exit', (code) => {
  emulatorsAlive = false;
  if (!stopping) {
    console.error(`\n✖ The emulators stopped (exit ${code}).`);
    stop(code ?? 1);
  }
});

let stopping = false;
/** True once the emulators answer and the data is theirs to save. */
let ready = false;
let stopSchedule = () => {};
let stopExports = async () => {};
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  stopSchedule();
  console.log('\nStopping...');
  // A save under way finishes first, so it cannot land after the export on exit.
  await stopExports();
  // Then one more, while the emulators still answer, whatever stopped us; their export on exit, when it
  // completes, replaces it below.
  if (emulatorsAlive && ready) {
    const saved = await exportEmulatorData(EMULATOR_DATA, runExport);
    console.log(saved ? 'Saved the emulators’ data in .emulator-data/.' : '⚠ Saving the emulators’ data failed.');
  }
  for (const c of children) if (c.exitCode === null) c.kill('SIGINT');
  // Long enough for the emulators to export their data (EMULATOR_DATA).
  const force = setTimeout(async () => {
    // The whole tree: the emulators' Java processes run in process groups of their own.
    await Promise.all(children.filter((c) => c.exitCode === null).map((c) => killTree(c.pid)));
    process.exit(code);
  }, 60_000);
  force.unref();
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.on('exit', r))))).then(() => {
    // The emulators' export on exit, complete, replaces the saved data; an incomplete one is dropped.
    moveIn(ON_EXIT, EMULATOR_DATA);
    rmSync(ON_EXIT, { recursive: true, force: true });
    process.exit(code);
  });
}
// Ctrl-C, `kill`, a service manager's stop and a closed terminal all save the data first.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(0));
// A closed terminal fails every write to it: the save must go on regardless.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});

const site = `http://127.0.0.1:${PORTS.hosting}`;
if (!(await waitForHttp(`${site}/api/health`, 180_000, () => emulatorsAlive))) {
  console.error('✖ The emulators did not answer on /api/health within 3 minutes.');
  stop(1);
} else {
  // The seed adds its leads again on every run: only into empty emulators.
  if (!imported)
    runOrExit('Seeding demo data', NPX, ['tsx', 'scripts/seed.ts'], { ...process.env, ...EMULATOR_CLIENT_ENV });
  stopSchedule = startScheduleTicker();
  stopExports = startExportTicker(EMULATOR_DATA, runExport);
  ready = true;
  let url = site;
  if (dev) {
    children.push(startChild(NPM, ['run', 'dev', '-w', 'web']));
    url = 'http://127.0.0.1:5173';
  }
  console.log(`
──────────────────────────────────────────────────────────
  Studio is running on the Firebase emulators (demo-studio)
  Site:   ${url}/
  Admin:  ${url}/admin/login
  Dev admin (emulator only): ${DEV_ADMIN.username} / ${DEV_ADMIN.password}
  Data: ${imported ? 'from the last run' : 'the demo seed'}; saved in .emulator-data/ every 5 min and when you stop
        (npm start -- --fresh starts again from the seed)
  Debug logs: ${wantsVerboseLogs() ? `${LOGS} (each file capped)` : 'none (npm start -- --verbose keeps them)'}
  Scheduled jobs: launch countdown every minute, email retries and order
                  expiry every 5 min, reminders hourly
                  (npm run schedule -- --job <name> runs one now)
  Press Ctrl-C to stop.
──────────────────────────────────────────────────────────
`);
}
