/**
 * Bench-only data for the emulators, through the Admin SDK (never part of
 * `npm start` or `npm test`):
 *
 *   tsx bench/seed-bench.ts --fixtures      two fixed leads the browser figures move
 *                                           ("Bench Live Lead", "Bench Drop Lead"), reset to New
 *   tsx bench/seed-bench.ts --leads 2000    N synthetic leads across the board's statuses,
 *                                           written in batches of 500 (those already stored
 *                                           with their status are left as they are)
 *   tsx bench/seed-bench.ts --ledger 10000  synthetic ledger entries (payments, one in ten a
 *                                           refund; 400 customers over 24 months) until the
 *                                           ledger holds N, through the server's own writer
 *                                           (entries and month totals together)
 *
 * GCLOUD_PROJECT picks the project (the API load uses its own demo- project).
 * Emulator only: refuses to run unless FIRESTORE_EMULATOR_HOST is set and the
 * project id starts with "demo-". Prints one "BENCH_RESULT {json}" line with
 * the lead counts of the whole collection by status and the ledger's size.
 */
import { initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, newLeadRecord, PROJECT_TYPES, type LeadStatus, DAY_MS } from '@studio/domain';
import { rebuildLeadBoard } from '../functions/src/features/leads/leadBoardStore.js';
import { recordLedgerEntry } from '../functions/src/features/billing/ledger.js';

const BATCH = 500;

export const FIXTURES = [
  { id: 'bench-live-lead', name: 'Bench Live Lead' },
  { id: 'bench-drop-lead', name: 'Bench Drop Lead' },
] as const;

/** Share of synthetic leads per status: the six board columns, Won (Complete) and Dead (Lost). */
const MIX: [LeadStatus, number][] = [
  ['New', 0.2],
  ['Contacted', 0.2],
  ['Quoted', 0.15],
  ['Set Up', 0.15],
  ['Production', 0.1],
  ['Launch', 0.1],
  ['Complete', 0.05],
  ['Lost', 0.05],
];

function statusFor(i: number, n: number): LeadStatus {
  let acc = 0;
  const x = (i + 0.5) / n;
  for (const [s, share] of MIX) {
    acc += share;
    if (x < acc) return s;
  }
  return 'New';
}

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

/**
 * Writes the `n` synthetic leads `bench-0001`… (statuses by MIX over `n`), skipping each one already
 * stored with its status: every write fires the `leads` triggers, and a re-seed of the same size must
 * leave the Functions emulator nothing to run beside the next measurement. Returns the leads written.
 */
async function seedLeads(db: Firestore, n: number, now: number): Promise<number> {
  const stored = new Map(
    (await db.collection('leads').select('status').get()).docs.map((d) => [d.id, String(d.get('status'))]),
  );
  let written = 0;
  for (let start = 0; start < n; start += BATCH) {
    const batch = db.batch();
    let inBatch = 0;
    for (let i = start; i < Math.min(n, start + BATCH); i++) {
      const status = statusFor(i, n);
      const num = String(i + 1).padStart(4, '0');
      if (stored.get(`bench-${num}`) === status) continue;
      inBatch++;
      const created = now - ((i * 7919) % 120) * DAY_MS - i * 1000;
      const quoted = !['New', 'Contacted'].includes(status);
      const quoteCents = quoted ? 100_000 + ((i * 31) % 50) * 10_000 : null;
      const deposit = quoteCents != null ? Math.round(quoteCents / 2) : null;
      batch.set(db.collection('leads').doc(`bench-${num}`), {
        ...newLeadRecord({
          name: `Bench Lead ${num}`,
          email: `lead${num}@bench.example`,
          projectType: PROJECT_TYPES[i % PROJECT_TYPES.length]!,
          subject: `Synthetic project ${num}`,
          message: 'Synthetic lead written by bench/seed-bench.ts.',
        }),
        status,
        quoteAmountCents: quoteCents,
        depositAmountCents: deposit,
        finalAmountCents: quoteCents != null && deposit != null ? quoteCents - deposit : null,
        quoteGenerated: quoted,
        hasProjectPlan: quoted,
        quoteReviewStatus: quoted ? 'Approved' : null,
        deadReason: status === 'Lost' ? 'No Response' : null,
        notes: status === 'Lost' ? `Dead Reason: No Response - ${new Date(created).toLocaleDateString('en-US')}` : '',
        source: 'bench',
        createdAt: Timestamp.fromMillis(created),
        updatedAt: Timestamp.fromMillis(created),
      });
    }
    if (inBatch > 0) await batch.commit();
    written += inBatch;
  }
  return written;
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
  const written = n > 0 ? await seedLeads(db, n, now) : 0;
  // The board's projection in one go: the leads trigger then finds every card current and writes nothing.
  if (args.includes('--fixtures') || n > 0) await rebuildLeadBoard(db);
  const l = args.indexOf('--ledger');
  const ledgerEntries = l >= 0 ? await seedLedger(db, Number(args[l + 1]), now) : null;
  const counts = { ...(await countByStatus(db)), ...(ledgerEntries == null ? {} : { ledgerEntries }) };
  console.log(
    `seed-bench (${projectId}): ${args.includes('--fixtures') ? 'fixtures, ' : ''}${n} synthetic leads (${written} written); ${counts.total} leads in all.`,
  );
  console.log(`BENCH_RESULT ${JSON.stringify({ projectId, fixtures: FIXTURES, ...counts })}`);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
