/**
 * Functions bundle import time (cold-start proxy, no emulators needed): N fresh
 * `node -e` processes each require functions/lib/index.js once, timed in
 * process with performance.now() around the require, with the emulator client
 * environment set (demo- project, emulator hosts: nothing connects at import).
 * The `api` function builds its Express app on its first request, so each
 * process then also serves one request through the exported `api` on a
 * local HTTP server (GET /api/bench-no-such-route: the 404 builds the app and
 * reads nothing, where /api/health reads Firestore): import + first request,
 * reported in the details.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { EMULATOR_CLIENT_ENV, ROOT } from '../lib/proc.mjs';

export function functionsImport(libPath, runs) {
  if (!existsSync(libPath)) throw new Error(`${libPath} is missing (npm run build -w functions)`);
  const code = [
    "const { performance } = require('node:perf_hooks');",
    'const t0 = performance.now();',
    `const fns = require(${JSON.stringify(libPath)});`,
    'const ms = performance.now() - t0;',
    "const http = require('node:http');",
    'const server = http.createServer((req, res) => fns.api(req, res));',
    "server.listen(0, '127.0.0.1', () => {",
    "  http.get({ host: '127.0.0.1', port: server.address().port, path: '/api/bench-no-such-route' }, (r) => {",
    '    r.resume();',
    "    r.on('end', () => {",
    '      const firstMs = performance.now() - t0;',
    "      process.stdout.write('BENCH_RESULT ' + JSON.stringify({ ms, firstMs, status: r.statusCode }) + '\\n');",
    '      process.exit(0);',
    '    });',
    '  });',
    '});',
  ].join('\n');
  const samples = [];
  const first = [];
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
    const result = JSON.parse(line.slice(13));
    if (result.status !== 404) throw new Error(`GET /api/bench-no-such-route through the bundle's api answered ${result.status} (expected its 404)`);
    samples.push(result.ms);
    first.push(result.firstMs);
  }
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return {
    'fn-import-ms': {
      samples,
      details: `import + first request (a 404 GET through the exported api, which builds the Express app then), median ${med(first).toFixed(0)} ms; whole process (spawn to exit), median ${med(wall).toFixed(0)} ms; Node ${process.version}`,
    },
  };
}
