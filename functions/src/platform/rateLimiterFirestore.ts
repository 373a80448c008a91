/**
 * rate-limiter-flexible's storage adapter for Firestore (the limiter logic is
 * the package's), in the server-only collection `rate_limits`.
 *
 * Relies on the package's internal base class for custom stores,
 * `rate-limiter-flexible/lib/RateLimiterStoreAbstract` (its README documents
 * the _upsert/_get/_delete contract, but the index does not export the class).
 * rateLimiterFirestore.test.ts fails if an upgrade moves or changes it.
 *
 * A sliding-window count without transactions: one document per key and
 * fixed window (id = SHA-256 of the key, then the window number, so no email
 * or IP is stored); the count is this window's hits plus the previous
 * window's weighted by how much of it still overlaps the last `duration`
 * (rounded up), so a burst across a window edge is still counted. A hit is an
 * atomic increment, then the count is read back, so each caller sees at least
 * its own rank among concurrent callers: no more than `points` requests get
 * through however many arrive at once, and a burst on one key never queues
 * on a document lock. `expiresAt` suits a Firestore TTL policy for clean-up
 * (firestore.indexes.json).
 *
 * consumeIn() takes a hit inside the caller's own transaction instead, so a
 * route that writes anyway pays one read and one commit for the limit and its
 * writes together, and a refused or failed request counts nothing.
 */
import { createHash } from 'node:crypto';
import {
  FieldValue,
  Timestamp,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiterStoreAbstract as StoreAbstractType } from 'rate-limiter-flexible';
import RateLimiterStoreAbstractImpl from 'rate-limiter-flexible/lib/RateLimiterStoreAbstract';
import { COLLECTIONS } from '@studio/domain';

interface StoreResult {
  consumedPoints: number;
  msBeforeNext: number;
}

/** The package's base class for custom stores (typed by functions/src/platform/rate-limiter-flexible.d.ts). */
export const StoreAbstract: typeof StoreAbstractType = RateLimiterStoreAbstractImpl;

/** rate-limiter-flexible store over Firestore documents. */
export class RateLimiterFirestore extends StoreAbstract {
  private readonly firestore: Firestore;

  constructor(opts: { storeClient: Firestore; keyPrefix: string; points: number; duration: number }) {
    super(opts);
    this.firestore = opts.storeClient;
  }

  /** The current and previous windows' documents for `rlKey`, and where `now` sits in the current one. */
  private slot(rlKey: string, msDuration: number, now = Date.now()) {
    const ms = Math.max(msDuration, 1);
    const window = Math.floor(now / ms);
    const id = createHash('sha256').update(rlKey).digest('hex');
    const col = this.firestore.collection(COLLECTIONS.rateLimits);
    return {
      ref: col.doc(`${id}_${window}`),
      previous: col.doc(`${id}_${window - 1}`),
      endsAt: (window + 1) * ms,
      /** How much of the previous window still lies within the last `msDuration` (0..1]. */
      overlap: 1 - (now - window * ms) / ms,
    };
  }

  /**
   * This window's hits plus the previous window's, weighted by overlap and
   * rounded up (a sliding-window count), from the two windows' snapshots.
   */
  private tally(
    slot: ReturnType<RateLimiterFirestore['slot']>,
    [cur, prev]: DocumentSnapshot[],
  ): { consumed: number; current: number; exists: boolean } {
    const hits = (snap: DocumentSnapshot | undefined) => (snap?.exists ? Number(snap.get('points')) || 0 : 0);
    return {
      consumed: hits(cur) + Math.ceil(hits(prev) * slot.overlap),
      current: hits(cur),
      exists: !!(cur?.exists || prev?.exists),
    };
  }

  /** The sliding-window count of `slot`, read outside any transaction. */
  private async count(slot: ReturnType<RateLimiterFirestore['slot']>) {
    return this.tally(slot, await this.firestore.getAll(slot.ref, slot.previous));
  }

