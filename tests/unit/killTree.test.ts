/**
 * scripts/emulators.mjs killTree: the forced stop of `npm start` and of the
 * bench. firebase-tools starts each Java emulator in a process group of its
 * own, so the stop must reach a detached grandchild, not only the CLI's group.
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { killTree } from '../../scripts/emulators.mjs';

/** True while `pid` runs (a killed process left unreaped, state Z, counts as stopped). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (name) S ...": the state follows the name, which may hold spaces and parentheses.
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
}

describe('killTree', () => {
  it('stops a process and the grandchild it started in a process group of its own', async () => {
    // The parent starts a detached grandchild (as firebase-tools starts Java), prints its pid, and stays.
    const parent = spawn(
      process.execPath,
      [
        '-e',
        `const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' });
         console.log(c.pid);
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((done) => parent.once('exit', done));
    const grandchild = await new Promise<number>((done) =>
      parent.stdout.once('data', (chunk: Buffer) => done(Number(chunk.toString().trim()))),
    );
    expect(running(grandchild)).toBe(true);

    expect(await killTree(parent.pid!)).toBeNull();

    await exited;
    await expect.poll(() => running(grandchild)).toBe(false);
  });
});
