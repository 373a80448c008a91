/**
 * Signed, expiring download links to lead files:
 * `/api/file-downloads/{id}?s=&exp=&sig=` where `s` is who it was made for
 * (`a` the admin, `c` the client: a client link also needs the file to be
 * still shown to the client), `exp` the expiry in seconds, and sig =
 * HMAC-SHA256 over "s:id:exp" with a key derived from OUTBOX_SECRET_KEY
 * (domain-separated from the outbox's and the documents' keys). Without the
 * secret no link is made (503) and every link is refused.
 */
import { FILE_LINK_TTL_MS } from '@studio/domain';
import { config } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import { linkKey, signLink, verifyLink } from '../../platform/signedLinks.js';

/** Who a link was made for. */
export type LinkScope = 'a' | 'c';

export const FILE_DOWNLOADS_NOT_CONFIGURED = 'File downloads are not configured';

const filesKey = (secret: string | undefined) => linkKey(secret, 'studio file links v1');

/**
 * A link to file `id` for `scope`, valid FILE_LINK_TTL_MS from `now`.
 * @throws Unavailable FILE_DOWNLOADS_NOT_CONFIGURED without a key (fail closed).
 */
export function fileDownloadPath(
  id: string,
  scope: LinkScope,
  now = Date.now(),
  secret: string | undefined = config().outboxSecretKey,
): string {
  const key = filesKey(secret);
  if (!key) throw new AppError('Unavailable', FILE_DOWNLOADS_NOT_CONFIGURED);
  const exp = Math.floor((now + FILE_LINK_TTL_MS) / 1000);
  const q = new URLSearchParams({ s: scope, exp: String(exp), sig: signLink(key, `${scope}:${id}`, exp) });
  return `/api/file-downloads/${encodeURIComponent(id)}?${q}`;
}

/** The scope a valid, unexpired link to `id` was made for, or null (bad, altered or expired). */
export function verifyFileLink(
  id: string,
  query: { s?: unknown; exp?: unknown; sig?: unknown },
  now = Date.now(),
  secret: string | undefined = config().outboxSecretKey,
): LinkScope | null {
  const { s, exp, sig } = query;
  if (s !== 'a' && s !== 'c') return null;
  return verifyLink(filesKey(secret), `${s}:${id}`, exp, sig, now) ? s : null;
}
