/**
 * Rate limiting backed by Firestore, so every function instance shares one
 * count: the limiters of the table (platform/rateLimits.ts), built here one
 * way, and the Express middleware around them. The store itself is
 * platform/rateLimiterFirestore.ts.
 *
 * Faults: when the store fails (Firestore down), the request is refused with
 * 503 rather than let through, so a burst can never slip past the limit.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Request, RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { RateLimiterRes } from 'rate-limiter-flexible';
import * as logger from 'firebase-functions/logger';
import { db } from './firebase.js';
import { clientIp, unavailable } from '../http.js';
import { tooMany, type AppError } from './errors.js';
import { firestoreLimiter, type RateLimiterFirestore } from './rateLimiterFirestore.js';
import { limitMessage, RATE_LIMITS, type RateLimitName } from './rateLimits.js';

/** The limiters built so far, per Firestore instance (its counts live in that instance's rate_limits). */
const built = new WeakMap<Firestore, Map<RateLimitName, RateLimiterFirestore>>();

/**
 * The limiter of the table's entry `name` (platform/rateLimits.ts: its points
 * per window, its counters' prefix `rl:{name}`) on `firestore` (the app's by
 * default), built on first use and kept.
 */
export function limiterFor(name: RateLimitName, firestore: Firestore = db): RateLimiterFirestore {
  let byName = built.get(firestore);
  if (!byName) built.set(firestore, (byName = new Map()));
  let rl = byName.get(name);
  if (!rl) {
    const { points, windowSec } = RATE_LIMITS[name];
    rl = firestoreLimiter(firestore, name, points, windowSec);
    byName.set(name, rl);
  }
  return rl;
}

/**
 * The rate-limit key for an IP address: IPv4 as is, IPv6 by its /56 prefix
 * (one subscriber usually holds a whole /56 or /64, so per-address limits
 * would be trivial to dodge). IPv4-mapped IPv6 counts as the IPv4 address.
 */
export function ipLimitKey(ip: string): string {
  // Node's check first: ipaddr.isValid answers a non-address (the shared `local` or `unknown`, a test
  // client) by throwing and catching two errors, which cost more than the rest of the key.
  if (!isIP(ip)) return ip;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress())
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  if (addr.kind() === 'ipv4') return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4);
  parts[3] = parts[3]! & 0xff00;
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/56`;
}

/** The IP key of a request (see ipLimitKey and http.ts clientIp). */
export const ipKey = (req: Request) => ipLimitKey(clientIp(req));

/** Whole seconds until a refused caller may try again (at least 1), for Retry-After and messages. */
export const retryAfterSeconds = (r: RateLimiterRes) => Math.max(1, Math.ceil(r.msBeforeNext / 1000));

/** The answer to a refused hit `r` on limit `name`: AppError TooMany (429) with the limit's message and Retry-After. */
export function overLimit(name: RateLimitName, r: RateLimiterRes): AppError {
  const seconds = retryAfterSeconds(r);
  return tooMany(limitMessage(name, seconds), seconds);
}

/**
 * Takes one point of limit `name` for `key` (on `firestore`, the app's by default).
 * @throws AppError TooMany (overLimit) over the limit; a store failure as it is.
 */
export async function takePoint(name: RateLimitName, key: string, firestore: Firestore = db): Promise<void> {
  try {
    await limiterFor(name, firestore).consume(key);
  } catch (e) {
    throw e instanceof RateLimiterRes ? overLimit(name, e) : e;
  }
}

/**
 * Express middleware taking one point of limit `name` per request under
 * `key(req)` (the client's IP key by default). Over the limit → 429
 * `{ error: <the limit's message> }` with Retry-After (seconds); the store
 * failing → 503.
 */
export function rateLimit(name: RateLimitName, key: (req: Request) => string = ipKey): RequestHandler {
  return async (req, res, next) => {
    try {
      await limiterFor(name).consume(key(req));
      next();
    } catch (e) {
      if (e instanceof RateLimiterRes) return next(overLimit(name, e));
      logger.error('rateLimit: store failed; refusing the request', e);
      unavailable(res);
    }
  };
}
