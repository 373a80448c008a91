/**
 * The card payment provider (issue 7; spec §7 stripe/*).
 *
 * Live mode: the `stripe` SDK with STRIPE_SECRET_KEY (and the publishable key
 * STRIPE_PUBLISHABLE_KEY for the browser). Test mode: with no secret key (the
 * local default) a clearly labelled in-house provider stands in. It creates
 * PaymentIntent-like records with ids `pi_test_…` and completes them without a
 * card (POST /api/test-mode/confirm-payment), by handing a synthetic
 * `payment_intent.succeeded` event to the same fulfilment code a verified
 * webhook reaches. Both modes store the same `payments` records.
 *
 * Every PaymentIntent is created with an Idempotency-Key chosen by the caller
 * (domain paymentIdempotencyKey), so a retried or doubled request reuses the
 * first intent instead of charging twice; the test provider derives its ids
 * from the key for the same effect.
 *
 * STRIPE_API_BASE (e.g. http://127.0.0.1:12111) points the SDK at another
 * host: the tests' HTTP stub. It is refused outside the emulator and tests.
 */
import { createHash } from 'node:crypto';
import type Stripe from 'stripe';

/** The SDK, loaded on first use so a cold start that takes no payment does not pay for it. */
const loadStripe = async () => (await import('stripe')).default;

export type PaymentMode = 'test' | 'live';

/** What a created PaymentIntent gives back to the browser. */
export interface CreatedIntent {
  id: string;
  clientSecret: string;
  amountCents: number;
}

export interface IntentRequest {
  amountCents: number;
  currency: 'usd';
  description: string;
  /** purpose and record ids (leadId, invoiceId, orderId); all strings. */
  metadata: Record<string, string>;
  idempotencyKey: string;
  receiptEmail?: string | null;
}

/** The payment provider used by the routes. */
export interface PaymentProvider {
  mode: PaymentMode;
  publishableKey: string | null;
  createPaymentIntent(req: IntentRequest): Promise<CreatedIntent>;
}

let cached: { key: string; client: Stripe } | null = null;

/** The payment mode of the configuration: live when STRIPE_SECRET_KEY is set. */
export function paymentMode(env: NodeJS.ProcessEnv = process.env): PaymentMode {
  return env.STRIPE_SECRET_KEY?.trim() ? 'live' : 'test';
}

/**
 * The Stripe SDK client for the configured secret key, or null in test mode.
 * @throws Error when STRIPE_API_BASE is set on a real (non-demo) project outside the emulator.
 */
export async function stripeClient(env: NodeJS.ProcessEnv = process.env): Promise<Stripe | null> {
  const secret = env.STRIPE_SECRET_KEY?.trim();
  if (!secret) return null;
  const base = env.STRIPE_API_BASE?.trim();
  const cacheKey = `${secret}|${base ?? ''}`;
  if (cached?.key === cacheKey) return cached.client;
  const project = env.GCLOUD_PROJECT ?? env.GCP_PROJECT ?? '';
  if (base && env.FUNCTIONS_EMULATOR !== 'true' && env.VITEST === undefined && !project.startsWith('demo-')) {
    throw new Error('Refusing STRIPE_API_BASE outside the emulator and tests');
  }
  const url = base ? new URL(base) : null;
  const StripeSdk = await loadStripe();
  const client = new StripeSdk(secret, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'studio-crm' },
    ...(url ? { host: url.hostname, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), protocol: url.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
  cached = { key: cacheKey, client };
  return client;
}

/** Live provider over the Stripe SDK. */
function liveProvider(stripe: Stripe, publishableKey: string | null): PaymentProvider {
  return {
    mode: 'live',
    publishableKey,
    async createPaymentIntent(r) {
      const pi = await stripe.paymentIntents.create(
        {
          amount: r.amountCents,
          currency: r.currency,
          description: r.description,
          metadata: r.metadata,
          automatic_payment_methods: { enabled: true },
          ...(r.receiptEmail ? { receipt_email: r.receiptEmail } : {}),
        },
        { idempotencyKey: r.idempotencyKey },
      );
      if (!pi.client_secret) throw new Error('Stripe returned a PaymentIntent without a client secret');
      return { id: pi.id, clientSecret: pi.client_secret, amountCents: pi.amount };
    },
  };
}

/** The test-mode id for an idempotency key: the same key always names the same intent. */
export function testIntentId(idempotencyKey: string): string {
  return `pi_test_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
}

/** Test provider: no network, no card; ids derived from the idempotency key. */
const testProvider: PaymentProvider = {
  mode: 'test',
  publishableKey: null,
  async createPaymentIntent(r) {
    const id = testIntentId(r.idempotencyKey);
    return { id, clientSecret: `${id}_secret_testmode`, amountCents: r.amountCents };
  },
};

/** The provider for the current configuration (live when STRIPE_SECRET_KEY is set). */
export async function paymentProvider(env: NodeJS.ProcessEnv = process.env): Promise<PaymentProvider> {
  const stripe = await stripeClient(env);
  return stripe ? liveProvider(stripe, env.STRIPE_PUBLISHABLE_KEY?.trim() || null) : testProvider;
}

/** Webhook signature tolerance in seconds (Stripe's default). */
export const WEBHOOK_TOLERANCE_SEC = 300;

/**
 * Verifies a webhook's Stripe-Signature on the raw body and returns the event.
 * Works without a secret key: verification needs only STRIPE_WEBHOOK_SECRET.
 * @throws Error when the secret is missing, the signature is wrong or stale.
 */
export async function verifyWebhook(rawBody: Buffer, signature: string | undefined, env: NodeJS.ProcessEnv = process.env): Promise<Stripe.Event> {
  const secret = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (!secret) throw new Error('Webhook secret not configured');
  if (!signature) throw new Error('Missing Stripe-Signature');
  return (await loadStripe()).webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SEC);
}
