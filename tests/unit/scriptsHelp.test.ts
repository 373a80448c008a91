/**
 * Every script of package.json answers `--help` with its usage and exit 0, before it builds, starts or writes
 * anything. Each runs as a user types it, `npm run <script> -- --help`, with the emulator hosts pointed at a
 * closed port, so a script that ignored --help and went to work would fail instead of touching a stack.
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;

/** Scripts whose --help other changes own; each still must be listed here to be left out. */
const NOT_HERE = new Set(['admin:create', 'ops:alerts']);

/**
 * Scripts whose --help reaches their last command only after the earlier ones ran (a whole type-check, the
 * functions build): for these the last command alone is run with --help.
 */
const LAST_COMMAND_ONLY = new Set(['build', 'typecheck']);

const closed = '127.0.0.1:1';
const env = {
  ...process.env,
  FIRESTORE_EMULATOR_HOST: closed,
  FIREBASE_AUTH_EMULATOR_HOST: closed,
  GCLOUD_PROJECT: 'demo-help',
  METADATA_SERVER_DETECTION: 'none',
};

/** What a script's help must show: its own usage line, or the wrapped tool's. */
function expectUsage(name: string, out: string) {
  const own = name === 'start' ? 'npm start' : name === 'test' ? 'npm test' : `npm run ${name}`;
  const tool = /usage|options/i;
  expect(out.includes(own) || tool.test(out), `${name} --help printed:\n${out}`).toBe(true);
}

/** Runs `cmd args` (through a shell when `shell`), resolving its exit status and output. */
function run(cmd: string, args: string[], shell = false): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      env: { ...env, PATH: `${join(ROOT, 'node_modules', '.bin')}:${process.env.PATH}` },
      shell,
      timeout: 110_000,
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (status) => resolve({ status, out }));
  });
}

describe.concurrent('npm run <script> -- --help', { concurrent: true }, () => {
  it('lists every script of package.json, with the ones left out named', () => {
    for (const name of NOT_HERE) expect(Object.keys(scripts)).toContain(name);
  });

  for (const name of Object.keys(scripts).filter((n) => !NOT_HERE.has(n))) {
    it(`${name} prints its usage and exits 0`, { timeout: 120_000 }, async () => {
      const r = LAST_COMMAND_ONLY.has(name)
        ? await run(`${scripts[name]!.split('&&').at(-1)!.trim()} --help`, [], true)
        : await run('npm', ['run', '-s', name, '--', '--help']);
      expect(r.status, `${name} --help: ${r.out}`).toBe(0);
      expectUsage(name, r.out);
    });
  }
});
