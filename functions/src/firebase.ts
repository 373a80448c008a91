/** Firebase Admin handles shared by the functions (initialised once per instance). */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';

/**
 * Startup guard (issue 10): emulator variables on a real project would point a
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

assertNoEmulatorVarsInProduction(process.env);
if (!getApps().some((a) => a.name === '[DEFAULT]')) initializeApp();

export const db = getFirestore();
export const auth = getAuth();

/** Firestore collection names (spec §3). */
export const COLLECTIONS = {
  users: 'users',
  contacts: 'contacts',
  leads: 'leads',
  notes: 'notes',
  projects: 'projects',
  promoCodes: 'promo_codes',
  leadActivity: 'lead_activity',
  quoteVersions: 'quote_versions',
  quoteLinks: 'quote_links',
  quoteAcceptances: 'quote_acceptances',
  outbox: 'outbox',
} as const;
