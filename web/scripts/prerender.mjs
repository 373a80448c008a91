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
 *    browser hydrates it (src/main.tsx).
 *
 * Exits 1 with one line if the page cannot be rendered or the output would
 * carry an inline script (the CSP allows none).
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

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
copyFileSync(page, join(dist, 'app.html'));
writeFileSync(page, shell.replace('</head>', `${styles}\n  </head>`).replace(marker, `<div id="root">${html}</div>`));
console.log(
  `prerender: dist/index.html holds the landing (${(html.length / 1024).toFixed(1)} KB HTML, ${(styles.length / 1024).toFixed(1)} KB CSS); dist/app.html is the shell for other routes`,
);
