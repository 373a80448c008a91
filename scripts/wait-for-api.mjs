/**
 * Waits until the API answers GET /api/health with 2xx through Hosting
 * (STUDIO_BASE_URL, the emulators' by default), at most 3 minutes; exits 1 if
 * it never does. `npm test` runs it after the seed of each suite's fresh
 * emulators: the first request to the Functions emulator loads the API's
 * bundle in a new worker, which on a busy machine takes longer than a test
 * step waits, so no suite's first test pays for it.
 */
import { waitForHttp } from './run.mjs';

const base = process.env.STUDIO_BASE_URL ?? 'http://127.0.0.1:5000';
if (!(await waitForHttp(`${base}/api/health`, 180_000))) {
  console.error(`✖ ${base}/api/health did not answer within 3 minutes.`);
  process.exit(1);
}
console.log(`API ready: ${base}/api/health answered.`);
