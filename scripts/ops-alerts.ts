/**
 * npm run ops:alerts -- --project PROJECT [--channel CHANNEL ...] [--dry-run]
 *
 * Creates the project's alerting in Cloud Monitoring with gcloud: one
 * log-based metric and one alert policy per event of the catalogue in
 * functions/src/platform/log.ts (email failed or suppressed, a job item left
 * for the next run, a webhook signature failure, a payment held for review, a
 * ledger mismatch, missing settings...), and one for the `api` function's 5xx
 * responses (Cloud Run's request log, httpRequest.status>=500).
 *
 * Runs again safely: an existing metric or policy (same name, same display
 * name) is updated rather than duplicated. `--channel` (repeatable) is a
 * notification channel's full name, `projects/PROJECT/notificationChannels/ID`
 * (`gcloud beta monitoring channels list --project PROJECT`); without one the
 * policies open incidents in the console only. `--dry-run` runs nothing and
 * prints the exact commands of a first run (the policy files it names are
 * written, so the commands run as printed). Needs `gcloud auth login`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ALERT_EVENT_NAMES, ALERT_EVENTS } from '../functions/src/platform/log.js';

/** Where the policy files are written: `.cache/alerts/<project>/` (git-ignored). */
const ROOT = join(import.meta.dirname, '..');

/** 5xx answers of `api` in five minutes above which the site is failing rather than hiccuping. */
export const API_5XX_THRESHOLD = 5;

/** A log-based metric: counts the log entries its filter matches. */
export interface LogMetric {
  /** The metric's name; its type in Monitoring is logging.googleapis.com/user/<name>. */
  name: string;
  description: string;
  filter: string;
  /** Entries in five minutes above which its policy alerts (0: the first one). */
  threshold: number;
  /** What the person alerted does. */
  action: string;
}

/** The metrics of `project`: one per catalogued event, then the api's 5xx responses. */
export function alertMetrics(project: string): LogMetric[] {
  return [
    ...ALERT_EVENT_NAMES.map((event) => ({
      name: `studio/${event}`,
      description: ALERT_EVENTS[event].summary,
      filter: `severity>=ERROR AND jsonPayload.event="${event}"`,
      threshold: 0,
      action: ALERT_EVENTS[event].action,
    })),
    {
      name: 'studio/api.5xx',
      description: 'Responses of the api function with a 5xx status',
      filter: `resource.type="cloud_run_revision" AND resource.labels.service_name="api" AND logName="projects/${project}/logs/run.googleapis.com%2Frequests" AND httpRequest.status>=500`,
      threshold: API_5XX_THRESHOLD,
      action:
        'Open the api function\'s logs (severity>=ERROR): a 503 burst is Firestore or a setting ("health: Firestore unreachable", config.missing), a 500 is a bug ("api: unhandled error").',
    },
  ];
}

/** The alert policy (Monitoring API AlertPolicy JSON) on `metric`. */
export function alertPolicy(metric: LogMetric, channels: readonly string[]) {
  const above = metric.threshold === 0 ? 'any' : `more than ${metric.threshold}`;
  return {
    displayName: `Studio: ${metric.description}`,
    documentation: {
      content: `${metric.action}\n\nLogs Explorer: \`${metric.filter}\``,
      mimeType: 'text/markdown',
    },
    combiner: 'OR',
    conditions: [
      {
        displayName: `${above} in 5 minutes (${metric.name})`,
        conditionThreshold: {
          filter: `metric.type="logging.googleapis.com/user/${metric.name}" AND resource.type="cloud_run_revision"`,
          aggregations: [{ alignmentPeriod: '300s', perSeriesAligner: 'ALIGN_SUM', crossSeriesReducer: 'REDUCE_SUM' }],
          comparison: 'COMPARISON_GT',
          thresholdValue: metric.threshold,
          duration: '0s',
          trigger: { count: 1 },
        },
      },
    ],
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

function main() {
  const { values } = parseArgs({
    options: {
      project: { type: 'string' },
      channel: { type: 'string', multiple: true, default: [] },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  const project = values.project;
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
  if (values['dry-run']) {
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
