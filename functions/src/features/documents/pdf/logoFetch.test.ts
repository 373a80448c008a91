/**
 * The logo fetch's rules (logoFetch.ts): the address check, refusals before any connection (loopback, link-local,
 * a host name with one private address), and against a local https server (a self-signed certificate made with
 * openssl for the test): the checked address is the one connected to, no redirect is followed, the byte cap holds
 * while streaming, the deadline holds, and only PNG or JPEG is taken. (The PDF without a refused logo:
 * invoicePdf.test.ts.)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchLogo, isPngOrJpeg, isPublicAddress, LogoRefused } from './logoFetch.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);

/** The refusal reason of a fetch, or 'fetched'. */
async function outcome(p: Promise<Buffer>): Promise<string> {
  try {
    await p;
    return 'fetched';
  } catch (e) {
    if (e instanceof LogoRefused) return e.reason;
    throw e;
  }
}

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, shared, multicast, reserved and IPv4-embedding IPv6 addresses', () => {
    for (const a of [
      '127.0.0.1',
      '127.8.8.8',
      '10.0.0.1',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '240.0.0.1',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      'not an address',
      '',
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });

  it('accepts public unicast addresses, IPv4 and IPv6', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '::ffff:8.8.8.8', '2606:4700:4700::1111'])
      expect(isPublicAddress(a), a).toBe(true);
  });
});

describe('isPngOrJpeg', () => {
  it('reads the first bytes', () => {
    expect(isPngOrJpeg(PNG)).toBe(true);
    expect(isPngOrJpeg(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe(true);
    expect(isPngOrJpeg(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(false);
    expect(isPngOrJpeg(Buffer.alloc(0))).toBe(false);
  });
});

/** A loopback TCP server that counts the connections it gets (and drops each). */
async function countingServer(): Promise<{ server: Server; port: number; connections: () => number }> {
  let n = 0;
  const server = createTcpServer((s) => {
    n++;
    s.destroy();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, port: (server.address() as AddressInfo).port, connections: () => n };
}

describe('refused before connecting', () => {
  let tcp: Awaited<ReturnType<typeof countingServer>>;
  let port = 0;
  const connections = () => tcp.connections();
  beforeAll(async () => {
    tcp = await countingServer();
    port = tcp.port;
  });
  afterAll(() => tcp.server.close());

  it('http, a non-URL, loopback and link-local literals, localhost: refused, and nothing connects', async () => {
    expect(await outcome(fetchLogo(`http://127.0.0.1:${port}/logo.png`))).toBe('not-https');
    expect(await outcome(fetchLogo('not a url'))).toBe('bad-url');
    for (const url of [
      `https://127.0.0.1:${port}/logo.png`,
      `https://[::ffff:127.0.0.1]:${port}/logo.png`,
      `https://2130706433:${port}/logo.png`,
      `https://localhost:${port}/logo.png`,
      'https://[::1]/logo.png',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/logo.png',
    ])
      expect(await outcome(fetchLogo(url)), url).toBe('private-address');
    expect(connections()).toBe(0);
  });

  it('a host name with any private address among its answers is refused', async () => {
    const resolve = vi.fn(async () => [
      { address: '8.8.8.8', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ]);
    expect(await outcome(fetchLogo('https://logo.example/logo.png', { resolve }))).toBe('private-address');
    expect(resolve).toHaveBeenCalledWith('logo.example');
    expect(await outcome(fetchLogo('https://logo.example/logo.png', { resolve: async () => [] }))).toBe(
      'private-address',
    );
  });
});

/** A key and a self-signed certificate for logo.test, or null when openssl is not installed. */
function selfSigned(): { key: Buffer; cert: Buffer } | null {
  const dir = mkdtempSync(join(tmpdir(), 'logo-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=logo.test',
        '-addext',
        'subjectAltName=DNS:logo.test',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const tls = selfSigned();

describe.skipIf(!tls)('against a local https server', () => {
  let server: HttpsServer;
  let port = 0;
  let target: Awaited<ReturnType<typeof countingServer>>;
  beforeAll(async () => {
    target = await countingServer();
    const targetPort = target.port;
    server = createHttpsServer({ key: tls!.key, cert: tls!.cert }, (req, res) => {
      if (req.url === '/logo.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      if (req.url === '/redirect')
        return res.writeHead(302, { location: `http://127.0.0.1:${targetPort}/logo.png` }).end();
      if (req.url === '/declared-big') return res.writeHead(200, { 'content-length': String(600 * 1024) }).end();
      if (req.url === '/streamed-big') {
        // No content-length: chunked, so only counting while it streams can stop it.
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(PNG);
        const chunk = Buffer.alloc(64 * 1024);
        for (let i = 0; i < 12; i++) res.write(chunk);
        return res.end();
      }
      if (req.url === '/page.html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
      if (req.url === '/hang') return; // never answers
      res.writeHead(404).end();
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
    target.server.close();
  });

  /** logo.test resolves (here only) to the local server, which the test allows. */
  const resolve = vi.fn(async () => [{ address: '127.0.0.1', family: 4 }]);
  const opts = () => ({ resolve, isAllowedAddress: () => true, ca: tls!.cert });
  const url = (path: string) => `https://logo.test:${port}${path}`;

  it('fetches a PNG from the address it checked (logo.test exists in no DNS), with TLS checked for the name', async () => {
    resolve.mockClear();
    expect(await fetchLogo(url('/logo.png'), opts())).toEqual(PNG);
    expect(resolve).toHaveBeenCalledTimes(1);
    // Without the test's CA the self-signed certificate is refused.
    expect(await outcome(fetchLogo(url('/logo.png'), { resolve, isAllowedAddress: () => true }))).toBe('network');
  });

  it('follows no redirect', async () => {
    expect(await outcome(fetchLogo(url('/redirect'), opts()))).toBe('redirect');
    expect(target.connections()).toBe(0);
  });

  it('refuses a body over the cap, declared or streamed, and a body that is no image', async () => {
    expect(await outcome(fetchLogo(url('/declared-big'), opts()))).toBe('too-large');
    expect(await outcome(fetchLogo(url('/streamed-big'), opts()))).toBe('too-large');
    expect(await outcome(fetchLogo(url('/streamed-big'), { ...opts(), maxBytes: 2 * 1024 * 1024 }))).toBe('fetched');
    expect(await outcome(fetchLogo(url('/page.html'), opts()))).toBe('not-an-image');
    expect(await outcome(fetchLogo(url('/missing.png'), opts()))).toBe('http-status');
  });

  it('gives up at its deadline', async () => {
    expect(await outcome(fetchLogo(url('/hang'), { ...opts(), timeoutMs: 300 }))).toBe('timeout');
  });
});
