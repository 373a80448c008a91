/** Security headers from Hosting, checked against the Hosting emulator. */
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { BASE_URL } from '../helpers.js';

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k!, v]),
  );

describe('Hosting security headers', () => {
  it.each(['/', '/admin/login', '/quote-acceptance', '/assets/../index.html'])(
    '%s carries CSP, HSTS, nosniff and a referrer policy',
    async (path) => {
      const res = await fetch(`${BASE_URL}${path}`);
      const csp = directives(res.headers.get('content-security-policy') ?? '');
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
      expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe(
        path === '/quote-acceptance' ? 'no-referrer' : 'strict-origin-when-cross-origin',
      );
    },
  );

  it("only the emulators' copy of firebase.json lets pages reach the emulator hosts", async () => {
    const deployed = JSON.parse(readFileSync('firebase.json', 'utf8')) as {
      hosting: { headers: { headers: { key: string; value: string }[] }[] };
    };
    const deployedCsp = deployed.hosting.headers
      .flatMap((r) => r.headers)
      .find((h) => h.key === 'Content-Security-Policy')!.value;
    expect(directives(deployedCsp).get('connect-src')!.join(' ')).not.toMatch(/127\.0\.0\.1|localhost/);
    const served = directives((await fetch(`${BASE_URL}/`)).headers.get('content-security-policy') ?? '');
    expect(served.get('connect-src')).toEqual(
      expect.arrayContaining([
        ...directives(deployedCsp).get('connect-src')!,
        'http://127.0.0.1:9099',
        'http://127.0.0.1:8080',
      ]),
    );
  });

  it('the built app.html has no inline script', () => {
    const html = readFileSync('web/dist/app.html', 'utf8');
    for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      expect(m[1]).toMatch(/\bsrc=/);
      expect(m[2]!.trim()).toBe('');
    }
  });

  it("the built index.html's one inline script is the boot script, which the served CSP allows by its hash", async () => {
    const html = readFileSync('web/dist/index.html', 'utf8');
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => m[2]!.trim() !== '');
    expect(inline).toHaveLength(1);
    expect(inline[0]![1]).toMatch(/\bdata-boot\b/);
    const hash = `'sha256-${createHash('sha256').update(inline[0]![2]!, 'utf8').digest('base64')}'`;
    const served = directives((await fetch(`${BASE_URL}/`)).headers.get('content-security-policy') ?? '');
    expect(served.get('script-src')).toContain(hash);
    // Only that one: no other hash, nonce or inline allowance.
    expect(served.get('script-src')!.filter((s) => /^'(sha\d+|nonce)-/.test(s))).toEqual([hash]);
  });
});

/** Redeploys under open tabs: pages revalidate, a missing chunk is a real 404, source maps stay private. */
describe('Hosting caching and missing files', () => {
  const shell = () => readFileSync('web/dist/app.html', 'utf8');

  it.each(['/', '/index.html', '/admin/login', '/admin/dashboard', '/app.html'])(
    '%s is revalidated on every load (no-cache)',
    async (path) => {
      const res = await fetch(`${BASE_URL}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it('a built chunk is cached for a year as immutable', async () => {
    const chunk = readdirSync('web/dist/assets').find((f) => f.endsWith('.js'))!;
    const res = await fetch(`${BASE_URL}/assets/${chunk}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('a missing /assets/ file is a 404, not the app shell', async () => {
    for (const path of ['/assets/missing-abc123.js', '/assets/missing-abc123.css', '/assets/']) {
      const res = await fetch(`${BASE_URL}${path}`);
      const body = await res.text();
      expect(res.status, path).toBe(404);
      expect(body).not.toContain('<div id="root">');
      expect(body).not.toBe(shell());
    }
  });

  it('serves no source map: none in web/dist, none deployed, none answered', async () => {
    const files = readdirSync('web/dist', { recursive: true }) as string[];
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    const deployed = JSON.parse(readFileSync('firebase.json', 'utf8')) as { hosting: { ignore: string[] } };
    expect(deployed.hosting.ignore).toContain('**/*.map');
    const chunk = files.find((f) => /^assets\/index-.*\.js$/.test(f))!;
    const res = await fetch(`${BASE_URL}/${chunk}.map`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('"mappings"');
  });

  it('API answers stay uncached', async () => {
    const res = await fetch(`${BASE_URL}/api/health`);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
