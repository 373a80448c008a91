/**
 * Bundles the functions with esbuild into lib/index.js. Workspace code
 * (@studio/domain) is inlined; the runtime dependencies listed in
 * package.json stay external and are installed by Cloud Functions at deploy,
 * with `npm ci` from the package-lock.json that `npm run build` writes next
 * (../scripts/functions-lock.mjs, cut from the root lock).
 */
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

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
