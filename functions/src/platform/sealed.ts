/**
 * Sealed outbox variables (issues 5 and 8): a value that must reach the
 * client's inbox but must not sit readable in Firestore, such as a quote
 * link's token (stored elsewhere only as a hash). AES-256-GCM with a key
 * derived from OUTBOX_SECRET_KEY; the sender opens it when rendering and the
 * email_log copy (emulator) shows it redacted.
 *
 * Format: "sealed:v1:<iv>.<tag>.<ciphertext>" (base64url parts).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { config } from '../config.js';

const PREFIX = 'sealed:v1:';

/** The AES key for `secret` (default: config's OUTBOX_SECRET_KEY), or null without one. */
function key(secret: string | undefined): Buffer | null {
  return secret ? createHash('sha256').update(secret).digest() : null;
}

/** True when sealing is configured (OUTBOX_SECRET_KEY set). */
export const canSeal = (secret: string | undefined = config().outboxSecretKey) => key(secret) !== null;

/** Seals `plain`. @throws Error when OUTBOX_SECRET_KEY is not set. */
export function seal(plain: string, secret: string | undefined = config().outboxSecretKey): string {
  const k = key(secret);
  if (!k) throw new Error('OUTBOX_SECRET_KEY is not set');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', k, iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${ct.toString('base64url')}`;
}

export const isSealed = (v: string) => v.startsWith(PREFIX);

/** Opens a sealed value. @throws Error when the key is missing or the value was tampered with. */
export function unseal(sealed: string, secret: string | undefined = config().outboxSecretKey): string {
  const k = key(secret);
  if (!k) throw new Error('OUTBOX_SECRET_KEY is not set');
  const [iv, tag, ct] = sealed.slice(PREFIX.length).split('.');
  const decipher = createDecipheriv('aes-256-gcm', k, Buffer.from(iv ?? '', 'base64url'));
  decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct ?? '', 'base64url')), decipher.final()]).toString('utf8');
}
