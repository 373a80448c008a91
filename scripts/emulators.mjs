/**
 * Prepares the environment the Firebase Emulator Suite needs on this machine,
 * online or offline. Used by `npm start`, `npm run dev` and `npm test`.
 *
 * - Java: firebase-tools 15 needs Java 21+ for the Firestore emulator. We look
 *   in JAVA_HOME, PATH and /usr/lib/jvm/* and put the first JDK >= 21 first on
 *   PATH.
 * - Firestore JAR: firebase-tools downloads it into ~/.cache/firebase/emulators.
 *   Where that cache is empty and the machine carries Debian's
 *   google-cloud-cli-firestore-emulator, we generate a manifest-only launcher
 *   JAR under .cache/ and point FIRESTORE_EMULATOR_BINARY_PATH at it, so no
 *   download is needed. See ../shared/notes/firebase-offline.md.
 *
 * - Cloud Storage: the Storage emulator cannot start offline, so startStorageStandIn runs
 *   scripts/storage-standin.mjs for the lead files, reached through STORAGE_EMULATOR_HOST.
 *
 * Every failure is one line naming what is missing (EmulatorSetupError).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { homedir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import treeKill from 'tree-kill';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const PROJECT_ID = 'demo-studio';
export const PORTS = { hosting: 5000, functions: 5001, firestore: 8080, auth: 9099, hub: 4400, storage: 9199 };
/** Every port the emulator suite of firebase.json takes (hub and logging included) and the Storage stand-in's. */
export const EMULATOR_PORTS = [
  PORTS.hosting,
  PORTS.functions,
  PORTS.firestore,
  PORTS.auth,
  PORTS.hub,
  4500,
  PORTS.storage,
];

/** True when something accepts TCP connections on 127.0.0.1:`port`. */
export function portInUse(port) {
  return new Promise((ok) => {
    const s = connect({ host: '127.0.0.1', port });
    s.setTimeout(1000);
    s.once('connect', () => {
      s.destroy();
      ok(true);
    });
    s.once('timeout', () => {
      s.destroy();
      ok(false);
    });
    s.once('error', () => ok(false));
  });
}

/**
 * Waits until none of EMULATOR_PORTS accepts connections (a stopped suite's Java Firestore emulator can
 * outlive `emulators:exec` by a moment), polling every 250 ms for at most `timeoutMs`.
 * Resolves the ports still taken then: empty when all are free.
 */
