/**
 * The /api Express app (createApp() of functions/src/app.ts) served by a
 * plain Node HTTP server on 127.0.0.1 (random port), in its own process: for
 * the bench's API load figure and the Firestore-outage fault test
 * (tests/api/faults.test.ts). No Functions or Hosting emulator in between:
 * the app talks straight to the Firestore emulator of FIRESTORE_EMULATOR_HOST.
 * Prints one "BENCH_RESULT {"port":N}" line (the bench's helper protocol)
 * when listening; stops on SIGTERM/SIGINT.
 */
import { createServer } from 'node:http';
import { createApp } from '../functions/src/app.js';

const projectId = process.env.GCLOUD_PROJECT ?? '';
if (!process.env.FIRESTORE_EMULATOR_HOST || !projectId.startsWith('demo-')) {
  console.error('api-server: refusing to run outside the emulators (set FIRESTORE_EMULATOR_HOST, demo- project).');
  process.exit(1);
}

const server = createServer(createApp());
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  console.log(`BENCH_RESULT ${JSON.stringify({ port, projectId })}`);
});

for (const sig of ['SIGTERM', 'SIGINT'] as const) {
  process.on(sig, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  });
}
