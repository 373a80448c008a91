/**
 * Landing page JS budget: the initial JS of `/`, meaning its inline boot
 * script, the entry script it adds and every module it preloads, must be ≤ 180 KB gzip
 * (184,320 bytes) and hold no Firebase SDK code; and index.html must be the
 * prerendered landing, app.html the empty SPA shell. Reads web/dist (build first).
 * Prints one line per file and a verdict; exits 1 over budget.
 */
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { ROOT } from './emulators.mjs';

export const BUDGET_BYTES = 180 * 1024;
const DIST = join(ROOT, 'web', 'dist');
const FIREBASE_MARKERS = [
  /@firebase\//,
  /FirebaseError/,
  /firestore\.googleapis\.com/,
  /identitytoolkit\.googleapis\.com/,
];

/**
 * The initial JS of the built landing page and its gzip sizes: every script
 * file and modulepreload index.html names, and its inline boot script
 * (web/scripts/boot.js, `src: 'index.html#boot'`, `inline: true`) with the
 * entry and chunks it adds after the first paint (`data-entry`,
 * `data-preloads`). A boot script naming no entry is an error, not an empty
 * count (the budget would pass on the boot script alone).
 * @returns {{ src: string, inline: boolean, gzipBytes: number, firebase: boolean }[]}
 */
export function initialJs(dist = DIST) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  const measured = (src, code, inline = false) => ({
    src,
    inline,
    gzipBytes: gzipSync(code, { level: 9 }).length,
    firebase: FIREBASE_MARKERS.some((re) => re.test(code.toString('utf8'))),
  });
  const boot = /<script\b([^>]*\bdata-boot\b[^>]*)>([\s\S]*?)<\/script>/.exec(html);
  if (boot) {
    const attr = (name) => new RegExp(`\\b${name}="([^"]*)"`).exec(boot[1])?.[1] ?? '';
    const entry = attr('data-entry');
    if (!entry.startsWith('/assets/')) throw new Error('index.html: the boot script names no /assets/ entry script');
    files.push(entry, ...attr('data-preloads').split(' ').filter(Boolean));
  }
  const scripts = [...new Set(files)].map((src) => measured(src, readFileSync(join(dist, src.replace(/^\//, '')))));
  return boot ? [measured('index.html#boot', Buffer.from(boot[2], 'utf8'), true), ...scripts] : scripts;
}

if (process.argv[1]?.endsWith('check-bundle.mjs')) {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.error('✖ web/dist is missing: build the web app first.');
    process.exit(1);
  }
  // `/` is prerendered (web/scripts/prerender.mjs): its HTML carries the hero; every other route gets the empty shell.
  const landing = readFileSync(join(DIST, 'index.html'), 'utf8');
  const shell = existsSync(join(DIST, 'app.html')) ? readFileSync(join(DIST, 'app.html'), 'utf8') : '';
  if (!/<div id="root"><[^>]+>/.test(landing) || !/<h1\b/.test(landing) || !shell.includes('<div id="root"></div>')) {
    console.error(
      '✖ web/dist/index.html is not the prerendered landing, or web/dist/app.html (the SPA shell) is missing.',
    );
    process.exit(1);
  }
  console.log('landing HTML: prerendered (hero in index.html); app.html is the shell');
  const files = initialJs();
  const total = files.reduce((s, f) => s + f.gzipBytes, 0);
  for (const f of files)
    console.log(`  ${f.src}  ${(f.gzipBytes / 1024).toFixed(1)} KB gzip${f.firebase ? '  (Firebase SDK code!)' : ''}`);
  const firebase = files.filter((f) => f.firebase);
  const ok = total <= BUDGET_BYTES && firebase.length === 0;
  console.log(
    `landing initial JS: ${(total / 1024).toFixed(1)} KB gzip of ${BUDGET_BYTES / 1024} KB budget; Firebase SDK code: ${firebase.length ? 'present' : 'none'} → ${ok ? 'ok' : 'FAIL'}`,
  );
  process.exit(ok ? 0 : 1);
}
