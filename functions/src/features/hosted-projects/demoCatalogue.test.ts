import { describe, expect, it } from 'vitest';
import { millisecondsInHour } from 'date-fns/constants';
import {
  analyzeHostedProject,
  DAY_MS,
  HOSTED_LANGUAGES,
  hostedProjectsReply,
  hostedUsernameSchema,
} from '@studio/domain';
import { demoProjects, findDemoProject } from './demoCatalogue.js';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const RATE = 7500; // $75/h in cents

describe('demoProjects', () => {
  it('is deterministic for a username and now, ignoring case and surrounding space', () => {
    expect(demoProjects('jane_doe', NOW)).toEqual(demoProjects('jane_doe', NOW));
    expect(demoProjects('  Jane_Doe ', NOW)).toEqual(demoProjects('jane_doe', NOW));
  });

  it('differs between usernames', () => {
    const a = demoProjects('alice', NOW).map((p) => p.id);
    const b = demoProjects('bob', NOW).map((p) => p.id.replace('bob', 'alice'));
    expect(a).not.toEqual(b);
  });

  const usernames = [
    'alice',
    'bob',
    'x',
    'jane_doe',
    'A-1',
    'studio',
    'demo',
    'z'.repeat(40),
    ...Array.from({ length: 40 }, (_, i) => `user${i}`),
  ];

  it.each(usernames)('%s: 6–8 projects covering every language, some Live and some not', (username) => {
    const projects = demoProjects(username, NOW);
    expect(projects.length).toBeGreaterThanOrEqual(6);
    expect(projects.length).toBeLessThanOrEqual(8);
    expect(new Set(projects.map((p) => p.lang))).toEqual(new Set(HOSTED_LANGUAGES));
    expect(projects.filter((p) => p.deployment).length).toBeGreaterThanOrEqual(2);
    expect(projects.filter((p) => !p.deployment).length).toBeGreaterThanOrEqual(2);
    expect(new Set(projects.map((p) => p.slug)).size).toBe(projects.length);
  });

  it('builds ids, urls and deployments from the username and slug', () => {
    const user = 'Jane_Doe';
    for (const p of demoProjects(user, NOW)) {
      expect(p.slug).toMatch(/^[a-z0-9-]+$/);
      expect(p.id).toBe(`demo:jane_doe:${p.slug}`);
      expect(p.url).toBe(`https://replit.com/@jane_doe/${p.slug}`);
      if (p.deployment) expect(p.deployment).toEqual({ status: 'live', url: `https://${p.slug}-jane-doe.replit.app` });
      expect(p.title.length).toBeGreaterThan(0);
      expect(p.files.length).toBeGreaterThan(5);
    }
  });

  it('derives timeUpdated from now: newest first, 1 h to 60 days old', () => {
    for (const username of usernames) {
      const times = demoProjects(username, NOW).map((p) => Date.parse(p.timeUpdated));
      for (const t of times) {
        expect(NOW.getTime() - t).toBeGreaterThanOrEqual(millisecondsInHour);
        expect(NOW.getTime() - t).toBeLessThanOrEqual(60 * DAY_MS);
      }
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    }
    const later = new Date(NOW.getTime() + DAY_MS);
    const shifted = demoProjects('alice', later).map((p) => Date.parse(p.timeUpdated) - DAY_MS);
    expect(shifted).toEqual(demoProjects('alice', NOW).map((p) => Date.parse(p.timeUpdated)));
    expect(demoProjects('alice', NOW)[0]!.timeUpdated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('gives analyzable projects of varied complexity', () => {
    const complexities = new Set<string>();
    for (const username of usernames) {
      for (const p of demoProjects(username, NOW)) complexities.add(analyzeHostedProject(p, RATE).analysis.complexity);
    }
    expect(complexities).toEqual(new Set(['Low', 'Medium', 'High']));
  });

  it('returns copies: changing one result does not change the next', () => {
    const first = demoProjects('alice', NOW);
    first[0]!.files.push('hack.js');
    expect(demoProjects('alice', NOW)[0]!.files).not.toContain('hack.js');
  });

  it.each(['', '   ', 'a b', 'a.b', 'ümlaut', 'x'.repeat(41), '@alice', 'a:b'])('rejects username %j', (username) =>
    expect(() => demoProjects(username, NOW)).toThrow(RangeError),
  );

  it('rejects an invalid now', () => expect(() => demoProjects('alice', new Date(Number.NaN))).toThrow(RangeError));
});

describe('findDemoProject', () => {
  it('finds every demo project by id', () => {
    for (const p of demoProjects('Jane_Doe', NOW)) expect(findDemoProject(p.id, NOW)).toEqual(p);
  });

  it.each([
    '',
    'demo:alice',
    'demo:alice:no-such-project',
    'demo:Alice:bakery-menu',
    'other:alice:bakery-menu',
    'demo:a b:x',
  ])('returns null for %j', (id) => expect(findDemoProject(id, NOW)).toBeNull());
});

describe('the demo catalogue against the domain rules', () => {
  it('accepts exactly the usernames hostedUsernameSchema accepts', () => {
    for (const username of ['a', ' Jane_Doe ', 'a b', '', 'x'.repeat(41), 'a.b']) {
      const ok = hostedUsernameSchema.safeParse({ username }).success;
      if (ok) expect(() => demoProjects(username, NOW)).not.toThrow();
      else expect(() => demoProjects(username, NOW)).toThrow(RangeError);
    }
  });

  it('its projects read as the GET /api/replit/projects reply', () => {
    const projects = demoProjects('studio-demo', new Date('2026-01-01T00:00:00Z'));
    expect(hostedProjectsReply.parse({ success: true, projects }).projects).toEqual(projects);
  });
});
