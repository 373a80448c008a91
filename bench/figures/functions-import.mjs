/**
 * Functions bundle import time (cold-start proxy, no emulators needed): N fresh
 * `node -e` processes each require functions/lib/index.js once, timed in
 * process with performance.now() around the require, with the emulator client
 * environment set (demo- project, emulator hosts: nothing connects at import).
 * The `api` function builds its Express app on its first request, so each
 * process then also serves one request through the exported `api` on a
 * local HTTP server (GET /api/bench-no-such-route with no token: the 401 of
 * the admin routes' guard, which answers every path no public route takes,
 * builds the app and reads nothing, where /api/health reads Firestore): import + first request,
 * reported in the details.
 *
 * Its floor: the same fresh processes requiring only the SDKs every function
 * loads, `firebase-functions/v2/https` and `firebase-admin` (resolved from the
 * functions workspace), timed the same way. The two kinds of process
 * alternate, after one untimed process of each (disk cache warm).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { EMULATOR_CLIENT_ENV, ROOT } from '../lib/proc.mjs';

/** The SDK floor's script: require the two SDKs (as resolved from functions/), timed in process. */
function floorCode() {
  const req = createRequire(join(ROOT, 'functions', 'package.json'));
  const https = req.resolve('firebase-functions/v2/https');
  const admin = req.resolve('firebase-admin');
  return [
    "const { performance } = require('node:perf_hooks');",
    'const t0 = performance.now();',
    `require(${JSON.stringify(https)});`,
    `require(${JSON.stringify(admin)});`,
    'const ms = performance.now() - t0;',
    "process.stdout.write('BENCH_RESULT ' + JSON.stringify({ ms }) + '\\n');",
  ].join('\n');
}

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
  const floor = floorCode();
  const spawnTimed = (script, what) => {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, ['-e', script], {
      cwd: ROOT,
      env: { ...process.env, ...EMULATOR_CLIENT_ENV, NODE_OPTIONS: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const wallMs = performance.now() - t0;
    const line = (r.stdout ?? '').split('\n').find((l) => l.startsWith('BENCH_RESULT '));
    if (r.status !== 0 || !line)
      throw new Error(
        `require(${what}) failed (exit ${r.status ?? r.signal}): ${(r.stderr ?? '').trim().split('\n').slice(-3).join(' | ')}`,
      );
    return { ...JSON.parse(line.slice(13)), wallMs };
  };
  const samples = [];
  const first = [];
  const wall = [];
  const floorSamples = [];
  spawnTimed(floor, 'the SDK floor'); // warm-up
  spawnTimed(code, libPath);
  for (let i = 0; i < runs; i++) {
    floorSamples.push(spawnTimed(floor, 'the SDK floor').ms);
    const result = spawnTimed(code, libPath);
    if (result.status !== 401)
      throw new Error(
        `GET /api/bench-no-such-route through the bundle's api answered ${result.status} (expected the admin guard's 401)`,
      );
    samples.push(result.ms);
    first.push(result.firstMs);
    wall.push(result.wallMs);
  }
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return {
    'fn-import-ms': {
      samples,
      details: `after one untimed process each, alternating with the SDK floor; import + first request (an anonymous GET of an unknown path through the exported api, answered 401 by the admin guard, which builds the Express app then), median ${med(first).toFixed(0)} ms; whole process (spawn to exit), median ${med(wall).toFixed(0)} ms; Node ${process.version}`,
    },
    'fn-import-floor': { samples: floorSamples },
  };
}
