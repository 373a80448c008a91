/**
 * npm run ops:backups -- --project ID [--dry-run]
 *
 * Turns on the `(default)` database's backups through the Firestore Admin
 * REST API (v1) and lists them (docs/operations.md "Backups"):
 * - point-in-time recovery (PITR: every version of every document for 7 days),
 *   `PATCH projects/{p}/databases/(default)?updateMask=pointInTimeRecoveryEnablement`;
 * - the backup schedules of BACKUP_SCHEDULES (a daily one kept 7 days, a
 *   weekly one on Sunday kept 14 weeks), `POST .../backupSchedules`, or a
 *   `PATCH` of an existing daily or weekly schedule whose retention or day
 *   differs (Firestore allows one of each per database);
 * - then prints the database's PITR state, its schedules and its backups
 *   (`GET projects/{p}/locations/-/backups`), the ids the restore runbook asks for.
 * Running it again changes nothing that is already as wanted. `--dry-run`
 * reads the same settings and prints each change it would make, writing
 * nothing.
 *
 * Credentials: Application Default Credentials (`gcloud auth
 * application-default login`, as an account allowed to update the database
 * and its schedules: the project's Owner, or "Cloud Datastore Owner",
 * roles/datastore.owner). The API's base URL is FIRESTORE_ADMIN_API
 * (default https://firestore.googleapis.com/v1); a loopback base URL (the
 * tests' fake of the API) is called without credentials.
 */
import { applicationDefault } from 'firebase-admin/app';
import { parseArgsOrExit } from './cliArgs.js';

/** The Firestore Admin API's default base URL. */
export const FIRESTORE_ADMIN_API = 'https://firestore.googleapis.com/v1';

const DAY_S = 86_400;
/** One backup schedule wanted on `(default)`: its recurrence and how long each backup is kept (seconds). */
export interface WantedSchedule {
  recurrence: 'daily' | 'weekly';
  /** The weekly schedule's day (the API's DayOfWeek). */
  day?: 'SUNDAY';
  retentionSeconds: number;
}
/** A daily backup kept 7 days and a weekly one (Sunday) kept 14 weeks, the longest Firestore allows. */
export const BACKUP_SCHEDULES: readonly WantedSchedule[] = [
  { recurrence: 'daily', retentionSeconds: 7 * DAY_S },
  { recurrence: 'weekly', day: 'SUNDAY', retentionSeconds: 14 * 7 * DAY_S },
];
export const PITR_ENABLED = 'POINT_IN_TIME_RECOVERY_ENABLED';

/** A backup schedule as the API returns it. */
interface Schedule {
  name: string;
  retention?: string;
  dailyRecurrence?: object;
  weeklyRecurrence?: { day?: string };
}
interface Database {
  name: string;
  locationId?: string;
  pointInTimeRecoveryEnablement?: string;
  earliestVersionTime?: string;
  versionRetentionPeriod?: string;
}
interface Backup {
  name: string;
  database?: string;
  snapshotTime?: string;
  expireTime?: string;
  state?: string;
}

/** One write the run makes (or, with --dry-run, would make). */
export interface BackupChange {
  method: 'PATCH' | 'POST';
  path: string;
  body: object;
  what: string;
}

/** Thrown with a one-line message naming the call and Google's answer. */
export class BackupsError extends Error {}

const retentionOf = (s: Schedule) => Number.parseInt(s.retention ?? '', 10);
const describeRetention = (seconds: number) =>
  seconds % (7 * DAY_S) === 0 && seconds >= 14 * DAY_S ? `${seconds / (7 * DAY_S)} weeks` : `${seconds / DAY_S} days`;
const describeSchedule = (s: Schedule) =>
  `${s.dailyRecurrence ? 'daily' : `weekly on ${s.weeklyRecurrence?.day ?? '?'}`}, each kept ${describeRetention(retentionOf(s))} (${s.name.split('/').at(-1)})`;

/**
 * The writes that bring `db` and its `schedules` to PITR on and BACKUP_SCHEDULES, in order (none when they
 * already are). Pure: the plan of a run and of a dry run alike.
 */
export function planBackups(dbPath: string, db: Database, schedules: readonly Schedule[]): BackupChange[] {
  const changes: BackupChange[] = [];
  if (db.pointInTimeRecoveryEnablement !== PITR_ENABLED)
    changes.push({
      method: 'PATCH',
      path: `${dbPath}?updateMask=pointInTimeRecoveryEnablement`,
      body: { pointInTimeRecoveryEnablement: PITR_ENABLED },
      what: 'turn on point-in-time recovery (7 days)',
    });
  for (const want of BACKUP_SCHEDULES) {
    const retention = `${want.retentionSeconds}s`;
    const recurrence = want.recurrence === 'daily' ? { dailyRecurrence: {} } : { weeklyRecurrence: { day: want.day } };
    const label = `${want.recurrence === 'daily' ? 'daily' : `weekly (${want.day})`} backups kept ${describeRetention(want.retentionSeconds)}`;
    const have = schedules.find((s) => (want.recurrence === 'daily' ? s.dailyRecurrence : s.weeklyRecurrence));
    if (!have) {
      changes.push({
        method: 'POST',
        path: `${dbPath}/backupSchedules`,
        body: { retention, ...recurrence },
        what: `create the schedule of ${label}`,
      });
      continue;
    }
    const sameDay = want.recurrence === 'daily' || have.weeklyRecurrence?.day === want.day;
    if (retentionOf(have) !== want.retentionSeconds || !sameDay) {
      const mask = sameDay ? 'retention' : 'retention,weeklyRecurrence';
      changes.push({
        method: 'PATCH',
        path: `${have.name}?updateMask=${mask}`,
        body: { retention, ...(sameDay ? {} : recurrence) },
        what: `change ${describeSchedule(have)} to ${label}`,
      });
    }
  }
  return changes;
}

