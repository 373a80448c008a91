import { describe, expect, it } from 'vitest';
import { confirmedSnapshots, type SnapshotLike } from './confirmed';

/** A snapshot as the gate reads it: `docs` documents, `changes` document changes since the last one raised. */
const snap = (docs: number, fromCache: boolean, changes = docs): SnapshotLike => ({
  empty: docs === 0,
  metadata: { fromCache },
  docChanges: () => Array(changes).fill({}),
});

function gate() {
  const seen: SnapshotLike[] = [];
  return { seen, next: confirmedSnapshots<SnapshotLike>((s) => seen.push(s)) };
}

describe('confirmedSnapshots', () => {
  it('holds an empty snapshot from the cache (offline start), then shows the server confirming an empty list', () => {
    const { seen, next } = gate();
    next(snap(0, true));
    expect(seen).toHaveLength(0);
    const confirmed = snap(0, false, 0); // metadata-only: no document changed
    next(confirmed);
    expect(seen).toEqual([confirmed]);
  });

  it('shows cached documents at once, and data arriving after an offline start', () => {
    const cached = gate();
    cached.next(snap(3, true));
    expect(cached.seen).toHaveLength(1);
    const late = gate();
    late.next(snap(0, true));
    late.next(snap(5, false));
    expect(late.seen).toHaveLength(1);
  });

  it('after the first shown snapshot, skips metadata-only ones and shows every document change, emptying included', () => {
    const { seen, next } = gate();
    next(snap(2, false));
    next(snap(2, true, 0)); // went offline: same documents
    next(snap(2, false, 0)); // back online
    expect(seen).toHaveLength(1);
    next(snap(0, false, 2)); // both removed on the server
    expect(seen).toHaveLength(2);
  });
});
