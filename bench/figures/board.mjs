/**
 * Browser figures of the CRM board, against the running emulators (Hosting on
 * :5000 serving web/dist): live update between two browsers, optimistic drop,
 * first render with many leads, and Firestore reads per dashboard load.
 */
import {
  DEV_ADMIN,
  launchBrowser,
  loginAsAdmin,
  newContext,
  waitForBoard,
  closePage,
  closeContext,
} from '../lib/browser.mjs';
import { PORTS } from '../lib/proc.mjs';
import { probeScript } from '../lib/page-probe.mjs';

export const BOARD_COLUMNS = ['New', 'Contacted', 'Quoted', 'Set Up', 'Production', 'Launch'];
const LIVE = { id: 'bench-live-lead', name: 'Bench Live Lead' };
/** The lead the live-update runs move (a fixture of bench/seed-bench.ts); its card's shard is the floor's. */
export const LIVE_LEAD_ID = LIVE.id;
const DROP = { id: 'bench-drop-lead', name: 'Bench Drop Lead' };

const cardSelector = (name, status) => `[data-testid="column-${status}"] [aria-label^="${name}, ${status}."]`;

/** The signed-in user's Firebase ID token, read from the Auth SDK's localStorage entry in the page (web/src/admin/firebase.ts). */
async function idTokenIn(page) {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('firebase:authUser:'));
    return key ? (JSON.parse(localStorage.getItem(key) ?? 'null')?.stsTokenManager?.accessToken ?? null) : null;
  });
}

