/**
 * The Firestore cache of the signed-in pages (FirestoreScope.tsx): kept in
 * IndexedDB, so a reloaded board shows at once from the device while its
 * listener confirms it with the server, with one tab owning it (another tab
 * works from memory). One definition, so the bench's live-update floor
 * (bench/floors/live) listens exactly as the dashboard does.
 */
import { persistentLocalCache, persistentSingleTabManager } from 'firebase/firestore';

/** `localCache` setting for initializeFirestore. */
export function adminLocalCache() {
  return persistentLocalCache({ tabManager: persistentSingleTabManager(undefined) });
}
