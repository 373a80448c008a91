/**
 * `npm run ops:backups` against a fake of the Firestore Admin REST API on loopback (FIRESTORE_ADMIN_API):
 * PITR and the daily and weekly schedules turned on from nothing, a second run that changes nothing, an
 * existing schedule corrected in place, a dry run that only reads, and a refusal named in one line.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { BACKUP_SCHEDULES, PITR_ENABLED, runBackups } from '../../scripts/ops-backups.js';

const ROOT = join(import.meta.dirname, '..', '..');
const PROJECT = 'studio-prod';
const DB = `projects/${PROJECT}/databases/(default)`;

interface FakeSchedule {
  name: string;
  retention: string;
  dailyRecurrence?: object;
  weeklyRecurrence?: { day: string };
}

/** The fake's state and every call it answered ("METHOD path"). */
interface Fake {
  pitr: string;
  schedules: FakeSchedule[];
  calls: string[];
  /** When set, every call answers this status with Google's error shape. */
  refuse?: number;
  url: string;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

const body = (req: IncomingMessage) =>
  new Promise<Record<string, unknown>>((resolve) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data ? (JSON.parse(data) as Record<string, unknown>) : {}));
  });

/** Starts the fake on 127.0.0.1 with `state` (PITR off and no schedules unless given). */
async function fakeAdminApi(state: Partial<Fake> = {}): Promise<Fake> {
  const fake: Fake = { pitr: 'POINT_IN_TIME_RECOVERY_DISABLED', schedules: [], calls: [], url: '', ...state };
  let next = fake.schedules.length;
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const path = decodeURIComponent(url.pathname).replace(/^\/v1\//, '');
      fake.calls.push(`${req.method} ${path}${url.search}`);
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (fake.refuse)
        return reply(fake.refuse, { error: { code: fake.refuse, message: 'The caller does not have permission' } });
      if (req.method === 'GET' && path === DB)
        return reply(200, {
          name: DB,
          locationId: 'nam5',
          pointInTimeRecoveryEnablement: fake.pitr,
          ...(fake.pitr === PITR_ENABLED ? { earliestVersionTime: '2026-12-01T00:00:00Z' } : {}),
        });
      if (req.method === 'PATCH' && path === DB) {
        expect(url.searchParams.get('updateMask')).toBe('pointInTimeRecoveryEnablement');
        fake.pitr = String((await body(req)).pointInTimeRecoveryEnablement);
        return reply(200, { name: `${DB}/operations/1` });
      }
      if (req.method === 'GET' && path === `${DB}/backupSchedules`)
        return reply(200, { backupSchedules: fake.schedules });
      if (req.method === 'POST' && path === `${DB}/backupSchedules`) {
        const s = { name: `${DB}/backupSchedules/s${++next}`, ...(await body(req)) } as FakeSchedule;
        fake.schedules.push(s);
        return reply(200, s);
      }
      const schedule = fake.schedules.find((s) => s.name === path);
      if (req.method === 'PATCH' && schedule) {
        const update = await body(req);
        for (const field of (url.searchParams.get('updateMask') ?? '').split(','))
          Object.assign(schedule, { [field]: update[field] });
        return reply(200, schedule);
      }
      if (req.method === 'GET' && path === `projects/${PROJECT}/locations/-/backups`)
        return reply(200, {
          backups: [
            {
              name: `projects/${PROJECT}/locations/nam5/backups/b1`,
              database: DB,
              snapshotTime: '2026-12-06T03:00:00Z',
              expireTime: '2026-12-13T03:00:00Z',
              state: 'READY',
            },
          ],
        });
      reply(404, { error: { code: 404, message: `no ${req.method} ${path}` } });
    })();
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}

const writes = (fake: Fake) => fake.calls.filter((c) => !c.startsWith('GET '));

async function run(fake: Fake, dryRun = false) {
  const lines: string[] = [];
  const changes = await runBackups({
    projectId: PROJECT,
    dryRun,
    baseUrl: fake.url,
    token: async () => 'test-token',
    log: (l) => lines.push(l),
  });
  return { changes, out: lines.join('\n') };
}

describe('ops:backups', () => {
  it('turns on PITR and the daily and weekly schedules, lists them, and a second run changes nothing', async () => {
    const fake = await fakeAdminApi();
    const { out } = await run(fake);
    expect(fake.pitr).toBe(PITR_ENABLED);
    expect(fake.schedules.map(({ name: _, ...s }) => s)).toEqual([
      { retention: '604800s', dailyRecurrence: {} },
      { retention: '8467200s', weeklyRecurrence: { day: 'SUNDAY' } },
    ]);
    expect(BACKUP_SCHEDULES.map((s) => s.retentionSeconds)).toEqual([604_800, 8_467_200]);
    expect(out).toContain('point-in-time recovery: on, back to 2026-12-01T00:00:00Z');
    expect(out).toContain('daily, each kept 7 days');
    expect(out).toContain('weekly on SUNDAY, each kept 14 weeks');
    expect(out).toContain(`projects/${PROJECT}/locations/nam5/backups/b1`);

    fake.calls.length = 0;
    const again = await run(fake);
    expect(again.changes).toEqual([]);
    expect(writes(fake)).toEqual([]);
    expect(again.out).toContain('nothing to change');
  });

  it('corrects an existing weekly schedule in place (Firestore allows one per database)', async () => {
    const weekly = { name: `${DB}/backupSchedules/w`, retention: '2419200s', weeklyRecurrence: { day: 'MONDAY' } };
    const daily = { name: `${DB}/backupSchedules/d`, retention: '604800s', dailyRecurrence: {} };
    const fake = await fakeAdminApi({ pitr: PITR_ENABLED, schedules: [daily, weekly] });
    await run(fake);
    expect(writes(fake)).toEqual([`PATCH ${DB}/backupSchedules/w?updateMask=retention,weeklyRecurrence`]);
    expect(fake.schedules).toEqual([daily, { ...weekly, retention: '8467200s', weeklyRecurrence: { day: 'SUNDAY' } }]);
  });

  it('--dry-run reads and prints each change it would make, writing nothing', async () => {
    const fake = await fakeAdminApi();
    const { changes, out } = await run(fake, true);
    expect(changes.map((c) => c.method)).toEqual(['PATCH', 'POST', 'POST']);
    expect(writes(fake)).toEqual([]);
    expect(out).toContain('would turn on point-in-time recovery');
    expect(out).toContain('would create the schedule of daily backups kept 7 days');
    expect(out).toContain('would create the schedule of weekly (SUNDAY) backups kept 14 weeks');
  });

  it('a refused call fails with the call and Google’s message, and what the account needs', async () => {
    const fake = await fakeAdminApi({ refuse: 403 });
    await expect(run(fake)).rejects.toThrow(
      /GET projects\/studio-prod\/databases\/\(default\) answered 403: The caller does not have permission \(the account needs/,
    );
  });

  it('npm run ops:backups -- --project ID --dry-run runs against the API named by FIRESTORE_ADMIN_API', async () => {
    const fake = await fakeAdminApi();
    const r = await new Promise<{ status: number | null; out: string }>((resolve) => {
      const child = spawn('npm', ['run', '-s', 'ops:backups', '--', '--project', PROJECT, '--dry-run'], {
        cwd: ROOT,
        env: { ...process.env, FIRESTORE_ADMIN_API: fake.url, METADATA_SERVER_DETECTION: 'none' },
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.on('close', (status) => resolve({ status, out }));
    });
    expect(r.status, r.out).toBe(0);
    expect(r.out).toContain('would turn on point-in-time recovery');
    expect(writes(fake)).toEqual([]);
  }, 60_000);
});
