/**
 * The web app's production configuration, checked before any production
 * build (web/scripts/build-production.mjs, `npm run deploy`, the Hosting
 * predeploy in firebase.json).
 *
 * The admin area needs the project's Firebase web config (VITE_FIREBASE_*,
 * from the console: Project settings → Your apps). Vite builds happily
 * without it, and admin login then fails in the browser, so a production
 * build stops first when a value is missing or names the emulators or a
 * demo- project. Every problem is reported on one line, names only.
 */
import { loadEnv } from 'vite';

/**
 * What a production build needs: the Firebase web config (web/src/shared/data/firebaseConfig.ts) and the
 * reCAPTCHA Enterprise site key of App Check (web/src/shared/lib/appCheck.ts), without which every public form
 * is refused by the functions.
 */
export const REQUIRED_WEB_VARS = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_APP_ID',
  'VITE_RECAPTCHA_ENTERPRISE_SITE_KEY',
];

/**
 * Variables that only an emulator or development build sets (web/.env.emulator); a production build refuses
 * them. An App Check debug token in a deployed bundle would let anyone pass App Check.
 */
export const EMULATOR_WEB_VARS = [
  'VITE_USE_EMULATORS',
  'VITE_AUTH_EMULATOR_URL',
  'VITE_FIRESTORE_EMULATOR_HOST',
  'VITE_FIRESTORE_EMULATOR_PORT',
  'VITE_APPCHECK_DEBUG_TOKEN',
];

/** Values that point at this machine or the emulators' demo project. */
const LOCAL_VALUE = /(^|[^0-9])127\.0\.0\.1|localhost|\[::1\]|(^|[^a-z0-9])demo-/i;

/**
 * The VITE_* variables a production build of `webDir` sees: Vite's own
 * `.env`, `.env.local`, `.env.production`, `.env.production.local` in
 * `envDir`, overridden by the process environment.
 * @param {string} envDir folder of the .env files (Vite's envDir; web/ by default)
 * @returns {Record<string, string>}
 */
export function productionWebEnv(envDir) {
  return loadEnv('production', envDir, 'VITE_');
}

/**
 * Problems with a production web config, as short phrases naming variables
 * (never their values, except a project id): empty when it is fine.
 * @param {Record<string, string | undefined>} env the VITE_* variables (productionWebEnv)
 * @param {{ project?: string }} [target] the Firebase project being deployed, when known
 * @returns {string[]}
 */
export function productionWebEnvProblems(env, { project } = {}) {
  const problems = [];
  const missing = REQUIRED_WEB_VARS.filter((k) => !env[k]?.trim());
  if (missing.length) problems.push(`missing ${missing.join(', ')}`);
  const emulator = EMULATOR_WEB_VARS.filter((k) => env[k]?.trim());
  if (emulator.length)
    problems.push(`${emulator.join(', ')} ${emulator.length > 1 ? 'are' : 'is'} for emulator builds only`);
  const local = Object.keys(env)
    .filter((k) => k.startsWith('VITE_') && !EMULATOR_WEB_VARS.includes(k) && LOCAL_VALUE.test(env[k] ?? ''))
    .sort();
  if (local.length)
    problems.push(
      `${local.join(', ')} name${local.length > 1 ? '' : 's'} the emulators (127.0.0.1, localhost or a demo- project)`,
    );
  const id = env.VITE_FIREBASE_PROJECT_ID?.trim();
  if (project && id && !local.includes('VITE_FIREBASE_PROJECT_ID') && id !== project) {
    problems.push(`VITE_FIREBASE_PROJECT_ID is "${id}" but the deploy targets "${project}"`);
  }
  return problems;
}

/**
 * The one line a stopped production build prints, or null when the config is fine.
 * @param {Record<string, string | undefined>} env
 * @param {{ project?: string }} [target]
 */
export function productionWebEnvError(env, target) {
  const problems = productionWebEnvProblems(env, target);
  if (problems.length === 0) return null;
  return `✖ Production web config: ${problems.join('; ')}. Set them in web/.env.production.local (see web/.env.production.example) or the environment.`;
}
