/**
 * A Listen stream that opens but delivers nothing (web/src/shared/data/stallWatch.ts):
 * the first streaming response of the dashboard's Firestore channel is held
 * open and silent, as a buffering proxy or a stream cut mid-handshake would
 * leave it. The board must still show once the guard has restarted the
 * stream, well before the SDK's own 45 s watchdog.
 */
import { expect, test } from './support/test.js';
import { loginAsAdmin } from './support/admin.js';
import { LISTEN_STALL_MS } from '../../web/src/shared/data/stallWatch.js';

/** The streaming GET (back channel) of Firestore's Listen WebChannel; its forward POSTs carry numeric RIDs. */
const LISTEN_STREAM = /\/google\.firestore\.v1\.Firestore\/Listen\/channel\?.*RID=rpc/;

test('the board shows although the first Listen stream stays silent', async ({ page }) => {
  let streams = 0;
  await page.route(LISTEN_STREAM, async (route) => {
    streams++;
    if (streams === 1) return; // held: open, answered with nothing
    await route.continue();
  });
  await loginAsAdmin(page);
  await expect(page.getByTestId('column-New')).toBeVisible({ timeout: LISTEN_STALL_MS + 15_000 });
  expect(streams).toBeGreaterThan(1);
});
