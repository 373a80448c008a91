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
 * A window edge: a caller whose clock still reads window w may be counted
 * after one already in w + 1 (it read the time first, then waited on a busy
 * machine, or its instance's clock lags). So every count also reads the next
 * window's document, and when it exists the caller counts as of that
 * window's start too (the next window's hits plus all of w's) and takes the
 * larger figure: the last caller to be counted always sees every hit before
 * it, whatever its clock says.
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
  /** The time in ms since the epoch (Date.now; a test passes its own clock to stand on a window's edge). */
  private readonly clock: () => number;

  constructor(opts: {
    storeClient: Firestore;
    keyPrefix: string;
    points: number;
    duration: number;
    clock?: () => number;
  }) {
    super(opts);
    this.firestore = opts.storeClient;
    this.clock = opts.clock ?? Date.now;
  }

  /** The current and previous windows' documents for `rlKey`, and where `now` sits in the current one. */
  private slot(rlKey: string, msDuration: number, now = this.clock()) {
    const ms = Math.max(msDuration, 1);
    const window = Math.floor(now / ms);
    const id = createHash('sha256').update(rlKey).digest('hex');
    const col = this.firestore.collection(COLLECTIONS.rateLimits);
    return {
      ref: col.doc(`${id}_${window}`),
      previous: col.doc(`${id}_${window - 1}`),
      /** Written only by a caller whose clock is ahead of this one's (see the module comment). */
      next: col.doc(`${id}_${window + 1}`),
      endsAt: (window + 1) * ms,
      /** How much of the previous window still lies within the last `msDuration` (0..1]. */
      overlap: 1 - (now - window * ms) / ms,
    };
  }

  /**
   * This window's hits plus the previous window's, weighted by overlap and
   * rounded up (a sliding-window count), from the three windows' snapshots;
   * at least the next window's hits plus all of this one's when a caller is
   * already counting in the next window (the module comment's window edge).
   * `current` is the hits that slide out last (this window's and the next's).
   */
  private tally(
    slot: ReturnType<RateLimiterFirestore['slot']>,
    [cur, prev, next]: DocumentSnapshot[],
  ): { consumed: number; current: number; exists: boolean } {
    const hits = (snap: DocumentSnapshot | undefined) => (snap?.exists ? Number(snap.get('points')) || 0 : 0);
    const ownWindow = hits(cur) + Math.ceil(hits(prev) * slot.overlap);
    return {
      consumed: Math.max(ownWindow, hits(next) + hits(cur)),
      current: hits(cur) + hits(next),
      exists: !!(cur?.exists || prev?.exists || next?.exists),
    };
  }

  /** The three windows' documents a count reads, in tally's order. */
  private docs(slot: ReturnType<RateLimiterFirestore['slot']>) {
    return [slot.ref, slot.previous, slot.next] as const;
  }

  /** The sliding-window count of `slot`, read outside any transaction. */
  private async count(slot: ReturnType<RateLimiterFirestore['slot']>) {
    return this.tally(slot, await this.firestore.getAll(...this.docs(slot)));
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
    const now = this.clock();
    const slot = this.slot(rlKey, msDuration, now);
    await slot.ref.set(this.hit(slot, points, msDuration, forceExpire), { merge: true });
    const { consumed, current } = await this.count(slot);
    return {
      consumedPoints: Math.max(consumed, points),
      msBeforeNext: this.waitMs(slot, msDuration, now, consumed, current),
    };
  }

  /**
   * consume() inside the caller's transaction: reads `key`'s windows with
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
    const now = this.clock();
    const slot = this.slot(rlKey, msDuration, now);
    const before = this.tally(slot, await tx.getAll(...this.docs(slot)));
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
    const now = this.clock();
    const slot = this.slot(rlKey, this.duration * 1000, now);
    const { consumed, current, exists } = await this.count(slot);
    return exists
      ? { consumedPoints: consumed, msBeforeNext: this.waitMs(slot, this.duration * 1000, now, consumed, current) }
      : null;
  }

  async _delete(rlKey: string): Promise<boolean> {
    const slot = this.slot(rlKey, this.duration * 1000);
    await Promise.all(this.docs(slot).map((ref) => ref.delete()));
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
