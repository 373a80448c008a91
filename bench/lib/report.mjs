/**
 * Turns measured samples into report rows (value, spread, pass/fail) and
 * writes bench/report.md and its JSON twin bench/report.json.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GROUPS, ROWS } from './catalog.mjs';
import { percentile, summary } from './stats.mjs';

const fmtNum = (v, digits = 0) =>
  v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A value in the row's unit, for people. */
export function fmt(unit, v) {
  if (v == null || Number.isNaN(v)) return '–';
  switch (unit) {
    case 'ms':
      return `${fmtNum(v, v < 100 ? 1 : 0)} ms`;
    case 'score':
      return fmtNum(v);
    case 'cls':
      return fmtNum(v, 3);
    case 'bytes':
      return v === 0 ? '0 B' : `${fmtNum(v / 1024, 1)} KB`;
    default:
      return fmtNum(v);
  }
}

function targetText(row) {
  const t = row.target;
  if (!t) return '–';
  if (t.op === 'formula') return t.text;
  const sym = { '<=': '≤', '>=': '≥', '==': '=' }[t.op];
  const v = t.value;
  const text =
    row.unit === 'ms'
      ? `${fmtNum(v)} ms`
      : row.unit === 'bytes'
        ? v === 0
          ? '0 B'
          : `${fmtNum(v / 1024)} KB`
        : row.unit === 'cls'
          ? String(v)
          : fmtNum(v);
  return `${sym} ${text}`;
}

function meets(target, v) {
  if (v == null || !target) return null;
  if (target.op === '<=') return v <= target.value;
  if (target.op === '>=') return v >= target.value;
  if (target.op === '==') return v === target.value;
  return null;
}

/**
 * Builds the report rows. `measured[rowId]` is { samples, pass?, details?,
 * preview?, error? }; rows without it are "not run" with `skipped[group]` as reason.
 */
export function buildRows(measured, skipped = {}) {
  const rows = ROWS.map((row) => {
    const m = measured[row.id];
    const base = {
      id: row.id,
      group: row.group,
      figure: row.figure,
      target: targetText(row),
      unit: row.unit,
      stat: row.stat,
      ...(row.role ? { role: row.role } : {}),
    };
    if (!m) return { ...base, status: 'not run', reason: skipped[row.group] ?? 'not selected' };
    if (m.error) return { ...base, status: 'error', reason: m.error };
    const samples = m.samples ?? [];
    const s = summary(samples);
    let value = s.median;
    if (row.stat === 'p50') value = percentile(samples, 50);
    if (row.stat === 'p95') value = percentile(samples, 95);
    if (row.stat === 'total') value = samples.reduce((a, b) => a + b, 0);
    if (row.stat === 'single') value = samples[0] ?? null;
    // A preview measures less than the figure (the admin JS before sign-in): shown, never judged.
    const pass = row.role === 'floor' || m.preview ? null : (m.pass ?? meets(row.target, value));
    return {
      ...base,
      value,
      min: s.min,
      max: s.max,
      runs: samples.length,
      samples,
      pass,
      status:
        samples.length === 0
          ? 'error'
          : row.role === 'floor'
            ? 'measured'
            : m.preview
              ? 'preview'
              : pass
                ? 'pass'
                : 'FAIL',
      ...(m.preview ? { preview: true } : {}),
      ...(m.valueText ? { valueText: m.valueText } : {}),
      ...(m.details ? { details: m.details } : {}),
      ...(m.reason ? { reason: m.reason } : {}),
    };
  });
  // Verdicts against the floors measured in the same run; the absolute target becomes information.
  for (const r of rows) {
    const def = ROWS.find((d) => d.id === r.id);
    if (def.also) r.also = def.also;
    if (!def.floor) continue;
    r.floor = { id: def.floor.id, max: def.floor.max };
    if (r.status !== 'pass' && r.status !== 'FAIL') continue;
    r.absolutePass = meets(def.target, r.value);
    const f = rows.find((x) => x.id === def.floor.id);
    if (!f || f.status !== 'measured' || f.value == null) {
      r.status = 'error';
      r.reason = `its floor (${f?.figure ?? def.floor.id}) was not measured${f?.reason ? `: ${f.reason}` : ''}`;
      continue;
    }
    r.floor.value = f.value;
    // A floor of 0 (e.g. no blocking time at all) gives no ratio: the figure passes only at 0 too.
    r.ratio = f.value > 0 ? r.value / f.value : r.value > 0 ? Infinity : 1;
    const measuredPass = measured[r.id]?.pass;
    r.pass = measuredPass === false ? false : r.ratio <= def.floor.max + 1e-9;
    r.status = r.pass ? 'pass' : 'FAIL';
  }
  return rows;
}

function valueCell(r) {
  if (r.valueText) return r.valueText;
  const v = fmt(r.unit, r.value);
  if (r.stat === 'p50' || r.stat === 'p95') return `${r.stat} ${v}`;
  if (r.stat === 'total') return `${v} (total)`;
  return v;
}

