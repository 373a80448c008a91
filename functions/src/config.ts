/**
 * The functions' configuration, read once per instance and parsed with zod.
 *
 * Every setting is a Firebase param, so `firebase deploy` knows them:
 * - secrets (`defineSecret`, Cloud Secret Manager): STRIPE_SECRET_KEY,
 *   STRIPE_WEBHOOK_SECRET, SENDGRID_API_KEY, OUTBOX_SECRET_KEY, SERVER_API_KEY
 *   (the admin login's own API key, not the browser's), SENDGRID_WEBHOOK_PUBLIC_KEY
 *   (verifies SendGrid's Event Webhook). Each function
 *   binds only the ones it uses (index.ts, `secrets`);
 * - plain settings (`defineString`): STRIPE_PUBLISHABLE_KEY, EMAIL_FROM,
 *   OWNER_EMAIL, SITE_URL, APP_CHECK_APP_ID (set in `functions/.env.<project>`,
 *   git-ignored, or answered when `firebase deploy` asks).
 * On the emulator the `demo-studio` values come from `functions/.env.demo-studio`
 * (committed: emulator-only values), so `npm start` asks nothing.
 *
 * The mode is decided by the project id alone, never by a value that happens
 * to be missing or by an environment variable (`loadConfig`):
 * - local = a `demo-*` project. Only there do test-mode payments (no Stripe
 *   key) and the `email_log` (no SendGrid key) exist. A demo project has no
 *   resources in Google Cloud, so it can only ever run on the emulators; and
 *   no variable decides it, because a variable such as FUNCTIONS_EMULATOR
 *   could be set by a real project's `functions/.env.<project>` file and
 *   would then turn test mode on in production;
 * - on a real project a missing secret leaves its feature "unconfigured", and
 *   so does a Stripe key that is not a live one (sk_live_/rk_live_, pk_live_:
 *   a test key would let anyone pay with a test card; `config.stripe_test_key`),
 *   unless STRIPE_TEST_KEYS_PROJECT names this very project (a staging
 *   rehearsal's, docs/operations.md):
 *   its routes answer 503 ("Payments are not configured", ...), `/api/test-mode/*`
 *   answers 404, an email is never marked sent, and the first use of the
 *   config logs one error naming what is missing.
 *
 * Route and service code reads settings only through `config()`.
 */
import { EVENTS, logEvent } from './platform/log.js';
import { z } from 'zod';
import { boundSecrets, type SecretName } from './platform/deployParams.js';

/** A trimmed string, or undefined when empty or absent. */
const optional = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/** Milliseconds from an env string; absent or not a positive integer → the default. */
const ms = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((v) => {
      const n = Number(v);
      return Number.isInteger(n) && n > 0 ? n : fallback;
    });

/** The environment as the functions read it. Unknown variables are ignored (the platform sets many). */
const envSchema = z.object({
  GCLOUD_PROJECT: optional,
  GCP_PROJECT: optional,
  FUNCTION_TARGET: optional,
  FIREBASE_AUTH_EMULATOR_HOST: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_API_BASE: optional,
  STRIPE_TEST_KEYS_PROJECT: optional,
  SENDGRID_API_KEY: optional,
  SENDGRID_WEBHOOK_PUBLIC_KEY: optional,
  EMAIL_FROM: optional,
  OUTBOX_SECRET_KEY: optional,
  OWNER_EMAIL: optional,
  SITE_URL: optional,
  FILES_BUCKET: optional,
  SERVER_API_KEY: optional,
  FIRESTORE_TIMEOUT_MS: ms(10_000),
  API_DEADLINE_MS: optional,
  LEAD_COUNT_TTL_MS: ms(5_000),
  TRUSTED_PROXY_HOPS: optional,
  APP_CHECK_APP_ID: optional,
  APP_CHECK_ENFORCE: optional,
  APP_CHECK_DEBUG_TOKEN: optional,
});

/** How payments run: Stripe, the card-free test provider (local only), or not at all (503). */
export type PaymentMode = 'live' | 'test' | 'unconfigured';
/** How email leaves: SendGrid, the `email_log` collection (local only), or not at all (kept and retried). */
export type EmailMode = 'sendgrid' | 'log' | 'unconfigured';

