/**
 * Landing page, Lighthouse 12 default (mobile) preset, served compressed by
 * bench/lib/static-server.mjs: N runs, each in a fresh Chromium (chrome-launcher,
 * Debian's /usr/bin/chromium, fresh profile). Per-metric medians.
 *
 * The preset's CPU slowdown is calibrated to the host, as Lighthouse's
 * throttling guide asks: with a fixed 4×, the emulated phone is as fast as a
 * quarter of the machine under it, so a slower host emulates a slower phone,
 * whose tasks cross the 50 ms long-task line more often (TBT is not
 * proportional to CPU speed, so no floor ratio cancels it). So every run is
 * first gathered (simulated throttling slows nothing while it gathers: the
 * slowdown is applied when the trace is simulated; it only scales what a
 * requestIdleCallback deadline's timeRemaining() answers, which no page here
 * reads), and once all are in, every run is audited at the slowdown
 * Lighthouse's calculator gives for the median benchmarkIndex of all of them
 * (cpuSlowdownFor): one slowdown for the three pages, from as many samples of
 * the host as there are runs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { throttling as LIGHTHOUSE_THROTTLING } from 'lighthouse/core/config/constants.js';
import { initializeConfig } from 'lighthouse/core/config/config.js';
import { navigationGather } from 'lighthouse/core/gather/navigation-runner.js';
import { Runner } from 'lighthouse/core/runner.js';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_FLAGS, chromiumPath } from '../../scripts/chromium.mjs';
import { ARTIFACTS, onCleanup } from '../lib/proc.mjs';
import { startStaticServer } from '../lib/static-server.mjs';
import { median } from '../lib/stats.mjs';
import { cpuSlowdownFor } from '../lib/cpu-slowdown.mjs';

/** The Lighthouse flags of every run: the mobile preset, performance only, at CPU slowdown `cpu`. */
const flagsAt = (cpu) => ({
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance'],
  throttling: { ...LIGHTHOUSE_THROTTLING.mobileSlow4G, cpuSlowdownMultiplier: cpu },
});

/** Gathers one Lighthouse run on `url` in a fresh Chromium: its artifacts (trace, network log, benchmarkIndex). */
async function gatherRun(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    logLevel: 'silent',
  });
  const killChrome = onCleanup(() => chrome.kill());
  try {
    // Gathered at the preset's slowdown; the audit sets the one it simulates (auditRun).
    const { artifacts } = await navigationGather(undefined, url, { flags: { ...flagsAt(4), port: chrome.port } });
    return artifacts;
  } finally {
    killChrome();
    await chrome.kill();
  }
}