/** What runBackups needs: the project, the API and how to reach it, and where lines go. */
export interface BackupsOptions {
  projectId: string;
  dryRun?: boolean;
  baseUrl?: string;
  /** An OAuth access token for the API, or null to call without one (a loopback fake). */
  token: () => Promise<string | null>;
  log?: (line: string) => void;
}

/**
 * Brings the project's `(default)` database to PITR on and BACKUP_SCHEDULES (or, with `dryRun`, prints the
 * changes only), then lists its PITR state, schedules and backups.
 * @returns the changes made (or that a dry run would make)
 * @throws BackupsError when a call fails (no database, no permission, the API off), naming it
 */
export async function runBackups(opts: BackupsOptions): Promise<BackupChange[]> {
  const { projectId, dryRun = false, baseUrl = FIRESTORE_ADMIN_API, log = console.log } = opts;
  const token = await opts.token();
  const dbPath = `projects/${projectId}/databases/(default)`;
  const call = async <T>(method: string, path: string, body?: object): Promise<T> => {
    const url = `${baseUrl.replace(/\/$/, '')}/${path}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch (e) {
      throw new BackupsError(`${method} ${url}: ${e instanceof Error ? e.message : String(e)}`);
    }
    const text = await res.text();
    if (!res.ok) {
      let message = text.slice(0, 300);
      try {
        message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? message;
      } catch {
        // not JSON: keep the text
      }
      const hint =
        res.status === 404 && method === 'GET' && path === dbPath
          ? ' (no (default) database: create it first, docs/operations.md "First deploy to a new project")'
          : res.status === 403
            ? ' (the account needs the project\'s Owner or the "Cloud Datastore Owner" role)'
            : '';
      throw new BackupsError(`${method} ${path} answered ${res.status}: ${message}${hint}`);
    }
    return (text ? JSON.parse(text) : {}) as T;
  };

  const db = await call<Database>('GET', dbPath);
  const { backupSchedules = [] } = await call<{ backupSchedules?: Schedule[] }>('GET', `${dbPath}/backupSchedules`);
  const changes = planBackups(dbPath, db, backupSchedules);
  if (changes.length === 0)
    log(`ops:backups: ${projectId} already has PITR and the backup schedules; nothing to change.`);
  for (const c of changes) {
    if (dryRun) {
      log(`would ${c.what}: ${c.method} ${c.path} ${JSON.stringify(c.body)}`);
      continue;
    }
    await call(c.method, c.path, c.body);
    log(`✔ ${c.what}`);
  }

  const now = dryRun ? db : await call<Database>('GET', dbPath);
  const schedules = dryRun
    ? backupSchedules
    : ((await call<{ backupSchedules?: Schedule[] }>('GET', `${dbPath}/backupSchedules`)).backupSchedules ?? []);
  const { backups = [] } = await call<{ backups?: Backup[] }>('GET', `projects/${projectId}/locations/-/backups`);
  const ours = backups.filter((b) => !b.database || b.database.endsWith('/databases/(default)'));
  log(`\n${projectId} (default) database${now.locationId ? ` in ${now.locationId}` : ''}:`);
  log(
    `  point-in-time recovery: ${now.pointInTimeRecoveryEnablement === PITR_ENABLED ? `on${now.earliestVersionTime ? `, back to ${now.earliestVersionTime}` : ' (turning on)'}` : 'off'}`,
  );
  log(`  backup schedules: ${schedules.length ? '' : 'none'}`);
  for (const s of schedules) log(`    ${describeSchedule(s)}`);
  log(`  backups: ${ours.length ? '' : 'none yet (the first is taken within a day of its schedule)'}`);
  for (const b of ours)
    log(`    ${b.name}  snapshot ${b.snapshotTime ?? '?'}  expires ${b.expireTime ?? '?'}  ${b.state ?? ''}`.trimEnd());
  return changes;
}

/** True for a base URL on this machine (the tests' fake of the API), which gets no credentials. */
export const isLoopback = (url: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);

const USAGE = `
Usage: npm run ops:backups -- --project ID [--dry-run]

Turns on the (default) database's point-in-time recovery (7 days) and its backup schedules (daily,
kept 7 days; weekly on Sunday, kept 14 weeks) through the Firestore Admin API, then lists them and
the backups taken. Running it again changes nothing already in place. docs/operations.md "Backups".

  --project ID   the Firebase project (never a demo- one), with Application Default Credentials
                 (gcloud auth application-default login)
  --dry-run      read the current settings and print the changes it would make, writing nothing
  -h, --help     this text
`;

async function main() {
  const { values } = parseArgsOrExit('ops:backups', USAGE, {
    options: { project: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
  });
  const fail = (line: string): never => {
    console.error(`ops:backups: ${line}`);
    process.exit(1);
  };
  const projectId = values.project;
  if (!projectId) return fail('name the project with --project ID.');
  if (projectId.startsWith('demo-')) return fail(`${projectId} is a demo project: the emulators have no backups.`);
  const baseUrl = process.env.FIRESTORE_ADMIN_API || FIRESTORE_ADMIN_API;
  const token = isLoopback(baseUrl)
    ? async () => null
    : async () => {
        try {
          return (await applicationDefault().getAccessToken()).access_token;
        } catch (e) {
          throw new BackupsError(
            `no Application Default Credentials (${e instanceof Error ? e.message : String(e)}); run \`gcloud auth application-default login\`.`,
          );
        }
      };
  try {
    await runBackups({ projectId, dryRun: values['dry-run'], baseUrl, token });
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
}

if (process.argv[1] && /ops-backups\.ts$/.test(process.argv[1])) await main();
