/**
 * Signed, expiring links (the documents' client links, the lead files'
 * downloads): sig = HMAC-SHA256, base64url, over "{payload}:{exp}" (exp in
 * seconds), with a key derived from a secret for one purpose, so a key of
 * one kind of link never signs another.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The key of `purpose` derived from `secret`, or null without a secret (then no link is made or accepted). */
export function linkKey(secret: string | undefined, purpose: string): Buffer | null {
  return secret ? createHmac('sha256', createHash('sha256').update(secret).digest()).update(purpose).digest() : null;
}

/** The signature of `payload` until `exp` (seconds). */
export const signLink = (key: Buffer, payload: string, exp: number): string =>
  createHmac('sha256', key).update(`${payload}:${exp}`).digest('base64url');

/** True when `sig` signs `payload` until `exp` (a decimal string of seconds) with `key`, and `exp` is after `now` (ms). */
export function verifyLink(key: Buffer | null, payload: string, exp: unknown, sig: unknown, now: number): boolean {
  if (!key || typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
  const expSec = Number(exp);
  if (expSec * 1000 <= now) return false;
  const want = Buffer.from(signLink(key, payload, expSec));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}
