/**
 * Rate limiting backed by Firestore, so every function instance shares one
 * count: the limiters the routes use and the Express middleware around them.
 * The store itself is platform/rateLimiterFirestore.ts.
 *
 * Faults: when the store fails (Firestore down), the request is refused with
 * 503 rather than let through, so a burst can never slip past the limit.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Request, RequestHandler } from 'express';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import * as logger from 'firebase-functions/logger';
import { db } from './firebase.js';
import { clientIp, unavailable } from '../http.js';
import { tooMany } from './errors.js';
import { firestoreLimiter } from './rateLimiterFirestore.js';

/** A Firestore-backed limiter: `points` per `durationSec`, keys prefixed by `name`. */
export function limiter(name: string, points: number, durationSec: number): RateLimiterAbstract {
  return firestoreLimiter(db, name, points, durationSec);
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

/** The answer to a refused hit `r`: AppError TooMany (429) with `message` and Retry-After. */
export const overLimit = (r: RateLimiterRes, message: string) => tooMany(message, retryAfterSeconds(r));

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
      if (e instanceof RateLimiterRes) return next(overLimit(e, message));
      logger.error('rateLimit: store failed; refusing the request', e);
      unavailable(res);
    }
  };
}
