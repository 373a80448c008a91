/**
 * Which snapshots of a list listener a page shows (./hooks.ts).
 *
 * Started while Firestore cannot be reached, the SDK answers a new listener
 * from its cache (./FirestoreScope.tsx), which may hold nothing for the query:
 * an empty snapshot marked `fromCache`. Shown, it reads
 * as "no leads"; so a list waits for its first snapshot that is not an
 * unconfirmed empty one. When the server then confirms that the list really
 * is empty, only the snapshot's metadata changes, and the SDK raises that
 * only to a listener that asked for metadata changes; hence the listeners
 * ask (`includeMetadataChanges: true`), and once a snapshot has been shown,
 * the gate lets through only snapshots that change documents.
 */
import type { SnapshotMetadata } from 'firebase/firestore';

/** The parts of a QuerySnapshot the gate reads. */
export interface SnapshotLike {
  readonly empty: boolean;
  readonly metadata: Pick<SnapshotMetadata, 'fromCache'>;
  docChanges(): readonly unknown[];
}

/** Wraps `next` so it sees the snapshots a page should show (see above); one gate per listener. */
export function confirmedSnapshots<S extends SnapshotLike>(next: (snap: S) => void): (snap: S) => void {
  let shown = false;
  return (snap) => {
    if (shown ? snap.docChanges().length === 0 : snap.empty && snap.metadata.fromCache) return;
    shown = true;
    next(snap);
  };
}
