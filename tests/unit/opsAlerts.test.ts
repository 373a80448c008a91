/**
 * `npm run ops:alerts`, offline: the metrics and policies it would create
 * come from the alert catalogue (functions/src/platform/log.ts) and the
 * scheduled jobs (functions/src/features/schedules.ts); `--dry-run` prints
 * every policy with why it is set so, and the exact gcloud commands, without
 * running any; `--help` answers.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ALERT_EVENT_NAMES, ALERT_EVENTS, EVENTS } from '../../functions/src/platform/log.js';
import { SCHEDULED_JOB_NAMES, SCHEDULED_JOBS } from '../../functions/src/features/schedules.js';
import {
  alertMetrics,
  alertPolicy,
  alertSteps,
  API_5XX_THRESHOLD,
  heartbeatCondition,
  MAX_ALIGNMENT_SEC,
  schedulePeriodMinutes,
  shellLine,
  type LogMetric,
} from '../../scripts/ops-alerts.js';

const ROOT = join(import.meta.dirname, '..', '..');
const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
/** A PATH whose `gcloud` only records that it ran (in `<dir>/called`), so a dry run that calls it fails. */
const fakeGcloud = mkdtempSync(join(tmpdir(), 'studio-gcloud-'));
writeFileSync(join(fakeGcloud, 'gcloud'), `#!/bin/sh\necho "$@" >> "${fakeGcloud}/called"\n`);
chmodSync(join(fakeGcloud, 'gcloud'), 0o755);
const opsAlerts = (...args: string[]) =>
  spawnSync(tsx, ['scripts/ops-alerts.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${fakeGcloud}:${dirname(process.execPath)}` },
  });
const lines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');

/** The silent failures and the noise the alerts answer, each with the metric(s) that must watch it. */
const SYMPTOMS: Record<string, string[]> = {
  'App Check refusals (a reCAPTCHA key without the served host turns every enquiry away)': [
    `studio/${EVENTS.appCheckRefused}`,
  ],
  'a scheduled job that crashes or never runs': SCHEDULED_JOB_NAMES.map((j) => `studio/${EVENTS.jobHeartbeat}.${j}`),
  'unsent emails piling up': [`studio/${EVENTS.emailBacklog}`],
  'a SendGrid batch that fails to parse': [`studio/${EVENTS.emailEventsUnreadable}`],
  'Stripe events that match nothing': [`studio/${EVENTS.webhookUnmatchedEvent}`],
  'email.suppressed paging when a visitor writes twice in an hour': [`studio/${EVENTS.emailRecipientLimited}`],
  'one stray request to the webhook paging': [`studio/${EVENTS.webhookSignatureFailed}`],
};

const metrics = alertMetrics('studio-real-123');
const byName = new Map(metrics.map((m) => [m.name, m]));
const threshold = (m: LogMetric) => (m.condition.kind === 'threshold' ? m.condition : null);

