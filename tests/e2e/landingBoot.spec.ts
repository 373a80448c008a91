/**
 * The prerendered landing before the app has hydrated (web/scripts/boot.js):
 * a button clicked while the app is still loading does what it says once the
 * app is there, instead of being lost. The app's entry is held back by the
 * test until after the click, so the click always comes before hydration.
 */
import { expect, test } from './support/test.js';

/** The app's entry chunk (Vite's `index-<hash>.js`; the boot script adds it after the first paint). */
const ENTRY = /\/assets\/index-[\w-]+\.js$/;

test('a button clicked before the app has hydrated acts once it has: My Project opens its dialog', async ({ page }) => {
  let release!: () => void;
  const entryHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(ENTRY, async (route) => {
    await entryHeld;
    await route.continue();
  });

  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('script[data-boot]')).toHaveCount(1); // the prerendered landing, booting
  const myProject = page.getByRole('button', { name: 'My Project' });
  await myProject.click(); // the prerendered button: nothing of the app runs yet
  const dialog = page.getByRole('dialog', { name: 'Access Your Project' });
  await expect(dialog).toHaveCount(0);

  release();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toBeVisible();
});
