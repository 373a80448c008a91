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
import type { ReactNode } from 'react';
import {
  clearIndexedDbPersistence,
  collection,
  connectFirestoreEmulator,
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
import { COLLECTIONS, INVOICING_STATUSES, LEAD_BOARD_COLLECTION } from '@studio/domain';
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
    () => stop(),
  );
  setTimeout(stop, holdMs);
}
