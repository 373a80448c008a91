/**
 * Playwright's `test`, with one automatic fixture: when a test fails, the
 * output says what its page did (the /api calls with their answers, failed
 * requests, console errors and uncaught page errors, each with the time since
 * the test began), so a failure seen only in a CI log can be explained from
 * that log alone. Specs import `test` and `expect` from here.
 */
import { test as base } from '@playwright/test';

export * from '@playwright/test';

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

      if (testInfo.status !== testInfo.expectedStatus && lines.length > 0) {
        console.log(
          `\n── what the page did in "${testInfo.title}" (last ${LAST_LINES} lines) ──\n${lines.slice(-LAST_LINES).join('\n')}\n`,
        );
      }
    },
    { auto: true },
  ],
});
