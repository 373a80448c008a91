/**
 * The bench's verdicts (bench/lib/report.mjs): a figure with a floor passes
 * on its ratio to the floor measured in the same run, the absolute target is
 * information only, and a verdict that differs between runs is "unstable".
 */
import { describe, expect, it } from 'vitest';
import { buildRows, verdictOf } from '../../bench/lib/report.mjs';

/** A report row as plain data (the module is JavaScript). */
type Row = Record<string, unknown> & { id: string };
const row = (rows: unknown, id: string) => (rows as Row[]).find((r) => r.id === id)!;

describe('bench verdicts', () => {
  it('judges a figure by its ratio to its floor, whatever its absolute target says', () => {
    const rows = buildRows({
      'fn-import-ms': { samples: [500, 520, 480] },
      'fn-import-floor': { samples: [420, 400, 410] },
    });
    const r = row(rows, 'fn-import-ms');
    expect(r.ratio).toBeCloseTo(500 / 410);
    expect(r.status).toBe('pass'); // 1.22x <= 1.25x
    expect(r.absolutePass).toBe(false); // 500 ms > 300 ms: information only
    expect(row(rows, 'fn-import-floor').status).toBe('measured');
  });

  it('fails a figure past its ratio, and reports an error when its floor was not measured', () => {
    const over = buildRows({ 'lh-tbt': { samples: [310] }, 'lh-tbt-stack': { samples: [200] } });
    expect(row(over, 'lh-tbt').status).toBe('FAIL'); // 1.55x > 1.5x
    const noFloor = buildRows({ 'lh-tbt': { samples: [310] }, 'lh-tbt-stack': { error: 'chrome crashed' } });
    expect(row(noFloor, 'lh-tbt').status).toBe('error');
  });

  it('gives no ratio over a floor of 0: the figure passes only at 0 too', () => {
    expect(row(buildRows({ 'lh-tbt': { samples: [0] }, 'lh-tbt-stack': { samples: [0] } }), 'lh-tbt').status).toBe(
      'pass',
    );
    expect(row(buildRows({ 'lh-tbt': { samples: [5] }, 'lh-tbt-stack': { samples: [0] } }), 'lh-tbt').status).toBe(
      'FAIL',
    );
  });

  it('keeps absolute targets for figures without a floor', () => {
    expect(row(buildRows({ 'lh-cls': { samples: [0.01] } }), 'lh-cls').status).toBe('pass');
    expect(row(buildRows({ 'lh-cls': { samples: [0.2] } }), 'lh-cls').status).toBe('FAIL');
  });

  it('shows a preview (the admin JS before sign-in) without judging it', () => {
    const preview = () => row(buildRows({ 'admin-js-gzip': { samples: [240_000], preview: true } }), 'admin-js-gzip');
    expect(preview().status).toBe('preview'); // under the 400 KB target, yet no pass
    expect(preview().pass).toBeNull();
    expect(verdictOf([preview(), preview()])).toEqual({ word: 'preview only, no verdict', pass: null });
  });

  it('calls a verdict that differs between the runs unstable, with both values', () => {
    const run1 = row(
      buildRows({ 'fn-import-ms': { samples: [530] }, 'fn-import-floor': { samples: [400] } }),
      'fn-import-ms',
    );
    const run2 = row(
      buildRows({ 'fn-import-ms': { samples: [480] }, 'fn-import-floor': { samples: [400] } }),
      'fn-import-ms',
    );
    const v = verdictOf([run1, run2] as never[]);
    expect(v.unstable).toBe(true);
    expect(v.word).toContain('1.32×');
    expect(v.word).toContain('1.20×');
    expect(verdictOf([run2, run2] as never[]).word).toBe('pass');
    expect(verdictOf([run1, run1] as never[]).pass).toBe(false);
  });
});

describe('the dashboard search figure', () => {
  it('is judged against the same search over the demo seed: at most 2× of it', () => {
    const pass = buildRows({ 'search-ms': { samples: [30, 32, 31] }, 'search-24': { samples: [17, 16, 18] } });
    expect(row(pass, 'search-ms').ratio).toBeCloseTo(31 / 17);
    expect(row(pass, 'search-ms').status).toBe('pass');
    expect(row(pass, 'search-24').status).toBe('measured');
    expect(row(buildRows({ 'search-ms': { samples: [40] }, 'search-24': { samples: [17] } }), 'search-ms').status).toBe(
      'FAIL',
    );
  });
});