function spreadCell(r) {
  if (r.runs == null || r.runs === 0) return '–';
  if (r.stat === 'single') return 'deterministic';
  if (r.stat === 'total') return `per run ${r.samples.join(', ')}`;
  return `${fmt(r.unit, r.min)} – ${fmt(r.unit, r.max)}`;
}

const esc = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');

const ratioText = (x) => (x === Infinity ? '∞' : `${x.toFixed(2)}×`);

/** One run's cell of a figure: its value, its floor and ratio where it has one, other floors beside it. */
function runCell(r, round) {
  if (!r) return '–';
  if (r.status === 'not run') return `not run (${r.reason})`;
  if (r.status === 'error') return `error: ${r.reason ?? 'no samples'}`;
  const v = valueCell(r);
  const beside = (r.also ?? [])
    .map((id) => round.find((x) => x.id === id))
    .filter((x) => x && x.status === 'measured')
    .map((x) => `${x.figure.split(' (')[0]} ${fmt(x.unit, x.value)}`);
  const tail = (beside.length ? ` (${beside.join(', ')})` : '') + (r.preview ? ' (preview)' : '');
  if (r.floor?.value == null) return `${v}${tail}`;
  return `${v} / ${fmt(r.unit, r.floor.value)} = **${ratioText(r.ratio)}**${tail}`;
}

function targetCell(r) {
  if (r.floor) return `≤ ${r.floor.max}× floor`;
  return r.target;
}

/** The verdict over the runs: pass or FAIL when every run agrees, else "unstable" with each run's value. */
export function verdictOf(perRun) {
  const st = perRun.map((r) => r?.status ?? 'not run');
  if (st.every((s) => s === 'pass')) return { word: 'pass', pass: true };
  if (st.every((s) => s === 'FAIL')) return { word: '**FAIL**', pass: false };
  if (st.some((s) => s === 'pass') && st.some((s) => s === 'FAIL')) {
    return {
      word: `**unstable** (${perRun.map((r, i) => `run ${i + 1} ${r.status === 'pass' ? 'pass' : 'fail'} at ${r.floor ? ratioText(r.ratio) : valueCell(r)}`).join(', ')})`,
      pass: false,
      unstable: true,
    };
  }
  if (st.every((s) => s === 'preview')) return { word: 'preview only, no verdict', pass: null };
  if (st.every((s) => s === 'not run')) return { word: `not run (${perRun[0]?.reason ?? 'not selected'})`, pass: null };
  return { word: `incomplete (${st.join(' / ')})`, pass: false };
}

function absoluteCell(perRun) {
  const withFloor = perRun.find((r) => r?.floor);
  if (!withFloor) return '–';
  const res = perRun.map((r) => (r?.absolutePass == null ? '–' : r.absolutePass ? 'met' : 'missed'));
  return `${withFloor.target}: ${res.join(' / ')}`;
}

/**
 * Writes report.md and report.json into `outDir`; returns their paths.
 * `rounds` is one row list per run of the whole set (buildRows of each).
 */
