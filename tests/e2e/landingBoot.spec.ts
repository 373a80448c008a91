/**
 * The prerendered landing before the app has hydrated (web/scripts/boot.js):
 * a button clicked or a key pressed while the app is still loading does what
 * it says once the app is there, instead of being lost. Each test holds the
 * app's entry back until it has acted, so it always acts before hydration.
 */
import { expect, test, type Page } from './support/test.js';

/** The app's entry chunk (Vite's `index-<hash>.js`; the boot script adds it after the first paint). */
const ENTRY = /\/assets\/index-[\w-]+\.js$/;

declare global {
  interface Window {
    /** Set by the landing's boot script (web/scripts/boot.js). */
    studioBoot?: { ready(): void };
    /** The hydration test's probes: the prerendered heading, and whether the app has said it owns the page. */
    prerenderedHeading?: Element | null;
    appOwnsPage?: boolean;
    /** The style test's probes: each prerendered rules tag with its stylesheet, and the style tags removed since. */
    prerenderedSheets?: [HTMLStyleElement, CSSStyleSheet | null][];
    removedStyles?: string[];
  }
}

/** Opens `path` with the app's entry held back; call the returned function to let it load. */
async function openBeforeTheApp(page: Page, path: string): Promise<() => void> {
  let release!: () => void;
  const entryHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(ENTRY, async (route) => {
    await entryHeld;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('script[data-boot]')).toHaveCount(1); // the prerendered landing, booting
  return release;
}

/** Lets the held entry load; resolves once the app has told the boot script it owns the page (`ready()`). */
async function releaseUntilTheAppOwnsThePage(page: Page, release: () => void): Promise<void> {
  await page.evaluate(() => {
    const boot = window.studioBoot!;
    const ready = boot.ready.bind(boot);
    boot.ready = () => {
      window.appOwnsPage = true;
      ready();
    };
  });
  release();
  await page.waitForFunction(() => window.appOwnsPage === true);
}

test('a button clicked before the app has hydrated acts once it has: My Project opens its dialog', async ({ page }) => {
  const release = await openBeforeTheApp(page, '/');
  await page.getByRole('button', { name: 'My Project' }).click(); // the prerendered button: no app yet
  const dialog = page.getByRole('dialog', { name: 'Access Your Project' });
  await expect(dialog).toHaveCount(0);

  release();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toBeVisible();
});

test('a key pressed before the app has hydrated acts once it has: ArrowRight moves the focused carousel', async ({
  page,
}) => {
  const release = await openBeforeTheApp(page, '/#portfolio');
  const region = page.getByRole('region', { name: 'Web Design', exact: true });
  await region.focus();
  await page.keyboard.press('ArrowRight');
  await expect(region.getByText('1 of 3', { exact: true })).toBeVisible();

  release();
  await expect(region.getByText('2 of 3', { exact: true })).toBeVisible();
});

test('the app hydrates the prerendered landing in place: the same nodes, and no error', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  const release = await openBeforeTheApp(page, '/');
  // A hydration that fails falls back to a client render, which replaces the prerendered nodes.
  await page.evaluate(() => {
    window.prerenderedHeading = document.querySelector('#home h1');
  });
  await releaseUntilTheAppOwnsThePage(page, release);
  const sameHeading = await page.evaluate(
    () => window.prerenderedHeading !== null && window.prerenderedHeading === document.querySelector('#home h1'),
  );
  expect(sameHeading).toBe(true);
  await page.getByRole('button', { name: 'My Project' }).click();
  await expect(page.getByRole('dialog', { name: 'Access Your Project' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the app takes over the prerendered critical CSS where it stands: no rules tag moved or parsed again', async ({
  page,
}) => {
  const release = await openBeforeTheApp(page, '/');
  await page.evaluate(() => {
    window.prerenderedSheets = Array.from(
      document.querySelectorAll<HTMLStyleElement>('style[data-prerendered]'),
      (tag) => [tag, tag.sheet],
    );
    window.removedStyles = [];
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of Array.from(r.removedNodes))
          if (n instanceof HTMLStyleElement)
            window.removedStyles!.push(n.dataset.prerendered ?? n.getAttribute('data-emotion') ?? '');
    }).observe(document.head, { childList: true });
  });
  await releaseUntilTheAppOwnsThePage(page, release);
  const { tags, kept, removed } = await page.evaluate(() => ({
    tags: window.prerenderedSheets!.length,
    // Moving a <style> drops its stylesheet: the same object means the browser never parsed it again.
    kept: window.prerenderedSheets!.every(([tag, sheet]) => tag.isConnected && sheet !== null && tag.sheet === sheet),
    removed: window.removedStyles!,
  }));
  expect(tags).toBeGreaterThan(0);
  expect(kept).toBe(true);
  // Only a Global's own tag (CssBaseline) is put back in place by emotion, before the rules.
  expect(removed.every((name) => name.startsWith('studio-global'))).toBe(true);
  // Styled as prerendered: the class rules apply to what the app now owns.
  await expect(page.getByRole('button', { name: 'My Project' })).toHaveCSS('border-radius', '12px');
});

test('on /index.html opened by name (rendered afresh, not hydrated) the boot script lets go of the page', async ({
  page,
}) => {
  await page.goto('/index.html');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await page.getByRole('button', { name: 'My Project' }).click();
  await expect(page.getByRole('dialog', { name: 'Access Your Project' })).toBeVisible();
});
