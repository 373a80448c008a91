/**
 * Fetching the studio logo (settings `logoUrl`) for a PDF. The URL is typed
 * by an admin, so fetching it makes this server connect wherever it points;
 * these rules keep that to a public image:
 * - https only;
 * - the host is resolved here (node:dns, every address), and every address
 *   must be public unicast (ipaddr.js `range() === 'unicast'`, an IPv4-mapped
 *   IPv6 address judged as its IPv4 one): loopback, private, link-local
 *   (169.254.169.254, the metadata server), shared, multicast, reserved and
 *   the IPv6 ranges that embed an IPv4 address are refused;
 * - the connection goes to the address that was checked (a `lookup` that
 *   answers it), so a second DNS answer (rebinding) cannot swap it; TLS is
 *   still verified for the host name;
 * - no redirects: any answer but 200 is refused;
 * - at most LOGO_LIMITS.maxBytes, counted while the body streams, and
 *   LOGO_LIMITS.timeoutMs for the whole fetch (DNS included);
 * - PNG or JPEG only, by their first bytes.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { request } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The logo's byte cap and the whole fetch's deadline (ms). */
export const LOGO_LIMITS = { maxBytes: 512 * 1024, timeoutMs: 2_000 } as const;

/** Why a logo was refused. */
export type LogoRefusal =
  | 'bad-url'
  | 'not-https'
  | 'dns-failed'
  | 'private-address'
  | 'redirect'
  | 'http-status'
  | 'too-large'
  | 'not-an-image'
  | 'timeout'
  | 'network';

/** A logo that was not fetched, and why (`reason`); `message` adds the detail. */
export class LogoRefused extends Error {
  constructor(
    readonly reason: LogoRefusal,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'LogoRefused';
  }
}

/**
 * Whether the server may connect to `address` (an IP address as text): public
 * unicast only. False for anything that is not an address.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Whether `buf` starts as a PNG or a JPEG does. */
export function isPngOrJpeg(buf: Buffer): boolean {
  return buf.subarray(0, 8).equals(PNG) || (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff);
}

interface ResolvedAddress {
  address: string;
  family: number;
}

/** Options of fetchLogo; the defaults are the production rules. */
export interface LogoFetchOptions {
  maxBytes?: number;
  timeoutMs?: number;
  /** Every address of a host name (default: node:dns lookup, all of them). */
  resolve?: (host: string) => Promise<ResolvedAddress[]>;
  /** The address check (default isPublicAddress); a test may allow its own loopback server. */
  isAllowedAddress?: (address: string) => boolean;
  /** Extra trusted CA certificates (a test's self-signed server); the system's are used otherwise. */
  ca?: string | Buffer;
}

const systemResolve = (host: string) => dnsLookup(host, { all: true, verbatim: true });

/**
 * The logo at `url` under the rules of the module comment.
 * @returns the image's bytes (PNG or JPEG, at most `maxBytes`).
 * @throws LogoRefused for every refusal, network failure and timeout.
 */
export async function fetchLogo(url: string, opts: LogoFetchOptions = {}): Promise<Buffer> {
  const maxBytes = opts.maxBytes ?? LOGO_LIMITS.maxBytes;
  const timeoutMs = opts.timeoutMs ?? LOGO_LIMITS.timeoutMs;
  const allowed = opts.isAllowedAddress ?? isPublicAddress;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new LogoRefused('bad-url', 'not a URL');
  }
  if (target.protocol !== 'https:') throw new LogoRefused('not-https', target.protocol);
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');

  const deadline = AbortSignal.timeout(timeoutMs);
  const timedOut = new Promise<never>((_, reject) =>
    deadline.addEventListener('abort', () => reject(new LogoRefused('timeout', `no logo within ${timeoutMs} ms`)), {
      once: true,
    }),
  );
  timedOut.catch(() => undefined); // a fetch that finished first leaves it unobserved

  let addresses: ResolvedAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await Promise.race([(opts.resolve ?? systemResolve)(host), timedOut]);
    } catch (e) {
      if (e instanceof LogoRefused) throw e;
      throw new LogoRefused('dns-failed', String((e as Error)?.message ?? e));
    }
  }
  const refused = addresses.filter((a) => !allowed(a.address));
  if (addresses.length === 0 || refused.length > 0)
    throw new LogoRefused('private-address', `${host} → ${refused.map((a) => a.address).join(', ') || 'nothing'}`);
  const pinned = addresses[0]!;
  // net.connect asks for one address or, with autoSelectFamily, a list: either way the one checked above.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options?.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };

  return Promise.race([
    timedOut,
    new Promise<Buffer>((resolve, reject) => {
      const req = request(
        {
          host,
          port: target.port || 443,
          path: `${target.pathname}${target.search}`,
          method: 'GET',
          headers: { accept: 'image/png, image/jpeg' },
          lookup,
          agent: false,
          signal: deadline,
          ...(isIP(host) ? {} : { servername: host }),
          ...(opts.ca ? { ca: opts.ca } : {}),
        },
        (res) => {
          const status = res.statusCode ?? 0;
          if (status !== 200) {
            res.destroy();
            return reject(
              new LogoRefused(status >= 300 && status < 400 ? 'redirect' : 'http-status', `HTTP ${status}`),
            );
          }
          const declared = Number(res.headers['content-length'] ?? 0);
          if (declared > maxBytes) {
            res.destroy();
            return reject(new LogoRefused('too-large', `${declared} bytes declared, at most ${maxBytes}`));
          }
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              res.destroy();
              reject(new LogoRefused('too-large', `over ${maxBytes} bytes`));
              return;
            }
            chunks.push(chunk);
          });
          res.on('error', (e) => reject(new LogoRefused('network', e.message)));
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            if (!isPngOrJpeg(body)) reject(new LogoRefused('not-an-image', 'neither PNG nor JPEG'));
            else resolve(body);
          });
        },
      );
      req.on('error', (e) =>
        reject(
          deadline.aborted
            ? new LogoRefused('timeout', `no logo within ${timeoutMs} ms`)
            : new LogoRefused('network', e.message),
        ),
      );
      req.end();
    }),
  ]);
}
