/**
 * npm run schedule [-- --at 2026-12-01T09:00:00Z]: runs the scheduled
 * `projectSchedule` function once on the running emulators (npm start or
 * npm run dev), with the clock `--at` (default: now), through
 * scripts/schedule.ts. Prints one line; exits 1 when the run failed.
 */
import { parseArgs } from 'node:util';
import { fireProjectSchedule, SCHEDULED_FUNCTION } from './schedule.js';

const { values } = parseArgs({ options: { at: { type: 'string' } }, strict: true });
const at = values.at ? new Date(values.at) : new Date();
if (Number.isNaN(at.getTime())) {
  console.error(`✖ --at needs an ISO date-time, e.g. 2026-12-01T09:00:00Z (got "${values.at}")`);
  process.exit(1);
}
try {
  await fireProjectSchedule(at);
  console.log(
    `✔ ${SCHEDULED_FUNCTION} ran with the clock at ${at.toISOString()} (what it moved is in the emulator log)`,
  );
} catch (e) {
  console.error(
    `✖ ${e instanceof Error ? e.message : String(e)}${e instanceof TypeError ? ' (are the emulators running? npm start)' : ''}`,
  );
  process.exit(1);
}
