/**
 * Firestore and reactfire for the signed-in admin pages. A chunk of its own,
 * loaded with the first page after login (see app/admin/lazyPages.tsx), so the login
 * page never downloads the Firestore SDK (nor reactfire, which imports every
 * Firebase product). In mode "emulator" it talks to the local
 * Firestore emulator.
 *
 * Firestore keeps its cache in IndexedDB (persistentLocalCache), so a
 * reloaded board shows at once from the device while the listener confirms it
 * with the server (the board's first render). One tab owns that cache; another
 * tab opened meanwhile works from memory (the SDK falls back by itself, with a
 * console warning), so no tab ever waits on another. Signing out deletes the
 * cache (signOutAndForgetCache).
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import {
  clearIndexedDbPersistence,
  collection,
  connectFirestoreEmulator,
  doc,
  initializeFirestore,
  onSnapshot,
  orderBy,
  query,
  terminate,
  where,
  type Firestore,
  type Query,
} from 'firebase/firestore';
import { FirebaseAppProvider, FirestoreProvider } from 'reactfire';
import {
  COLLECTIONS,
  INVOICING_STATUSES,
  LEAD_BOARD_COLLECTION,
  SETTINGS_COLLECTION,
  STUDIO_SETTINGS_DOC,
} from '@studio/domain';
import { onAuthStateChanged } from 'firebase/auth';
import { auth, firebaseApp, USE_EMULATORS } from './firebase';
import { adminLocalCache } from './firestoreCache';

function startFirestore(): Firestore {
  const db = initializeFirestore(firebaseApp, {
    localCache: adminLocalCache(),
  });
  if (USE_EMULATORS) {
    connectFirestoreEmulator(
      db,
      import.meta.env.VITE_FIRESTORE_EMULATOR_HOST ?? '127.0.0.1',
      Number(import.meta.env.VITE_FIRESTORE_EMULATOR_PORT ?? 8080),
    );
  }
  return db;
}

/** The Firestore instance of the signed-in pages; replaced at every sign-out (replaceFirestore). */
export let firestore = startFirestore();

/**
 * Stops the instance (every listener ends), deletes its IndexedDB cache when
 * `clearCache`, then puts a fresh instance in its place for the next
 * signed-in page (created after, so that it cannot hold the cache open).
 */
async function replaceFirestore(clearCache: boolean): Promise<void> {
  const db = firestore;
  try {
    await terminate(db);
    if (clearCache) await clearIndexedDbPersistence(db);
  } catch {
    // already stopped, or the cache could not be deleted: nothing more to do here
  }
  firestore = startFirestore();
}

let forgetting = false;

/**
 * A sign-out made in this tab (features/auth/session.tsx signOutAndForget): runs
 * `signOut`, then stops Firestore and deletes its IndexedDB cache, so the
 * CRM's leads do not stay on the device. Never rejects.
 */
export async function signOutAndForgetCache(signOut: () => Promise<void>): Promise<void> {
  forgetting = true;
  try {
    await signOut().catch(() => undefined);
    await replaceFirestore(true);
  } finally {
    forgetting = false;
  }
}

// A sign-out made elsewhere (another tab's Logout): that tab deletes the
// cache; this one only lets go of it, and starts afresh at the next sign-in.
// Only a change from signed in to signed out counts: a page opened signed out
// keeps the instance it started with.
let signedIn = false;
onAuthStateChanged(auth, (user) => {
  if (!user && signedIn && !forgetting) void replaceFirestore(false);
  signedIn = !!user;
});

/** Provides the Firebase app and Firestore to reactfire's hooks (./hooks). */
export function FirestoreScope({ children }: { children: ReactNode }) {
  const ended = useSyncExternalStore(onListenersEnded, listenersEnded);
  if (ended) return null;
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <FirestoreProvider sdk={firestore}>{children}</FirestoreProvider>
    </FirebaseAppProvider>
  );
}

/** Every lead, newest first: the leads query of the pages that show whole leads (./hooks useLiveLeads; the dashboard reads leadBoardQuery). */
export function leadsQuery(db: Firestore): Query {
  return query(collection(db, COLLECTIONS.leads), orderBy('createdAt', 'desc'));
}

/**
 * The leads the invoicing page shows (domain INVOICING_STATUSES), in no
 * order: `in` on one field needs no composite index, and the page sorts them
 * (./hooks useLiveInvoicingLeads). Every other lead is never read there.
 */
export function invoicingLeadsQuery(db: Firestore): Query {
  return query(collection(db, COLLECTIONS.leads), where('status', 'in', [...INVOICING_STATUSES]));
}

/** The CRM board's projection, every shard (./hooks useLiveBoard; domain/leadBoard.ts). */
export function leadBoardQuery(db: Firestore): Query {
  return query(collection(db, LEAD_BOARD_COLLECTION));
}

/**
 * Starts listening to `q` before any page asks for it, and lets go after
 * `holdMs` (ms). A page that then listens to the same query shares this
 * listener's watch target (the SDK keeps one target per distinct query), so
 * it gets the documents already here, and nothing is read twice. Used while
 * the session is being checked (app/admin/lazyPages.tsx), so the board's data and the
 * /api/auth/me answer travel in parallel. A caller without access only gets
 * permission-denied, which ends the listener.
 */
export function warmQuery(q: Query, holdMs = 15_000): void {
  const stop = onSnapshot(
    q,
    () => undefined,
    () => end(),
  );
  const end = () => {
    warmStops.delete(end);
    stop();
  };
  warmStops.add(end);
  setTimeout(end, holdMs);
}

/** The warm listeners still held (warmQuery). */
const warmStops = new Set<() => void>();

// ── Emulator builds: ending every listener before a page is closed ─────────
// The Firestore emulator keeps the watch targets of a client that goes away without removing them (a closed
// page, even with its unload handlers run; terminate() does not remove them either) and re-runs them on every
// later write: after a few Money page loads over a 10,000-entry ledger, 800 payment requests took 5 times as
// long to issue. Production's Firestore ends them itself. So the bench (bench/lib/browser.mjs closePage) calls
// `window.__studioEndListeners()` before it closes a signed-in page.

declare global {
  interface Window {
    /** Emulator builds only: removes this page's watch targets from the server, then stops Firestore. */
    __studioEndListeners?: () => Promise<void>;
  }
}

let ended = false;
const endedSubscribers = new Set<() => void>();
const listenersEnded = () => ended;
function onListenersEnded(changed: () => void): () => void {
  endedSubscribers.add(changed);
  return () => endedSubscribers.delete(changed);
}

/** Resolves once the server has answered a listen on the document at `path` (or refused it), then stops that listen. */
function serverAnswer(path: string): Promise<void> {
  return new Promise((done) => {
    const stop = onSnapshot(
      doc(firestore, path),
      { includeMetadataChanges: true },
      (snap) => {
        if (snap.metadata.fromCache) return;
        stop();
        done();
      },
      () => done(),
    );
  });
}

/**
 * Unmounts every FirestoreScope at once (their listeners unsubscribe in the same task) and ends the warm
 * listeners; then waits for the server's answer to one more listen, sent on the same stream after those
 * removals, so the server has processed them; then stops Firestore. The page shows nothing afterwards.
 */
async function endListeners(): Promise<void> {
  flushSync(() => {
    ended = true;
    for (const changed of endedSubscribers) changed();
  });
  for (const end of [...warmStops]) end();
  await serverAnswer(`${SETTINGS_COLLECTION}/${STUDIO_SETTINGS_DOC}`);
  await terminate(firestore);
}

if (USE_EMULATORS && typeof window !== 'undefined') window.__studioEndListeners = endListeners;
