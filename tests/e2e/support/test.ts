/**
 * Playwright's `test`, with one automatic fixture: when a test fails, the
 * output says what its page did (the /api calls with their answers, failed
 * requests, console errors and uncaught page errors, each with the time since
 * the test began), so a failure seen only in a CI log can be explained from
 * that log alone. After each test, its pages end their Firestore listeners
 * (the emulator build's `window.__studioEndListeners`, web
 * src/shared/data/FirestoreScope.tsx): the Firestore emulator keeps the
 * watch targets of a page that is simply closed and re-runs them on every
 * later write, so each test would slow the writes of every test after it.
 * Specs import `test` and `expect` from here.
 */
import { test as base, type BrowserContext } from '@playwright/test';

export * from '@playwright/test';

declare global {
  interface Window {
    /** Emulator builds only (web src/shared/data/FirestoreScope.tsx). */
    __studioEndListeners?: () => Promise<void>;
  }
}

/** The longest a page may take to end its listeners after a test (ms); one whose Firestore is offline is left as it is. */
const END_LISTENERS_MS = 10_000;

/** Ends the Firestore listeners of every page of `context` (see the file comment). */
async function endListeners(context: BrowserContext): Promise<void> {
  await Promise.all(
    context.pages().map((p) => {
      const ended = p.evaluate(() => window.__studioEndListeners?.()).catch(() => undefined);
      return Promise.race([ended, new Promise((ok) => setTimeout(ok, END_LISTENERS_MS).unref())]);
    }),
  );
}

/** How many of the last lines a failed test prints. */
const LAST_LINES = 80;

export const test = base.extend<{ pageLog: void }>({
  pageLog: [
    async ({ page }, use, testInfo) => {
      const lines: string[] = [];
      const started = Date.now();
      const log = (line: string) => lines.push(`${((Date.now() - started) / 1000).toFixed(1)}s ${line}`);
      const api = (url: string) => {
        const { pathname, search } = new URL(url);
        return pathname.startsWith('/api/') ? pathname + search : null;
      };
      page.on('request', (r) => {
        const path = api(r.url());
        if (path) log(`→ ${r.method()} ${path}`);
      });
      page.on('response', (r) => {
        const path = api(r.url());
        if (path) log(`← ${r.status()} ${r.request().method()} ${path}`);
      });
      page.on('requestfailed', (r) => log(`✖ ${r.method()} ${r.url()}: ${r.failure()?.errorText ?? 'failed'}`));
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') log(`console.${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => log(`page error: ${e.message}`));
      page.on('framenavigated', (f) => {
        if (f === page.mainFrame()) log(`navigated to ${f.url()}`);
      });

      await use();
      await endListeners(page.context());

      if (testInfo.status !== testInfo.expectedStatus && lines.length > 0) {
        console.log(
          `\n── what the page did in "${testInfo.title}" (last ${LAST_LINES} lines) ──\n${lines.slice(-LAST_LINES).join('\n')}\n`,
        );
      }
    },
    { auto: true },
  ],
});
