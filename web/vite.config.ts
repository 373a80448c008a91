import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev`: hot reload on :5173, /api proxied to the functions emulator
// (the function receives the full /api/... path, as behind the Hosting rewrite).
export default defineConfig({
  plugins: [react()],
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
      output: {
        // Everything the landing page imports statically stays in one chunk. Without this,
        // modules it shares with the lazy pages (nested lazy chunks: admin pages, Stripe) are
        // split into a dozen small chunks that all load up front and compress worse.
        codeSplitting: { groups: [{ name: 'landing', tags: ['$initial'] }] },
      },
    },
  },
});
