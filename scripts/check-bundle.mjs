/**
 * Landing page JS budget: the initial JS of `/`, meaning the entry
 * script plus every module index.html preloads, must be ≤ 180 KB gzip
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

/** The initial JS files of the built landing page and their gzip sizes. */
export function initialJs(dist = DIST) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const tags = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  // The landing's boot script (web/scripts/boot.js) adds the entry after the first paint: count both. A boot
  // script naming no entry is an error, not an empty count (the budget would pass on the boot script alone).
  const srcs = tags.flatMap((src) => {
    if (!/\/boot-[^/]+\.js$/.test(src)) return [src];
    const boot = readFileSync(join(dist, src.replace(/^\//, '')), 'utf8');
    const entries = [...boot.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1]);
    if (entries.length === 0) throw new Error(`${src} names no /assets/ entry script`);
    return [src, ...entries];
  });
  return [...new Set(srcs)].map((src) => {
    const code = readFileSync(join(dist, src.replace(/^\//, '')));
    return {
      src,
      gzipBytes: gzipSync(code, { level: 9 }).length,
      firebase: FIREBASE_MARKERS.some((re) => re.test(code.toString('utf8'))),
    };
  });
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
