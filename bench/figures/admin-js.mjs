/**
 * Admin JS loaded after login (gzip): in a fresh browser context, every
 * same-origin .js response from opening /admin/login through signing in as
 * the dev admin until the dashboard board shows, each body gzip-compressed
 * (level 9, as the landing figure) and summed. With `login: false` (no
 * emulators) it stops at the rendered login page: the login page's JS only,
 * since the dashboard's chunks (the Firestore SDK among them) load after
 * sign-in, so it is reported as a pre-login preview with no verdict.
 */
import { gzipSync } from 'node:zlib';
import { launchBrowser, loginAsAdmin, newContext, waitForBoard, closeContext } from '../lib/browser.mjs';

export async function adminJs({ baseURL, runs, login = true, landingFiles = [], log = console.log }) {
  const { browser, close } = await launchBrowser();
  const samples = [];
  let lastFiles = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await newContext(browser, baseURL);
      const page = await context.newPage();
      const seen = new Map();
      const pending = [];
      page.on('response', (res) => {
        const url = new URL(res.url());
        if (url.origin !== new URL(baseURL).origin || !url.pathname.endsWith('.js') || res.status() !== 200) return;
        pending.push(
          res.body().then(
            (body) => seen.set(url.pathname, gzipSync(body, { level: 9 }).length),
            () => {},
          ),
        );
      });
      if (login) {
        await loginAsAdmin(page);
        await waitForBoard(page);
      } else {
        await page.goto('/admin/login');
        await page.getByLabel('Username').waitFor();
      }
      await page.waitForTimeout(1500); // late chunks, if any
      await Promise.all(pending);
      const total = [...seen.values()].reduce((s, b) => s + b, 0);
      samples.push(total);
      lastFiles = [...seen.entries()];
      log(`  admin JS run ${i + 1}/${runs}: ${(total / 1024).toFixed(1)} KB gzip in ${seen.size} files`);
      await closeContext(context);
    }
  } finally {
    await close();
  }
  const landing = new Set(landingFiles);
  const shared = lastFiles.filter(([p]) => landing.has(p)).reduce((s, [, b]) => s + b, 0);
  return {
    'admin-js-gzip': {
      samples,
      details:
        `${login ? 'after login, dashboard shown' : 'PRE-LOGIN PREVIEW (no emulators): /admin/login rendered on the bench static server'}; ` +
        `files: ${lastFiles.map(([p, b]) => `${p} ${(b / 1024).toFixed(1)} KB`).join(', ')}; ` +
        `of which shared with the landing's initial JS: ${(shared / 1024).toFixed(1)} KB`,
      preview: !login,
    },
  };
}
