/**
 * A logout on one device ends the admin's open tabs on the others: the logout
 * stores its revocation time, which each signed-in tab listens to
 * (features/auth SessionWatch), so the tab goes to the login page with the
 * spec's "Not authenticated" (§8 "Session check fails") without a reload and
 * without an error screen, and a new sign-in there works.
 */
import { expect, test, type Page } from './support/test.js';
import { loginAsAdmin, submitLogin } from './support/admin.js';

/** Records, from now on, whether the page ever shows a load error (the boards' "Could not load …"). */
const watchForErrorScreen = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { sawLoadError?: boolean };
    w.sawLoadError = false;
    const look = () => {
      if (document.body.innerText.includes('Could not load')) w.sawLoadError = true;
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
    look();
  });
const sawErrorScreen = (page: Page) =>
  page.evaluate(() => (window as unknown as { sawLoadError?: boolean }).sawLoadError);

test('a logout on another device takes an open dashboard to the login page with "Not authenticated"', async ({
  browser,
}) => {
  const hereContext = await browser.newContext();
  const thereContext = await browser.newContext();
  const here = await hereContext.newPage();
  const there = await thereContext.newPage();

  await loginAsAdmin(here);
  await expect(here.getByTestId('lead-card').first()).toBeVisible();
  await loginAsAdmin(there);
  await expect(there.getByTestId('lead-card').first()).toBeVisible();

  await watchForErrorScreen(here);
  let reloads = 0;
  here.on('load', () => reloads++);

  await there.getByRole('button', { name: 'Logout' }).click();
  await expect(there.getByText('Logged out successfully')).toBeVisible();
  await expect(there).toHaveURL(/\/admin\/login$/);

  // The other device: to the login page within seconds, with the spec's message, by itself.
  await expect(here).toHaveURL(/\/admin\/login$/, { timeout: 10_000 });
  await expect(here.getByText('Not authenticated')).toBeVisible();
  await expect(here.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(reloads).toBe(0);
  expect(await sawErrorScreen(here)).toBe(false);
  // Its sign-out is real: an admin page sends it back to the login.
  await here.goto('/admin/dashboard');
  await expect(here).toHaveURL(/\/admin\/login$/);

  // Signing in again there works (its new sign-in comes after the revocation) and stays signed in.
  await submitLogin(here);
  await expect(here.getByTestId('lead-card').first()).toBeVisible();
  await here.getByRole('link', { name: 'Client List' }).click();
  await expect(here.getByTestId('client-card').first()).toBeVisible();
  await expect(here).toHaveURL(/\/admin\/clients$/);

  await hereContext.close();
  await thereContext.close();
});

test('the settings page of another device leaves the same way', async ({ browser }) => {
  const hereContext = await browser.newContext();
  const thereContext = await browser.newContext();
  const here = await hereContext.newPage();
  const there = await thereContext.newPage();

  await loginAsAdmin(here);
  await here.goto('/admin/settings');
  await expect(here.getByLabel('Business name')).toBeVisible();
  await loginAsAdmin(there);
  await watchForErrorScreen(here);

  await there.getByRole('button', { name: 'Logout' }).click();
  await expect(there).toHaveURL(/\/admin\/login$/);

  await expect(here).toHaveURL(/\/admin\/login$/, { timeout: 10_000 });
  await expect(here.getByText('Not authenticated')).toBeVisible();
  expect(await sawErrorScreen(here)).toBe(false);

  await hereContext.close();
  await thereContext.close();
});
