/**
 * The live-update floor page (bench only): the Firebase web SDK alone, set up
 * as the CRM board's listener is (the dashboard's own cache settings,
 * web/src/shared/data/firestoreCache.ts), listening to the whole board
 * collection (`lead_board`, the board's one listener) of the floor's own demo
 * project, which the bench fills with a copy of the product's board
 * documents before the runs. So a write here makes the emulator serve the
 * same listeners the same documents as a board move does, with no function in
 * between.
 *
 * URL parameters: `project`, `port` (the Firestore emulator's), `lead` (required: the
 * lead whose card's shard the floor writes, the one the product's runs move).
 * `window.__floor` exposes:
 * - `write(value)`: a merge of `{ benchFloorMark: value }` into that shard,
 *   as a move merges the card into it; resolves to { sentAt, ackAt }
 *   (Date.now() before the write and at its acknowledgement);
 * - `arm(value)`: resolves to Date.now() when this page's board listener
 *   first sees the server's shard with `benchFloorMark === value`.
 */
import { initializeApp } from 'firebase/app';
import { collection, connectFirestoreEmulator, doc, initializeFirestore, onSnapshot, setDoc } from 'firebase/firestore';
import { COLLECTIONS } from '../../../domain/src/collections';
import { adminLocalCache } from '../../../web/src/shared/data/firestoreCache';

/** The board's collection (domain LEAD_BOARD_COLLECTION). */
const BOARD = COLLECTIONS.leadBoard;
const params = new URLSearchParams(location.search);
const lead = params.get('lead') ?? '';
const app = initializeApp({
  projectId: params.get('project') ?? 'demo-studio-floor',
  apiKey: 'demo-api-key',
  appId: '1:000000000000:web:floor',
});
const db = initializeFirestore(app, { localCache: adminLocalCache() });
connectFirestoreEmulator(db, '127.0.0.1', Number(params.get('port') ?? 8080));

let waiters: { value: number; resolve: (t: number) => void }[] = [];
/** The shard holding `lead`'s card, once the server's board has been seen. */
let shard: string | null = null;
onSnapshot(collection(db, BOARD), { includeMetadataChanges: false }, (snap) => {
  const seenAt = Date.now();
  if (!shard && !snap.metadata.fromCache) {
    shard = snap.docs.find((d) => Object.hasOwn(d.get('cards') ?? {}, lead))?.id ?? null;
    document.getElementById('state')!.textContent = shard ? 'ready' : `no shard holds the card of ${lead}`;
  }
  if (snap.metadata.hasPendingWrites) return;
  for (const change of snap.docChanges()) {
    const v = change.doc.get('benchFloorMark');
    waiters = waiters.filter((w) => (w.value === v ? (w.resolve(seenAt), false) : true));
  }
});

declare global {
  interface Window {
    __floor: { write(value: number): Promise<{ sentAt: number; ackAt: number }>; arm(value: number): Promise<number> };
  }
}
window.__floor = {
  async write(value) {
    if (!shard) throw new Error('the board has not been seen yet');
    const sentAt = Date.now();
    await setDoc(doc(db, BOARD, shard), { benchFloorMark: value }, { merge: true });
    return { sentAt, ackAt: Date.now() };
  },
  arm(value) {
    return new Promise((resolve) => waiters.push({ value, resolve }));
  },
};
