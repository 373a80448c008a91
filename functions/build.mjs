/**
 * Bundles the functions with esbuild into lib/index.js. Workspace code
 * (@studio/domain) is inlined; the runtime dependencies listed in
 * package.json stay external and are installed by Cloud Functions at deploy,
 * with `npm ci` from the package-lock.json that `npm run build` writes next
 * (../scripts/functions-lock.mjs, cut from the root lock).
 *
 * The PDF fonts (src/platform/pdf/fonts.json) are copied to
 * lib/fonts/, where the bundle reads them: their packages are development
 * dependencies, so a deploy carries the dozen files used (about 20 MB, most
 * of it the three CJK fonts) rather than every weight of every package.
 */
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((d) => [d, `${d}/*`]);

await build({
  entryPoints: ['src/index.ts'],
  outfile: 'lib/index.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external,
  logLevel: 'warning',
  // platform/firebase.ts falls back to import.meta.url only where __filename is missing (ESM test runs).
  logOverride: { 'empty-import-meta': 'silent' },
});
console.log('functions: bundled lib/index.js');

const require = createRequire(import.meta.url);
const fonts = JSON.parse(readFileSync(new URL('./src/platform/pdf/fonts.json', import.meta.url), 'utf8'));
const fontDir = new URL('./lib/fonts/', import.meta.url);
rmSync(fontDir, { recursive: true, force: true });
mkdirSync(fontDir, { recursive: true });
for (const f of fonts) {
  // The packages' "exports" hide their font folders: the package root is found from its main file.
  const main = require.resolve(f.package);
  const marker = `/node_modules/${f.package}/`;
  const root = main.slice(0, main.lastIndexOf(marker) + marker.length);
  copyFileSync(join(root, f.path), join(fontDir.pathname, basename(f.path)));
}
console.log(`functions: copied ${fonts.length} fonts to lib/fonts`);
