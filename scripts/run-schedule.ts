/**
 * npm run schedule [-- --at 2026-12-01T09:00:00Z] [--job sweepOutbox]: runs a
 * scheduled function once on the running emulators (npm start or npm run
 * dev), with the clock `--at` (default: now), through scripts/schedule.ts.
 * `--job` names it: projectSchedule (the default: the launch countdown),
 * sweepOutbox, dailyReminders or expireOrders. Prints one line; exits 1 when the run failed.
 */
import { fireScheduled, SCHEDULED_FUNCTION, SCHEDULED_FUNCTIONS, type ScheduledFunction } from './schedule.js';
import { parseArgsOrExit } from './cliArgs.js';

const USAGE = `
Usage: npm run schedule -- [--job NAME] [--at ISO-TIME]

Runs one scheduled function once on the running emulators (npm start), with the clock --at
(default: now), e.g. --at 2026-12-01T09:00:00Z.

  --job NAME   one of ${SCHEDULED_FUNCTIONS.join(', ')} (default ${SCHEDULED_FUNCTION})
  -h, --help   this text
`;

const { values } = parseArgsOrExit('schedule', USAGE, { options: { at: { type: 'string' }, job: { type: 'string' } } });
const at = values.at ? new Date(values.at) : new Date();
if (Number.isNaN(at.getTime())) {
  console.error(`✖ --at needs an ISO date-time, e.g. 2026-12-01T09:00:00Z (got "${values.at}")`);
  process.exit(1);
}
const job = (values.job ?? SCHEDULED_FUNCTION) as ScheduledFunction;
if (!SCHEDULED_FUNCTIONS.includes(job)) {
  console.error(`✖ --job is one of ${SCHEDULED_FUNCTIONS.join(', ')} (got "${values.job}")`);
  process.exit(1);
}
try {
  await fireScheduled(job, at);
  console.log(`✔ ${job} ran with the clock at ${at.toISOString()} (what it did is in the emulator log)`);
} catch (e) {
  console.error(
    `✖ ${e instanceof Error ? e.message : String(e)}${e instanceof TypeError ? ' (are the emulators running? npm start)' : ''}`,
  );
  process.exit(1);
}
