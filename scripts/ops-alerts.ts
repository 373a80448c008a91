/**
 * npm run ops:alerts -- --project PROJECT [--channel CHANNEL ...] [--dry-run]
 *
 * Creates the project's alerting in Cloud Monitoring with gcloud, from the
 * catalogue in functions/src/platform/log.ts: one log-based metric per event
 * and one alert policy on it, as the event's `alert` says: an ERROR event on
 * its first occurrence, a WARNING event above its volume (a stray request or
 * a visitor writing twice is ordinary), and the scheduled jobs' heartbeat by
 * its absence, one metric and policy per job of features/schedules.ts (the
 * window worked out from the job's schedule); plus one for the `api`
 * function's 5xx responses (Cloud Run's request log, httpRequest.status>=500).
 * Each policy's documentation says what to do and why the alert is set so.
 *
 * Runs again safely: an existing metric or policy (same name, same display
 * name) is updated rather than duplicated. `--channel` (repeatable) is a
 * notification channel's full name, `projects/PROJECT/notificationChannels/ID`
 * (`gcloud beta monitoring channels list --project PROJECT`); without one the
 * policies open incidents in the console only. `--dry-run` runs nothing: it
 * prints each policy (what it watches, when it pages, why) and the exact
 * commands of a first run (the policy files they name are written, so the
 * commands run as printed); without --project it prints them for PROJECT.
 * Needs `gcloud auth login`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ALERT_EVENT_NAMES, ALERT_EVENTS, type AlertEventName } from '../functions/src/platform/log.js';
import { SCHEDULED_JOBS, SCHEDULED_JOB_NAMES } from '../functions/src/features/schedules.js';

/** Where the policy files are written: `.cache/alerts/<project>/` (git-ignored). */
const ROOT = join(import.meta.dirname, '..');

/** 5xx answers of `api` in five minutes above which the site is failing rather than hiccuping. */
export const API_5XX_THRESHOLD = 5;

/** When a metric's policy pages: more than `above` entries in `windowSec`, or none for `windowSec` + `durationSec`. */
export type MetricCondition =
  { kind: 'threshold'; above: number; windowSec: number } | { kind: 'absence'; windowSec: number; durationSec: number };

/** A log-based metric: counts the log entries its filter matches. */
export interface LogMetric {
  /** The metric's name; its type in Monitoring is logging.googleapis.com/user/<name>. */
  name: string;
  /** The catalogued event it counts (null: the api's 5xx responses). */
  event: AlertEventName | null;
  description: string;
  filter: string;
  condition: MetricCondition;
  /** What the person alerted does. */
  action: string;
  /** Why the alert is set as it is. */
  reason: string;
}

/** The longest alignment period Cloud Monitoring accepts in an alert policy (25 hours), in seconds. */
export const MAX_ALIGNMENT_SEC = 90_000;

/**
 * The period of a schedule as onSchedule takes it (features/schedules.ts), in minutes: `every N minutes`,
 * `every N hours` or `every day HH:MM`. @throws on any other form, so a new schedule gets its window decided here.
 */
export function schedulePeriodMinutes(schedule: string): number {
  const every = /^every (\d+) (minutes|hours)$/.exec(schedule);
  if (every) return Number(every[1]) * (every[2] === 'hours' ? 60 : 1);
  if (/^every day \d{2}:\d{2}$/.test(schedule)) return 24 * 60;
  throw new Error(`ops:alerts: no heartbeat window for the schedule "${schedule}"`);
}

/**
 * A job's heartbeat absence condition: heartbeats are counted over twice the job's period (at most 25 hours, the
 * most an alert policy aligns over), and the policy pages when that count has had no point for one more period (at
 * least 5 minutes, at most one hour). So a 5-minute job pages after about 15 minutes without a run, an hourly one
 * after 3 hours, and the daily booksCheck after 26 hours: one missed run, never a late one.
 */
export function heartbeatCondition(periodMinutes: number): MetricCondition & { kind: 'absence' } {
  const period = periodMinutes * 60;
  return {
    kind: 'absence',
    windowSec: Math.min(2 * period, MAX_ALIGNMENT_SEC),
    durationSec: Math.min(Math.max(period, 300), 3600),
  };
}

