/**
 * Bench-only data for the emulators, through the Admin SDK (never part of
 * `npm start` or `npm test`):
 *
 *   tsx bench/seed-bench.ts --fixtures      two fixed leads the browser figures move
 *                                           ("Bench Live Lead", "Bench Drop Lead"), reset to New
 *   tsx bench/seed-bench.ts --leads 2000    N synthetic leads across the board's statuses
 *                                           (those already stored with their status are left
 *                                           as they are), written with the background triggers
 *                                           paused, then their payment requests and the board
 *                                           at once (scripts/bulk-seed.ts): no trigger storm
 *   tsx bench/seed-bench.ts --ledger 10000  synthetic ledger entries (payments, one in ten a
 *                                           refund; 400 customers over 24 months) until the
 *                                           ledger holds N, through the server's own writer
 *                                           (entries and month totals together, in batches:
 *                                           no trigger listens to the ledger)
 *
 * GCLOUD_PROJECT picks the project (the API load uses its own demo- project).
 * Emulator only: refuses to run unless FIRESTORE_EMULATOR_HOST is set and the
 * project id starts with "demo-". Prints one "BENCH_RESULT {json}" line with
 * the lead counts of the whole collection by status and the ledger's size.
 */
import { initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, newLeadRecord } from '@studio/domain';
import { rebuildLeadBoard } from '../functions/src/features/leads/leadBoardStore.js';
import { recordLedgerEntry } from '../functions/src/features/billing/ledger.js';
import { seedSyntheticLeads, type BulkLeadsResult } from '../scripts/bulk-seed.js';

export const FIXTURES = [
  { id: 'bench-live-lead', name: 'Bench Live Lead' },
  { id: 'bench-drop-lead', name: 'Bench Drop Lead' },
] as const;

async function seedFixtures(db: Firestore, now: number) {
  const batch = db.batch();
  for (const f of FIXTURES) {
    batch.set(db.collection('leads').doc(f.id), {
      ...newLeadRecord({
        name: f.name,
        email: `${f.id}@bench.example`,
        projectType: 'Web Project',
        subject: 'Bench fixture',
        message: 'Moved by npm run bench.',
      }),
      source: 'bench',
      createdAt: Timestamp.fromMillis(now),
      updatedAt: Timestamp.fromMillis(now),
    });
  }
  await batch.commit();
}

/** Entries per batch: each is two writes (the entry and its month's totals). */
const LEDGER_BATCH = 200;

/** Tops the ledger up to `n` entries (see the file comment); returns its size. */
async function seedLedger(db: Firestore, n: number, now: number): Promise<number> {
  const have = (await db.collection(COLLECTIONS.ledgerEntries).count().get()).data().count;
  for (let start = have; start < n; start += LEDGER_BATCH) {
    const batch = db.batch();
    for (let i = start; i < Math.min(n, start + LEDGER_BATCH); i++) {
      const customer = i % 400;
      recordLedgerEntry(
        db,
        batch,
        `bench-ledger-${i}`,
        {
          type: i % 10 === 9 ? 'refund' : 'payment',
          amountCents: i % 10 === 9 ? 5_000 : 49_999 + (i % 7) * 10_000,
          currency: 'usd',
          document: null,
          documentNumber: null,
          leadId: null,
          customerEmail: `customer${customer}@bench.example`,
          customerName: `Bench Customer ${customer}`,
          paymentIntentId: `pi_bench_${i}`,
          by: 'bench',
          keep: { document: false, paymentEntry: false },
        },
        new Date(now - ((i * 7919) % (730 * 24)) * 3_600_000),
      );
    }
    await batch.commit();
  }
  return Math.max(have, n);
}

async function countByStatus(db: Firestore) {
  const snap = await db.collection('leads').select('status', 'notes').get();
  const byStatus: Record<string, number> = {};
  let testData = 0;
  for (const d of snap.docs) {
    const s = String(d.get('status'));
    byStatus[s] = (byStatus[s] ?? 0) + 1;
    if (s === 'Lost' && String(d.get('notes') ?? '').includes('Dead Reason: Test Data')) testData++;
  }
  return { total: snap.size, byStatus, lostTestData: testData };
}

async function main() {
  const projectId = process.env.GCLOUD_PROJECT ?? 'demo-studio';
  if (!process.env.FIRESTORE_EMULATOR_HOST || !projectId.startsWith('demo-')) {
    throw new Error('seed-bench: refusing to run outside the emulators (set FIRESTORE_EMULATOR_HOST, demo- project).');
  }
  const args = process.argv.slice(2);
  const db = getFirestore(initializeApp({ projectId }, 'bench-seed'));
  const now = Date.now();
  if (args.includes('--fixtures')) await seedFixtures(db, now);
  const i = args.indexOf('--leads');
  const n = i >= 0 ? Number(args[i + 1]) : 0;
  // The synthetic leads with the triggers paused, then their payment requests and the board at once.
  const bulk: BulkLeadsResult | null = n > 0 ? await seedSyntheticLeads(db, n, now) : null;
  const written = bulk?.written ?? 0;
  // The fixtures' cards at once (their two writes fire the leads triggers, which then find them current).
  if (args.includes('--fixtures') && !bulk) await rebuildLeadBoard(db);
  const l = args.indexOf('--ledger');
  const ledgerEntries = l >= 0 ? await seedLedger(db, Number(args[l + 1]), now) : null;
  const counts = { ...(await countByStatus(db)), ...(ledgerEntries == null ? {} : { ledgerEntries }) };
  console.log(
    `seed-bench (${projectId}): ${args.includes('--fixtures') ? 'fixtures, ' : ''}${n} synthetic leads (${written} written` +
      `${bulk ? `, ${bulk.paymentRequestsIssued} payment requests issued, board rebuilt, in ${(bulk.ms / 1000).toFixed(1)} s (ms by phase: ${JSON.stringify(bulk.phasesMs)})` : ''}); ${counts.total} leads in all.`,
  );
  console.log(
    `BENCH_RESULT ${JSON.stringify({ projectId, fixtures: FIXTURES, ...counts, ...(bulk ? { bulkSeedMs: bulk.ms } : {}) })}`,
  );
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
