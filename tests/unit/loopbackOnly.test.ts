/**
 * scripts/loopback-only.mjs, the preload `npm test` runs every Node process of its stacks under: a connection
 * or DNS lookup beyond loopback is refused before it leaves and recorded, loopback is untouched. And the
 * Admin SDK, given the stack's environment (OFFLINE_ENV), asks nothing of Google's metadata server, which it
 * does without it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OFFLINE_ENV, loopbackOnlyEnv } from '../../scripts/emulators.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Runs `code` (an ES module) under the preload; resolves its output and the refusals recorded. */
function underPreload(code: string, env: Record<string, string> = {}, ext = 'mjs') {
  const dir = mkdtempSync(join(tmpdir(), 'loopback-only-'));
  dirs.push(dir);
  // Under the root (git-ignored .cache/), so that the probe resolves the project's packages.
  mkdirSync(join(ROOT, '.cache'), { recursive: true });
  const file = join(ROOT, '.cache', `loopback-probe-${process.pid}-${dirs.length}.${ext}`);
  writeFileSync(file, code);
  const log = join(dir, 'outbound.log');
  try {
    const base: Record<string, string | undefined> = { ...process.env, METADATA_SERVER_DETECTION: undefined };
    const r = spawnSync(ext === 'ts' ? join(ROOT, 'node_modules', '.bin', 'tsx') : process.execPath, [file], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...base, ...loopbackOnlyEnv({}, log), LOOPBACK_ONLY_ALLOW: '', ...env },
    });
    const refused = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
    return { status: r.status, out: `${r.stdout}${r.stderr}`, refused: refused.map((l) => l.split(' ').at(-1)) };
  } finally {
    rmSync(file, { force: true });
  }
}

describe('loopback-only preload', () => {
  it(
    'refuses and records connections and lookups beyond loopback, and lets loopback through',
    { timeout: 60_000 },
    () => {
      const r = underPreload(`
      import net from 'node:net';
      import { lookup } from 'node:dns/promises';
      const tcp = (port, host) => new Promise((resolve) => {
        const s = net.connect(port, host);
        s.on('error', (e) => resolve(e.code));
        s.on('connect', () => { s.destroy(); resolve('connected'); });
      });
      const out = {
        testNet: await tcp(80, '192.0.2.1'),
        fetchHost: await fetch('http://example.com/').then(() => 'ok', (e) => e.cause?.code ?? e.code),
        metadata: await fetch('http://169.254.169.254/').then(() => 'ok', (e) => e.cause?.code ?? e.code),
        lookupName: await lookup('example.com').then(() => 'ok', (e) => e.code),
        loopback: await tcp(1, '127.0.0.1'),
        unspecified: await tcp(1, '0.0.0.0'),
        localhost: (await lookup('localhost')).address,
        ipLiteral: (await lookup('192.0.2.7')).address,
        reserved: await lookup('studio.example').then(() => 'ok', (e) => e.code),
      };
      console.log(JSON.stringify(out));
    `);
      expect(r.status, r.out).toBe(0);
      const out = JSON.parse(r.out.split('\n').find((l) => l.startsWith('{'))!) as Record<string, string>;
      expect(out).toMatchObject({
        testNet: 'ECONNREFUSED',
        fetchHost: 'ECONNREFUSED',
        metadata: 'ECONNREFUSED',
        lookupName: 'ECONNREFUSED',
        loopback: 'ECONNREFUSED',
        // A special-use name (RFC 6761) is not found, as every resolver answers, and is no attempt to go out.
        reserved: 'ENOTFOUND',
      });
      expect(['127.0.0.1', '::1']).toContain(out.localhost);
      expect(out.ipLiteral).toBe('192.0.2.7'); // answered without a query: a server may listen there
      expect(r.refused).toEqual(['192.0.2.1:80', 'example.com:80', '169.254.169.254:80', 'example.com']);
    },
  );

  // The Admin SDK's Firestore client on the emulators, as every script and the functions use it. It looks for
  // a project and credentials before its first request, so the probe ends at that request's first attempt (to
  // 127.0.0.1:1, where nothing listens).
  const firestoreRead = `
    import net from 'node:net';
    const connect = net.Socket.prototype.connect;
    net.Socket.prototype.connect = function (...args) {
      const o = Array.isArray(args[0]) ? args[0][0] : args[0];
      if (o && o.port === 1) setImmediate(() => process.exit(0));
      return connect.apply(this, args);
    };
    const { initializeApp } = await import('firebase-admin/app');
    const { getFirestore } = await import('firebase-admin/firestore');
    await getFirestore(initializeApp({ projectId: 'demo-studio' })).doc('a/b').get();
  `;

  it(
    'without the stack’s environment the Admin SDK looks for the metadata server (what the preload catches)',
    {
      timeout: 60_000,
    },
    () => {
      const r = underPreload(firestoreRead, { FIRESTORE_EMULATOR_HOST: '127.0.0.1:1' }, 'ts');
      expect(
        r.refused.some((h) => /metadata\.google\.internal|169\.254\.169\.254/.test(h ?? '')),
        r.out,
      ).toBe(true);
    },
  );

  it(
    'with OFFLINE_ENV (the stack’s and the scripts’ environment) it reaches nothing beyond loopback',
    {
      timeout: 60_000,
    },
    () => {
      const r = underPreload(firestoreRead, { ...OFFLINE_ENV, FIRESTORE_EMULATOR_HOST: '127.0.0.1:1' }, 'ts');
      expect(r.status, r.out).toBe(0);
      expect(r.refused).toEqual([]);
    },
  );
});