/** The metrics of `project`: one per catalogued event (the heartbeat: one per scheduled job), then the api's 5xx responses. */
export function alertMetrics(project: string): LogMetric[] {
  const metrics: LogMetric[] = [];
  for (const event of ALERT_EVENT_NAMES) {
    const e = ALERT_EVENTS[event];
    const base = `severity>=${e.severity} AND jsonPayload.event="${event}"`;
    if (e.alert.kind === 'absence') {
      for (const job of SCHEDULED_JOB_NAMES) {
        const schedule = SCHEDULED_JOBS[job].schedule;
        metrics.push({
          name: `studio/${event}.${job}`,
          event,
          description: `${e.summary}: ${job} (${schedule})`,
          filter: `${base} AND jsonPayload.job="${job}"`,
          condition: heartbeatCondition(schedulePeriodMinutes(schedule)),
          action: e.action,
          reason: e.reason,
        });
      }
      continue;
    }
    metrics.push({
      name: `studio/${event}`,
      event,
      description: e.summary,
      filter: base,
      condition:
        e.alert.kind === 'volume'
          ? { kind: 'threshold', above: e.alert.above, windowSec: e.alert.minutes * 60 }
          : { kind: 'threshold', above: 0, windowSec: 300 },
      action: e.action,
      reason: e.reason,
    });
  }
  metrics.push({
    name: 'studio/api.5xx',
    event: null,
    description: 'Responses of the api function with a 5xx status',
    filter: `resource.type="cloud_run_revision" AND resource.labels.service_name="api" AND logName="projects/${project}/logs/run.googleapis.com%2Frequests" AND httpRequest.status>=500`,
    condition: { kind: 'threshold', above: API_5XX_THRESHOLD, windowSec: 300 },
    action:
      'Open the api function\'s logs (severity>=ERROR): a 503 burst is Firestore or a setting ("health: Firestore unreachable", config.missing), a 500 is a bug ("api: unhandled error").',
    reason:
      "A count rather than a ratio, because a quiet site's ratio jumps on one error; 5 in 5 minutes is the site failing, not hiccuping.",
  });
  return metrics;
}

/** "30 minutes", "2 hours", "25 hours". */
const span = (sec: number) =>
  sec % 3600 === 0 ? `${sec / 3600} hour${sec === 3600 ? '' : 's'}` : `${sec / 60} minute${sec === 60 ? '' : 's'}`;

/** When `metric`'s policy pages, in words. */
export function conditionText(metric: LogMetric): string {
  const c = metric.condition;
  if (c.kind === 'absence') return `none in ${span(c.windowSec + c.durationSec)}`;
  return `${c.above === 0 ? 'any' : `more than ${c.above}`} in ${span(c.windowSec)}`;
}

/** The alert policy (Monitoring API AlertPolicy JSON) on `metric`. */
export function alertPolicy(metric: LogMetric, channels: readonly string[]) {
  const c = metric.condition;
  const filter = `metric.type="logging.googleapis.com/user/${metric.name}" AND resource.type="cloud_run_revision"`;
  const aggregations = [
    { alignmentPeriod: `${c.windowSec}s`, perSeriesAligner: 'ALIGN_SUM', crossSeriesReducer: 'REDUCE_SUM' },
  ];
  const condition =
    c.kind === 'absence'
      ? {
          displayName: `${conditionText(metric)} (${metric.name})`,
          conditionAbsent: { filter, aggregations, duration: `${c.durationSec}s`, trigger: { count: 1 } },
        }
      : {
          displayName: `${conditionText(metric)} (${metric.name})`,
          conditionThreshold: {
            filter,
            aggregations,
            comparison: 'COMPARISON_GT',
            thresholdValue: c.above,
            duration: '0s',
            trigger: { count: 1 },
          },
        };
  return {
    displayName: `Studio: ${metric.description}`,
    documentation: {
      content: `${metric.action}\n\nWhy this alert: ${metric.reason}\n\nLogs Explorer: \`${metric.filter}\``,
      mimeType: 'text/markdown',
    },
    combiner: 'OR',
    conditions: [condition],
    // An incident nobody closes closes itself after a week; the next event opens a new one.
    alertStrategy: { autoClose: '604800s' },
    notificationChannels: [...channels],
  };
}

/** One gcloud invocation: its argv after `gcloud`. */
export type GcloudArgs = string[];

/** A metric's or policy's create command and the file a policy is read from. */
export interface AlertStep {
  kind: 'metric' | 'policy';
  /** The metric name or the policy's display name. */
  name: string;
  create: GcloudArgs;
  policyFile?: string;
  policy?: ReturnType<typeof alertPolicy>;
}

/** The steps of a first run on `project`, metrics first (a policy needs its metric), policy files under `dir`. */
export function alertSteps(project: string, channels: readonly string[], dir: string): AlertStep[] {
  const metrics = alertMetrics(project);
  return [
    ...metrics.map((m) => ({
      kind: 'metric' as const,
      name: m.name,
      create: [
        'logging',
        'metrics',
        'create',
        m.name,
        `--project=${project}`,
        `--description=${m.description}`,
        `--log-filter=${m.filter}`,
      ],
    })),
    ...metrics.map((m) => {
      const policyFile = join(dir, `${m.name.replace(/[^a-z0-9.]+/gi, '-')}.json`);
      const policy = alertPolicy(m, channels);
      return {
        kind: 'policy' as const,
        name: policy.displayName,
        create: [
          'alpha',
          'monitoring',
          'policies',
          'create',
          `--policy-from-file=${policyFile}`,
          `--project=${project}`,
        ],
        policyFile,
        policy,
      };
    }),
  ];
}

