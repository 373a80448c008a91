/**
 * The functions' deploy-time params (config.ts explains each): the secrets each function
 * binds and the plain settings `firebase deploy` asks for. Kept apart from
 * config.ts, which parses them with zod, so that index.ts can declare every
 * function without loading zod or any feature code (cold start: each
 * function's instance loads index.ts). Defining a param registers it with
 * the SDK, which is how `firebase deploy` learns of it: index.ts imports this
 * module, so every param here is defined whenever the functions load.
 */
import { defineSecret, defineString } from 'firebase-functions/params';

/** Secrets, bound per function in index.ts. */
export const SECRETS = {
  stripeSecretKey: defineSecret('STRIPE_SECRET_KEY'),
  stripeWebhookSecret: defineSecret('STRIPE_WEBHOOK_SECRET'),
  sendgridApiKey: defineSecret('SENDGRID_API_KEY'),
  outboxSecretKey: defineSecret('OUTBOX_SECRET_KEY'),
  /**
   * The server's own Google API key for the admin login's password check (Identity Toolkit REST). Not the
   * browser's Web API key: that one is restricted to the site's referrers, which a server call does not carry.
   * This one is restricted to the Identity Toolkit API with no application restriction, so it is kept secret.
   */
  serverApiKey: defineSecret('SERVER_API_KEY'),
  /** The SendGrid Event Webhook's verification key (ECDSA P-256, base64): public, but kept with the secrets. */
  sendgridWebhookPublicKey: defineSecret('SENDGRID_WEBHOOK_PUBLIC_KEY'),
} as const;

export type SecretName =
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'SENDGRID_API_KEY'
  | 'OUTBOX_SECRET_KEY'
  | 'SERVER_API_KEY'
  | 'SENDGRID_WEBHOOK_PUBLIC_KEY';

/**
 * The secrets each function binds (index.ts passes these lists): only the
 * ones it reads. The API takes payments, verifies webhooks, seals quote links,
 * signs document links, checks admin passwords and verifies SendGrid's events; the outbox sender and its sweeper send and open
 * sealed links; the order expiry cancels payments. A function that binds none of a secret never reports it
 * missing (its instance could not see it anyway).
 */
export const FUNCTION_SECRETS = {
  api: [
    SECRETS.stripeSecretKey,
    SECRETS.stripeWebhookSecret,
    SECRETS.outboxSecretKey,
    SECRETS.serverApiKey,
    SECRETS.sendgridWebhookPublicKey,
  ],
  sendOutboxEmail: [SECRETS.sendgridApiKey, SECRETS.outboxSecretKey],
  sweepOutbox: [SECRETS.sendgridApiKey, SECRETS.outboxSecretKey],
  // Cancels PaymentIntents; live payments need the webhook secret bound too (loadConfig's payment mode).
  expireOrders: [SECRETS.stripeSecretKey, SECRETS.stripeWebhookSecret],
  // Lists Stripe's payments, refunds and disputes to compare with the ledger (features/billing/booksCheck.ts).
  booksCheck: [SECRETS.stripeSecretKey, SECRETS.stripeWebhookSecret],
} as const;

/** True for a `demo-*` project id: the emulator's offline projects, which can never be deployed. */
const isDemoProject = (env: Record<string, string | undefined>) =>
  (env.GCLOUD_PROJECT ?? env.GCP_PROJECT ?? '').startsWith('demo-');

/**
 * The secrets function `fn` binds on the project in `env` (its GCLOUD_PROJECT,
 * set by `firebase deploy` and by the emulator when they load index.ts).
 * None on a `demo-*` project: it is never deployed, its values are plain
 * settings in functions/.env.demo-studio, and the Functions emulator would
 * otherwise ask Cloud Secret Manager for every bound secret at each worker
 * start, offline, which slows and can fail cold starts.
 */
export function secretsFor(fn: keyof typeof FUNCTION_SECRETS, env: Record<string, string | undefined> = process.env) {
  return isDemoProject(env) ? [] : [...FUNCTION_SECRETS[fn]];
}

/** Names of the secrets bound to the function `target` (env FUNCTION_TARGET); null when unknown (expect all). */
export function boundSecrets(
  target: string | undefined,
  env: Record<string, string | undefined>,
): ReadonlySet<string> | null {
  if (!target) return null;
  if (!(target in FUNCTION_SECRETS)) return new Set();
  return new Set(secretsFor(target as keyof typeof FUNCTION_SECRETS, env).map((p) => p.name));
}

/** Plain settings: `firebase deploy` asks for any without a value in `functions/.env.<project>`. */
export const SETTINGS = {
  stripePublishableKey: defineString('STRIPE_PUBLISHABLE_KEY', {
    description: 'Stripe publishable key (pk_live_… or pk_test_…), shown to the browser',
  }),
  emailFrom: defineString('EMAIL_FROM', { description: 'Sender address verified in SendGrid' }),
  ownerEmail: defineString('OWNER_EMAIL', { description: "The studio owner's address for new-lead alerts" }),
  siteUrl: defineString('SITE_URL', { description: 'Public address of the site, for links in emails (https://…)' }),
  appCheckAppId: defineString('APP_CHECK_APP_ID', {
    description:
      'The Firebase web app id (1:…:web:…) registered in App Check, whose tokens the public forms send (VITE_FIREBASE_APP_ID)',
  }),
} as const;
