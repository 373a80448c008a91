/** Small process helpers for the project's scripts. */
import { spawn, spawnSync } from 'node:child_process';
import { ROOT } from './emulators.mjs';

/** Runs a command to completion with inherited output; exits the process with a clear line on failure. */
export function runOrExit(label, cmd, args, env = process.env) {
  const r = spawnSync(cmd, args, { cwd: ROOT, env, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`\n✖ ${label} failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status ?? 1);
  }
}

/**
 * Starts a long-running child in `cwd` (the repository's root by default); returns it. `detached` puts it in a
 * process group of its own, so a signal to this process's group (Ctrl-C, a closed terminal, a service manager)
 * reaches only this process, which relays it.
 */
export function startChild(cmd, args, env = process.env, { cwd = ROOT, detached = false } = {}) {
  return spawn(cmd, args, { cwd, env, stdio: 'inherit', detached });
}

/** Polls `url` until it answers 2xx or `timeoutMs` passes. */
export async function waitForHttp(url, timeoutMs, isAlive = () => true) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!isAlive()) return false;
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

export const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
export const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';
