/**
 * What may be released: a committed tree that passed the full `npm test`.
 *
 * `npm test` (scripts/test.mjs) records a pass in TEST_MARKER, and only for a
 * full run (not a `--api`/`--e2e` subset) of a tree with no changes, naming the
 * commit it tested. `npm run deploy` (scripts/deploy.mjs) refuses a tree with
 * changes, and a HEAD that marker does not name, each with one line.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Where a passing full `npm test` records its commit (under the git-ignored .cache/). */
export const TEST_MARKER = join('.cache', 'test-passed.json');

/** Runs git in `root`; its stdout without the final newline, or null when git fails (not a repository, no git). */
function git(root, args) {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trimEnd() : null;
}

/**
 * The tree's state: its HEAD commit and whether anything differs from it
 * (`git status --porcelain`: changed, staged or untracked files that are not ignored).
 * @returns {{ head: string | null, clean: boolean, changes: string[] }}
 */
export function treeState(root) {
  const head = git(root, ['rev-parse', 'HEAD']);
  const status = git(root, ['status', '--porcelain']);
  const changes = status === null ? ['(git status failed)'] : status.split('\n').filter((l) => l.trim());
  return { head, clean: head !== null && changes.length === 0, changes };
}

/** Forgets an earlier pass: a full run that starts invalidates it until it passes again. */
export function clearTestMarker(root) {
  rmSync(join(root, TEST_MARKER), { force: true });
}

/** Records that the full `npm test` passed on `state.head` (a clean tree at its start and end). */
export function writeTestMarker(root, state, summary) {
  const path = join(root, TEST_MARKER);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify({ commit: state.head, at: new Date().toISOString(), summary }, null, 2)}\n`);
}

/** The commit a recorded pass names, or null (none, or unreadable). */
export function testedCommit(root) {
  const path = join(root, TEST_MARKER);
  if (!existsSync(path)) return null;
  try {
    const commit = JSON.parse(readFileSync(path, 'utf8')).commit;
    return typeof commit === 'string' ? commit : null;
  } catch {
    return null;
  }
}

/**
 * Why the tree in `root` may not be released, as one line, or null when it
 * may: it has no changes, and the full `npm test` passed on its HEAD.
 */
export function releaseGateError(root) {
  const state = treeState(root);
  if (state.head === null) return '✖ Not a git checkout with a commit: deploy releases a committed tree.';
  if (!state.clean) {
    const shown = state.changes.slice(0, 3).map((l) => l.slice(3));
    const more = state.changes.length > 3 ? ` and ${state.changes.length - 3} more` : '';
    return `✖ The tree has uncommitted changes (${shown.join(', ')}${more}): commit or stash them, run npm test, then deploy.`;
  }
  const tested = testedCommit(root);
  if (tested !== state.head) {
    const short = state.head.slice(0, 12);
    return tested
      ? `✖ npm test last passed on ${tested.slice(0, 12)}, not on HEAD ${short}: run npm test, then deploy.`
      : `✖ npm test has not passed on HEAD ${short} (no ${TEST_MARKER}): run the full npm test, then deploy.`;
  }
  return null;
}
