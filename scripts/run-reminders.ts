/**
 * Fires the daily reminder run once against the running emulators, with an
 * optional clock: `npm run reminders:run -- [--now 2026-12-01T09:00:00Z]`.
 * The same handler body as the scheduled `dailyReminders` function
 * (functions/src/features/reminders/reminders.ts), so running it twice with the same clock
 * sends nothing the second time. Refuses to run outside the emulators.
 */
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { runReminders } from '../functions/src/features/reminders/reminders.js';
import { exitWithUsageIfAsked } from './usage.mjs';

exitWithUsageIfAsked(`
Usage: npm run reminders:run -- [--now ISO-TIME]

Runs the daily reminders once on the running emulators (npm start), with the clock --now
(default: now), e.g. --now 2026-12-01T09:00:00Z. A second run with the same clock sends nothing.
Refuses to run outside a demo- project.
`);

const projectId = process.env.GCLOUD_PROJECT ?? 'demo-studio';
process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';
process.env.METADATA_SERVER_DETECTION ??= 'none'; // the emulators need no Google metadata server
if (!projectId.startsWith('demo-')) {
  console.error('reminders:run: refusing to run outside a demo- project on the emulators.');
  process.exit(1);
}
const i = process.argv.indexOf('--now');
const now = i > 0 ? new Date(process.argv[i + 1] ?? '') : new Date();
if (Number.isNaN(now.getTime())) {
  console.error('reminders:run: --now needs an ISO date, e.g. 2026-12-01T09:00:00Z');
  process.exit(1);
}
const db = getFirestore(initializeApp({ projectId }, 'reminders-run'));
const result = await runReminders(db, now);
console.log(
  `reminders at ${now.toISOString()}: ${result.sent.length} sent, ${result.skipped} already sent or skipped, ${result.failed.length} left for the next run`,
);
process.exit(0);