/**
 * How the public write routes check Firebase App Check (platform/appCheck.ts):
 * - `verify`: a real project, always. Tokens are verified with firebase-admin and must come from the
 *   web app `appId` (APP_CHECK_APP_ID);
 * - `debug-token`: a demo project whose APP_CHECK_ENFORCE is `true`: only the configured
 *   APP_CHECK_DEBUG_TOKEN passes (the emulators cannot mint or verify real tokens);
 * - `off`: a demo project otherwise (the default on the emulators);
 * - `unconfigured`: a real project without APP_CHECK_APP_ID, or a demo project enforcing without a
 *   debug token: the protected routes answer 503.
 */
export type AppCheckPolicy =
  | { mode: 'verify'; appId: string }
  | { mode: 'debug-token'; debugToken: string }
  | { mode: 'off' }
  | { mode: 'unconfigured'; missing: string[] };

export interface Config {
  projectId: string;
  /**
   * A `demo-*` project (the same as `demoProject`): the only place test mode and the email log exist.
   * Named for what the features ask (is this the local stack?), decided by the project id alone.
   */
  local: boolean;
  /** A `demo-*` project: never deployable, so test-only ways in (tests' rate-limit buckets) may open here. */
  demoProject: boolean;
  payments: {
    mode: PaymentMode;
    /**
     * The Stripe keys set on a real project that are not live keys (STRIPE_SECRET_KEY not sk_live_/rk_live_,
     * STRIPE_PUBLISHABLE_KEY not pk_live_): payments are then unconfigured (503), since a test key would let anyone
     * "pay" with a test card. Empty on a demo project, which takes any key, and on the project that
     * STRIPE_TEST_KEYS_PROJECT names (a staging project rehearsing with Stripe's test mode).
     */
    notLive: string[];
    secretKey?: string;
    publishableKey?: string;
    webhookSecret?: string;
    /** Another Stripe API host (the tests' HTTP stub); honoured only on a demo project. */
    apiBase?: string;
  };
  email: {
    mode: EmailMode;
    sendgridApiKey?: string;
    from: string;
    ownerEmail?: string;
    /** The Event Webhook's ECDSA verification key; undefined → POST /api/sendgrid/events answers 503. */
    webhookPublicKey?: string;
  };
  /** Key sealing secrets queued in the outbox (quote links); undefined → quote links cannot be emailed. */
  outboxSecretKey?: string;
  /** The public site, no trailing slash, for links in emails. */
  siteUrl: string;
  /** The Cloud Storage bucket of the lead files (features/lead-files): FILES_BUCKET, else the project's default bucket. */
  filesBucket: string;
  /**
   * Admin login's password check: the Auth emulator host, or the server's API key (SERVER_API_KEY, restricted
   * to the Identity Toolkit API and to no referrer; the browser's referrer-restricted key would be refused).
   */
  auth: { emulatorHost?: string; serverApiKey?: string };
  /**
   * Which X-Forwarded-For entry, counted from the right, holds the client's
   * address as the platform appended it (http.ts clientIp).
   */
  trustedProxyHops: number;
  firestoreTimeoutMs: number;
  apiDeadlineMs: number;
  leadCountTtlMs: number;
  /** App Check on the public write routes; decided by the project id, never switched off on a real project. */
  appCheck: AppCheckPolicy;
  /** Names (never values) of the settings a real project lacks; empty when local or complete. */
  missing: string[];
}

/** Sender used locally when EMAIL_FROM is not set. */
export const LOCAL_EMAIL_FROM = 'studio@example.com';

/**
 * Hops from the right of X-Forwarded-For to the client's entry on Firebase
 * Hosting → Cloud Functions v2 (Cloud Run): Hosting's edge appends the address
 * that connected to it (the client), then Google's front end in front of
 * Cloud Run appends the address that connected to it (Hosting's edge). So the
 * client is the second entry from the right, and anything left of it was
 * written by the client. Sources: Cloud Functions request headers reference
 * (https://cloud.google.com/functions/docs/reference/headers, "X-Forwarded-For:
 * clientIp, proxy1Ip, proxy2Ip") and the external Application Load Balancer's
 * documented format `<supplied-value>,<client-ip>,<load-balancer-ip>`
 * (https://cloud.google.com/load-balancing/docs/https#x-forwarded-for_header).
 * Override with TRUSTED_PROXY_HOPS if your logs show another chain.
 */
