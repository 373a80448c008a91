/**
 * `npm run deploy` and the production web build, offline (the deploy itself
 * needs a real project): the checks that stop a deploy before anything runs,
 * and a production build whose bundle names no emulator.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deploySteps, deployTarget } from '../../scripts/deploy.mjs';
import {
  productionWebEnvError,
  productionWebEnvProblems,
  REQUIRED_WEB_VARS,
} from '../../web/scripts/production-env.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

const REAL_CONFIG = {
  VITE_FIREBASE_API_KEY: 'AIzaSyTestOnlyKey000000000000000000000',
  VITE_FIREBASE_PROJECT_ID: 'studio-real-123',
  VITE_FIREBASE_AUTH_DOMAIN: 'studio-real-123.firebaseapp.com',
  VITE_FIREBASE_APP_ID: '1:123456789012:web:abcdef0123456789',
};

/** The process environment without any VITE_* variable (the test runner's own must not leak in). */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('VITE_') && k !== 'GCLOUD_PROJECT'),
  );
  return { ...env, ...extra };
}

const lines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');

describe('deploy target', () => {
  it('needs a named project that is not a demo- one', () => {
    expect(deployTarget([])).toEqual({ error: expect.stringContaining('--project <id>') });
    expect(deployTarget(['--project'])).toHaveProperty('error');
    expect(deployTarget(['--project', 'demo-studio'])).toEqual({ error: expect.stringContaining('demo-') });
    expect(deployTarget(['--project', 'studio-real-123'])).toEqual({ project: 'studio-real-123' });
  });

  it('deploys rules and indexes, then functions with --force, then hosting; only the functions step is forced', () => {
    const steps = deploySteps('studio-real-123');
    expect(steps.map((s) => s.args[s.args.indexOf('--only') + 1])).toEqual([
      'firestore:rules,firestore:indexes',
      'functions',
      'hosting',
    ]);
    for (const s of steps) expect(s.args).toEqual(expect.arrayContaining(['--project', 'studio-real-123']));
    expect(steps.map((s) => s.args.includes('--force'))).toEqual([false, true, false]);
    // The functions step may ask for a missing setting on a terminal; the others never prompt.
    expect(steps.map((s) => s.args.includes('--non-interactive'))).toEqual([true, false, true]);
  });
});

describe('production web config check', () => {
  it('accepts a complete config for the deployed project', () => {
    expect(productionWebEnvProblems(REAL_CONFIG, { project: 'studio-real-123' })).toEqual([]);
    expect(productionWebEnvError(REAL_CONFIG)).toBeNull();
  });

  it('names every missing variable on one line', () => {
    const line = productionWebEnvError({ VITE_FIREBASE_PROJECT_ID: 'studio-real-123' })!;
    expect(lines(line)).toHaveLength(1);
    expect(line).toContain('missing VITE_FIREBASE_API_KEY, VITE_FIREBASE_AUTH_DOMAIN, VITE_FIREBASE_APP_ID');
    expect(line).not.toContain('VITE_FIREBASE_PROJECT_ID');
  });

  it('refuses the emulator settings, local hosts and a demo- project, naming variables and never printing the key', () => {
    const emulatorish = {
      ...REAL_CONFIG,
      VITE_USE_EMULATORS: 'true',
      VITE_FIREBASE_PROJECT_ID: 'demo-studio',
      VITE_FIREBASE_AUTH_DOMAIN: 'http://127.0.0.1:9099',
    };
    const line = productionWebEnvError(emulatorish, { project: 'studio-real-123' })!;
    expect(lines(line)).toHaveLength(1);
    expect(line).toContain('VITE_USE_EMULATORS is for emulator builds only');
    expect(line).toContain('VITE_FIREBASE_AUTH_DOMAIN, VITE_FIREBASE_PROJECT_ID name the emulators');
    expect(line).not.toContain(REAL_CONFIG.VITE_FIREBASE_API_KEY);
  });

  it('refuses a config made for another project than the one deployed', () => {
    expect(productionWebEnvProblems(REAL_CONFIG, { project: 'studio-other' })).toEqual([
      'VITE_FIREBASE_PROJECT_ID is "studio-real-123" but the deploy targets "studio-other"',
    ]);
  });
});

describe('npm run deploy and the production build (offline)', () => {
  // A developer's own web/.env.production.local would be a config: the "none" case needs a clean clone.
  it.skipIf(existsSync(join(ROOT, 'web', '.env.production.local')))(
    'with no web config, stops at once with one line naming the missing variables',
    () => {
      const r = spawnSync(process.execPath, ['scripts/deploy.mjs', '--project', 'some-real-id'], {
        cwd: ROOT,
        env: cleanEnv(),
        encoding: 'utf8',
      });
      expect(r.status).toBe(1);
      expect(lines(r.stderr)).toEqual([expect.stringContaining(`missing ${REQUIRED_WEB_VARS.join(', ')}`)]);
      expect(r.stdout).toBe(''); // nothing built, nothing deployed
    },
  );

  it('a production build with a real config names neither 127.0.0.1 nor demo-studio, and ships no source map', () => {
    const work = mkdtempSync(join(tmpdir(), 'studio-prod-build-'));
    const dist = join(work, 'dist');
    const envDir = join(work, 'env'); // no .env files: the config comes from the environment only
    try {
      const build = (extra: Record<string, string>) =>
        spawnSync(
          process.execPath,
          ['web/scripts/build-production.mjs', '--dist', dist, '--env-dir', envDir, '--project', 'studio-real-123'],
          { cwd: ROOT, env: cleanEnv(extra), encoding: 'utf8' },
        );

      const refused = build({ ...REAL_CONFIG, VITE_FIREBASE_PROJECT_ID: 'demo-studio' });
      expect(refused.status).toBe(1);
      expect(lines(refused.stderr)).toEqual([expect.stringContaining('VITE_FIREBASE_PROJECT_ID names the emulators')]);
      expect(existsSync(dist)).toBe(false);

      const ok = build(REAL_CONFIG);
      expect(ok.status, ok.stderr).toBe(0);
      const files = readdirSync(dist, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => join(e.parentPath, e.name));
      expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
      const text = files.filter((f) => /\.(js|html|css)$/.test(f)).map((f) => readFileSync(f, 'utf8'));
      expect(text.some((t) => t.includes('studio-real-123'))).toBe(true); // the config reached the bundle
      expect(text.filter((t) => t.includes('127.0.0.1'))).toEqual([]);
      expect(text.filter((t) => t.includes('demo-studio'))).toEqual([]);
      expect(existsSync(join(dist, 'index.html')) && existsSync(join(dist, 'app.html'))).toBe(true);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 180_000);
});
