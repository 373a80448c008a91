/**
 * Bench helper (Firestore emulator): the daily reminder run over N leads.
 * In its own demo- project (GCLOUD_PROJECT, default demo-studio-reminders),
 * so no Functions trigger fires on what it writes, it stores N leads each
 * with an open, numbered invoice that fell due one day before the clock
 * (so every lead is due exactly one overdue reminder) and turns every
 * automation on; then times runReminders(db, now) from
 * functions/src/features/reminders/reminders.ts: the first run (N reminders sent, each
 * in its own transaction with its outbox entry and activity) and a second run
 * with the same clock (nothing left to send). Prints
 * "BENCH_RESULT {firstMs, secondMs, sent, resent, leads}".
 *
 *   tsx bench/reminders-run.ts [--leads 2000]
 */
import { performance } from 'node:perf_hooks';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import {
  AUTOMATION_SETTINGS_DOC,
  DEFAULT_AUTOMATION_SETTINGS,
  newLeadRecord,
  SETTINGS_COLLECTION,
  DAY_MS,
} from '@studio/domain';
import { runReminders } from '../functions/src/features/reminders/reminders.js';

const projectId = process.env.GCLOUD_PROJECT ?? 'demo-studio-reminders';
if (!process.env.FIRESTORE_EMULATOR_HOST || !projectId.startsWith('demo-')) {
  console.error('reminders-run: emulator and demo- project only');
  process.exit(1);
}
const i = process.argv.indexOf('--leads');
const N = i > 0 ? Number(process.argv[i + 1]) : 2000;
const NOW = new Date('2033-05-10T09:00:00Z');
const RUN = Date.now().toString(36);
const db = getFirestore(initializeApp({ projectId }, 'reminders-bench'));

await db
  .collection(SETTINGS_COLLECTION)
  .doc(AUTOMATION_SETTINGS_DOC)
  .set(Object.fromEntries(Object.entries(DEFAULT_AUTOMATION_SETTINGS).map(([k, v]) => [k, { ...v, enabled: true }])));
for (let start = 0; start < N; start += 250) {
  const batch = db.batch();
  for (let n = start; n < Math.min(N, start + 250); n++) {
    const lead = db.collection('leads').doc(`bench-rem-${RUN}-${n}`);
    batch.set(lead, {
      ...newLeadRecord({
        name: `Reminder Lead ${n}`,
        email: `rem.${n}@example.com`,
        projectType: 'Web Project',
        subject: 'Bench site',
        message: 'Bench',
      }),
      status: 'Production',
      createdAt: Timestamp.fromDate(NOW),
      updatedAt: Timestamp.fromDate(NOW),
    });
    batch.set(db.collection('invoices').doc(`bench-inv-${RUN}-${n}`), {
      leadId: lead.id,
      number: `INV-2033-${String(n + 1).padStart(4, '0')}`,
      email: `rem.${n}@example.com`,
      clientName: `Reminder Lead ${n}`,
      amountCents: 10_000 + n,
      description: 'Bench invoice',
      issuedAt: Timestamp.fromMillis(NOW.getTime() - 15 * DAY_MS),
      dueDate: Timestamp.fromMillis(NOW.getTime() - DAY_MS),
      status: 'open',
      checkoutUrl: '/checkout?invoiceId=x',
      createdAt: Timestamp.fromDate(NOW),
    });
  }
  await batch.commit();
}

let t0 = performance.now();
const first = await runReminders(db, NOW);
const firstMs = performance.now() - t0;
t0 = performance.now();
const second = await runReminders(db, NOW);
const secondMs = performance.now() - t0;
if (first.failed.length || second.failed.length)
  console.error(`reminders-run: ${first.failed.length + second.failed.length} reminder(s) failed`);
console.log(
  `BENCH_RESULT ${JSON.stringify({ firstMs, secondMs, sent: first.sent.length, resent: second.sent.length, failed: first.failed.length + second.failed.length, leads: N })}`,
);
process.exit(0);
