/**
 * An admin tab left open across a redeploy: its next page's chunk
 * is gone (404) and the site's shell names a new build. The tab reloads once
 * onto the served build and shows the page; if the chunk is still missing
 * after that reload (a broken deploy), it shows the page's error instead of
 * reloading again.
 *
 * The redeploy is simulated in the browser: the page's chunk answers 404, and
 * the shell the page fetches to learn the served build (/app.html, as a
 * fetch) names another entry script, as a new build's would.
 */
import { expect, test, type Page } from './support/test.js';
import { loginAsAdmin } from './support/admin.js';

/**
 * Simulates a redeploy: the Projects chunk 404s while `gone()`, and the shell
 * fetched to learn the served build names a new entry script.
 * @returns how many times the page has asked for the served build so far
 */
async function redeploy(page: Page, gone: () => boolean): Promise<() => number> {
  let checks = 0;
  await page.route(/\/assets\/ProjectsPage-[^/]+\.js$/, (route) =>
    gone() ? route.fulfill({ status: 404, contentType: 'text/html', body: 'Not Found' }) : route.continue(),
  );
  await page.route(/\/app\.html$/, async (route) => {
    if (route.request().resourceType() !== 'fetch') return route.continue();
    const res = await route.fetch();
    const html = (await res.text()).replace(/\/assets\/index-[^"']+\.js/, '/assets/index-NEWBUILD.js');
    expect(html).toContain('index-NEWBUILD.js');
    await route.fulfill({ response: res, body: html });
    checks++;
  });
  return () => checks;
}

/**
 * Opens Projects from the side menu with a click event only: hovering or
 * focusing the link preloads the page, and that failure would reload the tab
 * on the dashboard, racing the navigation.
 */
const openProjects = (page: Page) => page.getByRole('link', { name: 'Projects' }).dispatchEvent('click');

/** Counts main-frame document loads from now on (a reload is one). */
function countReloads(page: Page): () => number {
  let loads = 0;
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) loads++;
  });
  return () => loads;
}

test.describe('a tab open across a redeploy', () => {
  test('reloads once when its next page chunk is gone, and shows the page', async ({ page }) => {
    await loginAsAdmin(page);
    const reloads = countReloads(page);
    // The new build has the page: the chunk is only missing until the tab reloads.
    await redeploy(page, () => reloads() === 0);
    await openProjects(page);
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/projects$/);
    expect(reloads()).toBe(1);
    await expect(page.getByText('This page could not be loaded')).toHaveCount(0);
  });

  test('does not reload again when the chunk is still missing after the reload', async ({ page }) => {
    await loginAsAdmin(page);
    const reloads = countReloads(page);
    const checks = await redeploy(page, () => true);
    await openProjects(page);
    await expect.poll(reloads).toBe(1);
    // The reloaded page fails again, asks for the served build again and keeps its error.
    await expect.poll(checks).toBeGreaterThanOrEqual(2);
    await expect(page.getByRole('alert')).toContainText(
      'This page could not be loaded. Check your connection and reload.',
    );
    await expect(page).toHaveURL(/\/admin\/projects$/);
    expect(await page.evaluate(() => sessionStorage.getItem('studio:reloaded-for-build'))).toBe(
      '/assets/index-NEWBUILD.js',
    );
    expect(reloads()).toBe(1);
  });

  test('a chunk that fails offline, with no new build served, shows the error without reloading', async ({ page }) => {
    await loginAsAdmin(page);
    const reloads = countReloads(page);
    let checks = 0;
    page.on('requestfinished', (r) => {
      if (r.url().endsWith('/app.html') && r.resourceType() === 'fetch') checks++;
    });
    await page.route(/\/assets\/ProjectsPage-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
    await openProjects(page);
    await expect(page.getByRole('alert')).toContainText('This page could not be loaded');
    await expect.poll(() => checks).toBeGreaterThanOrEqual(1); // it asked, and the served build is this one
    expect(await page.evaluate(() => sessionStorage.getItem('studio:reloaded-for-build'))).toBeNull();
    expect(reloads()).toBe(0);
  });
});
