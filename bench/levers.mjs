/**
 * The landing's speed levers, measured one by one (`node bench/levers.mjs`):
 * builds the web app at each given commit (`label=rev`, in order, each one
 * adding a lever to the one before), then runs Lighthouse on each build's
 * landing beside the stack floor and that build's own static floor, with the
 * settings of `npm run bench` (bench/figures/lighthouse.mjs). Writes
 * bench/levers.md: per build, the median score, LCP and TBT over the runs,
 * and the ratios to the floors the bench judges them by.
 *
 *   node bench/levers.mjs [--runs 3] before=e9bf7b5 raster=<rev> boot=<rev> islands=<rev>
 *
 * Each build comes from `git archive <rev>` into bench/.artifacts/levers/<label>/
 * with this checkout's node_modules linked in, so the commits need the same
 * dependencies. Needs no emulator (the new-lead count answers 503, as offline).
 */
import { execSync, spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildStack, buildStatic } from './floors/build.mjs';
import { landingLighthouse } from './figures/lighthouse.mjs';
import { ARTIFACTS, ROOT } from './lib/proc.mjs';
import { median } from './lib/stats.mjs';

const argv = process.argv.slice(2);
const runsAt = argv.indexOf('--runs');
const runs = runsAt >= 0 ? Number(argv[runsAt + 1]) : 3;
const builds = argv
  .filter((a, i) => a.includes('=') && i !== runsAt + 1)
  .map((a) => {
    const [label, rev] = a.split('=');
    return { label, rev };
  });
if (!builds.length) {
  console.error('usage: node bench/levers.mjs [--runs N] label=rev [label=rev ...]');
  process.exit(2);
}

const base = join(ARTIFACTS, 'levers');
mkdirSync(base, { recursive: true });
const stack = await buildStack();
const rows = [];
for (const { label, rev } of builds) {
  const src = join(base, label);
  rmSync(src, { recursive: true, force: true });
  mkdirSync(src, { recursive: true });
  execSync(`git archive ${rev} | tar -x -C ${JSON.stringify(src)}`, { cwd: ROOT, stdio: 'inherit' });
  for (const nm of ['node_modules', 'web/node_modules'])
    if (existsSync(join(ROOT, nm))) symlinkSync(join(ROOT, nm), join(src, nm));
  const dist = join(src, 'web', 'dist');
  for (const [cmd, args] of [
    [
      'node_modules/.bin/vite',
      ['build', '--mode', 'emulator', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    ],
    [process.execPath, ['scripts/prerender.mjs', '--mode', 'emulator', '--dist', dist]],
  ]) {
    const r = spawnSync(cmd.startsWith('node_modules') ? join(ROOT, cmd) : cmd, args, {
      cwd: join(src, 'web'),
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error(`${label}: build failed`);
  }
  const floors = { stack, static: buildStatic(dist, join(src, 'static-floor')) };
  console.log(`[levers] ${label} (${rev}): Lighthouse × ${runs}`);
  const r = await landingLighthouse({ dist, floors, runs, round: `lever-${label}` });
  const m = (key) => median(r[key].samples);
  rows.push({
    label,
    rev: execSync(`git rev-parse --short ${rev}`, { cwd: ROOT }).toString().trim(),
    score: m('lh-performance'),
    lcp: m('lh-lcp'),
    tbt: m('lh-tbt'),
    stackTbt: m('lh-tbt-stack'),
    staticLcp: m('lh-lcp-static'),
    staticTbt: m('lh-tbt-static'),
  });
}

const ms = (v) => `${Math.round(v).toLocaleString('en-US')} ms`;
const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}×` : '–');
const lines = [
  '# Landing levers, one by one',
  '',
  `Written by \`node bench/levers.mjs\` on ${new Date().toISOString().slice(0, 16)} UTC; ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load average at the end ${loadavg()
    .map((l) => l.toFixed(2))
    .join(
      ' ',
    )}. Medians of ${runs} Lighthouse mobile runs per page (the method of bench/report.md's "Landing page, Lighthouse"). Each row adds one lever to the row above; the ratios are the bench's verdicts (TBT ≤ 1.5× the stack floor's, LCP ≤ 1.2× the static floor's, score ≥ 95). Figures are machine-bound; compare rows of the same run only.`,
  '',
  '| build | commit | score | LCP | static floor LCP | LCP ratio | TBT | stack floor TBT | TBT ratio | static floor TBT |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (r) =>
      `| ${r.label} | ${r.rev} | ${r.score} | ${ms(r.lcp)} | ${ms(r.staticLcp)} | ${ratio(r.lcp, r.staticLcp)} | ${ms(r.tbt)} | ${ms(r.stackTbt)} | ${ratio(r.tbt, r.stackTbt)} | ${ms(r.staticTbt)} |`,
  ),
  '',
];
writeFileSync(join(ROOT, 'bench', 'levers.md'), lines.join('\n'));
console.log(lines.join('\n'));