export async function waitForFreePorts(timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const busy = [];
    for (const p of EMULATOR_PORTS) if (await portInUse(p)) busy.push(p);
    if (busy.length === 0 || Date.now() >= until) return busy;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const GCLOUD_FIRESTORE_JAR = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
const FIRESTORE_MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';

/**
 * Kills `pid` and every process below it with SIGKILL; resolves with null, or
 * with the error when a kill failed. firebase-tools starts each Java emulator
 * in a process group of its own, so killing the CLI's group leaves them
 * running, orphaned, on their ports; tree-kill walks the tree by parent id
 * (`ps --ppid`), so call this while the CLI still lives.
 */
export function killTree(pid) {
  return new Promise((done) => treeKill(pid, 'SIGKILL', (error) => done(error ?? null)));
}

export class EmulatorSetupError extends Error {}

/** Major version of the `java` binary at `javaBin`, or 0 when it cannot run. */
function javaMajor(javaBin) {
  const out = spawnSync(javaBin, ['-version'], { encoding: 'utf8' });
  if (out.error) return 0;
  const m = /version "(\d+)(?:\.(\d+))?/.exec(`${out.stderr}${out.stdout}`);
  if (!m) return 0;
  const major = Number(m[1]);
  return major === 1 ? Number(m[2]) : major; // "1.8" style
}

/** Finds a `bin/` directory holding a Java >= 21, or null. */
export function findJava21Bin() {
  const candidates = [];
  if (process.env.JAVA_HOME) candidates.push(join(process.env.JAVA_HOME, 'bin'));
  for (const dir of (process.env.PATH ?? '').split(delimiter)) if (dir) candidates.push(dir);
  if (existsSync('/usr/lib/jvm')) {
    for (const name of readdirSync('/usr/lib/jvm').sort().reverse()) {
      candidates.push(join('/usr/lib/jvm', name, 'bin'));
    }
  }
  for (const bin of candidates) {
    const java = join(bin, 'java');
    if (existsSync(java) && javaMajor(java) >= 21) return bin;
  }
  return null;
}

/** True when firebase-tools already has a Firestore emulator JAR in its cache. */
function firestoreJarCached() {
  const dir = join(homedir(), '.cache', 'firebase', 'emulators');
  return existsSync(dir) && readdirSync(dir).some((f) => /^cloud-firestore-emulator.*\.jar$/.test(f));
}

/** Builds (once) the manifest-only launcher JAR for the machine's Firestore emulator. */
function ensureLauncherJar(javaBin) {
  const outDir = join(ROOT, '.cache', 'firestore-launcher');
  const jarPath = join(outDir, 'launcher.jar');
  if (existsSync(jarPath)) return jarPath;
  mkdirSync(outDir, { recursive: true });
  const manifest = join(outDir, 'MANIFEST.MF');
  writeFileSync(
    manifest,
    `Manifest-Version: 1.0\nMain-Class: ${FIRESTORE_MAIN_CLASS}\nClass-Path: file:${GCLOUD_FIRESTORE_JAR}\n`,
  );
  const jarTool = [join(javaBin, 'jar'), 'jar'].find((p) => spawnSync(p, ['--version']).status === 0);
  if (!jarTool)
    throw new EmulatorSetupError('Missing: the JDK `jar` tool (needed to build the Firestore emulator launcher).');
  execFileSync(jarTool, ['cfm', jarPath, manifest], { cwd: outDir });
  return jarPath;
}

/**
 * Returns the environment for `firebase emulators:*` child processes.
 * @param {{ quiet?: boolean }} [opts]
 * @throws {EmulatorSetupError} with one line naming what is missing.
 */
export function emulatorEnv({ quiet = false } = {}) {
  const env = { ...process.env };
  const javaBin = findJava21Bin();
  if (!javaBin) {
    throw new EmulatorSetupError(
      'Missing: Java 21 or newer (firebase-tools 15 needs it for the Firestore emulator); install a JDK 21+ or set JAVA_HOME to one.',
    );
  }
  env.PATH = `${javaBin}${delimiter}${env.PATH ?? ''}`;
  env.JAVA_HOME = dirname(javaBin);

  if (!env.FIRESTORE_EMULATOR_BINARY_PATH && !firestoreJarCached()) {
    if (existsSync(GCLOUD_FIRESTORE_JAR)) {
      env.FIRESTORE_EMULATOR_BINARY_PATH = ensureLauncherJar(javaBin);
      if (!quiet)
        console.log(
          `[emulators] Firestore: using the machine's emulator JAR through ${env.FIRESTORE_EMULATOR_BINARY_PATH}`,
        );
    } else if (!quiet) {
      console.log(
        '[emulators] Firestore: no cached or local emulator JAR; firebase-tools will download it (offline, install google-cloud-cli-firestore-emulator).',
      );
    }
  }
  env.FIREBASE_CLI_DISABLE_UPDATE_CHECK = '1'; // no network nag on closed machines
  Object.assign(env, OFFLINE_ENV);
  // The Functions emulator gives a new worker process this many seconds to load the bundle, then drops the
  // request unanswered (firebase-tools' default is 30 s). A cold worker on a busy 2-core machine can need more;
  // production's instances take concurrent requests and start under the function's own timeout.
  env.FUNCTIONS_DISCOVERY_TIMEOUT ??= '120';
  env.NODE_OPTIONS = [env.NODE_OPTIONS, '--no-deprecation'].filter(Boolean).join(' ');
  return env;
}

/** emulatorEnv(), or exit(1) after printing its one-line reason. */
export function emulatorEnvOrExit(opts) {
  try {
    return emulatorEnv(opts);
  } catch (e) {
    console.error(e instanceof EmulatorSetupError ? `✖ ${e.message}` : e);
    process.exit(1);
  }
}

/** Where writeEmulatorConfig() puts its file (git-ignored; next to firebase.json so relative paths hold). */
export const EMULATOR_CONFIG = join(ROOT, 'firebase.emulators.json');

/**
 * Writes the emulators' copy of firebase.json: the same file, except that the
 * CSP's connect-src also allows the Auth and Firestore emulator origins the
 * emulator-mode web build talks to. The deployed firebase.json never names
 * them. Returns the file's path.
 */
export function writeEmulatorConfig() {
  const config = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8'));
  const origins = [PORTS.auth, PORTS.firestore].map((p) => `http://127.0.0.1:${p}`).join(' ');
  for (const rule of config.hosting?.headers ?? []) {
    for (const h of rule.headers) {
      if (h.key === 'Content-Security-Policy')
        h.value = h.value.replace(/connect-src ([^;]*)/, `connect-src $1 ${origins}`);
    }
  }
  writeFileSync(EMULATOR_CONFIG, `${JSON.stringify(config, null, 2)}\n`);
  return EMULATOR_CONFIG;
}

/**
 * The `firebase` CLI from node_modules, as [command, ...args] for spawn.
 * `emulators:*` commands run on writeEmulatorConfig()'s copy of firebase.json.
 */
export function firebaseCli(...args) {
  const bin = join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
  if (!existsSync(bin))
    throw new EmulatorSetupError('Missing: firebase-tools in node_modules; run `npm install` first.');
  const config = String(args[0]).startsWith('emulators:') ? ['--config', writeEmulatorConfig()] : [];
  return [process.execPath, bin, '--project', PROJECT_ID, ...config, ...args];
}

/**
 * What keeps the local stack's Google libraries on this machine (scripts/loopback-only.mjs checks it): the
 * Admin SDK and google-auth-library look for the GCE metadata server (169.254.169.254) to find a project and
 * credentials unless told there is none; firebase-tools fetches its message of the day unless CI is set, and
 * asks the npm registry for the latest firebase-functions (`npm show`) at every start unless npm is offline
 * (it then answers from its cache, or not at all).
 */
export const OFFLINE_ENV = {
  METADATA_SERVER_DETECTION: 'none',
  GOOGLE_CLOUD_PROJECT: PROJECT_ID,
  CI: 'true',
  npm_config_offline: 'true',
};

/**
 * The environment that runs every Node process of a stack under scripts/loopback-only.mjs (added to `env`'s
 * NODE_OPTIONS): a connection to any host but loopback is refused and recorded in `logFile`. Where the
 * Firestore emulator's JAR is neither cached nor on the machine, firebase-tools may still download it.
 */
export function loopbackOnlyEnv(env, logFile) {
  const preload = pathToFileURL(join(ROOT, 'scripts', 'loopback-only.mjs')).href;
  const download = !env.FIRESTORE_EMULATOR_BINARY_PATH && !firestoreJarCached();
  return {
    NODE_OPTIONS: [env.NODE_OPTIONS, `--import=${preload}`].filter(Boolean).join(' '),
    LOOPBACK_ONLY_LOG: logFile,
    LOOPBACK_ONLY_ALLOW: download ? 'storage.googleapis.com' : '',
  };
}

/** Environment pointing Admin SDK / test clients at the emulators. */
export const EMULATOR_CLIENT_ENV = {
  ...OFFLINE_ENV,
  GCLOUD_PROJECT: PROJECT_ID,
  FIREBASE_PROJECT_ID: PROJECT_ID,
  FIRESTORE_EMULATOR_HOST: `127.0.0.1:${PORTS.firestore}`,
  FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${PORTS.auth}`,
  STUDIO_BASE_URL: `http://127.0.0.1:${PORTS.hosting}`,
  // The Cloud Storage stand-in (startStorageStandIn); the functions read the same value from functions/.env.demo-studio.
  STORAGE_EMULATOR_HOST: `http://127.0.0.1:${PORTS.storage}`,
};

/**
 * Starts scripts/storage-standin.mjs (the Cloud Storage JSON API stand-in for the lead files) on PORTS.storage
 * with its objects under `dir`, as a child process, and waits until it answers. Stops it when this process exits.
 * Resolves the child. @throws EmulatorSetupError when it does not answer within 30 s (the port taken, say).
 */
export async function startStorageStandIn(dir) {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'scripts', 'storage-standin.mjs'), '--port', String(PORTS.storage), '--dir', dir],
    { cwd: ROOT, stdio: 'inherit' },
  );
  process.on('exit', () => child.exitCode === null && child.kill('SIGTERM'));
  const until = Date.now() + 30_000;
  while (Date.now() < until && child.exitCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORTS.storage}/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new EmulatorSetupError(`The Cloud Storage stand-in did not start on port ${PORTS.storage} (is it taken?).`);
}

// Allow `node scripts/emulators.mjs` as a quick check of this machine.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const env = emulatorEnv();
    console.log(`[emulators] ready: java from ${env.JAVA_HOME}`);
  } catch (e) {
    console.error(e instanceof EmulatorSetupError ? e.message : e);
    process.exit(1);
  }
}
