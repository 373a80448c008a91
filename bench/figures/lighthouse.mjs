/**
 * Landing page, Lighthouse 12 default (mobile) preset, served compressed by
 * bench/lib/static-server.mjs: N runs, each in a fresh Chromium (chrome-launcher,
 * Debian's /usr/bin/chromium, fresh profile). Per-metric medians.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROME_FLAGS, chromiumPath } from '../lib/browser.mjs';
import { ARTIFACTS, onCleanup } from '../lib/proc.mjs';
import { startStaticServer } from '../lib/static-server.mjs';
import { median } from '../lib/stats.mjs';

export async function landingLighthouse({ dist, runs, apiOrigin = null, log = console.log }) {
  const server = await startStaticServer({ dist, apiOrigin });
  const unregister = onCleanup(() => server.close());
  const results = [];
  const outDir = join(ARTIFACTS, 'lighthouse');
  mkdirSync(outDir, { recursive: true });
  try {
    for (let i = 0; i < runs; i++) {
      const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
      const killChrome = onCleanup(() => chrome.kill());
      try {
        const r = await lighthouse(`${server.url}/`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        const lhr = r.lhr;
        if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const a = lhr.audits;
        const run = {
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
          warnings: lhr.runWarnings ?? [],
        };
        writeFileSync(join(outDir, `run-${i + 1}.json`), r.report);
        results.push(run);
        log(`  Lighthouse run ${i + 1}/${runs}: performance ${run.performance}, LCP ${run.lcp.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}, TBT ${run.tbt.toFixed(0)} ms`);
      } finally {
        killChrome();
        await chrome.kill();
      }
    }
  } finally {
    unregister();
    await server.close();
  }
  const col = (k) => results.map((r) => r[k]);
  const first = results[0];
  const common =
    `${first.formFactor} preset, ${first.throttling} throttling; served ${server.stats.br} br / ${server.stats.gzip} gzip / ${server.stats.identity} identity responses; ` +
    `uses-text-compression audit ${col('textCompression').every((s) => s === 1) ? 'passed in every run' : `scores ${col('textCompression').join(', ')}`}; ` +
    `median transfer ${((median(col('transferBytes')) ?? 0) / 1024).toFixed(0)} KB, FCP ${median(col('fcp')).toFixed(0)} ms, Speed Index ${median(col('si')).toFixed(0)} ms` +
    (apiOrigin ? `; /api proxied to ${apiOrigin}` : '; /api not served (the new-lead count fails silently)');
  return {
    'lh-performance': { samples: col('performance'), details: common },
    'lh-lcp': { samples: col('lcp') },
    'lh-cls': { samples: col('cls') },
    'lh-tbt': { samples: col('tbt') },
  };
}
