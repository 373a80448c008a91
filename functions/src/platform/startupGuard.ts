/**
 * Checks run when an instance starts: by index.ts at import, and by
 * platform/firebase.ts before it builds any SDK handle (scripts and tests import it
 * without index.ts). No SDK imports, so index.ts stays light.
 */

/**
 * The variable that says this process runs inside the Firebase emulator
 * suite. `firebase emulators:start`/`exec` always runs the emulator hub and
 * sets FIREBASE_EMULATOR_HUB (its host:port) for the functions it runs
 * (firebase-tools `setEnvVarsForEmulators`), and a deploy cannot set it:
 * firebase-tools refuses a `functions/.env*` key with the reserved prefix
 * `FIREBASE_` ("starts with a reserved prefix"), and FIREBASE_* variables are
 * the platform's. FUNCTIONS_EMULATOR, which the emulator also sets, is no
 * such proof: any env file may define it. FIRESTORE_EMULATOR_HOST is what
 * this guard looks for, so it cannot vouch for itself either.
 */
export const EMULATOR_SUITE_VAR = 'FIREBASE_EMULATOR_HUB';

/**
 * Startup guard: emulator variables on a real project would point a
 * production function at a local, rule-less emulator. Refuse to start when
 * they are set outside the emulator suite (EMULATOR_SUITE_VAR unset) and
 * outside a demo- project.
 * @throws Error naming the variables.
 */
export function assertNoEmulatorVarsInProduction(env: NodeJS.ProcessEnv): void {
  const vars = ['FIRESTORE_EMULATOR_HOST', 'FIREBASE_AUTH_EMULATOR_HOST', 'STORAGE_EMULATOR_HOST'].filter(
    (k) => env[k],
  );
  const project = env.GCLOUD_PROJECT ?? env.GCP_PROJECT ?? '';
  if (vars.length > 0 && !env[EMULATOR_SUITE_VAR] && !project.startsWith('demo-')) {
    throw new Error(`Refusing to start: ${vars.join(', ')} set on project "${project}" outside the emulator.`);
  }
}
