/**
 * The board's bytes per lead change (bench only; emulator only): what one
 * open board's listener receives when one lead changes, at each lead count.
 *
 *   tsx bench/figures/board-bytes.ts --leads 2000,20000 [--changes 40] [--fold]
 *
 * Needs a Firestore emulator at FIRESTORE_EMULATOR_HOST and nothing else: it
 * works in its own project (`demo-studio-board-bytes`, emptied per size), where
 * the Functions emulator fires no trigger, and runs the `syncLeadBoard`
 * trigger's own code (syncBoardCard, then foldLeadBoardIfDue) after each
 * change itself, so no trigger backlog shares the CPU. Per size:
 *
 * 1. N synthetic leads through the Admin SDK's BulkWriter, then the board
 *    rebuilt (rebuildLeadBoard, what `npm run board:rebuild` runs);
 * 2. a web SDK client (the `firebase` package in Node, as the dashboard's
 *    listener: one onSnapshot on `lead_board`) connects through a counting TCP
 *    proxy in front of the emulator; its first server snapshot gives the
 *    documents per load and the bytes of the load;
 * 3. `--changes` times: one lead's status changes (Admin SDK update, then the
 *    trigger's code); the figure is the **serialized size of the documents
 *    the listener's snapshots report changed** from the update until the
 *    snapshot that shows the new card (Firestore's document size rules:
 *    names, field names, values), what Firestore sends a listener for a
 *    change. Beside it, the wire bytes the emulator sent the client meanwhile
 *    (HTTP/2 gRPC frames crossing the proxy): the emulator resends the
 *    listener's whole result set on every change (a change's wire bytes
 *    equal a whole load's), so they measure the emulator, not the layout,
 *    and are reported, not judged;
 * 4. with `--fold`, changes go on until the server folds the recent changes
 *    into the shards once: the documents that fold changed (every shard),
 *    over the changes it took, give the fold's share per change.
 *
 * The old layout's figure (a change rewrote its lead's shard, and the
 * listener received that shard) is given as the mean shard's serialized size
 * after the rebuild. Prints "BENCH_RESULT {json}".
 */
import { createServer, connect, type Server } from 'node:net';
import { parseArgs } from 'node:util';
import { initializeApp as initializeAdmin } from 'firebase-admin/app';
import { getFirestore as getAdminFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { initializeApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  getFirestore,
  onSnapshot,
  terminate,
  type DocumentData,
  type QuerySnapshot,
} from 'firebase/firestore';
import {
  COLLECTIONS,
  DAY_MS,
  decodeBoardCard,
  LEAD_BOARD_COLLECTION,
  LEAD_STATUSES,
  newLeadRecord,
  PROJECT_TYPES,
  type LeadStatus,
} from '@studio/domain';
import {
  foldLeadBoardIfDue,
  readBoardCards,
  rebuildLeadBoard,
  syncBoardCard,
} from '../../functions/src/features/leads/leadBoardStore.js';

const PROJECT = 'demo-studio-board-bytes';
const { values } = parseArgs({
  options: {
    leads: { type: 'string', default: '2000,20000' },
    changes: { type: 'string', default: '40' },
    fold: { type: 'boolean', default: false },
  },
});
const sizes = values.leads.split(',').map(Number);
const changesPerSize = Number(values.changes);
const host = process.env.FIRESTORE_EMULATOR_HOST;
if (!host) throw new Error('board-bytes: set FIRESTORE_EMULATOR_HOST (emulator only)');
const [emuHost, emuPort] = [host.split(':')[0]!, Number(host.split(':')[1])];

/** Serialized size of a value as Firestore counts it (docs "Storage size calculations"). */
function valueBytes(v: unknown): number {
  if (v === null || v === undefined || typeof v === 'boolean') return 1;
  if (typeof v === 'number') return 8;
  if (typeof v === 'string') return Buffer.byteLength(v) + 1;
  if (v instanceof Timestamp || v instanceof Date) return 8;
  if (Array.isArray(v)) return v.reduce<number>((a, x) => a + valueBytes(x), 0);
  if (typeof v === 'object') return fieldsBytes(v as DocumentData);
  return 8;
}
function fieldsBytes(data: DocumentData): number {
  let total = 0;
  for (const [k, v] of Object.entries(data)) total += Buffer.byteLength(k) + 1 + valueBytes(v);
  return total;
}
/** A document's serialized size: its name (collection and id, + 1 each, + 16), fields, and 32 bytes. */
function docBytes(id: string, data: DocumentData): number {
  return Buffer.byteLength(LEAD_BOARD_COLLECTION) + 1 + Buffer.byteLength(id) + 1 + 16 + fieldsBytes(data) + 32;
}

/** A TCP proxy to the emulator counting the bytes the emulator sends the client. */
async function countingProxy(): Promise<{ port: number; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server: Server = createServer((client) => {
    const upstream = connect(emuPort, emuHost);
    upstream.on('data', (chunk: Buffer) => {
      received += chunk.length;
      client.write(chunk);
    });
    client.on('data', (chunk: Buffer) => upstream.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    received: () => received,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

async function emulatorCall(path: string, init: RequestInit) {
  const r = await fetch(`http://${host}${path}`, init);
  if (!r.ok) throw new Error(`${path} answered ${r.status} ${await r.text()}`);
}

/** Empties the project and opens `lead_board` to reads (the product's rules let only the admin read it). */
async function resetProject() {
  await emulatorCall(`/emulator/v1/projects/${PROJECT}/databases/(default)/documents`, { method: 'DELETE' });
  const rules = `rules_version = '2'; service cloud.firestore { match /databases/{db}/documents { match /${LEAD_BOARD_COLLECTION}/{id} { allow read: if true; } } }`;
  await emulatorCall(`/emulator/v1/projects/${PROJECT}:securityRules`, {
    method: 'PUT',
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ content: rules }] } }),
  });
}

