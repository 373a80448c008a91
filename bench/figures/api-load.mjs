/**
 * API under load: the Express app of functions/src/app.ts (createApp) served
 * in its own Node process by scripts/api-server.ts (tsx), straight on the
 * Firestore emulator, no Functions/Hosting emulator in between; autocannon
 * runs in the bench process (so load generation does not share the app's
 * event loop). Per endpoint: `runs` × (`connections` connections × `duration` s).
 *
 * POST /api/contact is rate limited per client (10 per 10 min), in the
 * message's own transaction: on a demo- project the app lets a caller name
 * its own bucket through the tests' header (functions/src/http.ts clientIp),
 * and every request names a new one, so the Firestore-backed limit is read
 * and counted on every request but never refuses.
 * Each request also gives its own email address, as distinct visitors do.
 * Every request queues the confirmation and the owner's alert; the limit of
 * one confirmation per address an hour is the outbox sender's, which does
 * not run here (no Functions emulator), as it runs off the request path.
 *
 * The floor is GET /api/health (the app's middleware and one Firestore read
 * of a missing document) under the same settings. Each endpoint gets a
 * WARMUP_SECONDS warm-up load (not counted) before any run; then the runs
 * take turns: health, count, contact, `runs` times.
 */
import autocannon from 'autocannon';
import { runTsx, benchResult, startTsxServer } from '../lib/proc.mjs';

/** Seconds of load per endpoint before the counted runs. */
const WARMUP_SECONDS = 5;

const CONTACT = {
  name: 'Bench Visitor',
  email: 'visitor@bench.example',
  projectType: 'Web Project',
  subject: 'Load test',
  message: 'Sent by npm run bench (autocannon).',
};

/** One autocannon run (no live progress bar: keeps the bench log readable). */
function run(opts) {
  return new Promise((ok, fail) => {
    autocannon(opts, (err, res) => (err ? fail(err) : ok(res)));
  });
}

let visitors = 0;
/** A new visitor: its own IP and email address. */
function nextVisitor() {
  const n = ++visitors;
  const ip = `2001:db8:${((n >>> 8) & 0xffff).toString(16)}:${((n & 0xff) << 8).toString(16)}::1`;
  return { ip, email: `visitor-${n}@bench.example` };
}

/**
 * @param {{ runs: number, duration: number, connections: number, projectId: string, seedLeads: number, log?: Function }} o
 */
export async function apiLoad({ runs, duration, connections, projectId, seedLeads, log = console.log }) {
  const env = { GCLOUD_PROJECT: projectId, FIREBASE_PROJECT_ID: projectId };
  let seeded = null;
  if (seedLeads > 0)
    seeded = benchResult(
      await runTsx(
        `Seeding ${seedLeads} leads into ${projectId} for GET /api/leads/count`,
        'bench/seed-bench.ts',
        ['--leads', String(seedLeads)],
        env,
      ),
    );
  const server = await startTsxServer('scripts/api-server.ts', env);
  const url = `http://127.0.0.1:${server.info.port}`;
  try {
    const probe = await fetch(`${url}/api/leads/count`);
    if (!probe.ok)
      throw new Error(`GET /api/leads/count answered ${probe.status} before the load (${await probe.text()})`);
    const endpoints = [
      { key: 'health', title: 'GET /api/health', requests: [{ method: 'GET', path: '/api/health' }] },
      { key: 'count', title: 'GET /api/leads/count', requests: [{ method: 'GET', path: '/api/leads/count' }] },
      {
        key: 'contact',
        title: 'POST /api/contact',
        requests: [
          {
            method: 'POST',
            path: '/api/contact',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(CONTACT),
            setupRequest: (req) => {
              const { ip, email } = nextVisitor();
              return {
                ...req,
                headers: { ...req.headers, 'x-studio-test-client': ip },
                body: JSON.stringify({ ...CONTACT, email }),
              };
            },
          },
        ],
      },
    ];
    // Warm-ups first (not counted): a fresh server and emulator answer the first seconds of a new load
    // markedly slower (the first of three 10 s runs of each endpoint was 30-40% slower after a 2 s warm-up).
    for (const ep of endpoints)
      await run({ url, connections, duration: WARMUP_SECONDS, requests: ep.requests, timeout: 10 });
    const results = Object.fromEntries(endpoints.map((ep) => [ep.key, { p99: [], errs: [], notes: [] }]));
    // Interleaved (health, count, contact, then again), so a change in the machine's load weighs on the
    // floor and the figures alike.
    for (let i = 0; i < runs; i++) {
      for (const ep of endpoints) {
        const { p99, errs, notes } = results[ep.key];
        const res = await run({ url, connections, duration, requests: ep.requests, timeout: 10 });
        const codes = Object.entries(res.statusCodeStats ?? {})
          .map(([c, v]) => `${c}×${v.count}`)
          .join(' ');
        p99.push(res.latency.p99);
        errs.push(res.errors + res.non2xx);
        notes.push(
          `run ${i + 1}: ${res.requests.total} requests, ${res.requests.average.toFixed(0)} req/s, p50 ${res.latency.p50} ms, p99 ${res.latency.p99} ms, max ${res.latency.max} ms, errors ${res.errors} (timeouts ${res.timeouts}), non-2xx ${res.non2xx}, codes ${codes || '–'}`,
        );
        log(`  ${ep.title} ${notes[notes.length - 1]}`);
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
    const out = {};
    for (const ep of endpoints) {
      const { p99, errs, notes } = results[ep.key];
      out[`api-${ep.key}-p99`] = { samples: p99, details: notes.join('; ') };
      if (ep.key === 'health') continue; // a floor: its status codes are in its details
      out[`api-${ep.key}-errors`] = { samples: errs, total: errs.reduce((s, e) => s + e, 0) };
    }
    out.meta = { projectId, seeded };
    return out;
  } finally {
    await server.stop();
  }
}
