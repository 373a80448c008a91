/**
 * Prerenders the landing page into the built site (issue 3 "Speed"). Run
 * after `vite build` with the same mode, output folder and .env folder
 * (`node scripts/prerender.mjs [--mode m] [--dist DIR] [--env-dir DIR]`, dist
 * default web/dist, env-dir default web/):
 *
 * 1. bundles src/prerender.tsx for Node with Vite's SSR build (into
 *    node_modules/.cache/prerender, never deployed);
 * 2. keeps the client build's empty page as dist/app.html, the shell that
 *    Hosting serves for every other route (firebase.json rewrite `**`);
 * 3. writes dist/index.html with the landing's markup in #root and its
 *    critical CSS in <head>, so `/` paints before any script runs and the
 *    browser hydrates it (src/main.tsx);
 * 4. paint first, then the app: in dist/index.html the entry script is
 *    replaced by the boot script (web/scripts/boot.js without its header
 *    comment, inline and marked `data-boot`, so the page requests nothing
 *    before its first paint), which adds the entry (`data-entry`) and the
 *    landing page's lazy chunks (`data-preloads`, from Vite's
 *    dist/.vite/manifest.json, removed here) once the page has painted and
 *    holds the clicks on buttons that come before hydration; the entry's
 *    modulepreload hints are dropped. Every other route (dist/app.html) loads
 *    the entry as Vite wrote it;
 * 5. both pages name the favicon (public/favicon.svg) as a data: URL, so the
 *    browser's own fetch of the tab icon, which may come before or after the
 *    first paint, is no request at all.
 *
 * Exits 1 with one line if the page cannot be rendered, or if the deployed
 * CSP (firebase.json script-src) lacks the boot script's hash: the CSP allows
 * no other inline script (web/scripts/boot-script.mjs).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { bootScriptCode, cspHashSource, deployedScriptSources } from './boot-script.mjs';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const dist = resolve(arg('dist', join(web, 'dist')));
const mode = arg('mode', 'production');
const envDir = resolve(arg('env-dir', web));
const out = join(web, 'node_modules', '.cache', 'prerender');

process.env.NODE_ENV = 'production';
await build({
  root: web,
  mode,
  envDir,
  logLevel: 'warn',
  ssr: { noExternal: ['@studio/domain'] },
  build: {
    ssr: 'src/prerender.tsx',
    outDir: out,
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
    rolldownOptions: { output: { codeSplitting: true } },
  },
});

/**
 * URLs of the landing page's lazy chunk and of the chunks it imports, from Vite's build manifest,
 * minus those the entry loads anyway. Exits 1 if the manifest has no landing page chunk.
 */
function landingPageChunks(manifestPath) {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const page = manifest['src/features/landing/components/LandingPage.tsx'];
  const entry = manifest['index.html'];
  if (!page?.isDynamicEntry || !entry) {
    console.error(`✖ prerender: ${manifestPath} names no lazy landing page chunk (web/src/app/App.tsx)`);
    process.exit(1);
  }
  const closure = (key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) closure(next, seen);
    return seen;
  };
  const loaded = new Set([...closure('index.html')].map((key) => manifest[key].file));
  const own = [...closure('src/features/landing/components/LandingPage.tsx')].map((key) => manifest[key].file);
  return own.filter((file) => !loaded.has(file)).map((file) => `/${file}`);
}

const { renderLanding } = await import(pathToFileURL(join(out, 'prerender.js')).href);
const { html, styles } = await renderLanding();

const page = join(dist, 'index.html');
const shell = readFileSync(page, 'utf8');
const marker = '<div id="root"></div>';
if (!shell.includes(marker)) {
  console.error(`✖ prerender: ${marker} not found in ${page} (already prerendered? run vite build first)`);
  process.exit(1);
}
if (/<script\b/.test(html) || /<link\b/.test(html)) {
  console.error(
    '✖ prerender: the landing markup holds a <script> (the CSP blocks inline ones) or a <link> that would break hydration',
  );
  process.exit(1);
}
// The tab icon as a data: URL, in both pages (the app shell included): the CSP's img-src allows data:.
const iconLink = '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />';
const iconUrl = `data:image/svg+xml,${encodeURIComponent(readFileSync(join(web, 'public', 'favicon.svg'), 'utf8').trim())}`;
if (!shell.includes(iconLink)) {
  console.error(`✖ prerender: ${page} has no ${iconLink}`);
  process.exit(1);
}
const withIcon = shell.replace(iconLink, iconLink.replace('/favicon.svg', iconUrl));
writeFileSync(join(dist, 'app.html'), withIcon);

const entryTag = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(shell);
if (!entryTag) {
  console.error(`✖ prerender: no module entry script found in ${page}`);
  process.exit(1);
}
const landingChunks = landingPageChunks(join(dist, '.vite', 'manifest.json'));
rmSync(join(dist, '.vite'), { recursive: true, force: true }); // build input only, never deployed
// The boot script (web/scripts/boot.js), inline: it adds the entry and the landing page's chunks after the
// first paint and holds early clicks. The deployed CSP must allow it by hash, or the page would never boot.
const bootCode = bootScriptCode();
const bootSource = cspHashSource(bootCode);
if (!deployedScriptSources().includes(bootSource)) {
  console.error(
    `✖ prerender: firebase.json's Content-Security-Policy script-src lacks ${bootSource}, the hash of web/scripts/boot.js as inlined: replace the old sha256 source with it`,
  );
  process.exit(1);
}
if (landingChunks.some((url) => /[\s"]/.test(url))) {
  console.error(`✖ prerender: a landing chunk URL holds a space or a quote: ${landingChunks.join(' ')}`);
  process.exit(1);
}
const landing = withIcon
  .replace(
    entryTag[0],
    () =>
      `<script type="module" data-boot data-entry="${entryTag[1]}" data-preloads="${landingChunks.join(' ')}">${bootCode}</script>`,
  )
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  .replace('</head>', () => `${styles}\n  </head>`)
  .replace(marker, () => `<div id="root">${html}</div>`);
writeFileSync(page, landing);
console.log(
  `prerender: dist/index.html holds the landing (${(html.length / 1024).toFixed(1)} KB HTML, ${(styles.length / 1024).toFixed(1)} KB CSS) and loads the app after its first paint (inline boot script, ${bootSource}); dist/app.html is the shell for other routes`,
);
