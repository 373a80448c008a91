/**
 * npm run deploy -- --project <id>: builds and deploys everything to a real
 * Firebase project, in an order where a failure leaves nothing half-released:
 *
 * 1. checks, before anything runs: a project is named and is not a demo-
 *    one; the tree is a commit (no changes) on which the full `npm test`
 *    passed (scripts/release.mjs); the web's Firebase config
 *    (VITE_FIREBASE_*) is complete, names no emulator and matches that
 *    project (web/scripts/production-env.mjs); the server key is set as the
 *    SERVER_API_KEY secret on that project and is not the browser key
 *    (serverKeyError; skipped by --dry-run, which stays offline and says
 *    so). Any failure is one line, and nothing is built or deployed;
 *    then `npm run preflight` (scripts/preflight.ts, read-only, also in
 *    --dry-run) checks the project's Auth, Stripe, SendGrid, Storage, App
 *    Check and Firestore settings and prints each problem with its fix; any
 *    problem stops the deploy (--skip-preflight skips it; a preview, which
 *    changes only the web app, does not run it);
 * 2. builds the web app in production mode (web/scripts/build-production.mjs)
 *    and the functions, whose build writes functions/package-lock.json from
 *    the root lock (scripts/functions-lock.mjs) so Cloud Build installs the
 *    tested versions with `npm ci`; a build failure, or an upload without
 *    that lockfile, stops before any deploy;
 * 3. deploys Firestore rules and indexes and the Storage rules, then the functions (with --force:
 *    see FUNCTIONS_FORCE_REASON), then Hosting (its /api rewrite needs the
 *    new `api`).
 *
 * `--preview <channel>` deploys only the web app, to the Hosting preview
 * channel <channel> (`firebase hosting:channel:deploy`, expiring after
 * PREVIEW_EXPIRES): its /api calls reach the functions already deployed.
 *
 * firebase.json's predeploy hooks build the functions and the web again
 * (the same checked builds), so a bare `firebase deploy` is just as safe,
 * but it does not check the tree. Secrets (`firebase functions:secrets:set`)
 * are not set here: see the README's "Production checklist".
 *
 * Options: --project <id> (required), --preview <channel>, --dry-run (steps
 * 1-2, then print the deploy commands and the functions upload without
 * running them), --skip-preflight, --allow-stripe-test-keys (passed to the
 * preflight: a staging project).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './emulators.mjs';
import { releaseGateError } from './release.mjs';
import { exitWithUsageIfAsked } from './usage.mjs';
import { productionWebEnv, productionWebEnvError } from '../web/scripts/production-env.mjs';

/** Why the functions deploy passes --force (printed before it runs). */
export const FUNCTIONS_FORCE_REASON =
  'functions are deployed with --force: the syncLeadBoard trigger retries on failure, and firebase deploy asks before deploying a retrying function (a non-interactive deploy stops with "Pass the --force option"). --force also accepts a min-instances bill for `api` (when set) and deletes deployed functions that are no longer in the code.';

/** Printed before the Firestore step: index builds are not instant. */
export const INDEX_WARNING =
  'Firestore indexes: a new composite index takes a few minutes to build (firebase console → Firestore → Indexes); until it is "Enabled" the queries that need it fail.';

/**
 * The project a deploy targets, from argv, or a one-line error.
 * @param {string[]} argv process.argv.slice(2)
 * @returns {{ project: string } | { error: string }}
 */
export function deployTarget(argv) {
  const at = argv.indexOf('--project');
  const project = at >= 0 ? argv[at + 1] : undefined;
  if (!project || project.startsWith('--'))
    return { error: '✖ Name the Firebase project: npm run deploy -- --project <id>.' };
  if (project.startsWith('demo-'))
    return { error: `✖ "${project}" is a demo- project: it exists only on the emulators (npm start).` };
  return { project };
}

/**
 * The firebase CLI invocations of a deploy to `project`, in order (argv
 * lists for node_modules/firebase-tools/lib/bin/firebase.js).
 * @param {string} project
 */
export function deploySteps(project) {
  const base = ['deploy', '--project', project];
  return [
    {
      label: 'Firestore rules and indexes, Storage rules',
      args: [...base, '--non-interactive', '--only', 'firestore:rules,firestore:indexes,storage'],
    },
    // Interactive on a terminal, so firebase can ask for a setting still missing (config.ts); without one it goes non-interactive by itself.
    { label: 'Cloud Functions', args: [...base, '--only', 'functions', '--force'] },
    { label: 'Hosting', args: [...base, '--non-interactive', '--only', 'hosting'] },
  ];
}

/** How long a preview channel lives (firebase allows up to 30d). */
export const PREVIEW_EXPIRES = '7d';

