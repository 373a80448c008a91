/** Firebase Admin handles shared by the functions (initialised once per instance). */
import { getApp, getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { initializeFirestore, type FirestoreSettings } from 'firebase-admin/firestore';

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

/**
 * Budget (ms) for one Firestore call, its retries included. The client's
 * defaults retry an unreachable backend for up to 10 minutes; with this cap a
 * Firestore outage fails the call within seconds, and the API answers 503
 * (http.ts) instead of hanging (issue 10, "Faults"). Env FIRESTORE_TIMEOUT_MS
 * overrides the default of 10 s (the fault test uses a shorter one).
 */
export const FIRESTORE_TIMEOUT_MS = Number(process.env.FIRESTORE_TIMEOUT_MS) || 10_000;

/** The unary and server-streaming Firestore RPCs the functions use (not Listen/Write). */
const RPCS = ['GetDocument', 'ListDocuments', 'CreateDocument', 'UpdateDocument', 'DeleteDocument', 'BatchGetDocuments', 'BeginTransaction', 'Commit', 'Rollback', 'RunQuery', 'RunAggregationQuery', 'PartitionQuery', 'ListCollectionIds', 'BatchWrite'];

/**
 * google-gax client config overrides for the Firestore v1 service: every RPC
 * above keeps its retry codes but stops retrying after `budgetMs` in total.
 */
export function firestoreClientConfig(budgetMs: number) {
  const capped = {
    initial_retry_delay_millis: 100,
    retry_delay_multiplier: 1.3,
    max_retry_delay_millis: Math.min(1_000, budgetMs),
    initial_rpc_timeout_millis: budgetMs,
    rpc_timeout_multiplier: 1,
    max_rpc_timeout_millis: budgetMs,
    total_timeout_millis: budgetMs,
  };
  return {
    interfaces: {
      'google.firestore.v1.Firestore': {
        retry_params: { capped },
        methods: Object.fromEntries(RPCS.map((m) => [m, { timeout_millis: budgetMs, retry_params_name: 'capped' }])),
      },
    },
  };
}

// firebase-admin's settings type names only its own keys; @google-cloud/firestore hands every
// other key to its GAPIC client (clientConfig) and gRPC channel (grpc.*).
export const db = initializeFirestore(getApp(), {
  clientConfig: firestoreClientConfig(FIRESTORE_TIMEOUT_MS),
  // Reconnect soon after the backend comes back (gRPC's default backoff grows to 2 minutes).
  'grpc.initial_reconnect_backoff_ms': 250,
  'grpc.max_reconnect_backoff_ms': 2_000,
} as FirestoreSettings);
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