/** Fallback: an ID token for the dev admin through the API and the Auth emulator (what the login page does). */
async function idTokenViaApi(baseURL) {
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEV_ADMIN),
  });
  if (!login.ok) throw new Error(`POST /api/auth/login answered ${login.status}`);
  const { customToken } = await login.json();
  const r = await fetch(
    `http://127.0.0.1:${PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: customToken, returnSecureToken: true }),
    },
  );
  if (!r.ok) throw new Error(`Auth emulator signInWithCustomToken answered ${r.status}`);
  return (await r.json()).idToken;
}

/**
 * Live update: browsers A and B (separate contexts, both signed in as the dev
 * admin, both on the dashboard). Each run, B arms a MutationObserver for the
 * lead's card in the target column; A then stamps Date.now() and sends
 * PUT /api/leads/{id} with its ID token (fetch in A's page); B stamps
 * Date.now() when its DOM shows the card there. Both stamps come from the
 * same machine clock in the same browser. The lead alternates New ↔ Contacted.
 *
 * Its floor (`floorURL`, the page of bench/floors/live): two more contexts C
 * and D in the same browser on a page holding only the Firebase web SDK; C
 * writes one Firestore emulator document (setDoc, no function in between) and
 * D's snapshot listener stamps Date.now() when it sees the value. One floor
 * run precedes each product run; the first `warmup` runs of both are discarded.
 */
export async function liveUpdate({ baseURL, runs, floorURL = null, warmup = 2, log = console.log }) {
  const { browser, close } = await launchBrowser();
  const samples = [];
  const apiMs = [];
  const frameLag = [];
  const floorSamples = [];
  const floorAck = [];
  let failures = 0;
  try {
    const ctxA = await newContext(browser, baseURL);
    const ctxB = await newContext(browser, baseURL);
    const a = await ctxA.newPage();
    const b = await ctxB.newPage();
    await loginAsAdmin(a);
    await loginAsAdmin(b);
    await waitForBoard(a);
    await waitForBoard(b);
    // A's own ID token (from the Auth SDK's localStorage entry), else one fetched the way the login page gets it.
    const token = (await idTokenIn(a).catch(() => null)) ?? (await idTokenViaApi(baseURL));
    let from = 'New';
    await b.locator(cardSelector(LIVE.name, from)).waitFor({ timeout: 30_000 });
    let c = null;
    let d = null;
    if (floorURL) {
      c = await (await newContext(browser, baseURL)).newPage();
      d = await (await newContext(browser, baseURL)).newPage();
      for (const p of [c, d]) {
        await p.goto(floorURL);
        await p.locator('#state', { hasText: 'ready' }).waitFor({ timeout: 30_000 });
      }
    }
    for (let i = 0; i < runs + warmup; i++) {
      const counted = i >= warmup;
      if (floorURL) {
        const value = Date.now() + i;
        // Armed without awaiting it here (evaluate would wait for the promise, which only the write below settles).
        await d.evaluate((v) => {
          window.__floorSeen = window.__floor.arm(v);
        }, value);
        const w = await c.evaluate(
          (v) => Promise.race([window.__floor.write(v), new Promise((r) => setTimeout(() => r(null), 15_000))]),
          value,
        );
        if (!w) {
          failures++;
          log(`  live floor run ${i + 1}: the write was not acknowledged within 15 s`);
          break;
        }
        const seenAt = await d.evaluate(() =>
          Promise.race([window.__floorSeen, new Promise((r) => setTimeout(() => r(null), 15_000))]),
        );
        if (seenAt == null) {
          failures++;
          log(`  live floor run ${i + 1}: D did not see the write within 15 s`);
          break;
        }
        if (counted) {
          floorSamples.push(seenAt - w.sentAt);
          floorAck.push(w.ackAt - w.sentAt);
        }
        await c.waitForTimeout(150);
      }
      const to = from === 'New' ? 'Contacted' : 'New';
      await b.evaluate(
        (sel) => {
          window.__benchLive = new Promise((resolve) => {
            const done = () => {
              const seenAt = Date.now();
              obs.disconnect();
              requestAnimationFrame(() => resolve({ seenAt, frameAt: Date.now() }));
            };
            const obs = new MutationObserver(() => {
              if (document.querySelector(sel)) done();
            });
            obs.observe(document.body, {
              childList: true,
              subtree: true,
              attributes: true,
              attributeFilter: ['aria-label'],
            });
            if (document.querySelector(sel)) done();
          });
        },
        cardSelector(LIVE.name, to),
      );
      const write = await a.evaluate(
        async ({ id, from, to, token }) => {
          const sentAt = Date.now();
          const res = await fetch(`/api/leads/${id}`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ status: to, expectedStatus: from }),
          });
          return { sentAt, answeredAt: Date.now(), status: res.status, text: res.ok ? '' : await res.text() };
        },
        { id: LIVE.id, from, to, token },
      );
      if (write.status !== 200) {
        failures++;
        log(`  live run ${i + 1}: PUT answered ${write.status} ${write.text}`);
        await b.evaluate(() => (window.__benchLive = null));
        break;
      }
      const seen = await b.evaluate(() =>
        Promise.race([window.__benchLive, new Promise((r) => setTimeout(() => r(null), 15_000))]),
      );
      if (!seen) {
        failures++;
        log(`  live run ${i + 1}: B did not show the move within 15 s`);
        break;
      }
      if (counted) {
        samples.push(seen.seenAt - write.sentAt);
        frameLag.push(seen.frameAt - seen.seenAt);
        apiMs.push(write.answeredAt - write.sentAt);
      }
      from = to;
      await a.waitForTimeout(150);
    }
    log(`  live update: ${samples.length}/${runs} runs`);
    await closeContext(ctxA);
    await closeContext(ctxB);
  } finally {
    await close();
  }
  const sortedApi = [...apiMs].sort((x, y) => x - y);
  const med = (xs) => (xs.length ? [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] : '–');
  return {
    samples,
    floorSamples,
    failures,
    floorDetails: floorURL
      ? `floor: ${floorSamples.length} runs after ${warmup} warm-up runs, one before each product run; the write acknowledged in C after a median ${med(floorAck)} ms`
      : null,
    details: `${samples.length} runs after ${warmup} warm-up runs; PUT answered in A after a median ${sortedApi.length ? sortedApi[Math.floor(sortedApi.length / 2)] : '–'} ms; B's next frame came a median ${[...frameLag].sort((x, y) => x - y)[Math.floor(frameLag.length / 2)] ?? '–'} ms after its DOM showed the card${failures ? `; ${failures} run(s) failed` : ''}`,
  };
}

