/** Security headers from Hosting (issue 10), checked against the Hosting emulator. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { BASE_URL } from '../helpers.js';

const directives = (csp: string) => new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k!, v]));

describe('Hosting security headers', () => {
  it.each(['/', '/admin/login', '/quote-acceptance', '/assets/../index.html'])('%s carries CSP, HSTS, nosniff and a referrer policy', async (path) => {
    const res = await fetch(`${BASE_URL}${path}`);
    const csp = directives(res.headers.get('content-security-policy') ?? '');
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe(path === '/quote-acceptance' ? 'no-referrer' : 'strict-origin-when-cross-origin');
  });

  it('only the emulators\' copy of firebase.json lets pages reach the emulator hosts', async () => {
    const deployed = JSON.parse(readFileSync('firebase.json', 'utf8')) as { hosting: { headers: { headers: { key: string; value: string }[] }[] } };
    const deployedCsp = deployed.hosting.headers.flatMap((r) => r.headers).find((h) => h.key === 'Content-Security-Policy')!.value;
    expect(directives(deployedCsp).get('connect-src')!.join(' ')).not.toMatch(/127\.0\.0\.1|localhost/);
    const served = directives((await fetch(`${BASE_URL}/`)).headers.get('content-security-policy') ?? '');
    expect(served.get('connect-src')).toEqual(expect.arrayContaining([...directives(deployedCsp).get('connect-src')!, 'http://127.0.0.1:9099', 'http://127.0.0.1:8080']));
  });

  it.each(['index.html', 'app.html'])('the built %s has no inline script for the CSP to allow', (file) => {
    const html = readFileSync(`web/dist/${file}`, 'utf8');
    for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      expect(m[1]).toMatch(/\bsrc=/);
      expect(m[2]!.trim()).toBe('');
    }
  });
});
