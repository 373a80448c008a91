/**
 * Functions bundle import time (cold-start proxy, no emulators needed): N fresh
 * `node -e` processes each require functions/lib/index.js once, timed in
 * process with performance.now() around the require, with the emulator client
 * environment set (demo- project, emulator hosts: nothing connects at import).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { EMULATOR_CLIENT_ENV, ROOT } from '../lib/proc.mjs';

export function functionsImport(libPath, runs) {
  if (!existsSync(libPath)) throw new Error(`${libPath} is missing (npm run build -w functions)`);
  const code = [
    "const { performance } = require('node:perf_hooks');",
    'const t0 = performance.now();',
    `require(${JSON.stringify(libPath)});`,
    'const ms = performance.now() - t0;',
    "process.stdout.write('BENCH_RESULT ' + JSON.stringify({ ms }) + '\\n');",
    'process.exit(0);',
  ].join('\n');
  const samples = [];
  const wall = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, ['-e', code], {
      cwd: ROOT,
      env: { ...process.env, ...EMULATOR_CLIENT_ENV, NODE_OPTIONS: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    wall.push(performance.now() - t0);
    const line = (r.stdout ?? '').split('\n').find((l) => l.startsWith('BENCH_RESULT '));
    if (r.status !== 0 || !line) throw new Error(`require(${libPath}) failed (exit ${r.status ?? r.signal}): ${(r.stderr ?? '').trim().split('\n').slice(-3).join(' | ')}`);
    samples.push(JSON.parse(line.slice(13)).ms);
  }
  const sortedWall = [...wall].sort((a, b) => a - b);
  return {
    'fn-import-ms': {
      samples,
      details: `whole process (spawn to exit), median ${sortedWall[Math.floor(sortedWall.length / 2)].toFixed(0)} ms; Node ${process.version}`,
    },
  };
}
