/**
 * Rate limiting backed by Firestore (issue 10), so every function instance
 * shares one count. The limiter logic is rate-limiter-flexible's; this file
 * adds only its storage adapter (RateLimiterStoreAbstract's documented
 * _upsert/_get/_delete contract) over a transaction per key, in the
 * server-only collection `rate_limits` (one doc per key; `expiresAt` suits a
 * Firestore TTL policy for clean-up).
 *
 * Faults: when the store fails (Firestore down, or transactions exhausted
 * under contention), the request is refused with 503 rather than let through,
 * so a burst can never slip past the limit.
 */
import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
// Not re-exported by the package index; the documented base class for custom stores.
import RateLimiterStoreAbstractImpl from 'rate-limiter-flexible/lib/RateLimiterStoreAbstract';
import type { RateLimiterStoreAbstract as StoreAbstractType } from 'rate-limiter-flexible';
import { logger } from 'firebase-functions/v2';
import { db } from '../firebase.js';
import { clientIp } from '../http.js';

interface StoreResult {
  consumedPoints: number;
  msBeforeNext: number;
}

const StoreAbstract = RateLimiterStoreAbstractImpl as unknown as typeof StoreAbstractType;

/** rate-limiter-flexible store over Firestore documents. */
export class RateLimiterFirestore extends StoreAbstract {
  private readonly firestore: Firestore;

  constructor(opts: { storeClient: Firestore; keyPrefix: string; points: number; duration: number }) {
    super(opts);
    this.firestore = opts.storeClient;
  }

  private ref(rlKey: string) {
    return this.firestore.collection('rate_limits').doc(createHash('sha256').update(rlKey).digest('hex'));
  }

  _getRateLimiterRes(_rlKey: string, changedPoints: number, result: StoreResult): RateLimiterRes {
    return new RateLimiterRes(Math.max(this.points - result.consumedPoints, 0), result.msBeforeNext, result.consumedPoints, result.consumedPoints === changedPoints);
  }

  async _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<StoreResult> {
    const ref = this.ref(rlKey);
    return this.firestore.runTransaction(async (tx) => {
      const now = Date.now();
      const snap = await tx.get(ref);
      const expiresAt = snap.exists ? (snap.get('expiresAt') as Timestamp | null)?.toMillis() ?? null : null;
      const live = snap.exists && (expiresAt === null || expiresAt > now) && !forceExpire;
      const consumed = (live ? (snap.get('points') as number) : 0) + points;
      const newExpiry = live ? expiresAt : msDuration > 0 ? now + msDuration : null;
      tx.set(ref, { key: rlKey, points: consumed, expiresAt: newExpiry === null ? null : Timestamp.fromMillis(newExpiry) });
      return { consumedPoints: consumed, msBeforeNext: newExpiry === null ? -1 : newExpiry - now };
    });
  }

  async _get(rlKey: string): Promise<StoreResult | null> {
    const snap = await this.ref(rlKey).get();
    if (!snap.exists) return null;
    const expiresAt = (snap.get('expiresAt') as Timestamp | null)?.toMillis() ?? null;
    if (expiresAt !== null && expiresAt <= Date.now()) return null;
    return { consumedPoints: snap.get('points') as number, msBeforeNext: expiresAt === null ? -1 : expiresAt - Date.now() };
  }

  async _delete(rlKey: string): Promise<boolean> {
    await this.ref(rlKey).delete();
    return true;
  }
}

/** A Firestore-backed limiter: `points` per `durationSec`, keys prefixed by `name`. */
export function limiter(name: string, points: number, durationSec: number): RateLimiterAbstract {
  return new RateLimiterFirestore({ storeClient: db, keyPrefix: `rl:${name}`, points, duration: durationSec }) as unknown as RateLimiterAbstract;
}

/** The IP key of a request ("unknown" when the platform gives none). */
export const ipKey = (req: Request) => clientIp(req) ?? 'unknown';

/**
 * Express middleware consuming one point of `rl` per request under `key(req)`.
 * Over the limit → 429 `{ error: message }` with Retry-After (seconds).
 */
export function rateLimit(rl: RateLimiterAbstract, key: (req: Request) => string, message: string): RequestHandler {
  return async (req, res, next) => {
    try {
      await rl.consume(key(req));
      next();
    } catch (e) {
      if (e instanceof RateLimiterRes) {
        res.set('Retry-After', String(Math.max(1, Math.ceil(e.msBeforeNext / 1000))));
        res.status(429).json({ error: message });
        return;
      }
      logger.error('rateLimit: store failed; refusing the request', e);
      res.status(503).json({ error: 'Service temporarily unavailable. Please try again shortly.' });
    }
  };
}