/**
 * The preview channel `--preview <channel>` names: null without the option,
 * or a one-line error for a missing or invalid id (Hosting's channel ids:
 * letters, digits and hyphens; "live" is the site itself).
 * @param {string[]} argv
 * @returns {null | { channel: string } | { error: string }}
 */
export function previewChannel(argv) {
  const at = argv.indexOf('--preview');
  if (at < 0) return null;
  const channel = argv[at + 1];
  if (!channel || channel.startsWith('--'))
    return { error: '✖ Name the preview channel: npm run deploy -- --project <id> --preview <channel>.' };
  if (!/^[a-z0-9][a-z0-9-]{0,35}$/i.test(channel) || channel.toLowerCase() === 'live')
    return { error: `✖ "${channel}" is not a preview channel id (letters, digits and hyphens, not "live").` };
  return { channel };
}

/** The firebase CLI invocation of a preview deploy: the web app only, to `channel`. */
export function previewSteps(project, channel) {
  return [
    {
      label: `Hosting preview channel "${channel}"`,
      args: [
        'hosting:channel:deploy',
        channel,
        '--project',
        project,
        '--expires',
        PREVIEW_EXPIRES,
        '--non-interactive',
      ],
    },
  ];
}

/** Matches a name against one of firebase.json's `ignore` entries (a name, or `*.ext`). */
const ignored = (name, patterns) => patterns.some((p) => (p.startsWith('*') ? name.endsWith(p.slice(1)) : name === p));

/**
 * What `firebase deploy --only functions` uploads, after a build: the files
 * of firebase.json's functions source that its `ignore` list keeps (dot
 * files aside: firebase-tools reads the .env ones itself), and the lockfile
 * Cloud Build installs from. Null `error` when the upload is complete: a
 * package-lock.json whose root names exactly package.json's dependencies,
 * each of them locked.
 * @returns {{ source: string, files: string[], locked: number, error: string | null }}
 */
export function functionsUpload(root = ROOT) {
  const config = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')).functions[0];
  const dir = join(root, config.source);
  const walk = (d) =>
    readdirSync(d, { withFileTypes: true })
      .filter((e) => !e.name.startsWith('.') && !ignored(e.name, config.ignore ?? []))
      .flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [relative(dir, join(d, e.name))]));
  const files = walk(dir).sort();
  const result = { source: config.source, files, locked: 0, error: null };
  const lockPath = join(dir, 'package-lock.json');
  if (!existsSync(lockPath))
    return { ...result, error: `✖ ${config.source}/package-lock.json is missing: the functions build writes it.` };
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
  const wanted = Object.keys(pkg.dependencies ?? {}).sort();
  const rootDeps = Object.keys(lock.packages?.['']?.dependencies ?? {}).sort();
  const missing = wanted.filter((d) => !lock.packages?.[`node_modules/${d}`]);
  if (JSON.stringify(rootDeps) !== JSON.stringify(wanted) || missing.length > 0)
    return {
      ...result,
      error: `✖ ${config.source}/package-lock.json does not match package.json${missing.length ? ` (missing ${missing.join(', ')})` : ''}: build the functions again.`,
    };
  return { ...result, locked: Object.keys(lock.packages).length - 1 };
}

/** The secret that holds the server's own API key (functions/src/params.ts `serverApiKey`). */
export const SERVER_KEY_SECRET = 'SERVER_API_KEY';

/**
 * Checks the second of the two keys (the browser key, VITE_FIREBASE_API_KEY,
 * is checked with the web config): the SERVER_API_KEY secret must be set on
 * the project, and must not be the browser key, whose referrer restriction
 * would make every admin login answer 503 (the server sends no Referer).
 * `access(name)` returns the secret's latest value, or null when it is not
 * set (or cannot be read). Returns null when both hold, else one line.
 * @param {string} project
 * @param {{ access: (name: string) => string | null, browserKey: string | undefined }} deps
 * @returns {string | null}
 */
export function serverKeyError(project, { access, browserKey }) {
  const value = access(SERVER_KEY_SECRET)?.trim();
  if (!value)
    return `✖ The ${SERVER_KEY_SECRET} secret is not set on ${project}: firebase functions:secrets:set ${SERVER_KEY_SECRET} --project ${project} (README "Production checklist", the server key).`;
  if (browserKey && value === browserKey.trim())
    return `✖ ${SERVER_KEY_SECRET} on ${project} is the browser key (VITE_FIREBASE_API_KEY): create a separate server key (README "Production checklist").`;
  return null;
}