/** Audits gathered `artifacts` at CPU slowdown `cpu`, writes the report to `reportPath`; the run's metrics. */
async function auditRun(artifacts, cpu, reportPath) {
  const { resolvedConfig } = await initializeConfig('navigation', undefined, flagsAt(cpu));
  // Lighthouse refuses to audit with other settings than it gathered with; the slowdown is the one
  // setting that may differ, as simulated throttling applies it only in the audit.
  const r = await Runner.audit(
    { ...artifacts, settings: { ...artifacts.settings, throttling: resolvedConfig.settings.throttling } },
    { resolvedConfig, computedCache: new Map() },
  );
  const lhr = r.lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const a = lhr.audits;
  writeFileSync(reportPath, r.report);
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: a['largest-contentful-paint'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    fcp: a['first-contentful-paint'].numericValue,
    si: a['speed-index'].numericValue,
    textCompression: a['uses-text-compression']?.score ?? null,
    transferBytes: a['total-byte-weight']?.numericValue ?? null,
    formFactor: lhr.configSettings.formFactor,
    throttling: lhr.configSettings.throttlingMethod,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/**
 * The landing beside its two floors: the stack floor (React + MUI hydrating one
 * button, `floors.stack`) and the static floor (the landing's HTML and CSS
 * without script, `floors.static`), each served by its own instance of the
 * same static server. Runs are interleaved (landing, stack, static, the order
 * rotating each run), so a change in machine load hits the three alike.
 * `cpu`: 'calibrate' (every run audited at the slowdown cpuSlowdownFor gives
 * for the median benchmarkIndex of all runs), or a fixed slowdown (4 is the
 * preset's own).
 */
export async function landingLighthouse({
  dist,
  floors = null,
  runs,
  apiOrigin = null,
  round = 1,
  cpu = 'calibrate',
  log = console.log,
}) {
  const pages = [{ key: 'landing', dist, apiOrigin }];
  if (floors) pages.push({ key: 'stack', dist: floors.stack }, { key: 'static', dist: floors.static });
  const servers = {};
  const unregister = onCleanup(() => Promise.all(Object.values(servers).map((s) => s.close())));
  const results = Object.fromEntries(pages.map((p) => [p.key, []]));
  const outDir = join(ARTIFACTS, 'lighthouse');
  mkdirSync(outDir, { recursive: true });
  /** Every gathered run, in the order it ran. */
  const gathered = [];
  try {
    for (const p of pages) servers[p.key] = await startStaticServer({ dist: p.dist, apiOrigin: p.apiOrigin ?? null });
    for (let i = 0; i < runs; i++) {
      const order = pages.map((_, k) => pages[(k + i) % pages.length]);
      for (const p of order)
        gathered.push({ page: p.key, run: i + 1, artifacts: await gatherRun(`${servers[p.key].url}/`) });
    }
  } finally {
    unregister();
    await Promise.all(Object.values(servers).map((s) => s.close()));
  }
  const host = gathered.map((g) => g.artifacts.BenchmarkIndex);
  const hostMedian = median(host);
  const hostText = `median ${hostMedian}, ${Math.min(...host)}–${Math.max(...host)}`;
  const calibrated = cpu === 'calibrate';
  const found = calibrated ? cpuSlowdownFor(hostMedian) : cpu;
  if (found === null)
    throw new Error(
      `Lighthouse: benchmarkIndex ${hostMedian} is below 150, too slow a host to emulate the mobile preset`,
    );
  const slowdown = Math.round(found * 100) / 100;
  log(`  Lighthouse CPU slowdown ${slowdown}× (benchmarkIndex of the ${host.length} runs: ${hostText})`);
  for (const g of gathered) {
    const run = await auditRun(g.artifacts, slowdown, join(outDir, `round-${round}-${g.page}-run-${g.run}.json`));
    results[g.page].push(run);
    log(
      `  Lighthouse ${g.page} run ${g.run}/${runs}: performance ${run.performance}, LCP ${run.lcp.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}, TBT ${run.tbt.toFixed(0)} ms (benchmarkIndex ${run.benchmarkIndex})`,
    );
  }
  const col = (key, k) => results[key].map((r) => r[k]);
  const first = results.landing[0];
  const stats = servers.landing.stats;
  const common =
    `${first.formFactor} preset, ${first.throttling} throttling, CPU slowdown ${slowdown}× (${calibrated ? 'calibrated to' : 'fixed; the host:'} the benchmarkIndex of the ${host.length} runs, ${hostText}); ` +
    `served ${stats.br} br / ${stats.gzip} gzip / ${stats.identity} identity responses; ` +
    `uses-text-compression audit ${col('landing', 'textCompression').every((s) => s === 1) ? 'passed in every run' : `scores ${col('landing', 'textCompression').join(', ')}`}; ` +
    `median transfer ${((median(col('landing', 'transferBytes')) ?? 0) / 1024).toFixed(0)} KB, FCP ${median(col('landing', 'fcp')).toFixed(0)} ms, Speed Index ${median(col('landing', 'si')).toFixed(0)} ms` +
    (apiOrigin ? `; /api proxied to ${apiOrigin}` : '; /api not served (the new-lead count fails silently)');
  const floorText = (key) =>
    results[key]
      ? `median transfer ${((median(col(key, 'transferBytes')) ?? 0) / 1024).toFixed(0)} KB, FCP ${median(col(key, 'fcp')).toFixed(0)} ms`
      : '';
  const rows = {
    'lh-performance': { samples: col('landing', 'performance'), details: common },
    'lh-lcp': { samples: col('landing', 'lcp') },
    'lh-cls': { samples: col('landing', 'cls') },
    'lh-tbt': { samples: col('landing', 'tbt') },
  };
  if (floors) {
    rows['lh-performance-stack'] = { samples: col('stack', 'performance'), details: floorText('stack') };
    rows['lh-performance-static'] = { samples: col('static', 'performance'), details: floorText('static') };
    rows['lh-lcp-static'] = { samples: col('static', 'lcp') };
    rows['lh-lcp-stack'] = { samples: col('stack', 'lcp') };
    rows['lh-tbt-stack'] = { samples: col('stack', 'tbt') };
    rows['lh-tbt-static'] = { samples: col('static', 'tbt') };
  }
  return rows;
}
