/**
 * The Money page's first render (issue figure: 10,000 ledger entries within
 * 2× the same page with 100, measured in the same run).
 *
 * One browser context signed in as the dev admin (its Firestore cache warmed
 * by that first page, as a returning owner's is); each run opens
 * `/admin/money` in a new page and stamps `performance.now()` (ms from
 * navigation start) at the first DOM mutation after which the page is
 * complete: no "Loading the books..." status, the Outstanding heading, a
 * revenue table with its months, and the ledger table's first page
 * (`rows` rows).
 */
import { launchBrowser, loginAsAdmin, newContext, closePage, closeContext } from '../lib/browser.mjs';

/** The page-side probe: window.__money.completeAt once the page is complete (see the file comment). */
const probe = (rows) => `
(() => {
  const st = (window.__money = { completeAt: null, ledgerRows: 0, months: 0 });
  const check = () => {
    if (st.completeAt != null) return;
    const loading = [...document.querySelectorAll('[role="status"]')].some((n) => /^Loading/.test(n.textContent || ''));
    const outstanding = [...document.querySelectorAll('h2')].some((h) => (h.textContent || '').startsWith('Outstanding'));
    const revenue = document.querySelector('table[aria-label="Revenue by month"]');
    const months = revenue ? revenue.querySelectorAll('tbody tr').length : 0;
    const ledgerRows = document.querySelectorAll('[data-testid="ledger-row"]').length;
    if (!loading && outstanding && months > 0 && ledgerRows >= ${rows}) {
      st.completeAt = performance.now();
      st.ledgerRows = ledgerRows;
      st.months = months;
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
})();
`;

/**
 * `runs` loads of the Money page; returns one { completeAt, ledgerRows,
 * months } per run (ms from navigation start).
 */
export async function moneyLoads({ baseURL, runs, rows, log = console.log, label = '' }) {
  const { browser, close } = await launchBrowser();
  const loads = [];
  try {
    const ctx = await newContext(browser, baseURL);
    const login = await ctx.newPage();
    await loginAsAdmin(login);
    await login.goto('/admin/money');
    await login.locator('[data-testid="ledger-row"]').first().waitFor({ timeout: 120_000 });
    await closePage(login);
    for (let i = 0; i < runs; i++) {
      const page = await ctx.newPage();
      await page.addInitScript({ content: probe(rows) });
      await page.goto('/admin/money', { waitUntil: 'commit' });
      await page.waitForFunction(() => window.__money && window.__money.completeAt != null, null, {
        timeout: 120_000,
        polling: 100,
      });
      const m = await page.evaluate(() => ({ ...window.__money }));
      loads.push(m);
      log(
        `  money load ${label}${i + 1}/${runs}: complete at ${m.completeAt.toFixed(0)} ms (${m.ledgerRows} ledger rows, ${m.months} months)`,
      );
      await closePage(page);
    }
    await closeContext(ctx);
  } finally {
    await close();
  }
  return loads;
}