export const DEFAULT_TRUSTED_PROXY_HOPS = 2;

/**
 * App Check's policy (AppCheckPolicy): a real project always verifies, needing the web app's id; no variable turns
 * it off there, and the debug token is never read. A demo project is off unless APP_CHECK_ENFORCE is `true`.
 */
function appCheckPolicy(
  demoProject: boolean,
  appId: string | undefined,
  e: { APP_CHECK_ENFORCE?: string; APP_CHECK_DEBUG_TOKEN?: string },
): AppCheckPolicy {
  if (!demoProject) return appId ? { mode: 'verify', appId } : { mode: 'unconfigured', missing: ['APP_CHECK_APP_ID'] };
  if (e.APP_CHECK_ENFORCE !== 'true') return { mode: 'off' };
  return e.APP_CHECK_DEBUG_TOKEN
    ? { mode: 'debug-token', debugToken: e.APP_CHECK_DEBUG_TOKEN }
    : { mode: 'unconfigured', missing: ['APP_CHECK_DEBUG_TOKEN'] };
}

/**
 * The names of the Stripe keys given that are not live-mode keys: a secret key must be `sk_live_…` (or a restricted
 * `rk_live_…`), a publishable key `pk_live_…`. An absent key is not named here (it is missing, not wrong).
 */
export function notLiveStripeKeys(secretKey: string | undefined, publishableKey: string | undefined): string[] {
  return [
    ...(secretKey && !/^(sk|rk)_live_/.test(secretKey) ? ['STRIPE_SECRET_KEY'] : []),
    ...(publishableKey && !publishableKey.startsWith('pk_live_') ? ['STRIPE_PUBLISHABLE_KEY'] : []),
  ];
}