/**
 * Drop to card shown (optimistic): in a signed-in dashboard, a keyboard drag of
 * the fixture lead (Space to lift, arrow to the next column, Space to drop).
 * In the page, the drop key's event.timeStamp is the start and a
 * MutationObserver stamps performance.now() when the card is in the new
 * column's DOM; both on the page's own clock. The server write (PUT) is then
 * awaited before the next run, so every run is an optimistic move.
 */
export async function dropToMoved({ baseURL, runs, log = console.log }) {
  const { browser, close } = await launchBrowser();
  const samples = [];
  const toFrame = [];
  const frames = [];
  let beforeServer = 0;
  let failures = 0;
  try {
    const ctx = await newContext(browser, baseURL);
    const page = await ctx.newPage();
    // Registered before any app code, so it runs before the drag library's own window listeners.
    await page.addInitScript(() => {
      window.addEventListener(
        'keydown',
        (e) => {
          if (e.key === ' ') window.__benchSpaceAt = e.timeStamp;
        },
        { capture: true },
      );
    });
    await loginAsAdmin(page);
    await waitForBoard(page);
    let from = 'New';
    await page.locator(cardSelector(DROP.name, from)).waitFor({ timeout: 30_000 });
    // The floor: the page's own animation frame, requestAnimationFrame to the next one, on the idle board.
    frames.push(
      ...(await page.evaluate(
        (n) =>
          new Promise((resolve) => {
            const out = [];
            let last = null;
            const tick = (t) => {
              if (last != null) out.push(t - last);
              last = t;
              if (out.length < n) requestAnimationFrame(tick);
              else resolve(out);
            };
            requestAnimationFrame(tick);
          }),
        Math.max(30, runs * 3),
      )),
    );
    for (let i = 0; i < runs; i++) {
      const to = from === 'New' ? 'Contacted' : 'New';
      const card = page.locator(cardSelector(DROP.name, from));
      await card.scrollIntoViewIfNeeded();
      await card.focus();
      await page.keyboard.press('Space');
      await page.waitForTimeout(250);
      await page.keyboard.press(to === 'Contacted' ? 'ArrowRight' : 'ArrowLeft');
      await page.waitForTimeout(400); // the library animates the keyboard move
      await page.evaluate(
        (sel) => {
          performance.setResourceTimingBufferSize(100_000);
          window.__benchDrop = new Promise((resolve) => {
            const liftAt = window.__benchSpaceAt;
            const obs = new MutationObserver(() => {
              const dropAt = window.__benchSpaceAt;
              if (dropAt === liftAt || !document.querySelector(sel)) return;
              const shownAt = performance.now();
              obs.disconnect();
              requestAnimationFrame(() => resolve({ dropAt, shownAt, frameAt: performance.now() }));
            });
            obs.observe(document.body, {
              childList: true,
              subtree: true,
              attributes: true,
              attributeFilter: ['aria-label'],
            });
          });
        },
        cardSelector(DROP.name, to),
      );
      const put = page.waitForResponse(
        (r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/leads/${DROP.id}`),
        { timeout: 30_000 },
      );
      await page.keyboard.press('Space');
      const r = await page.evaluate(() =>
        Promise.race([window.__benchDrop, new Promise((ok) => setTimeout(() => ok(null), 10_000))]),
      );
      const res = await put.catch(() => null);
      if (!r || !res || res.status() !== 200) {
        failures++;
        log(
          `  drop run ${i + 1}: ${!r ? 'card never shown in the new column' : `PUT answered ${res ? res.status() : 'nothing'}`}`,
        );
        break;
      }
      // The PUT's responseEnd on the page's clock (resource timing), to confirm the move showed before the server answered.
      const answeredAt = await page.evaluate(
        async ({ id, after }) => {
          for (let t = 0; t < 40; t++) {
            const e = performance
              .getEntriesByType('resource')
              .find((x) => x.name.endsWith(`/api/leads/${id}`) && x.startTime >= after && x.responseEnd > 0);
            if (e) return e.responseEnd;
            await new Promise((ok) => setTimeout(ok, 50));
          }
          return null;
        },
        { id: DROP.id, after: r.dropAt },
      );
      if (answeredAt != null && r.shownAt < answeredAt) beforeServer++;
      samples.push(r.shownAt - r.dropAt);
      toFrame.push(r.frameAt - r.dropAt);
      from = to;
      await page.locator(cardSelector(DROP.name, to)).waitFor();
      await page.waitForTimeout(600); // let the toast and the live snapshot settle
    }
    log(`  drop: ${samples.length}/${runs} runs`);
    await closeContext(ctx);
  } finally {
    await close();
  }
  const med = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  return {
    samples,
    frames,
    failures,
    details: `to the next animation frame: median ${toFrame.length ? med(toFrame).toFixed(1) : '–'} ms; card shown before the PUT answered in ${beforeServer}/${samples.length} runs${failures ? `; ${failures} run(s) failed` : ''}`,
  };
}

/** Board-card count the complete board shows: leads in the six columns plus Won (Complete). */
export function expectedBoardCards(byStatus) {
  return [...BOARD_COLUMNS, 'Complete'].reduce((s, k) => s + (byStatus[k] ?? 0), 0);
}

/**
 * Dashboard loads in a signed-in context: each run opens a new page (fresh
 * Firestore SDK over its IndexedDB cache, HTTP cache warm from the login; the
 * previous page closed like a user closes a tab) and navigates to
 * /admin/dashboard. The probe stamps navigation start → board complete and
 * counts the documents delivered to each listener; after the board is
 * complete it waits `settleMs` so late listeners are counted too.
 */
export async function dashboardLoads({ baseURL, runs, expectedCards, settleMs = 2000, log = console.log, label = '' }) {
  const { browser, close } = await launchBrowser();
  const loads = [];
  try {
    const ctx = await newContext(browser, baseURL);
    const login = await ctx.newPage();
    await loginAsAdmin(login);
    await waitForBoard(login);
    // Closed the way a user closes a tab (unload handlers run): Firestore hands its IndexedDB cache on at once.
    await closePage(login);
    for (let i = 0; i < runs; i++) {
      const page = await ctx.newPage();
      await page.addInitScript({ content: probeScript({ expectedCards, columns: BOARD_COLUMNS }) });
      await page.goto('/admin/dashboard', { waitUntil: 'commit' });
      await page.waitForFunction(() => window.__bench && window.__bench.completeAt != null, null, {
        timeout: 120_000,
        polling: 100,
      });
      await page.waitForTimeout(settleMs);
      const m = await page.evaluate(() => {
        const st = window.__bench;
        const me = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/auth/me'));
        return {
          completeAt: st.completeAt,
          frameAt: st.completeFrameAt,
          shellAt: st.shellAt,
          authMeEnd: me ? me.responseEnd : null,
          boardDataAt: st.boardDataAt,
          reads: st.reads(),
          board: st.board(),
        };
      });
      loads.push(m);
      log(
        `  dashboard load ${label}${i + 1}/${runs}: board complete at ${m.completeAt.toFixed(0)} ms (shell ${m.shellAt?.toFixed(0) ?? '–'} ms); ` +
          `${m.reads.total} docs delivered ${JSON.stringify(m.reads.byCollection)}; listeners ${JSON.stringify(m.reads.listeners)}`,
      );
      await closePage(page);
    }
    await closeContext(ctx);
  } finally {
    await close();
  }
  return loads;
}

/** What the search figure types: it finds the fixture "Bench Drop Lead" alone, at 24 leads as at 10,000. */
export const SEARCH_QUERY = 'bench drop';

/**
 * Board search, on a signed-in dashboard: first the search box is tried until
 * its match count says the board holds at least `minLeads` leads (the whole
 * board is in). Then each run clears the box (and waits for the whole board
 * back), arms a MutationObserver and types `query` key by key
 * (page.keyboard.type). Start: the last key's keydown `event.timeStamp` (a
 * capture listener registered before any app code); end: `performance.now()`
 * in the first animation frame after the DOM shows the search applied (the
 * match count's `data-applied-search` equals the query: React commits it with
 * the filtered board) with the fixture's card in it. Both on the page's own
 * clock. The first `warmup` runs are not counted. `frames`: the page's frame
 * intervals on the idle board, to give the figure in frames.
 */
export async function boardSearch({
  baseURL,
  runs,
  minLeads,
  warmup = 2,
  query = SEARCH_QUERY,
  expectName = DROP.name,
  log = console.log,
  label = '',
}) {
  const { browser, close } = await launchBrowser();
  const samples = [];
  let frames;
  let failures = 0;
  let total;
  let notFound = 0;
  try {
    const ctx = await newContext(browser, baseURL);
    const page = await ctx.newPage();
    await page.addInitScript(() => {
      window.addEventListener('keydown', (e) => (window.__benchKeyAt = e.timeStamp), { capture: true });
    });
    await loginAsAdmin(page);
    await waitForBoard(page);
    const box = page.getByRole('searchbox', { name: 'Search leads' });
    const count = page.getByTestId('search-count');
    const applied = (q) =>
      page.waitForFunction(
        (v) => document.querySelector('[data-testid="search-count"]')?.getAttribute('data-applied-search') === v,
        q,
        { timeout: 60_000, polling: 50 },
      );
    // The whole board first: the count reads "1 of N leads match" once the query is applied.
    const deadline = Date.now() + 120_000;
    for (;;) {
      await box.fill(query);
      await applied(query);
      total = Number(/of (\d+) leads match/.exec((await count.textContent()) ?? '')?.[1] ?? 0);
      if (total >= minLeads) break;
      if (Date.now() > deadline) throw new Error(`the board holds ${total} leads, fewer than ${minLeads}`);
      await box.fill('');
      await page.waitForTimeout(1000);
    }
    frames = await page.evaluate(
      (n) =>
        new Promise((resolve) => {
          const out = [];
          let last = null;
          const tick = (t) => {
            if (last != null) out.push(t - last);
            last = t;
            if (out.length < n) requestAnimationFrame(tick);
            else resolve(out);
          };
          requestAnimationFrame(tick);
        }),
      30,
    );
    for (let i = 0; i < runs + warmup; i++) {
      await box.fill('');
      await applied('');
      await page.waitForTimeout(300); // the whole board drawn and idle again
      await page.evaluate(
        ({ q, name }) => {
          window.__benchSearch = new Promise((resolve) => {
            const check = () => {
              const el = document.querySelector('[data-testid="search-count"]');
              if (el?.getAttribute('data-applied-search') !== q) return;
              const shownAt = performance.now();
              obs.disconnect();
              const found = document.querySelector(`[aria-label^="${name}, "]`) != null;
              requestAnimationFrame(() =>
                resolve({ keyAt: window.__benchKeyAt, shownAt, frameAt: performance.now(), found }),
              );
            };
            const obs = new MutationObserver(check);
            obs.observe(document.body, {
              childList: true,
              subtree: true,
              characterData: true,
              attributes: true,
              attributeFilter: ['data-applied-search'],
            });
          });
        },
        { q: query, name: expectName },
      );
      await box.focus();
      await page.keyboard.type(query);
      const r = await page.evaluate(() =>
        Promise.race([window.__benchSearch, new Promise((ok) => setTimeout(() => ok(null), 15_000))]),
      );
      if (!r) {
        failures++;
        log(`  search run ${i + 1}: the board never showed the search applied`);
        break;
      }
      if (!r.found) notFound++;
      if (i >= warmup) samples.push(r.frameAt - r.keyAt);
    }
    log(`  search ${label}: ${samples.length}/${runs} runs over ${total} leads`);
    await closeContext(ctx);
  } finally {
    await close();
  }
  const med = (xs) => (xs.length ? [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] : NaN);
  const frame = med(frames);
  return {
    samples,
    total,
    /** The page's median frame interval on the idle board (ms). */
    frame,
    failures: failures + notFound,
    details:
      `"${query}" typed over ${total} leads, ${samples.length} runs after ${warmup} warm-up runs; median ${med(samples).toFixed(1)} ms = ${(med(samples) / frame).toFixed(2)} frames of this page (one frame: ${frame.toFixed(1)} ms)` +
      `${notFound ? `; the fixture's card missing in ${notFound} run(s)` : ''}${failures ? `; ${failures} run(s) failed` : ''}`,
  };
}
