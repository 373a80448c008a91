/**
 * `npm run deploy` and the production web build, offline (the deploy itself
 * needs a real project): the checks that stop a deploy before anything runs
 * (a tree with changes, no passing npm test on HEAD, the web config), the
 * functions' lockfile, the preview channel, a dry run on a clean tested
 * clone, and a production build whose bundle names no emulator.
 */
import { describe, expect, it } from 'vitest';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  deploySteps,
  deployTarget,
  previewChannel,
  previewSteps,
  SERVER_KEY_SECRET,
  serverKeyError,
} from '../../scripts/deploy.mjs';
import { functionsLock } from '../../scripts/functions-lock.mjs';
import { correctState, fakeEnvFile, startVendorFakes, type VendorState } from '../vendorFakes.js';
import { releaseGateError, TEST_MARKER } from '../../scripts/release.mjs';
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
  VITE_RECAPTCHA_ENTERPRISE_SITE_KEY: '6LeTestOnlySiteKey000000000000000000000',
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
      'firestore:rules,firestore:indexes,storage',
      'functions',
      'hosting',
    ]);
    for (const s of steps) expect(s.args).toEqual(expect.arrayContaining(['--project', 'studio-real-123']));
    expect(steps.map((s) => s.args.includes('--force'))).toEqual([false, true, false]);
    // The functions step may ask for a missing setting on a terminal; the others never prompt.
    expect(steps.map((s) => s.args.includes('--non-interactive'))).toEqual([true, false, true]);
  });
});

