import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Firestore } from 'firebase/firestore';
import { LISTEN_RESTART_GAP_MS, LISTEN_STALL_MS, watchFirstSnapshot } from './stallWatch';

/** A stand-in Firestore instance: the guard only uses it as a key and passes it to `restart`. */
const instance = () => ({}) as Firestore;

describe('watchFirstSnapshot', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('restarts the stream of a listener that showed nothing in LISTEN_STALL_MS while online', () => {
    const db = instance();
    const restart = vi.fn(() => Promise.resolve());
    watchFirstSnapshot(db, { online: () => true, restart });
    vi.advanceTimersByTime(LISTEN_STALL_MS - 1);
    expect(restart).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(restart).toHaveBeenCalledWith(db);
  });

  it('does nothing once the listener has shown a snapshot, or while offline', () => {
    const restart = vi.fn(() => Promise.resolve());
    const done = watchFirstSnapshot(instance(), { online: () => true, restart });
    done();
    watchFirstSnapshot(instance(), { online: () => false, restart });
    vi.advanceTimersByTime(LISTEN_STALL_MS * 2);
    expect(restart).not.toHaveBeenCalled();
  });

  it('restarts one Firestore instance at most once per LISTEN_RESTART_GAP_MS, whatever the number of listeners', () => {
    const db = instance();
    const restart = vi.fn(() => Promise.resolve());
    watchFirstSnapshot(db, { online: () => true, restart });
    watchFirstSnapshot(db, { online: () => true, restart });
    vi.advanceTimersByTime(LISTEN_STALL_MS);
    expect(restart).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(LISTEN_RESTART_GAP_MS);
    watchFirstSnapshot(db, { online: () => true, restart });
    vi.advanceTimersByTime(LISTEN_STALL_MS);
    expect(restart).toHaveBeenCalledTimes(2);
  });
});