/**
 * Parses `env` into a Config and decides the modes. Pure: no logging.
 * @param env a process environment (the platform's, or a test's stand-in)
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const e = envSchema.parse(env);
  const projectId = e.GCLOUD_PROJECT ?? e.GCP_PROJECT ?? '';
  const demoProject = projectId.startsWith('demo-');
  const local = demoProject;
  const missing: string[] = [];
  const need = (name: string, value: string | undefined) => {
    if (!value && !local) missing.push(name);
    return value;
  };
  // A secret this function does not bind is absent by design, not missing (FUNCTION_SECRETS).
  const bound = boundSecrets(e.FUNCTION_TARGET, env);
  const needSecret = (name: SecretName, value: string | undefined) =>
    bound && !bound.has(name) ? value : need(name, value);

  const secretKey = needSecret('STRIPE_SECRET_KEY', e.STRIPE_SECRET_KEY);
  const publishableKey = need('STRIPE_PUBLISHABLE_KEY', e.STRIPE_PUBLISHABLE_KEY);
  const webhookSecret = needSecret('STRIPE_WEBHOOK_SECRET', e.STRIPE_WEBHOOK_SECRET);
  // A staging project takes test keys only when STRIPE_TEST_KEYS_PROJECT names it: an env file copied from staging to
  // production names staging, so it turns nothing on there.
  const testKeysAllowed = local || (!!projectId && e.STRIPE_TEST_KEYS_PROJECT === projectId);
  const notLive = testKeysAllowed ? [] : notLiveStripeKeys(secretKey, publishableKey);
  // Live needs all three (a payment nobody's webhook confirms would never take effect), and on a real project live
  // keys (notLiveStripeKeys); test mode only exists locally.
  const paymentMode: PaymentMode =
    secretKey && (local || (publishableKey && webhookSecret && notLive.length === 0))
      ? 'live'
      : local
        ? 'test'
        : 'unconfigured';

  const sendgridApiKey = needSecret('SENDGRID_API_KEY', e.SENDGRID_API_KEY);
  const from = need('EMAIL_FROM', e.EMAIL_FROM);
  const emailMode: EmailMode = sendgridApiKey && (from || local) ? 'sendgrid' : local ? 'log' : 'unconfigured';

  const hops = Number(e.TRUSTED_PROXY_HOPS);
  const firestoreTimeoutMs = e.FIRESTORE_TIMEOUT_MS;
  const deadline = Number(e.API_DEADLINE_MS);
  return {
    projectId,
    local,
    demoProject,
    payments: {
      mode: paymentMode,
      notLive,
      secretKey,
      publishableKey,
      webhookSecret,
      apiBase: demoProject ? e.STRIPE_API_BASE : undefined,
    },
    email: {
      mode: emailMode,
      sendgridApiKey,
      from: from ?? LOCAL_EMAIL_FROM,
      ownerEmail: need('OWNER_EMAIL', e.OWNER_EMAIL) ?? (local ? 'owner@example.com' : undefined),
      webhookPublicKey: needSecret('SENDGRID_WEBHOOK_PUBLIC_KEY', e.SENDGRID_WEBHOOK_PUBLIC_KEY),
    },
    outboxSecretKey: needSecret('OUTBOX_SECRET_KEY', e.OUTBOX_SECRET_KEY),
    siteUrl: (
      need('SITE_URL', e.SITE_URL) ?? (local ? 'http://127.0.0.1:5000' : `https://${projectId}.web.app`)
    ).replace(/\/$/, ''),
    auth: {
      emulatorHost: local ? e.FIREBASE_AUTH_EMULATOR_HOST : undefined,
      serverApiKey: local && e.FIREBASE_AUTH_EMULATOR_HOST ? undefined : needSecret('SERVER_API_KEY', e.SERVER_API_KEY),
    },
    filesBucket: e.FILES_BUCKET ?? `${projectId}.firebasestorage.app`,
    trustedProxyHops: Number.isInteger(hops) && hops > 0 ? hops : DEFAULT_TRUSTED_PROXY_HOPS,
    firestoreTimeoutMs,
    // Three Firestore call budgets (a transaction may retry through lock waits), inside the function's 60 s timeout.
    apiDeadlineMs: Number.isInteger(deadline) && deadline > 0 ? deadline : 3 * firestoreTimeoutMs,
    leadCountTtlMs: e.LEAD_COUNT_TTL_MS,
    appCheck: appCheckPolicy(demoProject, need('APP_CHECK_APP_ID', e.APP_CHECK_APP_ID), e),
    missing,
  };
}

let current: Config | undefined;

/**
 * The instance's configuration, parsed from process.env on first use (after
 * the platform has put the bound secrets there). On a real project with
 * settings missing, logs one error naming them.
 */
export function config(): Config {
  if (!current) {
    current = loadConfig(process.env);
    if (current.missing.length > 0) {
      logEvent(
        EVENTS.configMissing,
        `config: missing settings on project ${current.projectId}: ${current.missing.join(', ')}. Set them (README, "Production checklist"); until then the features that need them answer 503.`,
      );
    }
    if (current.payments.notLive.length > 0) {
      logEvent(
        EVENTS.configStripeTestKey,
        `config: ${current.payments.notLive.join(' and ')} on project ${current.projectId} is not a live-mode key; payments answer 503 until live keys are set.`,
        { settings: current.payments.notLive },
      );
    }
  }
  return current;
}

/** Replaces the instance's configuration (in-process tests standing in for another project). */
export function setConfigForTests(next: Config | undefined): void {
  current = next;
}

/** An error for a feature the configuration leaves off on this project: http.ts answers 503 with its message. */
export class NotConfigured extends Error {
  constructor(
    message: string,
    readonly settings: string[],
  ) {
    super(message);
  }
}

/** Spec-facing messages of the 503s. */
export const NOT_CONFIGURED = {
  payments: 'Payments are not configured',
  email: 'Email is not configured',
  emailEvents: 'Email events are not configured',
  login: 'Admin sign-in is not configured',
  appCheck: 'App Check is not configured',
} as const;