/** Reads a secret's latest value with the firebase CLI; null when it is missing or unreadable. */
function accessSecret(firebase, project, name) {
  const r = spawnSync(process.execPath, [firebase, 'functions:secrets:access', name, '--project', project], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return r.status === 0 ? r.stdout : null;
}

/**
 * The preflight's invocation for a deploy to `project` (argv for node_modules/.bin/tsx): what a
 * deploy releases itself (rules, the sign-up blocker) is a note there, not a problem.
 * @param {string} project
 * @param {string[]} argv deploy's own arguments (--allow-stripe-test-keys is passed on)
 */
export function preflightArgs(project, argv) {
  return [
    join('scripts', 'preflight.ts'),
    '--project',
    project,
    '--before-deploy',
    ...(argv.includes('--allow-stripe-test-keys') ? ['--allow-stripe-test-keys'] : []),
  ];
}

/** Runs a step with inherited output; exits with one line when it fails. */
function run(label, cmd, args, env = process.env) {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(cmd, args, { cwd: ROOT, env, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`\n✖ ${label} failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status ?? 1);
  }
}

/** Prints `line` to stderr and exits 1: every refusal is one line. */
function refuse(line) {
  console.error(line);
  process.exit(1);
}

/** `npm run deploy -- --help`. */
const USAGE = `
Usage: npm run deploy -- --project ID [--dry-run] [--preview CHANNEL]

Checks (a committed tree on which the full npm test passed, the web's production config, the
server key), builds, then deploys Firestore rules and indexes, the functions and Hosting.

  --project ID         the Firebase project (never a demo- one)
  --dry-run            check and build, then print the deploy commands without running them
  --preview CHANNEL    deploy only the web app to the Hosting preview channel CHANNEL
  -h, --help           this text
`;

async function main() {
  const argv = process.argv.slice(2);
  exitWithUsageIfAsked(USAGE, argv);
  const target = deployTarget(argv);
  if ('error' in target) refuse(target.error);
  const { project } = target;
  const preview = previewChannel(argv);
  if (preview && 'error' in preview) refuse(preview.error);
  const gate = releaseGateError(ROOT);
  if (gate) refuse(gate);
  const webEnv = productionWebEnv(join(ROOT, 'web'));
  const configError = productionWebEnvError(webEnv, { project });
  if (configError) refuse(configError);
  const firebase = join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
  const dryRun = argv.includes('--dry-run');
  if (!preview && !dryRun) {
    const keyError = serverKeyError(project, {
      access: (name) => accessSecret(firebase, project, name),
      browserKey: webEnv.VITE_FIREBASE_API_KEY,
    });
    if (keyError) refuse(keyError);
  }
  if (!preview) {
    if (argv.includes('--skip-preflight')) console.log('Preflight skipped (--skip-preflight).');
    else {
      const tsx = join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
      const r = spawnSync(tsx, preflightArgs(project, argv), { cwd: ROOT, stdio: 'inherit' });
      if (r.status !== 0)
        refuse(
          `✖ The preflight found problems on ${project} (above, each with its fix): fix them, or deploy with --skip-preflight.`,
        );
    }
  }

  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const env = { ...process.env, GCLOUD_PROJECT: project };
  run('Building web (production)', npm, ['run', 'build', '-w', 'web', '--', '--project', project], env);
  let upload = null;
  if (!preview) {
    run('Building functions', npm, ['run', 'build', '-w', 'functions'], env);
    upload = functionsUpload(ROOT);
    if (upload.error) refuse(upload.error);
  }

  const steps = preview ? previewSteps(project, preview.channel) : deploySteps(project);
  if (dryRun) {
    if (!preview)
      console.log(
        `would check: the ${SERVER_KEY_SECRET} secret is set on ${project} and is not the browser key (firebase functions:secrets:access)`,
      );
    for (const s of steps) {
      console.log(`would run: firebase ${s.args.join(' ')}`);
      if (upload && s.args.includes('functions'))
        console.log(
          `  uploads ${upload.source}/: ${upload.files.join(', ')} (package-lock.json locks ${upload.locked} packages; Cloud Build installs them with npm ci)`,
        );
    }
    if (preview) console.log(`  the preview's /api calls reach the functions deployed on ${project}`);
    return;
  }
  if (preview) {
    run(`Deploying ${steps[0].label} to ${project}`, process.execPath, [firebase, ...steps[0].args]);
    console.log(`\n✔ Preview deployed (expires in ${PREVIEW_EXPIRES}); its URL is printed above.`);
    return;
  }
  console.log(`\n${INDEX_WARNING}`);
  for (const s of steps) {
    if (s.args.includes('--force')) console.log(`\nNote: ${FUNCTIONS_FORCE_REASON}`);
    run(`Deploying ${s.label} to ${project}`, process.execPath, [firebase, ...s.args]);
  }
  console.log(
    `\n✔ Deployed to ${project}. First deploy: create the admin with \`npm run admin:create -- --project ${project} ...\` (README).`,
  );
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) await main();
