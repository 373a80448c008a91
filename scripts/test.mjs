/**
 * npm test: type-checks, lints (ESLint with zero warnings) and checks the
 * formatting (Prettier, 120 columns), builds, checks the landing page's JS budget, runs
 * the unit tests, then runs the rules and API tests, and then the Playwright
 * tests (then, in a full run, a real `npm start` stopped by signals, tests/stack), each suite on its own emulator stack (firebase emulators:exec and the
 * Cloud Storage stand-in scripts/storage-standin.mjs, objects under
 * .cache/storage-test/<suite>) with the demo data freshly seeded and the books
 * checked after it, so neither suite sees the other's data (every Node process
 * of a stack runs under scripts/loopback-only.mjs: a connection to any host but
 * loopback is refused and fails the run); then prints the
 * security report (scripts/report-security.mjs). Ends with one line
 * "tests: N passed, N failed".
 *
 * While working on one area: `npm test -- --api tests/api/payments.test.ts --e2e tests/e2e/cart.spec.ts`
 * runs only those integration files and specs (either list may be empty) after
 * the same checks; the security report is skipped, since it needs the full run.
 * Adding `--fast` to such a subset run skips the type-check, lint, format check
 * and unit tests (run them beside it, outside the emulator lock): it only
 * builds and runs the named files, so a shared machine's lock is held less.
 *
 * The emulators' debug logs stay out of the tree (scripts/emulator-logs.mjs): none unless `--verbose`, then
 * in node_modules/.cache/studio-emulators/logs/<suite>/, each file capped.
 *
 * A full run that passes on a tree without changes records its commit in
 * .cache/test-passed.json (scripts/release.mjs), which `npm run deploy`
 * requires; a full run that starts removes the record first, and a subset
 * run never writes it.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import {
  EMULATOR_CLIENT_ENV,
  ROOT,
  emulatorEnvOrExit,
  firebaseCli,
  loopbackOnlyEnv,
  startStorageStandIn,
  waitForFreePorts,
} from './emulators.mjs';
import { NPM, runOrExit } from './run.mjs';
import { findChromium, MISSING_CHROMIUM } from './chromium.mjs';
import { clearTestMarker, treeState, writeTestMarker } from './release.mjs';
import { emulatorLogDir, startLogGuard, wantsVerboseLogs } from './emulator-logs.mjs';
import { exitWithUsageIfAsked } from './usage.mjs';

/** `--api a b --e2e c d` → { api: [a, b], e2e: [c, d] }, or null for the full run. */
function subset(argv) {
  if (!argv.includes('--api') && !argv.includes('--e2e')) return null;
  const out = { api: [], e2e: [] };
  let into = null;
  for (const a of argv) {
    if (a === '--fast' || a === '--verbose') continue;
    if (a === '--api' || a === '--e2e') into = out[a.slice(2)];
    else into?.push(a);
  }
  return out;
}
exitWithUsageIfAsked(`
Usage: npm test [-- [--fast] [--api FILE...] [--e2e FILE...]]

Type-checks, lints, checks the formatting, builds, runs the unit tests, then the rules and API tests
and the Playwright tests, each suite on emulators of its own, and the books check after each.
Ends with "tests: N passed, N failed".

  --api FILE...   only these API/rules test files (after the same checks)
  --e2e FILE...   only these Playwright specs
  --fast          with --api/--e2e: skip the type-check, lint, format check and unit tests
  -h, --help      this text
`);
const only = subset(process.argv.slice(2));
const fast = process.argv.includes('--fast');
if (fast && !only) {
  console.error('✖ --fast only applies to a subset run (--api … / --e2e …): the full run always checks everything.');
  process.exit(2);
}
// The commit a full run tests, and whether the tree is that commit (no changes) before anything is built.
const startState = only ? null : treeState(ROOT);
if (!only) clearTestMarker(ROOT);

const quoted = (files) => files.map((f) => `"${f}"`).join(' ');