  /** The write that adds `points` hits to `slot`'s window (or sets them, with `forceExpire`). */
  private hit(slot: ReturnType<RateLimiterFirestore['slot']>, points: number, msDuration: number, forceExpire = false) {
    return {
      points: forceExpire ? points : FieldValue.increment(points),
      expiresAt: Timestamp.fromMillis(slot.endsAt + msDuration),
    };
  }

  /**
   * Ms until a caller over the limit is let through again: the rest of this
   * window, plus the part of the next during which this window's `current`
   * hits, weighted down as it slides out, still reach the limit.
   */
  private waitMs(
    slot: ReturnType<RateLimiterFirestore['slot']>,
    msDuration: number,
    now: number,
    consumed: number,
    current: number,
  ): number {
    const rest = slot.endsAt - now;
    if (consumed <= this.points || current < this.points) return rest;
    return rest + Math.ceil(msDuration * (1 - (this.points - 1) / current));
  }

  _getRateLimiterRes(_rlKey: string, changedPoints: number, result: StoreResult): RateLimiterRes {
    return new RateLimiterRes(
      Math.max(this.points - result.consumedPoints, 0),
      result.msBeforeNext,
      result.consumedPoints,
      result.consumedPoints === changedPoints,
    );
  }

  async _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<StoreResult> {
    const now = Date.now();
    const slot = this.slot(rlKey, msDuration, now);
    await slot.ref.set(this.hit(slot, points, msDuration, forceExpire), { merge: true });
    const { consumed, current } = await this.count(slot);
    return {
      consumedPoints: Math.max(consumed, points),
      msBeforeNext: this.waitMs(slot, msDuration, now, consumed, current),
    };
  }

  /**
   * consume() inside the caller's transaction: reads `key`'s two windows with
   * `tx` (so it must come before the transaction's writes) and adds the hit to
   * `tx`, so it commits with the caller's writes or not at all. The read locks
   * those documents until the commit, so concurrent callers on one key take
   * turns and the limit is exact. Same documents, keys and count as consume();
   * the package's extras around consume() (block durations, in-memory blocks,
   * insurance limiters) do not apply here.
   * @returns the accepted hit's RateLimiterRes (remainingPoints, msBeforeNext in ms).
   * @throws RateLimiterRes when the hit would pass `points`: nothing was added to `tx`.
   */
  async consumeIn(tx: Transaction, key: string, points = 1): Promise<RateLimiterRes> {
    const rlKey = this.getKey(key);
    const msDuration = this.duration * 1000;
    const now = Date.now();
    const slot = this.slot(rlKey, msDuration, now);
    const before = this.tally(slot, await tx.getAll(slot.ref, slot.previous));
    const consumed = before.consumed + points;
    const res = this._getRateLimiterRes(rlKey, points, {
      consumedPoints: consumed,
      msBeforeNext: this.waitMs(slot, msDuration, now, consumed, before.current + points),
    });
    if (consumed > this.points) throw res;
    tx.set(slot.ref, this.hit(slot, points, msDuration), { merge: true });
    return res;
  }

  async _get(rlKey: string): Promise<StoreResult | null> {
    const now = Date.now();
    const slot = this.slot(rlKey, this.duration * 1000, now);
    const { consumed, current, exists } = await this.count(slot);
    return exists
      ? { consumedPoints: consumed, msBeforeNext: this.waitMs(slot, this.duration * 1000, now, consumed, current) }
      : null;
  }

  async _delete(rlKey: string): Promise<boolean> {
    const slot = this.slot(rlKey, this.duration * 1000);
    await Promise.all([slot.ref.delete(), slot.previous.delete()]);
    return true;
  }
}

/**
 * A limiter of `points` per `durationSec` seconds, its keys prefixed `rl:{name}`
 * in `db`'s rate_limits (the one naming rule for every limiter).
 */
export function firestoreLimiter(
  db: Firestore,
  name: string,
  points: number,
  durationSec: number,
): RateLimiterFirestore {
  return new RateLimiterFirestore({ storeClient: db, keyPrefix: `rl:${name}`, points, duration: durationSec });
}
