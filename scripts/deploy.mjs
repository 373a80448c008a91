/**
 * npm run deploy -- --project <id>: builds and deploys everything to a real
 * Firebase project, in an order where a failure leaves nothing half-released:
 *
 * 1. checks, before anything runs: a project is named and is not a demo-
 *    one; the web's Firebase config (VITE_FIREBASE_*) is complete, names no
 *    emulator and matches that project (web/scripts/production-env.mjs). Any
 *    failure is one line, and nothing is built or deployed;
 * 2. builds the web app in production mode (web/scripts/build-production.mjs)
 *    and the functions, so a build failure stops before any deploy;
 * 3. deploys Firestore rules and indexes, then the functions (with --force:
 *    see FUNCTIONS_FORCE_REASON), then Hosting (its /api rewrite needs the
 *    new `api`).
 *
 * firebase.json's predeploy hooks build the functions and the web again
 * (the same checked builds), so a bare `firebase deploy` is just as safe.
 * Secrets (`firebase functions:secrets:set`) are not set here: see the
 * README's "Production checklist".
 *
 * Options: --project <id> (required), --dry-run (steps 1-2 and print the
 * deploy commands without running them).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './emulators.mjs';
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
      label: 'Firestore rules and indexes',
      args: [...base, '--non-interactive', '--only', 'firestore:rules,firestore:indexes'],
    },
    // Interactive on a terminal, so firebase can ask for a setting still missing (config.ts); without one it goes non-interactive by itself.
    { label: 'Cloud Functions', args: [...base, '--only', 'functions', '--force'] },
    { label: 'Hosting', args: [...base, '--non-interactive', '--only', 'hosting'] },
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

async function main() {
  const argv = process.argv.slice(2);
  const target = deployTarget(argv);
  if ('error' in target) {
    console.error(target.error);
    process.exit(1);
  }
  const { project } = target;
  const configError = productionWebEnvError(productionWebEnv(join(ROOT, 'web')), { project });
  if (configError) {
    console.error(configError);
    process.exit(1);
  }

  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const env = { ...process.env, GCLOUD_PROJECT: project };
  run('Building web (production)', npm, ['run', 'build', '-w', 'web', '--', '--project', project], env);
  run('Building functions', npm, ['run', 'build', '-w', 'functions'], env);

  const firebase = join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
  const steps = deploySteps(project);
  if (argv.includes('--dry-run')) {
    for (const s of steps) console.log(`would run: firebase ${s.args.join(' ')}`);
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
