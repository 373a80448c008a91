/**
 * Firestore stops mid-run, then comes back.
 *
 * The /api app runs in its own process (scripts/api-server.ts) and reaches the
 * Firestore emulator through a TCP proxy owned by this test, which can refuse
 * connections (Firestore down), swallow them (a network black hole) or
 * forward them again. While Firestore is away every answer must be a prompt
 * 503 with Retry-After (never a 500, never a hang), and once it returns the
 * same process must answer normally again. Contact posts (a transaction: the
 * rate-limit hit, contact, lead, activity, two outbox emails) and status moves
 * (a transaction: lead + activity) must leave nothing half-written, whatever
 * the answer was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect, type Server, type Socket, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { api, adminIdToken, db, type ApiResponse } from '../helpers.js';
import { storeLead } from '../fixtures.js';

const ROOT = join(import.meta.dirname, '..', '..');
const FIRESTORE_TIMEOUT_MS = 1_500;
const API_DEADLINE_MS = 4_000;
const RUN = `outage-${Date.now()}`;

/** A TCP proxy to the Firestore emulator with three modes. */
function firestoreProxy(target: { host: string; port: number }) {
  let mode: 'forward' | 'blackhole' = 'forward';
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const dropAll = () => sockets.forEach((s) => s.destroy());
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        track(client);
        if (mode === 'blackhole') return; // accepted, never answered
        const upstream = connect(target.port, target.host);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  const close = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  return {
    get port() {
      return port;
    },
    start: open,
    /** Firestore down: existing connections reset, new ones refused. */
    async refuse() {
      const closed = close();
      dropAll();
      await closed;
      server = null;
    },
    /** A network black hole: connections accepted and never answered. */
    async blackhole() {
      mode = 'blackhole';
      dropAll();
      if (!server) await open();
    },
    async restore() {
      mode = 'forward';
      dropAll();
      if (!server) await open();
    },
    async stop() {
      dropAll();
      await close();
    },
  };
}

/** Starts scripts/api-server.ts against the proxy; resolves with its base URL. */
function startApi(firestoreHost: string): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/api-server.ts'], {
      cwd: ROOT,
      // LEAD_COUNT_TTL_MS=1: every count call reaches Firestore.
      env: {
        ...process.env,
        FIRESTORE_EMULATOR_HOST: firestoreHost,
        FIRESTORE_TIMEOUT_MS: String(FIRESTORE_TIMEOUT_MS),
        API_DEADLINE_MS: String(API_DEADLINE_MS),
        LEAD_COUNT_TTL_MS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
      if (line) resolve({ url: `http://127.0.0.1:${JSON.parse(line.slice(13)).port}`, child });
    });
    child.stderr!.resume();
    child.once('exit', (code) => reject(new Error(`api-server exited (${code}) before listening`)));
  });
}

let proxy: ReturnType<typeof firestoreProxy>;
let server: { url: string; child: ChildProcess };
let token: string;
let n = 0;
/** The lead moved before, during and after the outage. */
let moverId = '';

/** Calls the outage-test API process (not Hosting), timing the answer. */
async function call(
  method: string,
  path: string,
  opts: { body?: unknown; token?: string } = {},
): Promise<ApiResponse & { ms: number }> {
  const t0 = Date.now();
  const r = await api(method, path, { ...opts, baseUrl: server.url });
  return { ...r, ms: Date.now() - t0 };
}

/** Contact posts answered 201: each must have stored exactly one lead, and a 503 none. */
let created = 0;
const contact = async () => {
  const r = await call('POST', '/api/contact', {
    body: {
      name: 'Outage Test',
      email: `${RUN}-${++n}@example.com`,
      subject: 'During an outage',
      message: 'Is anybody there?',
    },
  });
  if (r.status === 201) created++;
  return r;
};

/** Asserts the reply is the prompt 503 of §8-style wording with Retry-After. */
function expectUnavailable(r: ApiResponse & { ms: number }) {
  expect(r.status, JSON.stringify(r.json)).toBe(503);
  expect(r.headers.get('retry-after'), JSON.stringify(r.json)).toBe('5');
  expect(r.json).toEqual({ error: 'Service temporarily unavailable. Please try again shortly.' });
  expect(r.ms).toBeLessThan(API_DEADLINE_MS + 3_000);
}

/** Asserts /api/health's answer: 200 reachable, or 503 unreachable with Retry-After. */
function expectHealth(r: ApiResponse, status: 200 | 503) {
  expect(r.status, JSON.stringify(r.json)).toBe(status);
  if (status === 200) expect(r.json).toEqual({ ok: true });
  else {
    expect(r.json).toEqual({ ok: false });
    expect(r.headers.get('retry-after')).toBe('5');
  }
}

