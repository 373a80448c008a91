/**
 * The functions' own package-lock.json, cut from the workspace's root lock.
 *
 * Cloud Functions builds the uploaded `functions/` folder on its own (Cloud
 * Build, `npm ci` when a lockfile is there, `npm install` otherwise). The
 * workspace's only lockfile is the root package-lock.json, which is outside
 * that upload, so without this file Cloud Build would resolve every range
 * afresh and ship versions nobody tested. `functionsLock` keeps exactly the
 * packages `functions/` resolves to in the root lock, at the same versions
 * and integrity hashes, laid out as a standalone project: the workspace's
 * own `functions/node_modules/*` become `node_modules/*`, the hoisted ones
 * stay where they are. It refuses (throws) rather than guess when the two
 * layouts would put different versions at one path, and checks that every
 * package resolves to the same version in the new layout as in the old.
 *
 * `npm run build -w functions` runs this file after bundling, on every build
 * (the file is git-ignored: it is derived).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The lockfile path of the folder containing `path` (`a/node_modules/b` → `a`; a top-level package → ''). */
function parentOf(path) {
  const at = path.lastIndexOf('/node_modules/');
  return at >= 0 ? path.slice(0, at) : '';
}

/**
 * Where Node resolves `name` from the package at lockfile path `from`: the
 * nearest `node_modules/name` walking up, as recorded in `packages`.
 */
function resolve(packages, from, name) {
  for (let base = from; ; base = parentOf(base)) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
  }
}

/** The names a package needs installed: dependencies, optional ones and its required peers. */
function edges(entry, { dev }) {
  const optionalPeers = entry.peerDependenciesMeta ?? {};
  const peers = Object.keys(entry.peerDependencies ?? {}).filter((n) => !optionalPeers[n]?.optional);
  return [
    ...Object.keys(entry.dependencies ?? {}).map((name) => ({ name, optional: false })),
    ...Object.keys(entry.optionalDependencies ?? {}).map((name) => ({ name, optional: true })),
    ...peers.map((name) => ({ name, optional: false })),
    ...(dev ? Object.keys(entry.devDependencies ?? {}).map((name) => ({ name, optional: false })) : []),
  ];
}

/** Every lockfile path reachable from `start`, each with the paths its dependencies resolve to. */
function reachable(packages, start, withDev) {
  const seen = new Map();
  const queue = [{ path: start, dev: withDev }];
  while (queue.length > 0) {
    const { path, dev } = queue.shift();
    if (seen.has(path)) continue;
    const entry = packages[path];
    if (entry.link) throw new Error(`${path} is a workspace link; the functions upload cannot install it`);
    const deps = {};
    for (const { name, optional } of edges(entry, { dev })) {
      const target = resolve(packages, path, name);
      if (!target) {
        if (optional) continue;
        throw new Error(`${path || 'the root'} needs ${name}, which the root lock does not have`);
      }
      deps[name] = target;
      queue.push({ path: target, dev: false });
    }
    seen.set(path, deps);
  }
  return seen;
}

/**
 * The standalone lockfile of workspace `workspace` (e.g. "functions") cut
 * from the root lock `rootLock` (lockfileVersion 2 or 3). Packages reached
 * only through the workspace's devDependencies are marked `dev`, so
 * `npm ci --omit=dev` leaves them out.
 * @throws Error when the workspace is not in the lock, a dependency is
 *   missing, or the standalone layout would resolve a package differently.
 */
export function functionsLock(rootLock, workspace = 'functions') {
  const packages = rootLock.packages;
  const root = packages?.[workspace];
  if (!root) throw new Error(`the root package-lock.json has no "${workspace}" workspace (run npm install)`);

  const all = reachable(packages, workspace, true);
  const prod = reachable(packages, workspace, false);
  const ownPrefix = `${workspace}/`;
  const nodeModules = (base, name) => `${base ? `${base}/` : ''}node_modules/${name}`;

  // New path → old path. The workspace's own copies claim their top-level places first.
  const placed = new Map([['', workspace]]);
  for (const path of all.keys()) if (path.startsWith(ownPrefix)) placed.set(path.slice(ownPrefix.length), path);
  // Breadth first, so a package takes the place nearest the top that is free for it.
  const queue = [{ old: workspace, now: '', chain: new Map([[workspace, '']]) }];
  const done = new Set();
  while (queue.length > 0) {
    const { old, now, chain } = queue.shift();
    if (done.has(now)) continue;
    done.add(now);
    for (const [name, target] of Object.entries(all.get(old))) {
      // Nested under one of its requester's ancestors: under that ancestor's new place; else at the top.
      let spot = target.startsWith(ownPrefix) ? target.slice(ownPrefix.length) : target;
      for (const [ancestor, at] of chain) {
        if (ancestor !== workspace && target.startsWith(`${ancestor}/node_modules/`))
          spot = `${at}${target.slice(ancestor.length)}`;
      }
      // Taken by another version (the workspace's own): nested under its requester instead.
      if (placed.has(spot) && placed.get(spot) !== target) spot = nodeModules(now, name);
      if (placed.has(spot) && placed.get(spot) !== target)
        throw new Error(`${target} and ${placed.get(spot)} would both install at ${spot}`);
      placed.set(spot, target);
      queue.push({ old: target, now: spot, chain: new Map([...chain, [target, spot]]) });
    }
  }
  // Same versions: every dependency resolves, in the new layout, to the package it resolved to before.
  for (const now of done) {
    const old = placed.get(now);
    for (const [name, target] of Object.entries(all.get(old))) {
      const found = resolve(Object.fromEntries([...placed].map(([k, v]) => [k, v])), now, name);
      if (placed.get(found) !== target)
        throw new Error(`${name} of ${old} would resolve to ${found} (${placed.get(found)}) instead of ${target}`);
    }
  }

  const out = {};
  for (const [to, path] of [...placed].sort(([a], [b]) => a.localeCompare(b))) {
    if (path === workspace) continue;
    const { dev: _dev, optional, devOptional, peer: _peer, ...entry } = packages[path];
    const devOnly = !prod.has(path);
    out[to] = {
      ...entry,
      ...(devOnly ? { dev: true } : {}),
      ...((devOnly && (optional || devOptional)) || (!devOnly && optional) ? { optional: true } : {}),
    };
  }

  const { name: _n, version, ...manifest } = root;
  return {
    name: workspace,
    version: version ?? '0.0.0',
    lockfileVersion: 3,
    requires: true,
    packages: { '': { name: workspace, version: version ?? '0.0.0', ...manifest }, ...out },
  };
}

/**
 * Writes `<root>/<workspace>/package-lock.json` from `<root>/package-lock.json`.
 * @returns the number of packages it locks.
 */
export function writeFunctionsLock(root, workspace = 'functions') {
  const lock = functionsLock(JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')), workspace);
  writeFileSync(join(root, workspace, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  return Object.keys(lock.packages).length - 1;
}

// `node scripts/functions-lock.mjs`: writes functions/package-lock.json (the functions build runs it).
if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const locked = writeFunctionsLock(fileURLToPath(new URL('..', import.meta.url)));
  console.log(`functions: package-lock.json locks ${locked} packages`);
}
