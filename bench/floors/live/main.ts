/**
 * The live-update floor page (bench only): the Firebase web SDK alone,
 * connected to the Firestore emulator under the floor's own demo project.
 * `window.__floor` exposes:
 * - `write(value)`: setDoc of `{ v: value }` on the floor document, resolves to
 *   { sentAt, ackAt } (Date.now() before the write and at its acknowledgement);
 * - `arm(value)`: resolves to Date.now() when this page's snapshot listener
 *   first sees the server's document with `v === value`.
 */
import { initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, doc, getFirestore, onSnapshot, setDoc } from 'firebase/firestore';

const params = new URLSearchParams(location.search);
const app = initializeApp({
  projectId: params.get('project') ?? 'demo-studio-floor',
  apiKey: 'demo-api-key',
  appId: '1:000000000000:web:floor',
});
const db = getFirestore(app);
connectFirestoreEmulator(db, '127.0.0.1', Number(params.get('port') ?? 8080));
const ref = doc(db, 'bench_floor', 'live');

let waiters: { value: number; resolve: (t: number) => void }[] = [];
let ready = false;
onSnapshot(ref, { includeMetadataChanges: false }, (snap) => {
  const seenAt = Date.now();
  if (!ready && !snap.metadata.fromCache) {
    ready = true;
    document.getElementById('state')!.textContent = 'ready';
  }
  if (snap.metadata.hasPendingWrites) return;
  const v = snap.data()?.v;
  waiters = waiters.filter((w) => (w.value === v ? (w.resolve(seenAt), false) : true));
});

declare global {
  interface Window {
    __floor: { write(value: number): Promise<{ sentAt: number; ackAt: number }>; arm(value: number): Promise<number> };
  }
}
window.__floor = {
  async write(value) {
    const sentAt = Date.now();
    await setDoc(ref, { v: value });
    return { sentAt, ackAt: Date.now() };
  },
  arm(value) {
    return new Promise((resolve) => waiters.push({ value, resolve }));
  },
};
