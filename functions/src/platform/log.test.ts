/**
 * The alert catalogue (platform/log.ts): every event is logged at its
 * catalogued severity, and by the source files the catalogue names, so an
 * alert built from it (npm run ops:alerts) watches an entry the code really
 * writes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const error = vi.fn();
const warn = vi.fn();
const info = vi.fn();
vi.mock('firebase-functions/logger', () => ({ error, warn, info, log: info, debug: info, write: info }));

const { ALERT_EVENTS, ALERT_EVENT_NAMES, EVENTS, logEvent, logHeartbeat } = await import('./log.js');

const REPO = join(import.meta.dirname, '..', '..', '..');
const SRC = join(REPO, 'functions', 'src');

/** Every non-test TypeScript file under functions/src, relative to the repository. */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [relative(REPO, path)] : [];
  });
}

/**
 * The event names a source file passes to logEvent: a constant (`EVENTS.x`) or a literal first argument, possibly
 * on its own line. An unknown constant comes back as `EVENTS.<x>`, which no catalogue entry matches. A call of
 * logHeartbeat logs `job.heartbeat`.
 */
const loggedIn = (file: string) => {
  const text = readFileSync(join(REPO, file), 'utf8');
  return [
    ...[...text.matchAll(/\blogEvent\(\s*(?:'([^']+)'|EVENTS\.(\w+))/g)].map(
      (m) => m[1] ?? EVENTS[m[2] as keyof typeof EVENTS] ?? `EVENTS.${m[2]}`,
    ),
    ...[...text.matchAll(/\blogHeartbeat\(/g)].map(() => EVENTS.jobHeartbeat),
  ];
};

describe('alert events', () => {
  beforeEach(() => vi.clearAllMocks());

  it('logEvent logs at the catalogued severity with the event name in the entry', () => {
    const at = { ERROR: error, WARNING: warn, INFO: info };
    for (const name of ALERT_EVENT_NAMES) {
      logEvent(name, `message of ${name}`, { id: 'x' });
      expect(at[ALERT_EVENTS[name].severity]).toHaveBeenLastCalledWith(`message of ${name}`, { id: 'x', event: name });
    }
    const count = (s: keyof typeof at) => ALERT_EVENT_NAMES.filter((n) => ALERT_EVENTS[n].severity === s).length;
    expect(error).toHaveBeenCalledTimes(count('ERROR'));
    expect(warn).toHaveBeenCalledTimes(count('WARNING'));
    expect(info).toHaveBeenCalledTimes(count('INFO'));
  });

  it("a job's heartbeat is logged at INFO with its name and summary, whatever the summary holds", () => {
    logHeartbeat('booksCheck', { mismatches: 0, job: 'other' });
    expect(info).toHaveBeenLastCalledWith('booksCheck: done', {
      mismatches: 0,
      job: 'booksCheck',
      event: 'job.heartbeat',
    });
    logHeartbeat('sweepOutbox', null);
    expect(info).toHaveBeenLastCalledWith('sweepOutbox: done', { job: 'sweepOutbox', event: 'job.heartbeat' });
  });

  it('a field named "event" cannot hide the catalogued name', () => {
    logEvent('email.failed', 'm', { event: 'something else' });
    expect(error).toHaveBeenLastCalledWith('m', { event: 'email.failed' });
  });

  it.each(ALERT_EVENT_NAMES)('%s is logged through logEvent by each source the catalogue names', (name) => {
    const { sources } = ALERT_EVENTS[name];
    expect(sources.length).toBeGreaterThan(0);
    for (const file of sources) expect(loggedIn(file), file).toContain(name);
  });

  it('every logEvent call names a catalogued event whose sources list its file', () => {
    const files = sourceFiles().filter((f) => !f.endsWith('platform/log.ts'));
    const calls = files.flatMap((file) => loggedIn(file).map((name) => ({ file, name })));
    expect(calls.length).toBeGreaterThanOrEqual(ALERT_EVENT_NAMES.length);
    for (const { file, name } of calls) {
      expect(ALERT_EVENT_NAMES, `${file}: ${name}`).toContain(name);
      expect(ALERT_EVENTS[name as keyof typeof ALERT_EVENTS].sources, `${file}: ${name}`).toContain(file);
    }
  });

  it('the constants are the catalogue: one constant per catalogued event, each name once', () => {
    expect(Object.values(EVENTS).sort()).toEqual(Object.keys(ALERT_EVENTS).sort());
    expect(ALERT_EVENT_NAMES).toEqual(Object.values(EVENTS));
  });

  it('names are stable identifiers: lower case, dotted, unique', () => {
    for (const name of ALERT_EVENT_NAMES) expect(name).toMatch(/^[a-z]+(\.[a-z_]+)+$/);
    expect(new Set(ALERT_EVENT_NAMES).size).toBe(ALERT_EVENT_NAMES.length);
  });
});