const BOARD_STATUSES = LEAD_STATUSES.filter((s) => s !== 'Complete' && s !== 'Lost');

/** N synthetic leads like bench/seed-bench.ts's, through BulkWriter (no trigger runs on this project). */
async function seedLeads(db: Firestore, n: number, now: number) {
  const writer = db.bulkWriter();
  for (let i = 0; i < n; i++) {
    const num = String(i + 1).padStart(5, '0');
    const status: LeadStatus =
      i % 20 === 19 ? 'Lost' : i % 20 === 18 ? 'Complete' : BOARD_STATUSES[i % BOARD_STATUSES.length]!;
    const quoted = !['New', 'Contacted'].includes(status);
    const quoteCents = quoted ? 100_000 + ((i * 31) % 50) * 10_000 : null;
    const created = now - ((i * 7919) % 120) * DAY_MS - i * 1000;
    void writer.set(db.collection(COLLECTIONS.leads).doc(`bytes-${num}`), {
      ...newLeadRecord({
        name: `Bench Lead ${num}`,
        email: `lead${num}@bench.example`,
        projectType: PROJECT_TYPES[i % PROJECT_TYPES.length]!,
        subject: `Synthetic project ${num}`,
        message: 'Synthetic lead written by bench/figures/board-bytes.ts.',
      }),
      status,
      quoteAmountCents: quoteCents,
      depositAmountCents: quoteCents == null ? null : quoteCents / 2,
      finalAmountCents: quoteCents == null ? null : quoteCents / 2,
      quoteGenerated: quoted,
      hasProjectPlan: quoted,
      quoteReviewStatus: quoted ? 'Approved' : null,
      deadReason: status === 'Lost' ? 'No Response' : null,
      source: 'bench',
      createdAt: Timestamp.fromMillis(created),
      updatedAt: Timestamp.fromMillis(created),
    });
  }
  await writer.close();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function measure(admin: Firestore, n: number) {
  await resetProject();
  const now = Date.now();
  let t = Date.now();
  await seedLeads(admin, n, now);
  const seedMs = Date.now() - t;
  t = Date.now();
  const rebuilt = await rebuildLeadBoard(admin);
  const rebuildMs = Date.now() - t;
  const shardSizes = (await admin.collection(LEAD_BOARD_COLLECTION).get()).docs
    .filter((d) => d.id.startsWith('shard-'))
    .map((d) => docBytes(d.id, d.data()));
  const oldLayoutBytes = Math.round(shardSizes.reduce((a, b) => a + b, 0) / shardSizes.length);

  const proxy = await countingProxy();
  const app = initializeApp({ projectId: PROJECT, apiKey: 'bench' }, `board-bytes-${n}`);
  const web = getFirestore(app);
  connectFirestoreEmulator(web, '127.0.0.1', proxy.port);
  const snapshots: { snap: QuerySnapshot; received: number }[] = [];
  let wake: (() => void) | null = null;
  const unsubscribe = onSnapshot(collection(web, LEAD_BOARD_COLLECTION), (snap) => {
    if (snap.metadata.fromCache) return;
    snapshots.push({ snap, received: proxy.received() });
    wake?.();
  });
  /**
   * Waits for the next server snapshot that satisfies `ok`; with it, the serialized size of the documents
   * changed in every snapshot up to it (the ones it passed over included).
   */
  const next = async (ok: (s: QuerySnapshot) => boolean) => {
    for (;;) {
      const hit = snapshots.find((s) => ok(s.snap));
      if (hit) {
        const passed = snapshots.splice(0, snapshots.indexOf(hit) + 1);
        const changed = passed.flatMap((p) => p.snap.docChanges().filter((c) => c.type !== 'removed'));
        return { ...hit, changed, serialized: changed.reduce((a, c) => a + docBytes(c.doc.id, c.doc.data()), 0) };
      }
      await new Promise<void>((r) => (wake = r));
    }
  };
  t = Date.now();
  const first = await next(() => true);
  const load = {
    documents: first.snap.size,
    wireBytes: first.received,
    serializedBytes: first.snap.docs.reduce((a, d) => a + docBytes(d.id, d.data()), 0),
    ms: Date.now() - t,
  };

  const ids = [...(await readBoardCards(admin)).keys()];
  const changes: { wire: number; serialized: number; documents: number }[] = [];
  let foldSeen: { wire: number; serialized: number; changesBefore: number; documents: number } | null = null;
  for (let i = 0; i < changesPerSize || (values.fold && !foldSeen); i++) {
    const id = ids[(i * 7_919) % ids.length]!;
    const before = proxy.received();
    const ref = admin.collection(COLLECTIONS.leads).doc(id);
    const status = String((await ref.get()).get('status'));
    const to: LeadStatus = status === 'New' ? 'Contacted' : 'New';
    await ref.update({ status: to, updatedAt: Timestamp.now() });
    await syncBoardCard(admin, id);
    const folded = (await foldLeadBoardIfDue(admin)) === 'folded';
    // The snapshot that shows the card in its new column (a fold's deletions may follow in later snapshots).
    const hit = await next((s) =>
      s.docChanges().some((c) => {
        const text = (c.doc.data().cards as Record<string, unknown> | undefined)?.[id];
        return typeof text === 'string' && decodeBoardCard(text).status === to;
      }),
    );
    const entry = { wire: hit.received - before, serialized: hit.serialized, documents: hit.changed.length };
    if (folded) {
      // The fold's own writes (every shard, then the deletions) arrive over several snapshots: count until the
      // listener holds exactly the documents the server kept.
      const kept = new Set((await admin.collection(LEAD_BOARD_COLLECTION).listDocuments()).map((r) => r.id));
      const settled = await next((s) => s.size === kept.size && s.docs.every((d) => kept.has(d.id)));
      foldSeen = {
        wire: settled.received - before,
        serialized: entry.serialized + settled.serialized,
        documents: entry.documents + settled.changed.length,
        changesBefore: i + 1,
      };
    } else changes.push(entry);
  }
  unsubscribe();
  await terminate(web);
  await proxy.close();
  const wire = changes.map((c) => c.wire);
  const serialized = changes.map((c) => c.serialized);
  return {
    leads: n,
    seedMs,
    rebuildMs,
    shards: rebuilt.shards,
    load,
    oldLayoutBytes,
    changes: changes.length,
    samples: serialized,
    wireMedian: median(wire),
    wireMax: Math.max(...wire),
    serializedMedian: median(serialized),
    serializedMax: Math.max(...serialized),
    documentsMax: Math.max(...changes.map((c) => c.documents)),
    fold: foldSeen && {
      wireBytes: foldSeen.wire,
      serializedBytes: foldSeen.serialized,
      documents: foldSeen.documents,
      changesBefore: foldSeen.changesBefore,
      perChange: Math.round(foldSeen.serialized / foldSeen.changesBefore),
    },
  };
}

async function main() {
  const admin = getAdminFirestore(initializeAdmin({ projectId: PROJECT }, 'board-bytes'));
  const results = [];
  for (const n of sizes) {
    const r = await measure(admin, n);
    const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
    console.log(
      `board-bytes: ${n} leads: one lead change sends a board ${kb(r.serializedMedian)} of changed documents (median of ${r.changes}, max ${kb(r.serializedMax)}; the emulator's wire ${kb(r.wireMedian)}); ` +
        `the old layout sent its shard, ${kb(r.oldLayoutBytes)}. A load reads ${r.load.documents} board documents (${kb(r.load.wireBytes)} on the wire).` +
        (r.fold
          ? ` A fold sent ${kb(r.fold.serializedBytes)} after ${r.fold.changesBefore} changes (${kb(r.fold.perChange)} a change).`
          : ''),
    );
    results.push(r);
  }
  console.log(`BENCH_RESULT ${JSON.stringify({ projectId: PROJECT, results })}`);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e instanceof Error ? e.stack : e);
    process.exit(1);
  },
);
