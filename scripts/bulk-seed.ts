/**
 * Bulk seeds for the emulators without a trigger storm: thousands of leads written with the Functions
 * emulator's background triggers paused, through the Admin SDK's BulkWriter, and then the projections those
 * triggers would have written made once, by the same use cases (`syncLeadBoard` → rebuildLeadBoard,
 * `issuePaymentRequests` → syncPaymentRequests). Used by `npm run seed -- --leads N` and bench/seed-bench.ts.
 *
 * Emulator only: the callers refuse to run unless FIRESTORE_EMULATOR_HOST is set and the project is a demo- one.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { DAY_MS, newLeadRecord, PROJECT_TYPES, type LeadStatus } from '@studio/domain';
import { rebuildLeadBoard } from '../functions/src/features/leads/leadBoardStore.js';
import { syncPaymentRequests } from '../functions/src/features/billing/paymentRequests.js';

/** The Emulator Hub's address (host:port): emulators:exec sets FIREBASE_EMULATOR_HUB, firebase.json says 4400. */
export const emulatorHub = () => process.env.FIREBASE_EMULATOR_HUB ?? '127.0.0.1:4400';

/**
 * Runs `fn` with the Functions emulator's background (Firestore) triggers off, through the Emulator Hub's
 * `PUT /functions/disableBackgroundTriggers`, and turns them on again afterwards (`enableBackgroundTriggers`),
 * also when `fn` throws. The writes made meanwhile fire nothing: the caller writes what the triggers would
 * have. When the Functions emulator is not running there is nothing to pause and `fn` simply runs.
 * @throws Error naming the hub when the hub does not answer (no emulators running).
 */
export async function withBackgroundTriggersPaused<T>(fn: () => Promise<T>): Promise<T> {
  const hub = `http://${emulatorHub()}`;
  const put = async (path: string) => {
    try {
      return await fetch(`${hub}${path}`, { method: 'PUT' });
    } catch (e) {
      throw new Error(`the Emulator Hub does not answer on ${hub} (are the emulators running?)`, { cause: e });
    }
  };
  const off = await put('/functions/disableBackgroundTriggers');
  // 400: the Functions emulator is not running, so no trigger can fire.
  if (!off.ok && off.status !== 400) throw new Error(`the Emulator Hub refused to pause the triggers (${off.status})`);
  const resume = async () => {
    if (!off.ok) return;
    const on = await put('/functions/enableBackgroundTriggers');
    if (!on.ok) throw new Error(`the Emulator Hub did not turn the triggers back on (${on.status})`);
  };
  let result: T;
  try {
    result = await fn();
  } catch (e) {
    await resume();
    throw e;
  }
  await resume();
  return result;
}

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

/** The status of synthetic lead `i` of `n` (MIX's shares, in order over 0…n-1). */
export function statusFor(i: number, n: number): LeadStatus {
  let acc = 0;
  const x = (i + 0.5) / n;
  for (const [s, share] of MIX) {
    acc += share;
    if (x < acc) return s;
  }
  return 'New';
}

/** Synthetic lead `i` of `n` (id `bench-0001`…), created `now` minus up to 120 days. Amounts in cents. */
function syntheticLead(i: number, n: number, now: number) {
  const status = statusFor(i, n);
  const num = String(i + 1).padStart(4, '0');
  const created = now - ((i * 7919) % 120) * DAY_MS - i * 1000;
  const quoted = !['New', 'Contacted'].includes(status);
  const quoteCents = quoted ? 100_000 + ((i * 31) % 50) * 10_000 : null;
  const deposit = quoteCents != null ? Math.round(quoteCents / 2) : null;
  return {
    id: `bench-${num}`,
    status,
    data: {
      ...newLeadRecord({
        name: `Bench Lead ${num}`,
        email: `lead${num}@bench.example`,
        projectType: PROJECT_TYPES[i % PROJECT_TYPES.length]!,
        subject: `Synthetic project ${num}`,
        message: 'Synthetic lead written by a bulk seed (scripts/bulk-seed.ts).',
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
    },
  };
}

/** A limiter: `run(fn)` starts `fn` once fewer than `limit` started ones are still running. */
function limiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((go) => waiting.push(go));
    active++;
    try {
      return await fn();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/** What seedSyntheticLeads did: leads written, payment requests numbered, board cards and the time it took (ms). */
export interface BulkLeadsResult {
  written: number;
  paymentRequestsIssued: number;
  boardCards: number;
  ms: number;
  /** Where the time went: the leads' writes, then the rest of their payment requests (begun with the writes), the board. */
  phasesMs: { leads: number; paymentRequests: number; board: number };
}

/**
 * Writes the `n` synthetic leads `bench-0001`… (statuses by MIX over `n`), skipping each one already stored
 * with its status, with the background triggers paused and through one BulkWriter; then issues the written
 * leads' payment requests (syncPaymentRequests, what `issuePaymentRequests` does per lead write) and rebuilds
 * the board's projection once (rebuildLeadBoard, what `syncLeadBoard` keeps per card). `now` in ms.
 * @throws Error when a write fails after BulkWriter's retries, or the hub does not answer.
 */
export async function seedSyntheticLeads(db: Firestore, n: number, now = Date.now()): Promise<BulkLeadsResult> {
  const started = Date.now();
  return withBackgroundTriggersPaused(async () => {
    const stored = new Map(
      (await db.collection('leads').select('status').get()).docs.map((d) => [d.id, String(d.get('status'))]),
    );
    // No ramp-up (BulkWriter's 500/50/5 rule protects a live database; the emulator has no traffic to spare).
    const writer = db.bulkWriter({ throttling: false });
    const failures: string[] = [];
    writer.onWriteError((e) => {
      if (e.failedAttempts < 5) return true;
      failures.push(`${e.documentRef.path}: ${e.message}`);
      return false;
    });
    // Each lead's payment requests as soon as the lead is stored (what `issuePaymentRequests` does on its
    // write), while the next leads are still being written: the requests take numbers one at a time.
    const limit = limiter(8);
    let issued = 0;
    const syncs: Promise<void>[] = [];
    let written = 0;
    for (let i = 0; i < n; i++) {
      const lead = syntheticLead(i, n, now);
      if (stored.get(lead.id) === lead.status) continue;
      written++;
      // A failed write is collected by onWriteError (and rejects this promise): its lead gets no sync.
      const write = writer.set(db.collection('leads').doc(lead.id), lead.data);
      syncs.push(
        write.then(
          () =>
            limit(async () => {
              const r = await syncPaymentRequests(db, lead.id);
              issued += r.issued.length;
            }),
          () => {},
        ),
      );
    }
    await writer.close();
    const wroteAt = Date.now();
    if (failures.length > 0) throw new Error(`bulk seed: ${failures.length} lead writes failed: ${failures[0]}`);
    await Promise.all(syncs);
    const issuedAt = Date.now();
    const board = await rebuildLeadBoard(db);
    const end = Date.now();
    return {
      written,
      paymentRequestsIssued: issued,
      boardCards: board.leads,
      ms: end - started,
      phasesMs: { leads: wroteAt - started, paymentRequests: issuedAt - wroteAt, board: end - issuedAt },
    };
  });
}
