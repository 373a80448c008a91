/**
 * The bench stops at once (bench/lib/proc.mjs): one SIGINT to the bench process, or a step's child ended by
 * Ctrl-C (exit 130), stops the child it was running and starts no further step; the bench exits 130. Each case
 * runs a small script in a process of its own, as `node bench/run.mjs` runs its steps.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PROC = new URL('../../bench/lib/proc.mjs', import.meta.url).href;

/**
 * A bench-like script: two steps in a row, the first one's body `first` (Node code), then, whatever they did,
 * the next group's step (as run.mjs's next figure would start); printing what ran.
 */
const script = (first: string) => `
const { runStep } = await import(${JSON.stringify(PROC)});
try {
  await runStep('first', process.execPath, ['-e', ${JSON.stringify(first)}]);
  await runStep('second', process.execPath, ['-e', 'console.log("second step ran")']);
} catch (e) {
  console.log('caught ' + e.constructor.name);
}
await runStep('next', process.execPath, ['-e', 'console.log("next group ran")']).catch((e) =>
  console.log('next refused: ' + e.constructor.name),
);
`;

/** Runs `code` as an ES module; `onOut` sees its output as it comes. Resolves with its exit code and output. */
function run(code: string, onOut: (out: string, pid: number) => void = () => {}) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const add = (d: Buffer) => {
    out += d.toString();
    onOut(out, child.pid!);
  };
  child.stdout.on('data', add);
  child.stderr.on('data', add);
  return new Promise<{ code: number | null; out: string; ms: number }>((done) => {
    const t0 = Date.now();
    child.once('close', (code) => done({ code, out, ms: Date.now() - t0 }));
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the bench stops at once', () => {
  it('one SIGINT to the bench stops the running step and starts no other', async () => {
    let stepPid = 0;
    let sent = false;
    const r = await run(script('console.log("step pid " + process.pid); setTimeout(() => {}, 60000)'), (out, pid) => {
      const m = /step pid (\d+)/.exec(out);
      if (m && !sent) {
        sent = true;
        stepPid = Number(m[1]);
        process.kill(pid, 'SIGINT');
      }
    });
    expect(r.code).toBe(130);
    expect(r.out).not.toContain('second step ran');
    expect(r.out).not.toContain('next group ran');
    expect(r.ms).toBeLessThan(20_000);
    expect(stepPid).toBeGreaterThan(0);
    expect(alive(stepPid)).toBe(false);
  }, 30_000);

  it('a step ended by Ctrl-C (exit 130) stops the bench instead of moving to the next step', async () => {
    const r = await run(script('setTimeout(() => process.exit(130), 100)'));
    expect(r.code).toBe(130);
    expect(r.out).not.toContain('second step ran');
    expect(r.out).not.toContain('next group ran');
  }, 30_000);

  it('a step that fails otherwise is an error the bench records and goes on from', async () => {
    const r = await run(script('process.exit(3)'));
    expect(r.code).toBe(0);
    expect(r.out).toContain('caught Error');
    expect(r.out).toContain('next group ran');
  }, 30_000);
});