/**
 * Polls `request` until it answers `ok` again (the same process, no restart);
 * meanwhile every answer must be the 503. Resolves to the time it took (ms).
 */
async function recoveredOn(request: () => Promise<ApiResponse>, ok: number): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    const r = await request();
    if (r.status === ok) return Date.now() - t0;
    expect(r.status).toBe(503);
    if (Date.now() - t0 > 30_000) throw new Error('the API did not recover within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Polls until a contact post succeeds again. */
const recovered = () => recoveredOn(contact, 201);

beforeAll(async () => {
  const [host = '127.0.0.1', port = '8080'] = (process.env.FIRESTORE_EMULATOR_HOST ?? '').split(':');
  proxy = firestoreProxy({ host, port: Number(port) });
  await proxy.start();
  server = await startApi(`127.0.0.1:${proxy.port}`);
  token = await adminIdToken();
}, 60_000);

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await proxy?.stop();
});

describe('Firestore outage', () => {
  it('answers 503 while Firestore refuses connections, and recovers when it returns', { timeout: 90_000 }, async () => {
    expect((await contact()).status).toBe(201);
    const leadId = (moverId = await storeLead(db, { name: `${RUN} mover`, status: 'New' }));
    expect((await call('PUT', `/api/leads/${leadId}`, { token, body: { status: 'Contacted' } })).status).toBe(200);

    // Mid-run: requests are already in flight when Firestore goes away.
    const inFlight = Array.from({ length: 4 }, () => contact());
    await proxy.refuse();
    const during = await Promise.all([...inFlight, contact(), contact()]);
    for (const r of during) expect([201, 503]).toContain(r.status);
    for (const r of during.slice(4)) expectUnavailable(r);
    expectUnavailable(await call('GET', '/api/leads/count'));
    expectUnavailable(await call('PUT', `/api/leads/${leadId}`, { token, body: { status: 'Quoted' } }));
    expectHealth(await call('GET', '/api/health'), 503);

    await proxy.restore();
    await recovered();
    await recoveredOn(() => call('GET', '/api/health'), 200);
    // The count is a streamed query on its own connection: it may take a moment longer than the write.
    await recoveredOn(() => call('GET', '/api/leads/count'), 200);
    // The move refused during the outage did not happen; the next one does.
    expect((await db.doc(`leads/${leadId}`).get()).get('status')).toBe('Contacted');
    expect((await call('PUT', `/api/leads/${leadId}`, { token, body: { status: 'Quoted' } })).status).toBe(200);
  });

  it(
    'answers 503 within the deadline when Firestore hangs (black hole), and recovers',
    { timeout: 90_000 },
    async () => {
      await proxy.blackhole();
      const during = await Promise.all([contact(), contact(), call('GET', '/api/leads/count')]);
      for (const r of during) expectUnavailable(r);
      expectHealth(await call('GET', '/api/health'), 503);
      await proxy.restore();
      await recovered();
      await recoveredOn(() => call('GET', '/api/health'), 200);
    },
  );

  it('left no contact post or status move half-written', { timeout: 30_000 }, async () => {
    // Let any Firestore call still running in the API process end (each ends within its budget).
    await new Promise((ok) => setTimeout(ok, FIRESTORE_TIMEOUT_MS * 2));
    const leads = (await db.collection('leads').where('source', '==', 'contact').get()).docs.filter((d) =>
      String(d.get('email')).startsWith(RUN),
    );
    expect(leads.length).toBeGreaterThanOrEqual(3); // before, and after each recovery
    // A 503 means nothing was written: the stored leads are exactly the 201 answers.
    expect(leads.length).toBe(created);
    for (const lead of leads) {
      const [contactDoc, activity, outbox] = await Promise.all([
        db.doc(`contacts/${lead.get('contactId')}`).get(),
        db.collection('lead_activity').where('leadId', '==', lead.id).get(),
        db.collection('outbox').where('leadId', '==', lead.id).get(),
      ]);
      expect(contactDoc.exists, `contact of ${lead.id}`).toBe(true);
      expect(activity.size, `activity of ${lead.id}`).toBe(1);
      expect(outbox.size, `outbox of ${lead.id}`).toBe(2);
    }
    const contacts = (await db.collection('contacts').get()).docs.filter((d) => String(d.get('email')).startsWith(RUN));
    expect(contacts.length).toBe(leads.length);

    // Status moves only: other activity (e.g. a payment request the trigger issues) may follow the lead.
    const moves = (
      await db.collection('lead_activity').where('leadId', '==', moverId).where('type', '==', 'status_changed').get()
    ).docs.map((d) => d.get('to'));
    expect(moves.sort()).toEqual(['Contacted', 'Quoted']);
    expect((await db.doc(`leads/${moverId}`).get()).get('status')).toBe('Quoted');
  });
});