const results = join(ROOT, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const env = emulatorEnvOrExit();
const chromium = findChromium();
if (!chromium) {
  console.error(`✖ ${MISSING_CHROMIUM} The end-to-end tests need it.`);
  process.exit(1);
}

/** How long each step took (ms), in order, for the summary: the suite's time is watched as its tests grow. */
const durations = [];
/** Runs `fn` (sync or async) and records its time under `name`; resolves to what `fn` returns. */
async function timed(name, fn) {
  const started = Date.now();
  try {
    return await fn();
  } finally {
    durations.push([name, Date.now() - started]);
  }
}

if (!fast) {
  await timed('type-check', () => runOrExit('Type-check', NPM, ['run', 'typecheck']));
  await timed('lint', () => runOrExit('Lint (ESLint, zero warnings)', NPM, ['run', 'lint']));
  await timed('format', () => runOrExit('Format check (Prettier)', NPM, ['run', 'format:check']));
}
await timed('builds', () => {
  runOrExit('Building functions', NPM, ['run', 'build', '-w', 'functions']);
  runOrExit('Building web', NPM, ['run', 'build:emulator', '-w', 'web']);
  runOrExit('Landing JS budget (≤ 180 KB gzip, no Firebase)', process.execPath, ['scripts/check-bundle.mjs']);
});

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const vitest = (project) =>
  `"${bin('vitest')}" run --project ${project} --reporter=default --reporter=json --outputFile.json=test-results/${project}.json`;

console.log(fast ? '\n▶ Unit tests: skipped (--fast)' : '\n▶ Unit tests');
const unit = fast
  ? { status: 0 }
  : await timed('unit', () => spawnSync(vitest('unit'), { cwd: ROOT, stdio: 'inherit', shell: true }));

const apiFiles = only ? only.api : [];
const e2eFiles = only ? only.e2e : [];
const tsx = `"${bin('tsx')}"`;

/**
 * Runs one suite on its own emulator stack: fresh emulators (auth, firestore, functions, hosting) and a fresh
 * Cloud Storage stand-in (objects under .cache/storage-test/<name>), the demo data seeded, the API's function
 * loaded (scripts/wait-for-api.mjs: a cold worker is not the first test's wait), the suite, then the
 * books of whatever it left (npm run books:check: every balance recomputed from the ledger). Each suite thus
 * sees only the seed and its own writes, never the other's leftovers (its leads, rate-limit counters or
 * triggers still running). Waits for the previous stack's ports to be free first. Resolves the exit status.
 */
async function runOnOwnStack(name, suite) {
  const busy = await waitForFreePorts();
  if (busy.length > 0) {
    console.error(`✖ Emulator port(s) ${busy.join(', ')} still taken: another emulator suite is running.`);
    return 1;
  }
  const storageDir = join(ROOT, '.cache', 'storage-test', name);
  rmSync(storageDir, { recursive: true, force: true });
  let storage;
  try {
    storage = await startStorageStandIn(storageDir);
  } catch (e) {
    console.error(`✖ ${e instanceof Error ? e.message : e}`);
    return 1;
  }
  // The CLI works in the log folder (its debug logs land there); the suite's commands run from the root.
  const logs = emulatorLogDir(name, { verbose: wantsVerboseLogs() });
  // Every Node process of the stack (the CLI, the functions, the seed, the tests, the books check) may reach
  // loopback only: anything else is refused, recorded here, and fails the run.
  const outbound = join(results, `outbound-${name}.log`);
  rmSync(outbound, { force: true });
  const inner = `cd "${ROOT}" && ${tsx} scripts/seed.ts && "${process.execPath}" scripts/wait-for-api.mjs && ${suite} ; s=$? ; ${tsx} scripts/books-check.ts ; b=$? ; [ $s -eq 0 ] && [ $b -eq 0 ]`;
  const [cmd, ...args] = firebaseCli('emulators:exec', '--only', 'auth,firestore,functions,hosting', inner);
  const cli = spawn(cmd, args, {
    cwd: logs,
    stdio: 'inherit',
    env: {
      ...env,
      ...EMULATOR_CLIENT_ENV,
      ...loopbackOnlyEnv(env, outbound),
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    },
  });
  startLogGuard(logs, cli.pid);
  const run = await new Promise((done) => {
    cli.once('error', () => done({ status: 1 }));
    cli.once('exit', (status) => done({ status }));
  });
  if (storage.exitCode === null) {
    const stopped = new Promise((r) => storage.once('exit', r));
    storage.kill('SIGTERM');
    await stopped;
  }
  const refused = existsSync(outbound) ? readFileSync(outbound, 'utf8').trim().split('\n') : [];
  if (refused.length > 0) {
    console.error(`✖ The ${name} stack tried to reach ${refused.length} host(s) beyond loopback (pid, process, host):`);
    for (const line of refused) console.error(`    ${line}`);
    return 1;
  }
  return run.status ?? 1;
}

let emuStatus = 0;
if (!only || apiFiles.length > 0) {
  console.log('\n▶ Rules and API tests on their own emulators');
  emuStatus |= await timed('integration', () => runOnOwnStack('api', `${vitest('integration')} ${quoted(apiFiles)}`));
}
if (!only || e2eFiles.length > 0) {
  console.log('\n▶ End-to-end tests on their own emulators');
  emuStatus |= await timed('e2e', () =>
    runOnOwnStack('e2e', `"${bin('playwright')}" test -c tests/e2e/playwright.config.ts ${quoted(e2eFiles)}`),
  );
}
// A real `npm start` stopped by SIGTERM and SIGHUP saves its data (tests/stack): it starts its own emulators on
// the usual ports, so it runs once the suites' stacks are down, in the full run only.
if (!only) {
  console.log('\n▶ npm start under signals (its own emulators)');
  await timed('stack', () => spawnSync(vitest('stack'), { cwd: ROOT, stdio: 'inherit', shell: true }));
}

/** Short first line of an error message, without ANSI colours. */
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .find((l) => l.trim())
    ?.trim()
    .slice(0, 300) ?? '';

/**
 * The failed tests of a parsed vitest or Playwright JSON report, as "file › name: first error line",
 * so that the last lines of a CI log name what failed.
 */
function failures(r) {
  const out = [];
  if (r.suites) {
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? []) {
        if (spec.ok) continue;
        const errors = spec.tests.flatMap((t) => t.results.flatMap((res) => res.errors ?? []));
        out.push(`${spec.file ?? file}:${spec.line} › ${spec.title}: ${firstLine(errors[0]?.message)}`);
      }
      for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
    };
    for (const s of r.suites) walk(s, s.file);
    return out;
  }
  for (const f of r.testResults ?? []) {
    const name = f.name.replace(`${ROOT}/`, '');
    if (f.status === 'failed' && !f.assertionResults?.some((a) => a.status === 'failed')) {
      out.push(`${name}: ${firstLine(f.message)}`);
    }
    for (const a of f.assertionResults ?? []) {
      if (a.status === 'failed') out.push(`${name} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    }
  }
  return out;
}

/** Reads a vitest or Playwright JSON report once: its passed/failed counts and its failed tests. */
function readReport(file) {
  const path = join(results, file);
  if (!existsSync(path)) return { passed: 0, failed: only ? 0 : 1, missing: true, failures: [] };
  const r = JSON.parse(readFileSync(path, 'utf8'));
  const counts = r.stats
    ? { passed: r.stats.expected + (r.stats.flaky ?? 0), failed: r.stats.unexpected }
    : { passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0) };
  return { ...counts, failures: failures(r) };
}

const parts = {
  unit: readReport('unit.json'),
  integration: readReport('integration.json'),
  e2e: readReport('e2e.json'),
  stack: readReport('stack.json'),
};
for (const [name, c] of Object.entries(parts)) {
  console.log(`  ${name.padEnd(12)} ${c.missing ? 'did not run' : `${c.passed} passed, ${c.failed} failed`}`);
}
const minutes = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
console.log(
  `  durations    ${durations.map(([name, ms]) => `${name} ${minutes(ms)}`).join(', ')}; in all ${minutes(durations.reduce((s, [, ms]) => s + ms, 0))} (min:s)`,
);
const passed = Object.values(parts).reduce((s, c) => s + c.passed, 0);
const failed = Object.values(parts).reduce((s, c) => s + c.failed, 0);
console.log();
const report = only
  ? { status: 0 }
  : spawnSync(process.execPath, ['scripts/report-security.mjs'], { cwd: ROOT, stdio: 'inherit' });
console.log();
const failedTests = Object.values(parts).flatMap((c) => c.failures);
if (failedTests.length > 0) {
  console.log('Failed:');
  for (const line of failedTests) console.log(`  ✖ ${line}`);
  console.log();
}
const ok = unit.status === 0 && emuStatus === 0 && failed === 0 && report.status === 0;
console.log(`tests: ${passed} passed, ${failed} failed`);
if (ok && startState) {
  // Only a tree that was its commit from start to end was what passed.
  const endState = treeState(ROOT);
  if (startState.clean && endState.clean && endState.head === startState.head) {
    writeTestMarker(ROOT, startState, { passed, failed });
    console.log(`Recorded in .cache/test-passed.json: ${startState.head.slice(0, 12)} may be deployed.`);
  } else {
    console.log(
      'Not recorded for deploy: the tree had uncommitted changes (npm run deploy needs a committed, tested tree).',
    );
  }
}
process.exit(ok ? 0 : 1);
