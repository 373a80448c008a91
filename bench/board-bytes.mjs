/**
 * npm run bench:board-bytes [-- --leads 2000,20000 --changes 40 --no-fold]
 *
 * Only the board's bytes per lead change (bench/figures/board-bytes.ts), without the rest of the bench: starts
 * a Firestore emulator alone (`firebase emulators:exec --only firestore`, its debug log bounded in the emulators'
 * log folder, scripts/emulator-logs.mjs), measures each lead count in its own emulator project, prints one line per
 * size and writes bench/.artifacts/board-bytes.json. Refuses to start while the Firestore emulator's port is
 * taken (another suite is running). By default the changes go on until one fold of the recent changes into
 * the shards, so its share per change is measured too.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { emulatorEnvOrExit, firebaseCli, PORTS, portInUse, ROOT } from '../scripts/emulators.mjs';
import { emulatorLogDir, wantsVerboseLogs } from '../scripts/emulator-logs.mjs';
import { exitWithUsageIfAsked } from '../scripts/usage.mjs';
import { boardBytesLine } from './figures/board-bytes.mjs';

exitWithUsageIfAsked(`
Usage: npm run bench:board-bytes [-- --leads 2000,20000 --changes 40 --no-fold --verbose]

Measures only the bytes an open board receives per lead change, at each lead count, on a Firestore
emulator of its own (the other emulator suites must be stopped). Writes bench/.artifacts/board-bytes.json.

  --leads N,M   lead counts to measure (default 2000,20000)
  --changes N   lead changes per count (default 40)
  --no-fold     stop before the recent changes are folded into the shards
  --verbose     keep the emulator's debug log (capped) instead of discarding it
`);

const { values } = parseArgs({
  options: {
    leads: { type: 'string', default: '2000,20000' },
    changes: { type: 'string', default: '40' },
    'no-fold': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});
if (await portInUse(PORTS.firestore)) {
  console.error(`✖ bench:board-bytes: port ${PORTS.firestore} is taken: stop the other emulator suite first.`);
  process.exit(1);
}
const artifacts = join(ROOT, 'bench', '.artifacts');
mkdirSync(artifacts, { recursive: true });
const logDir = emulatorLogDir('bench-board-bytes', { verbose: wantsVerboseLogs() });
const script = [
  join(ROOT, 'node_modules', '.bin', 'tsx'),
  join(ROOT, 'bench', 'figures', 'board-bytes.ts'),
  '--leads',
  values.leads,
  '--changes',
  values.changes,
  ...(values['no-fold'] ? [] : ['--fold']),
].join(' ');
const [cmd, ...args] = firebaseCli('emulators:exec', '--only', 'firestore', script);
// The emulator writes its debug log into the working directory: the log folder, out of the tree.
const r = spawnSync(cmd, args, {
  cwd: logDir,
  env: emulatorEnvOrExit({ quiet: true }),
  stdio: ['ignore', 'pipe', 'inherit'],
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
const line = (r.stdout ?? '').split('\n').find((l) => l.startsWith('BENCH_RESULT '));
if (r.status !== 0 || !line) {
  process.stdout.write(r.stdout ?? '');
  console.error(`✖ bench:board-bytes failed (exit ${r.status ?? r.signal})`);
  process.exit(1);
}
const result = JSON.parse(line.slice('BENCH_RESULT '.length));
writeFileSync(join(artifacts, 'board-bytes.json'), `${JSON.stringify(result, null, 2)}\n`);
for (const x of result.results) console.log(`${x.serializedMax <= 20 * 1024 ? 'pass' : 'FAIL'}  ${boardBytesLine(x)}`);
console.log(`bench:board-bytes: ${join(artifacts, 'board-bytes.json')}`);
