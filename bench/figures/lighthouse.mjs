/**
 * Landing page, Lighthouse 12 default (mobile) preset, served compressed by
 * bench/lib/static-server.mjs: N runs, each in a fresh Chromium (chrome-launcher,
 * Debian's /usr/bin/chromium, fresh profile). Per-metric medians.
 *
 * The preset's CPU slowdown is calibrated to the host, as Lighthouse's
 * throttling guide asks: a fixed 4× makes the emulated phone as fast as the
 * machine under it, and a slower host then emulates a slower phone, whose
 * tasks cross the 50 ms long-task line more often (TBT is not proportional to
 * CPU speed, so no floor ratio cancels it). The slowdown is the one
 * Lighthouse's calculator gives for the host's benchmarkIndex (cpuSlowdownFor),
 * measured by calibration runs before the figure's runs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { throttling as LIGHTHOUSE_THROTTLING } from 'lighthouse/core/config/constants.js';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_FLAGS, chromiumPath } from '../../scripts/chromium.mjs';
import { ARTIFACTS, onCleanup } from '../lib/proc.mjs';
import { startStaticServer } from '../lib/static-server.mjs';
import { median } from '../lib/stats.mjs';
import { cpuSlowdownFor } from '../lib/cpu-slowdown.mjs';

/** Lighthouse runs that measure the host's benchmarkIndex before a figure's runs (their median calibrates the CPU slowdown). */
const CALIBRATION_RUNS = 3;

/** One Lighthouse run on `url` in a fresh Chromium at CPU slowdown `cpu` (the preset's 4× when null); the run's metrics. */
async function lighthouseRun(url, reportPath, cpu = null) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    logLevel: 'silent',
  });
  const killChrome = onCleanup(() => chrome.kill());
  try {
    const r = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cpu === null ? {} : { throttling: { ...LIGHTHOUSE_THROTTLING.mobileSlow4G, cpuSlowdownMultiplier: cpu } }),
    });
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
      cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    killChrome();
    await chrome.kill();
  }
}

/**
 * The landing beside its two floors: the stack floor (React + MUI hydrating one
 * button, `floors.stack`) and the static floor (the landing's HTML and CSS
 * without script, `floors.static`), each served by its own instance of the
 * same static server. Runs are interleaved (landing, stack, static, the order
 * rotating each run), so a change in machine load hits the three alike.
 * `cpu`: 'calibrate' (CALIBRATION_RUNS first, then every run at the slowdown
 * cpuSlowdownFor gives for their median benchmarkIndex), or a fixed slowdown
 * (4 is the preset's own).
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
  /** The benchmarkIndex of each calibration run. */
  const calibration = [];
  const outDir = join(ARTIFACTS, 'lighthouse');
  mkdirSync(outDir, { recursive: true });
  try {
    for (const p of pages) servers[p.key] = await startStaticServer({ dist: p.dist, apiOrigin: p.apiOrigin ?? null });
    if (cpu === 'calibrate') {
      // The page does not matter: Lighthouse measures benchmarkIndex on about:blank before loading it.
      const page = floors ? 'static' : 'landing';
      for (let i = 0; i < CALIBRATION_RUNS; i++) {
        const run = await lighthouseRun(
          `${servers[page].url}/`,
          join(outDir, `round-${round}-calibration-run-${i + 1}.json`),
        );
        calibration.push(run.benchmarkIndex);
      }
      const bi = median(calibration);
      const slowdown = cpuSlowdownFor(bi);
      if (slowdown === null)
        throw new Error(`Lighthouse: benchmarkIndex ${bi} is below 150, too slow a host to emulate the mobile preset`);
      cpu = Math.round(slowdown * 100) / 100;
      log(`  Lighthouse CPU slowdown ${cpu}× for benchmarkIndex ${bi} (median of ${calibration.join(', ')})`);
    }
    for (let i = 0; i < runs; i++) {
      const order = pages.map((_, k) => pages[(k + i) % pages.length]);
      for (const p of order) {
        const run = await lighthouseRun(
          `${servers[p.key].url}/`,
          join(outDir, `round-${round}-${p.key}-run-${i + 1}.json`),
          cpu,
        );
        results[p.key].push(run);
        log(
          `  Lighthouse ${p.key} run ${i + 1}/${runs}: performance ${run.performance}, LCP ${run.lcp.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}, TBT ${run.tbt.toFixed(0)} ms`,
        );
      }
    }
  } finally {
    unregister();
    await Promise.all(Object.values(servers).map((s) => s.close()));
  }
  const col = (key, k) => results[key].map((r) => r[k]);
  const first = results.landing[0];
  const stats = servers.landing.stats;
  const hostBi = pages.flatMap((p) => col(p.key, 'benchmarkIndex'));
  const common =
    `${first.formFactor} preset, ${first.throttling} throttling, CPU slowdown ${first.cpuSlowdown}× ` +
    (calibration.length
      ? `(calibrated to benchmarkIndex ${median(calibration)}, median of ${calibration.length} calibration runs: ${calibration.join(', ')}; `
      : '(fixed; ') +
    `the measured runs' benchmarkIndex: median ${median(hostBi)}, ${Math.min(...hostBi)}–${Math.max(...hostBi)}); served ${stats.br} br / ${stats.gzip} gzip / ${stats.identity} identity responses; ` +
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