describe('ops:alerts', () => {
  afterAll(() => rmSync(fakeGcloud, { recursive: true, force: true }));

  it('every catalogued ERROR event has a policy that pages on its first occurrence', () => {
    const errors = ALERT_EVENT_NAMES.filter((e) => ALERT_EVENTS[e].severity === 'ERROR');
    expect(errors.length).toBeGreaterThan(10);
    for (const event of errors) {
      const m = byName.get(`studio/${event}`);
      expect(m, event).toBeDefined();
      expect(m!.filter).toBe(`severity>=ERROR AND jsonPayload.event="${event}"`);
      expect(threshold(m!), event).toEqual({ kind: 'threshold', above: 0, windowSec: 300 });
    }
  });

  it('every catalogued event has a policy and a reason; WARNING events page by volume, the heartbeat by absence', () => {
    for (const event of ALERT_EVENT_NAMES) {
      const e = ALERT_EVENTS[event];
      const own = metrics.filter((m) => m.event === event);
      expect(own.length, event).toBeGreaterThan(0);
      expect(e.reason.length, event).toBeGreaterThan(20);
      for (const m of own) expect(m.filter).toContain(`severity>=${e.severity} AND jsonPayload.event="${event}"`);
      if (e.severity === 'WARNING') {
        expect(e.alert.kind, event).toBe('volume');
        expect(threshold(own[0]!)!.above, event).toBeGreaterThan(0);
      }
      if (e.alert.kind === 'absence') expect(e.severity).toBe('INFO');
    }
    // Only the heartbeat is INFO: nothing else logged at INFO pages.
    expect(ALERT_EVENT_NAMES.filter((e) => ALERT_EVENTS[e].severity === 'INFO')).toEqual([EVENTS.jobHeartbeat]);
    const api = metrics.at(-1)!;
    expect(api.filter).toContain('httpRequest.status>=500');
    expect(api.filter).toContain('logName="projects/studio-real-123/logs/run.googleapis.com%2Frequests"');
    expect(threshold(api)!.above).toBe(API_5XX_THRESHOLD);
    expect(new Set(metrics.map((m) => m.name)).size).toBe(metrics.length);
  });

  it.each(Object.entries(SYMPTOMS))('%s has its policy', (_symptom, names) => {
    for (const name of names) expect(byName.get(name), name).toBeDefined();
  });

  it('one heartbeat absence policy per scheduled job, over one missed run of its schedule', () => {
    const beats = metrics.filter((m) => m.event === EVENTS.jobHeartbeat);
    expect(beats.map((m) => m.name)).toEqual(SCHEDULED_JOB_NAMES.map((j) => `studio/job.heartbeat.${j}`));
    for (const job of SCHEDULED_JOB_NAMES) {
      const m = byName.get(`studio/job.heartbeat.${job}`)!;
      expect(m.filter).toBe(`severity>=INFO AND jsonPayload.event="job.heartbeat" AND jsonPayload.job="${job}"`);
      const c = m.condition;
      if (c.kind !== 'absence') throw new Error(`${job}: not an absence condition`);
      const period = schedulePeriodMinutes(SCHEDULED_JOBS[job].schedule) * 60;
      // Never before a run is late; within a day and a bit of the first missed one.
      expect(c.windowSec + c.durationSec, job).toBeGreaterThan(period);
      expect(c.windowSec + c.durationSec, job).toBeLessThanOrEqual(2 * period + 3600);
      expect(c.windowSec).toBeLessThanOrEqual(MAX_ALIGNMENT_SEC);
      expect(c.durationSec).toBeLessThanOrEqual(23.5 * 3600);
      const policy = alertPolicy(m, []);
      expect(policy.conditions[0]).toHaveProperty('conditionAbsent.duration', `${c.durationSec}s`);
      expect(policy.documentation.content).toContain(ALERT_EVENTS[EVENTS.jobHeartbeat].reason);
    }
    expect(heartbeatCondition(5)).toEqual({ kind: 'absence', windowSec: 600, durationSec: 300 });
    expect(heartbeatCondition(60)).toEqual({ kind: 'absence', windowSec: 7200, durationSec: 3600 });
    // The daily booksCheck: 25 hours (the most an alert policy aligns over), then one more hour.
    expect(heartbeatCondition(24 * 60)).toEqual({ kind: 'absence', windowSec: 90_000, durationSec: 3600 });
    expect(() => schedulePeriodMinutes('0 4 * * *')).toThrow(/no heartbeat window/);
    expect(schedulePeriodMinutes('every 2 hours')).toBe(120);
  });

  it('creates every metric before the policies, each policy on its own metric and channels', () => {
    const steps = alertSteps('studio-real-123', ['projects/studio-real-123/notificationChannels/7'], '/tmp/x');
    const kinds = steps.map((s) => s.kind);
    expect(kinds.lastIndexOf('metric')).toBeLessThan(kinds.indexOf('policy'));
    const policies = steps.filter((s) => s.kind === 'policy');
    expect(policies).toHaveLength(metrics.length);
    for (const [i, m] of metrics.entries()) {
      const p = policies[i]!.policy!;
      const condition = p.conditions[0]!;
      const c = condition.conditionAbsent ?? condition.conditionThreshold;
      expect(c?.filter).toContain(`logging.googleapis.com/user/${m.name}"`);
      expect(p.notificationChannels).toEqual(['projects/studio-real-123/notificationChannels/7']);
      expect(p.documentation.content).toContain(`Why this alert: ${m.reason}`);
      expect(policies[i]!.create).toContain(`--policy-from-file=${policies[i]!.policyFile}`);
    }
    expect(new Set(policies.map((p) => p.name)).size).toBe(policies.length);
  });

  it('quotes for a POSIX shell', () => {
    expect(shellLine(['logging', '--log-filter=a="b" AND c', "it's"])).toBe(
      `logging '--log-filter=a="b" AND c' 'it'\\''s'`,
    );
  });

  it('--dry-run prints every policy with its reason and the exact commands, and runs no gcloud', () => {
    const r = opsAlerts(
      '--project',
      'studio-real-123',
      '--dry-run',
      '--channel',
      'projects/studio-real-123/notificationChannels/7',
    );
    expect(r.status, r.stderr).toBe(0);
    const out = lines(r.stdout);
    const policies = out.filter((l) => l.startsWith('policy '));
    expect(policies).toHaveLength(metrics.length);
    for (const names of Object.values(SYMPTOMS))
      for (const name of names)
        expect(
          policies.some((l) => l.startsWith(`policy ${name}: `)),
          name,
        ).toBe(true);
    expect(out.filter((l) => l.startsWith('  why: '))).toHaveLength(metrics.length);
    expect(policies).toContain(
      `policy studio/${EVENTS.webhookSignatureFailed}: more than 3 in 1 hour — ${ALERT_EVENTS[EVENTS.webhookSignatureFailed].summary}`,
    );
    const commands = out.filter((l) => l.startsWith('gcloud '));
    expect(commands).toHaveLength(2 * metrics.length);
    expect(commands[0]).toBe(
      `gcloud logging metrics create studio/${ALERT_EVENT_NAMES[0]} --project=studio-real-123 '--description=${ALERT_EVENTS[ALERT_EVENT_NAMES[0]!].summary}' '--log-filter=severity>=ERROR AND jsonPayload.event="${ALERT_EVENT_NAMES[0]}"'`,
    );
    const file = /--policy-from-file=(\S+)/.exec(commands.at(-1)!)![1]!;
    expect(JSON.parse(readFileSync(file, 'utf8')).displayName).toContain('5xx');
    expect(existsSync(join(fakeGcloud, 'called'))).toBe(false);
  }, 60_000);

  it('--dry-run without a project prints the policies for PROJECT; --help answers', () => {
    const dry = opsAlerts('--dry-run');
    expect(dry.status, dry.stderr).toBe(0);
    expect(lines(dry.stdout).filter((l) => l.startsWith('policy '))).toHaveLength(alertMetrics('PROJECT').length);
    expect(dry.stdout).toContain('--project=PROJECT');
    const help = opsAlerts('--help');
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toContain('npm run ops:alerts -- --project PROJECT');
    expect(help.stdout).toContain('--dry-run');
    expect(existsSync(join(fakeGcloud, 'called'))).toBe(false);
  }, 60_000);

  it('stops with one line without a project, on a demo- one, or on an unknown option', () => {
    for (const args of [[], ['--project', 'demo-studio', '--dry-run'], ['--nope']]) {
      const r = opsAlerts(...args);
      expect(r.status, args.join(' ')).toBe(1);
      expect(lines(r.stderr)).toHaveLength(1);
    }
  }, 60_000);
});
