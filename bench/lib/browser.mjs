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
  const unregister = onCleanup(() => browser.close());
  return {
    browser,
    close: async () => {
      unregister();
      await browser.close();
    },
  };
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