export function writeReport(outDir, { rounds, meta, notes = [] }) {
  const lines = [];
  const n = rounds.length;
  const main = rounds[0].filter((r) => r.role !== 'floor');
  const byId = (round, id) => round.find((x) => x.id === id);
  lines.push('# Studio benchmarks', '');
  lines.push(
    `Generated by \`${meta.command}\` on ${meta.generatedAt} in ${Math.round((meta.durationSec ?? 0) / 60)} min. Mode: **${meta.mode}**. The whole set ran ${n === 1 ? 'once' : `${n} times in a row`}; every figure below is measured on this machine, none is estimated.`,
    '',
  );
  lines.push(
    `Machine: ${meta.machine.cpus} × ${meta.machine.cpuModel}, ${meta.machine.memGiB} GiB RAM, ${meta.machine.platform}; Node ${meta.node}; ${meta.chromium}; Lighthouse ${meta.versions.lighthouse}, autocannon ${meta.versions.autocannon}, Playwright ${meta.versions.playwright}. Build output: \`${meta.dist}\`. Load average (1 min) at start ${meta.loadavg.start}, at end ${meta.loadavg.end}${meta.loadavg.samples?.length ? ` (sampled every minute: median ${meta.loadavg.median}, max ${meta.loadavg.max})` : ''}. Everything ran on 127.0.0.1.`,
    '',
  );
  lines.push(
    'Figures in milliseconds are bound to the machine and its load: the same code gives other numbers on another machine or beside other work. The **verdict is the ratio** of each figure to its floor, a page, write or request of the same kind measured in the same run on the same machine; the absolute targets are kept as information for this machine only.',
    '',
  );
  for (const note of notes) lines.push(`> ${note}`, '');
  const verdicts = main.map((r) => ({ r, v: verdictOf(rounds.map((round) => byId(round, r.id))) }));
  const passed = verdicts.filter((x) => x.v.pass === true);
  const failed = verdicts.filter((x) => x.v.pass === false && !x.v.unstable);
  const unstable = verdicts.filter((x) => x.v.unstable);
  lines.push(
    `**Summary:** ${main.length} figures; ${passed.length} pass in every run, ${failed.length} miss or are incomplete` +
      (failed.length ? ` (${failed.map((x) => x.r.figure).join('; ')})` : '') +
      `, ${unstable.length} unstable` +
      (unstable.length ? ` (${unstable.map((x) => x.r.figure).join('; ')})` : '') +
      '.',
    '',
  );
  const runHeads = rounds.map((_, i) => `run ${i + 1}: value / floor = ratio`);
  lines.push(
    `| figure | floor | ${runHeads.join(' | ')} | target | verdict | absolute target, this machine only: ${rounds.map((_, i) => `run ${i + 1}`).join(' / ')} |`,
  );
  lines.push(`| --- | --- | ${runHeads.map(() => '---').join(' | ')} | --- | --- | --- |`);
  for (const { r, v } of verdicts) {
    const floorDef = r.floor ? byId(rounds[0], r.floor.id) : null;
    lines.push(
      `| ${esc(r.figure)} | ${esc(floorDef?.figure ?? '–')} | ${rounds.map((round) => esc(runCell(byId(round, r.id), round))).join(' | ')} | ${esc(targetCell(r))} | ${esc(v.word)} | ${esc(absoluteCell(rounds.map((round) => byId(round, r.id))))} |`,
    );
  }
  lines.push('');
  lines.push(
    '### Every measurement, per run',
    '',
    "Floors in italics. Median (or the row's statistic), spread min – max, number of samples.",
    '',
  );
  lines.push(
    `| figure | ${rounds.map((_, i) => `run ${i + 1}`).join(' | ')} |`,
    `| --- | ${rounds.map(() => '---').join(' | ')} |`,
  );
  for (const r of main) {
    const ids = [r.id, ...(r.floor ? [r.floor.id] : []), ...(r.also ?? [])];
    for (const id of ids) {
      const x = byId(rounds[0], id);
      const name = x.role === 'floor' ? `_floor: ${x.figure}_` : x.figure;
      const cells = rounds.map((round) => {
        const y = byId(round, id);
        if (!y || y.status === 'not run' || y.status === 'error')
          return y?.status === 'error' ? `error: ${y.reason}` : '–';
        return `${valueCell(y)}; ${spreadCell(y)}; ${y.runs}`;
      });
      lines.push(`| ${esc(name)} | ${cells.map(esc).join(' | ')} |`);
    }
  }
  lines.push('');
  lines.push('## Method and details', '');
  lines.push(
    `**Noise.** ${n > 1 ? `The whole set (builds excepted: they are made once) runs ${n} times in a row, each run with freshly started and seeded emulators; a figure whose verdict differs between the runs is reported as unstable with each run's value.` : 'One run of the set.'} ` +
      'Each figure and its floor are measured in the same run, back to back or interleaved (Lighthouse: landing, stack floor, static floor in turn, the order rotating each run), so the load of the moment weighs on both. ' +
      'Warm-ups: the browser figures sign in and wait for the board before timing; the live update and its floor discard their first runs; the API runs a 5 s warm-up load per endpoint, then takes turns between the endpoints; the import times spawn one untimed process first. ' +
      "Each figure is the median (or the stated percentile) of its runs, compared as a ratio to its floor's median; the spread (min – max) of both is in the table above. Repeats per run: " +
      Object.entries(meta.repeats ?? {})
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') +
      '.',
    '',
  );
  for (const g of GROUPS) {
    lines.push(`### ${g.title}`, '', g.method, '');
    let any = false;
    rounds.forEach((round, i) => {
      for (const r of round.filter((x) => x.group === g.id)) {
        const tag = n > 1 ? `run ${i + 1}, ` : '';
        if (r.details) lines.push(`- ${tag}${r.figure}: ${r.details}`);
        if (r.status === 'error') lines.push(`- ${tag}${r.figure}: the measurement failed: ${r.reason}`);
        if (r.details || r.status === 'error') any = true;
      }
    });
    if (any) lines.push('');
  }
  const md = `${lines.join('\n')}\n`;
  const json = {
    ...meta,
    notes,
    verdicts: verdicts.map(({ r, v }) => ({
      id: r.id,
      figure: r.figure,
      verdict: v.word,
      pass: v.pass,
      unstable: !!v.unstable,
    })),
    rounds,
    groups: GROUPS.map(({ id, title, method }) => ({ id, title, method })),
  };
  const mdPath = join(outDir, 'report.md');
  const jsonPath = join(outDir, 'report.json');
  writeFileSync(mdPath, md);
  writeFileSync(jsonPath, `${JSON.stringify(json, (k, v) => (v === Infinity ? 'Infinity' : v), 2)}\n`);
  return { mdPath, jsonPath };
}
