/**
 * The production web build (`npm run build -w web`; run by `npm run deploy`
 * and by the Hosting predeploy in firebase.json, so a bare `firebase deploy`
 * rebuilds too):
 *
 * 1. checks the Firebase web config (production-env.mjs) against the project
 *    being deployed (`--project`, else GCLOUD_PROJECT, which firebase deploy
 *    sets for its predeploy hooks) and stops with one line naming what is
 *    missing or refused;
 * 2. `vite build` in mode production (no source maps) and the landing's
 *    prerender (prerender.mjs);
 * 3. checks the output: no source map, and no file naming 127.0.0.1 or the
 *    emulators' demo-studio project.
 *
 * Options: `--dist DIR` (default web/dist), `--env-dir DIR` (where the .env
 * files are read; default web/), `--project ID`. Exits 1 with one line on any
 * failure.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { productionWebEnv, productionWebEnvError } from './production-env.mjs';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const dist = resolve(arg('dist', join(web, 'dist')));
const envDir = resolve(arg('env-dir', web));
const project = arg('project', process.env.GCLOUD_PROJECT) || undefined;

/** Text that an emulator build carries and a production bundle must not. */
export const EMULATOR_MARKERS = ['127.0.0.1', 'demo-studio'];

const fail = (line) => {
  console.error(line);
  process.exit(1);
};

const configError = productionWebEnvError(productionWebEnv(envDir), { project });
if (configError) fail(configError);

await build({ root: web, mode: 'production', envDir, logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
const prerender = spawnSync(
  process.execPath,
  [join(web, 'scripts', 'prerender.mjs'), '--mode', 'production', '--dist', dist, '--env-dir', envDir],
  { stdio: 'inherit' },
);
if (prerender.status !== 0) process.exit(prerender.status ?? 1);

/** Every file under `dir`, as absolute paths. */
const filesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
const files = filesUnder(dist);
const maps = files.filter((f) => f.endsWith('.map'));
if (maps.length)
  fail(
    `✖ Production web build: ${maps.length} source map(s) in ${relative(process.cwd(), dist)} (they would be public).`,
  );
const named = files
  .filter((f) => /\.(js|html|css|json|txt|svg|webmanifest)$/.test(f))
  .flatMap((f) => {
    const text = readFileSync(f, 'utf8');
    return EMULATOR_MARKERS.filter((m) => text.includes(m)).map((m) => `${relative(dist, f)} (${m})`);
  });
if (named.length) fail(`✖ Production web build names the emulators: ${named.join(', ')}.`);
console.log(
  `web: production build for ${project ?? 'the configured project'} in ${relative(process.cwd(), dist) || '.'} (config checked, no source maps, no emulator hosts)`,
);
