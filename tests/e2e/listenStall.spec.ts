/**
 * A Listen channel that opens but delivers nothing (web/src/shared/data/stallWatch.ts):
 * every streaming response of the dashboard's first Firestore channel is held
 * open and silent. Holding only the first one is not enough: WebChannel
 * retries its back channel under the same session (SID) within seconds, and
 * the board then shows without any restart. The board must show once the
 * guard has opened a new channel, well before WebChannel's own 45 s watchdog;
 * with the guard's restart disabled this test fails.
 */
import { expect, test } from './support/test.js';
import { loginAsAdmin } from './support/admin.js';
import { LISTEN_STALL_MS } from '../../web/src/shared/data/stallWatch.js';

/** The streaming GET (back channel) of Firestore's Listen WebChannel; its forward POSTs carry numeric RIDs. */
const LISTEN_STREAM = /\/google\.firestore\.v1\.Firestore\/Listen\/channel\?.*RID=rpc/;

test('the board shows although the first Listen channel stays silent', async ({ page }) => {
  // Every streaming GET of the first channel (WebChannel retries its back channel under the same SID) is held.
  let silentSid: string | null = null;
  let held = 0;
  let served = 0;
  await page.route(LISTEN_STREAM, async (route) => {
    const sid = new URL(route.request().url()).searchParams.get('SID');
    silentSid ??= sid;
    if (sid === silentSid) {
      held++;
      return; // held: open, answered with nothing
    }
    served++;
    await route.continue();
  });
  await loginAsAdmin(page);
  await expect(page.getByTestId('column-New')).toBeVisible({ timeout: LISTEN_STALL_MS + 15_000 });
  expect(held).toBeGreaterThan(0);
  expect(served).toBeGreaterThan(0); // the board came through a new channel
});