/** `args` as one line a POSIX shell runs as is. */
export function shellLine(args: readonly string[]): string {
  return args.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** Runs gcloud; returns its exit status and stdout. */
function gcloud(args: GcloudArgs, quiet = false) {
  const r = spawnSync('gcloud', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', quiet ? 'pipe' : 'inherit'] });
  if (r.error) {
    console.error(
      `✖ gcloud could not run (${r.error.message}): install the Google Cloud CLI and run gcloud auth login.`,
    );
    process.exit(1);
  }
  return { status: r.status ?? 1, stdout: r.stdout ?? '' };
}

/** Creates the step, or updates what a previous run created. Exits with one line on a failure. */
function apply(step: AlertStep, project: string) {
  let args = step.create;
  if (step.kind === 'metric') {
    if (gcloud(['logging', 'metrics', 'describe', step.name, `--project=${project}`], true).status === 0)
      args = ['logging', 'metrics', 'update', ...step.create.slice(3)];
  } else {
    const listed = gcloud(
      [
        'alpha',
        'monitoring',
        'policies',
        'list',
        `--project=${project}`,
        `--filter=displayName="${step.name}"`,
        '--format=value(name)',
      ],
      true,
    );
    const existing = listed.status === 0 ? listed.stdout.split('\n').find((l) => l.trim()) : undefined;
    if (existing) args = ['alpha', 'monitoring', 'policies', 'update', existing.trim(), ...step.create.slice(4)];
  }
  console.log(`▶ gcloud ${shellLine(args)}`);
  if (gcloud(args).status !== 0) {
    console.error(`✖ ${step.kind} "${step.name}" failed (gcloud above).`);
    process.exit(1);
  }
}

/** What `--help` prints. */
export const USAGE = `npm run ops:alerts -- --project PROJECT [--channel CHANNEL ...] [--dry-run]

Creates (or updates) in Cloud Monitoring one log-based metric and one alert policy per event of
functions/src/platform/log.ts's catalogue, one heartbeat-absence policy per scheduled job, and one on
the api's 5xx responses, with gcloud (run gcloud auth login first).

  --project PROJECT   the real project (not a demo- one)
  --channel CHANNEL   a notification channel, projects/PROJECT/notificationChannels/ID (repeatable;
                      gcloud beta monitoring channels list --project PROJECT); without one the policies
                      open incidents in the console only
  --dry-run           runs nothing: prints every policy (what it watches, when it pages, why) and the
                      gcloud commands of a first run; without --project, for PROJECT
  --help              this text
`;

/** One line per policy: its metric, when it pages, and why. */
export function policyLines(metrics: readonly LogMetric[]): string[] {
  return metrics.flatMap((m) => [`policy ${m.name}: ${conditionText(m)} — ${m.description}`, `  why: ${m.reason}`]);
}

function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        project: { type: 'string' },
        channel: { type: 'string', multiple: true, default: [] },
        'dry-run': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (e) {
    console.error(`✖ ${(e as Error).message} (npm run ops:alerts -- --help)`);
    process.exit(1);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const dryRun = values['dry-run'];
  const project = values.project ?? (dryRun ? 'PROJECT' : undefined);
  if (!project) {
    console.error('✖ Name the project: npm run ops:alerts -- --project <id> [--channel <name>] [--dry-run].');
    process.exit(1);
  }
  if (project.startsWith('demo-')) {
    console.error(`✖ "${project}" is a demo- project: it exists only on the emulators, with no Cloud Monitoring.`);
    process.exit(1);
  }
  const dir = join(ROOT, '.cache', 'alerts', project);
  mkdirSync(dir, { recursive: true });
  const steps = alertSteps(project, values.channel, dir);
  for (const s of steps) if (s.policyFile) writeFileSync(s.policyFile, `${JSON.stringify(s.policy, null, 2)}\n`);
  if (values.channel.length === 0)
    console.log('Note: no --channel: the policies open incidents in the console but notify nobody.');
  if (dryRun) {
    for (const line of policyLines(alertMetrics(project))) console.log(line);
    for (const s of steps) console.log(`gcloud ${shellLine(s.create)}`);
    console.log(
      `# ${steps.length} commands (policy files in ${dir}); a run on a project that has them updates instead.`,
    );
    return;
  }
  for (const s of steps) apply(s, project);
  console.log(`✔ ${steps.length} metrics and policies on ${project}.`);
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) main();
