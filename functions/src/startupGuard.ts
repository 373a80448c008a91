/**
 * Checks run when an instance starts: by index.ts at import, and by
 * firebase.ts before it builds any SDK handle (scripts and tests import it
 * without index.ts). No SDK imports, so index.ts stays light.
 */

/**
 * Startup guard: emulator variables on a real project would point a
 * production function at a local, rule-less emulator. Refuse to start when
 * they are set outside the functions emulator and outside a demo- project.
 * @throws Error naming the variables.
 */
export function assertNoEmulatorVarsInProduction(env: NodeJS.ProcessEnv): void {
  const vars = ['FIRESTORE_EMULATOR_HOST', 'FIREBASE_AUTH_EMULATOR_HOST'].filter((k) => env[k]);
  const project = env.GCLOUD_PROJECT ?? env.GCP_PROJECT ?? '';
  if (vars.length > 0 && env.FUNCTIONS_EMULATOR !== 'true' && !project.startsWith('demo-')) {
    throw new Error(`Refusing to start: ${vars.join(', ')} set on project "${project}" outside the emulator.`);
  }
}