describe('the two keys', () => {
  const browserKey = REAL_CONFIG.VITE_FIREBASE_API_KEY;
  const secrets = (values: Record<string, string>) => (name: string) => values[name] ?? null;

  it('passes a server key secret that is set and is not the browser key', () => {
    const access = secrets({ [SERVER_KEY_SECRET]: 'AIzaSyServerOnlyKey0000000000000000000\n' });
    expect(serverKeyError('studio-real-123', { access, browserKey })).toBeNull();
  });

  it('refuses, in one line naming the secret, a project without the server key', () => {
    for (const access of [secrets({}), secrets({ [SERVER_KEY_SECRET]: '  \n' })]) {
      const line = serverKeyError('studio-real-123', { access, browserKey })!;
      expect(lines(line)).toHaveLength(1);
      expect(line).toContain('SERVER_API_KEY secret is not set on studio-real-123');
      expect(line).toContain('firebase functions:secrets:set SERVER_API_KEY --project studio-real-123');
    }
  });

  it('refuses the browser key set as the server key (its referrer restriction breaks the admin login)', () => {
    const line = serverKeyError('studio-real-123', {
      access: secrets({ [SERVER_KEY_SECRET]: `${browserKey}\n` }),
      browserKey,
    })!;
    expect(lines(line)).toHaveLength(1);
    expect(line).toContain('is the browser key');
    expect(line).not.toContain(browserKey);
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
    expect(line).toContain(
      'missing VITE_FIREBASE_API_KEY, VITE_FIREBASE_AUTH_DOMAIN, VITE_FIREBASE_APP_ID, VITE_RECAPTCHA_ENTERPRISE_SITE_KEY',
    );
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

  it('refuses an App Check debug token, which would let anyone pass App Check from the public bundle', () => {
    expect(productionWebEnvProblems({ ...REAL_CONFIG, VITE_APPCHECK_DEBUG_TOKEN: 'some-uuid' })).toEqual([
      'VITE_APPCHECK_DEBUG_TOKEN is for emulator builds only',
    ]);
  });

  it('refuses a config made for another project than the one deployed', () => {
    expect(productionWebEnvProblems(REAL_CONFIG, { project: 'studio-other' })).toEqual([
      'VITE_FIREBASE_PROJECT_ID is "studio-real-123" but the deploy targets "studio-other"',
    ]);
  });
});

describe('npm run deploy and the production build (offline)', () => {
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

/** Runs git in `cwd`; its trimmed stdout (see gitWith). */
function git(cwd: string, ...args: string[]): string {
  return gitWith({}, cwd, ...args);
}

/**
 * Runs git in `cwd` with `env` added to this process's environment; its
 * trimmed stdout. Throws on failure, saying why: git's own message, or the
 * exit status, signal or spawn error when it printed none.
 */
function gitWith(env: NodeJS.ProcessEnv, cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    const why = r.stderr?.trim() || r.error?.message || (r.signal ? `killed by ${r.signal}` : `exit ${r.status}`);
    throw new Error(`git ${args.join(' ')}: ${why}`);
  }
  return r.stdout.trim();
}

/** Records a passing npm test on `commit` in `dir`, as scripts/test.mjs does. */
function markTested(dir: string, commit: string) {
  mkdirSync(join(dir, '.cache'), { recursive: true });
  writeFileSync(join(dir, TEST_MARKER), JSON.stringify({ commit }));
}

describe('release gate', () => {
  it('passes a clean tree whose HEAD passed npm test, and refuses anything else with one line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-gate-'));
    try {
      expect(releaseGateError(dir)).toContain('Not a git checkout');
      git(dir, 'init', '--quiet');
      writeFileSync(join(dir, '.gitignore'), '.cache/\n');
      writeFileSync(join(dir, 'a.txt'), 'one\n');
      git(dir, 'add', '.');
      git(dir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '--quiet', '-m', 'one');
      const first = git(dir, 'rev-parse', 'HEAD');

      expect(releaseGateError(dir)).toMatch(
        /^✖ npm test has not passed on HEAD [0-9a-f]{12} \(no \.cache\/test-passed\.json\)/,
      );
      markTested(dir, first);
      expect(releaseGateError(dir)).toBeNull();

      writeFileSync(join(dir, 'a.txt'), 'two\n');
      writeFileSync(join(dir, 'new.txt'), 'x\n');
      const dirty = releaseGateError(dir)!;
      expect(lines(dirty)).toHaveLength(1);
      expect(dirty).toContain('uncommitted changes (a.txt, new.txt)');

      git(dir, 'add', '.');
      git(dir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '--quiet', '-m', 'two');
      expect(releaseGateError(dir)).toBe(
        `✖ npm test last passed on ${first.slice(0, 12)}, not on HEAD ${git(dir, 'rev-parse', 'HEAD').slice(0, 12)}: run npm test, then deploy.`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('preview channel', () => {
  it('deploys only hosting to the named channel, which expires', () => {
    expect(previewChannel(['--project', 'p'])).toBeNull();
    expect(previewChannel(['--preview'])).toHaveProperty('error');
    expect(previewChannel(['--preview', 'live'])).toHaveProperty('error');
    expect(previewChannel(['--preview', 'a b'])).toHaveProperty('error');
    expect(previewChannel(['--preview', 'pr-42'])).toEqual({ channel: 'pr-42' });
    expect(previewSteps('studio-real-123', 'pr-42').map((s) => s.args)).toEqual([
      ['hosting:channel:deploy', 'pr-42', '--project', 'studio-real-123', '--expires', '7d', '--non-interactive'],
    ]);
  });
});

/** The parts of a lockfile the tests read. */
interface Lock {
  lockfileVersion: number;
  packages: Record<
    string,
    {
      version?: string;
      dev?: boolean;
      link?: boolean;
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    }
  >;
}

/** The version of `name` that Node resolves from functions/ in this checkout. */
function installedVersion(name: string): string {
  const own = join(ROOT, 'functions', 'node_modules', name, 'package.json');
  const path = existsSync(own) ? own : join(ROOT, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
}

describe("the functions' lockfile", () => {
  const rootLock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  const pkg = JSON.parse(readFileSync(join(ROOT, 'functions', 'package.json'), 'utf8'));

  it('locks every dependency of functions/package.json at the version the workspace installs', () => {
    const lock = functionsLock(rootLock) as Lock;
    expect(lock.lockfileVersion).toBe(3);
    expect(lock.packages['']!.dependencies).toEqual(pkg.dependencies);
    expect(lock.packages['']!.devDependencies).toEqual(pkg.devDependencies);
    for (const name of Object.keys(pkg.dependencies)) {
      expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(installedVersion(name));
      expect(lock.packages[`node_modules/${name}`]?.dev, name).toBeUndefined();
    }
    const paths = Object.keys(lock.packages);
    expect(paths.filter((p) => p.startsWith('functions/') || lock.packages[p]!.link)).toEqual([]);
    // The workspace's own ipaddr.js 2 is at the top; express's proxy-addr keeps its 1.x nested.
    expect(lock.packages['node_modules/ipaddr.js']!.version).toMatch(/^2\./);
    expect(lock.packages['node_modules/proxy-addr/node_modules/ipaddr.js']!.version).toMatch(/^1\./);
    // Build tools are dev-only, so npm ci --omit=dev leaves them out.
    expect(lock.packages['node_modules/esbuild']!.dev).toBe(true);
    expect(paths.length).toBeLessThan(Object.keys(rootLock.packages).length / 2);
  });

  it('refuses a root lock that lacks the workspace or one of its dependencies', () => {
    expect(() => functionsLock({ packages: {} })).toThrow('no "functions" workspace');
    expect(() =>
      functionsLock({ packages: { '': {}, functions: { version: '1.0.0', dependencies: { gone: '^1' } } } }),
    ).toThrow('needs gone');
  });
});

/** The author and committer of the commits these tests make (a clone may have no git identity configured). */
const GIT_IDENTITY = {
  GIT_AUTHOR_NAME: 'deploy test',
  GIT_AUTHOR_EMAIL: 'deploy-test@example.com',
  GIT_COMMITTER_NAME: 'deploy test',
  GIT_COMMITTER_EMAIL: 'deploy-test@example.com',
};

/**
 * A commit of `repo`'s working tree as it is (its tracked files, changes
 * included; HEAD's content when nothing changed), made through a copy of its
 * index. `git stash create` would do the same through the repository's own
 * index, and when any other git command (an editor's, a `git status` in
 * another terminal) holds that index's lock, it exits 1 without a word.
 */
function snapshotCommit(repo: string): string {
  const scratch = mkdtempSync(join(tmpdir(), 'studio-index-'));
  try {
    const index = join(scratch, 'index');
    copyFileSync(resolve(repo, git(repo, 'rev-parse', '--git-path', 'index')), index);
    const env = { ...GIT_IDENTITY, GIT_INDEX_FILE: index };
    gitWith(env, repo, 'add', '--update');
    const tree = gitWith(env, repo, 'write-tree');
    return gitWith(env, repo, 'commit-tree', tree, '-p', 'HEAD', '-m', 'working tree snapshot');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * A clone of this tree, clean and at its current content (snapshotCommit),
 * with this checkout's node_modules linked in: a tree that deploy's gate can
 * pass.
 */
function cleanClone(): { dir: string; head: string } {
  const dir = mkdtempSync(join(tmpdir(), 'studio-release-'));
  const commit = snapshotCommit(ROOT);
  git(tmpdir(), 'clone', '--quiet', '--shared', '--no-checkout', ROOT, dir);
  git(dir, 'checkout', '--quiet', commit);
  for (const nm of ['node_modules', 'web/node_modules', 'functions/node_modules'])
    if (existsSync(join(ROOT, nm))) symlinkSync(join(ROOT, nm), join(dir, nm));
  appendFileSync(join(dir, '.git', 'info', 'exclude'), 'node_modules\n');
  return { dir, head: git(dir, 'rev-parse', 'HEAD') };
}

describe('the clean clone these tests deploy from', () => {
  it("commits the working tree's changes while another git command holds the repository's index lock", () => {
    const repo = mkdtempSync(join(tmpdir(), 'studio-snapshot-'));
    try {
      git(repo, 'init', '--quiet');
      writeFileSync(join(repo, 'a.txt'), 'committed\n');
      git(repo, 'add', 'a.txt');
      gitWith(GIT_IDENTITY, repo, 'commit', '--quiet', '-m', 'first');
      writeFileSync(join(repo, 'a.txt'), 'changed\n');
      writeFileSync(join(repo, '.git', 'index.lock'), ''); // as a running `git status` holds it

      const commit = snapshotCommit(repo);

      expect(git(repo, 'show', `${commit}:a.txt`)).toBe('changed');
      expect(git(repo, 'rev-parse', `${commit}^`)).toBe(git(repo, 'rev-parse', 'HEAD'));
      expect(existsSync(join(repo, '.git', 'index.lock'))).toBe(true); // left to its holder
      expect(git(repo, 'diff', '--cached', '--name-only')).toBe(''); // the repository's own index is untouched
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});

describe('npm run deploy on a clone (offline)', () => {
  const deploy = (dir: string, env: NodeJS.ProcessEnv, ...args: string[]) =>
    spawnSync(process.execPath, ['scripts/deploy.mjs', '--project', 'some-real-id', ...args], {
      cwd: dir,
      env,
      encoding: 'utf8',
    });
  const config = { ...REAL_CONFIG, VITE_FIREBASE_PROJECT_ID: 'some-real-id' };

  it('stops with one line, building nothing, on a tree with changes, without a passing npm test, or without a web config', () => {
    const { dir, head } = cleanClone();
    try {
      let r = deploy(dir, cleanEnv(config), '--dry-run');
      expect(r.status).toBe(1);
      expect(lines(r.stderr)).toEqual([expect.stringContaining('npm test has not passed on HEAD')]);
      expect(r.stdout).toBe('');

      markTested(dir, head);
      writeFileSync(join(dir, 'README.md'), 'changed\n');
      r = deploy(dir, cleanEnv(config), '--dry-run');
      expect(r.status).toBe(1);
      expect(lines(r.stderr)).toEqual([expect.stringContaining('uncommitted changes (README.md)')]);
      expect(r.stdout).toBe('');

      git(dir, 'checkout', '--quiet', 'README.md');
      r = deploy(dir, cleanEnv(), '--dry-run');
      expect(r.status).toBe(1);
      expect(lines(r.stderr)).toEqual([expect.stringContaining(`missing ${REQUIRED_WEB_VARS.join(', ')}`)]);
      expect(r.stdout).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  /** deploy, without blocking this process: the vendor fakes the preflight reads answer from it. */
  const deployAsync = (dir: string, env: NodeJS.ProcessEnv, ...args: string[]) =>
    promisify(execFile)(process.execPath, ['scripts/deploy.mjs', '--project', 'some-real-id', ...args], {
      cwd: dir,
      env,
      maxBuffer: 64 * 1024 * 1024,
    }).then(
      (r) => ({ status: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ status: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

  it('--dry-run runs the preflight against the vendors (here their fakes), and stops on a problem before building', async () => {
    const { dir, head } = cleanClone();
    let state: VendorState = correctState('some-real-id');
    const fakes = await startVendorFakes(() => state, 'some-real-id');
    try {
      markTested(dir, head);
      writeFileSync(join(dir, 'functions', '.env.some-real-id'), fakeEnvFile('some-real-id')); // git-ignored
      state = { ...state, tracking: { click: true, open: false } };
      const r = await deployAsync(dir, cleanEnv({ ...config, ...fakes.env }), '--dry-run');
      expect(r.status).toBe(1);
      expect(lines(r.stderr)).toEqual([expect.stringContaining('The preflight found problems on some-real-id')]);
      expect(r.stdout).toContain('✖ SendGrid: click tracking is on');
      expect(r.stdout).not.toContain('Building');
      expect(fakes.requests.filter((q) => !q.includes(' GET '))).toEqual([]);
    } finally {
      await fakes.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('--dry-run on a clean tested tree passes the preflight, builds, then lists the steps and the functions upload with its lockfile', async () => {
    const { dir, head } = cleanClone();
    const fakes = await startVendorFakes(() => correctState('some-real-id'), 'some-real-id');
    try {
      markTested(dir, head);
      writeFileSync(join(dir, 'functions', '.env.some-real-id'), fakeEnvFile('some-real-id'));
      const r = await deployAsync(dir, cleanEnv({ ...config, ...fakes.env }), '--dry-run');
      expect(r.status, r.stderr).toBe(0);
      const out = lines(r.stdout);
      expect(out).toContain('Preflight passed.');
      expect(out.indexOf('Preflight passed.')).toBeLessThan(out.findIndex((l) => l.includes('Building')));
      expect(out.filter((l) => l.startsWith('would run: '))).toEqual([
        'would run: firebase deploy --project some-real-id --non-interactive --only firestore:rules,firestore:indexes,storage',
        'would run: firebase deploy --project some-real-id --only functions --force',
        'would run: firebase deploy --project some-real-id --non-interactive --only hosting',
      ]);
      expect(out).toContain(
        'would check: the SERVER_API_KEY secret is set on some-real-id and is not the browser key (firebase functions:secrets:access)',
      );
      const upload = out.find((l) => l.includes('uploads functions/'))!;
      expect(upload).toMatch(
        /uploads functions\/: (lib\/fonts\/[\w-]+\.[ot]tf, )+lib\/index\.js, .*package-lock\.json, package\.json \(package-lock\.json locks \d+ packages; Cloud Build installs them with npm ci\)/,
      );
      // The PDF fonts go up as the files the build copied, not as packages Cloud Build installs.
      expect(upload).toContain('lib/fonts/NotoSans-Regular.ttf');
      expect(existsSync(join(dir, 'functions', 'package-lock.json'))).toBe(true);
      // The build's outputs are ignored: the tree is still the commit that was tested.
      expect(git(dir, 'status', '--porcelain')).toBe('');

      const preview = deploy(dir, cleanEnv(config), '--preview', 'pr-42', '--dry-run');
      expect(preview.status, preview.stderr).toBe(0);
      expect(lines(preview.stdout).filter((l) => l.startsWith('would run: '))).toEqual([
        'would run: firebase hosting:channel:deploy pr-42 --project some-real-id --expires 7d --non-interactive',
      ]);
      expect(preview.stdout).not.toContain('Preflight'); // a preview changes only the web app
    } finally {
      await fakes.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
