import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const stub = (name: string) => fileURLToPath(new URL(`./stubs/${name}.ts`, import.meta.url));

/**
 * Source maps never sit in the served folder: a production build writes none,
 * and an emulator build (whose maps the bench reads, bench/lib/sourcemap.mjs)
 * moves them to `<outDir>-sourcemaps/` (web/dist-sourcemaps, git-ignored), so
 * Hosting, which serves and deploys whatever is in web/dist, never has them.
 */
function sourcemapsOutsideDist(): Plugin {
  let outDir = '';
  return {
    name: 'studio:sourcemaps-outside-dist',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const maps = Object.keys(bundle).filter((name) => name.endsWith('.map'));
      if (maps.length === 0) return;
      const target = `${outDir}-sourcemaps`;
      rmSync(target, { recursive: true, force: true });
      for (const name of maps) {
        mkdirSync(dirname(join(target, name)), { recursive: true });
        renameSync(join(outDir, name), join(target, name));
      }
    },
  };
}

// `npm run dev`: hot reload on :5173, /api proxied to the functions emulator
// (the function receives the full /api/... path, as behind the Hosting rewrite).
export default defineConfig(({ mode }) => ({
  plugins: [react(), sourcemapsOutsideDist()],
  resolve: {
    // Dead weight in the admin bundle, never called by this app (see each stub's docstring).
    alias: [
      { find: /^firebase\/database$/, replacement: stub('firebase-database') },
      { find: /^re2js$/, replacement: stub('re2js') },
    ],
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': {
        target: 'http://127.0.0.1:5001',
        rewrite: (path) => `/demo-studio/us-central1/api${path}`,
      },
    },
  },
  build: {
    target: 'es2022',
    // Emulator builds only, and 'hidden' (no sourceMappingURL comment): see sourcemapsOutsideDist.
    sourcemap: mode === 'emulator' ? 'hidden' : false,
    // dist/.vite/manifest.json: which chunks the landing page's chunk needs, so that the
    // prerendered page fetches them beside the entry (scripts/prerender.mjs). Never deployed.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // reactfire imports every Firebase product it wraps, and those modules register
        // themselves on import, so by default they stay in the admin bundle unused
        // (about 13 KB gzip). The CRM uses App, Auth and Firestore only.
        moduleSideEffects: [
          {
            test: /node_modules\/@firebase\/(storage|functions|remote-config|installations|performance|analytics)\//,
            sideEffects: false,
          },
        ],
      },
      output: {
        // Everything the entry imports statically (app shell, public layout, top bar) stays in
        // one chunk. Without this, modules it shares with the lazy pages (the landing page, the
        // admin pages, Stripe) are split into a dozen small chunks that all load up front and
        // compress worse.
        codeSplitting: { groups: [{ name: 'landing', tags: ['$initial'] }] },
      },
    },
  },
}));
