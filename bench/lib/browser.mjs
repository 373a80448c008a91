/**
 * Playwright with Debian's Chromium and its flags (scripts/chromium.mjs, as the
 * end-to-end tests use them), and the dev-admin login of
 * tests/e2e/support/admin.ts (repeated here: bench code never imports test
 * or functions sources).
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from '../../scripts/chromium.mjs';
import { onCleanup } from './proc.mjs';

/** Same as scripts/dev-admin.ts (the emulator-only dev admin seeded by scripts/seed.ts). */
export const DEV_ADMIN = { username: 'admin', password: 'admin-dev-pass' };

/** Launches Chromium through Playwright; closed on bench clean-up too. */
export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  const closeAll = async () => {
    for (const context of browser.contexts()) await closeContext(context);
    await browser.close();
  };
  const unregister = onCleanup(closeAll);
  return {
    browser,
    close: async () => {
      unregister();
      await closeAll();
    },
  };
}

/** The longest closePage waits for a page to end its listeners (ms). */
const END_LISTENERS_MS = 30_000;

/**
 * Closes `page` (with its unload handlers) after ending its Firestore listen streams through the emulator
 * build's `window.__studioEndListeners` (web/src/shared/data/FirestoreScope.tsx): the Firestore emulator keeps
 * the watch targets of a page that is simply closed and re-runs them on every later write, so the seeds after
 * a few page loads ran 5 times slower. A page without the hook (the landing, a crashed page) is just closed.
 */
export async function closePage(page) {
  if (page.isClosed()) return;
  // Bounded: a page whose Firestore is offline never hears the server's answer, and is then simply closed.
  const ended = page.evaluate(() => window.__studioEndListeners?.()).catch(() => undefined);
  await Promise.race([ended, new Promise((ok) => setTimeout(ok, END_LISTENERS_MS).unref())]);
  // With its unload handlers run, close() does not wait: a page still closing is listed by its context.
  await page.close({ runBeforeUnload: true }).catch((e) => {
    if (!page.isClosed()) throw e;
  });
}

/** Closes every page of `context` as closePage does, then the context. */
export async function closeContext(context) {
  for (const page of context.pages()) await closePage(page);
  await context.close();
}

export const VIEWPORT = { width: 1600, height: 1000 };

/** Signs in on /admin/login as the dev admin and waits for the dashboard heading. */
export async function loginAsAdmin(page, timeout = 60_000) {
  await page.goto('/admin/login', { timeout });
  await page.getByLabel('Username').fill(DEV_ADMIN.username);
  await page.getByLabel('Password').fill(DEV_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/admin\/dashboard$/, { timeout });
  await page.getByRole('heading', { name: `Welcome back, ${DEV_ADMIN.username}` }).waitFor({ timeout });
}

/** A fresh context (own cookies, IndexedDB and HTTP cache) on `baseURL`. */
export async function newContext(browser, baseURL) {
  return browser.newContext({ baseURL, viewport: VIEWPORT });
}

/** Waits until the board shows at least one lead card (the live listener answered). */
export async function waitForBoard(page, timeout = 60_000) {
  await page.locator('[data-testid="lead-card"]').first().waitFor({ timeout });
}
