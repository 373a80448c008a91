/**
 * `npm run ops:alerts`, offline: the metrics and policies it would create
 * come from the alert catalogue (functions/src/platform/log.ts), and
 * `--dry-run` prints the exact gcloud commands without running any.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ALERT_EVENT_NAMES, EVENTS } from '../../functions/src/platform/log.js';
import { alertMetrics, alertSteps, API_5XX_THRESHOLD, shellLine } from '../../scripts/ops-alerts.js';

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

describe('ops:alerts', () => {
  afterAll(() => rmSync(fakeGcloud, { recursive: true, force: true }));

  it('has one metric per catalogued event, matched on its name at ERROR, and one on the api 5xx responses', () => {
    const metrics = alertMetrics('studio-real-123');
    expect(metrics).toHaveLength(ALERT_EVENT_NAMES.length + 1);
    for (const event of ALERT_EVENT_NAMES) {
      const m = metrics.find((x) => x.name === `studio/${event}`)!;
      expect(m.filter).toBe(`severity>=ERROR AND jsonPayload.event="${event}"`);
      expect(m.threshold).toBe(0);
    }
    // The ones the runbook names: outbox failed or suppressed, job failures, webhook signatures, the ledger.
    for (const event of ['email.failed', 'email.suppressed', 'job.item_failed', 'webhook.signature_failed'])
      expect(ALERT_EVENT_NAMES).toContain(event);
    expect(ALERT_EVENT_NAMES).toContain('ledger.mismatch');
    const api = metrics.at(-1)!;
    expect(api.filter).toContain('httpRequest.status>=500');
    expect(api.filter).toContain('logName="projects/studio-real-123/logs/run.googleapis.com%2Frequests"');
    expect(api.threshold).toBe(API_5XX_THRESHOLD);
  });

  it('its event filters and the catalogue agree: each filter names one catalogued event, each event has one filter', () => {
    const named = alertMetrics('studio-real-123').flatMap((m) => {
      const events = [...m.filter.matchAll(/jsonPayload\.event="([^"]+)"/g)].map((x) => x[1]);
      expect(events.length, m.name).toBeLessThanOrEqual(1);
      return events;
    });
    expect([...named].sort()).toEqual([...ALERT_EVENT_NAMES].sort());
    expect(new Set(named).size).toBe(named.length);
    expect(ALERT_EVENT_NAMES).toEqual(Object.values(EVENTS));
  });

  it('creates every metric before the policies, each policy on its own metric and channels', () => {
    const steps = alertSteps('studio-real-123', ['projects/studio-real-123/notificationChannels/7'], '/tmp/x');
    const kinds = steps.map((s) => s.kind);
    expect(kinds.lastIndexOf('metric')).toBeLessThan(kinds.indexOf('policy'));
    const policies = steps.filter((s) => s.kind === 'policy');
    expect(policies).toHaveLength(ALERT_EVENT_NAMES.length + 1);
    for (const [i, m] of alertMetrics('studio-real-123').entries()) {
      const p = policies[i]!.policy!;
      expect(p.conditions[0]!.conditionThreshold.filter).toContain(`logging.googleapis.com/user/${m.name}"`);
      expect(p.notificationChannels).toEqual(['projects/studio-real-123/notificationChannels/7']);
      expect(policies[i]!.create).toContain(`--policy-from-file=${policies[i]!.policyFile}`);
    }
    expect(new Set(policies.map((p) => p.name)).size).toBe(policies.length);
  });

  it('quotes for a POSIX shell', () => {
    expect(shellLine(['logging', '--log-filter=a="b" AND c', "it's"])).toBe(
      `logging '--log-filter=a="b" AND c' 'it'\\''s'`,
    );
  });

  it('--dry-run prints the exact commands and runs no gcloud, writing the policy files it names', () => {
    const r = opsAlerts(
      '--project',
      'studio-real-123',
      '--dry-run',
      '--channel',
      'projects/studio-real-123/notificationChannels/7',
    );
    expect(r.status, r.stderr).toBe(0);
    const commands = lines(r.stdout).filter((l) => l.startsWith('gcloud '));
    expect(commands).toHaveLength(2 * (ALERT_EVENT_NAMES.length + 1));
    expect(commands[0]).toBe(
      `gcloud logging metrics create studio/${ALERT_EVENT_NAMES[0]} --project=studio-real-123 '--description=An email was not sent and will not be retried' '--log-filter=severity>=ERROR AND jsonPayload.event="${ALERT_EVENT_NAMES[0]}"'`,
    );
    const file = /--policy-from-file=(\S+)/.exec(commands.at(-1)!)![1]!;
    expect(JSON.parse(readFileSync(file, 'utf8')).displayName).toContain('5xx');
    expect(existsSync(join(fakeGcloud, 'called'))).toBe(false);
  }, 60_000);

  it('stops with one line without a project or on a demo- one', () => {
    for (const args of [[], ['--project', 'demo-studio']]) {
      const r = opsAlerts(...args, '--dry-run');
      expect(r.status).toBe(1);
      expect(lines(r.stderr)).toHaveLength(1);
    }
  }, 60_000);
});
