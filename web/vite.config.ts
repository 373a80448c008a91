import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const stub = (name: string) => fileURLToPath(new URL(`./stubs/${name}.ts`, import.meta.url));

// `npm run dev`: hot reload on :5173, /api proxied to the functions emulator
// (the function receives the full /api/... path, as behind the Hosting rewrite).
export default defineConfig({
  plugins: [react()],
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
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // reactfire imports every Firebase product it wraps, and those modules register
        // themselves on import, so by default they stay in the admin bundle unused
        // (about 13 KB gzip). The CRM uses App, Auth and Firestore only.
        moduleSideEffects: [{ test: /node_modules\/@firebase\/(storage|functions|remote-config|installations|performance|analytics)\//, sideEffects: false }],
      },
      output: {
        // Everything the landing page imports statically stays in one chunk. Without this,
        // modules it shares with the lazy pages (nested lazy chunks: admin pages, Stripe) are
        // split into a dozen small chunks that all load up front and compress worse.
        codeSplitting: { groups: [{ name: 'landing', tags: ['$initial'] }] },
      },
    },
  },
});
