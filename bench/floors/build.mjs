/**
 * Builds the bench's floor pages into bench/.artifacts/floors/ (never into
 * web/, never deployed):
 *
 * - `stack/`: the stack floor (floors/stack), React 19 + MUI with the site's
 *   theme, built by Vite for the browser and prerendered like the landing
 *   (react-dom/static, emotion critical CSS in <head>), hydrating one button;
 * - `static/`: the static floor, the built landing `web/dist/index.html` with
 *   its prerendered HTML and CSS and every script and modulepreload removed
 *   (the other files of the build copied beside it, so images and fonts load);
 * - `live/`: the live-update floor page (floors/live), the Firebase web SDK
 *   alone, listening to a copy of the board's documents on the Firestore
 *   emulator.
 *
 * Each folder has an index.html and an app.html (the static server's SPA fallback).
 */
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..');
export const FLOORS_OUT = join(ROOT, 'bench', '.artifacts', 'floors');

async function viteBuild(root, outDir, extra = {}) {
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  await build({
    root,
    configFile: false,
    cacheDir: join(FLOORS_OUT, '.vite-cache'),
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    build: { target: 'es2022', outDir, emptyOutDir: true, sourcemap: false, ...extra },
  });
}

/** The stack floor: client build, then the prerendered markup and critical CSS written into its index.html. */
export async function buildStack() {
  const out = join(FLOORS_OUT, 'stack');
  const ssrOut = join(FLOORS_OUT, '.stack-ssr');
  process.env.NODE_ENV = 'production';
  await viteBuild(join(HERE, 'stack'), out);
  await viteBuild(join(HERE, 'stack'), ssrOut, { ssr: join(HERE, 'stack', 'prerender.tsx'), copyPublicDir: false });
  const { renderFloor } = await import(pathToFileURL(join(ssrOut, 'prerender.js')).href);
  const { html, styles } = await renderFloor();
  const page = join(out, 'index.html');
  const shell = readFileSync(page, 'utf8');
  const marker = '<div id="root"></div>';
  if (!shell.includes(marker)) throw new Error(`stack floor: ${marker} not found in ${page}`);
  writeFileSync(page, shell.replace('</head>', `${styles}\n  </head>`).replace(marker, `<div id="root">${html}</div>`));
  copyFileSync(page, join(out, 'app.html'));
  rmSync(ssrOut, { recursive: true, force: true });
  return out;
}

/** The static floor: the landing's own prerendered page without any script (into `out`, default floors/static). */
export function buildStatic(webDist, out = join(FLOORS_OUT, 'static')) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  cpSync(webDist, out, { recursive: true, filter: (src) => !src.endsWith('.js') && !src.endsWith('.map') });
  const html = readFileSync(join(webDist, 'index.html'), 'utf8')
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/g, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>\s*/g, '');
  if (/<script\b|modulepreload/.test(html)) throw new Error('static floor: a script survived in index.html');
  writeFileSync(join(out, 'index.html'), html);
  writeFileSync(join(out, 'app.html'), html);
  return out;
}

async function buildLive() {
  const out = join(FLOORS_OUT, 'live');
  await viteBuild(join(HERE, 'live'), out);
  copyFileSync(join(out, 'index.html'), join(out, 'app.html'));
  return out;
}

/** Builds the three floor pages; resolves to their folders. */
export async function buildFloors(webDist, { log = console.log } = {}) {
  log('[bench] Building the floor pages (bench/floors → bench/.artifacts/floors)');
  mkdirSync(FLOORS_OUT, { recursive: true });
  const stack = await buildStack();
  const live = await buildLive();
  const staticDir = buildStatic(webDist);
  return { stack, static: staticDir, live };
}

if (process.argv[1] && process.argv[1] === fileURLToPath(import.meta.url)) {
  const dirs = await buildFloors(join(ROOT, 'web', 'dist'));
  console.log(dirs);
}
