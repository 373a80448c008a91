/**
 * The card payment provider (spec §7 stripe/*).
 *
 * The mode is config.payments.mode (config.ts decides it from the project):
 * - live: the `stripe` SDK with STRIPE_SECRET_KEY (and STRIPE_PUBLISHABLE_KEY
 *   for the browser);
 * - test, only on the emulator or a demo- project with no secret key: a
 *   clearly labelled in-house provider creates PaymentIntent-like records
 *   with ids `pi_test_…` and completes them without a card (POST
 *   /api/test-mode/confirm-payment), by handing a synthetic
 *   `payment_intent.succeeded` event to the same fulfilment code a verified
 *   webhook reaches. Both modes store the same `payments` records;
 * - unconfigured, a real project missing a Stripe setting, or whose keys are
 *   not live ones (a test key there would let anyone pay with a test card):
 *   every payment route throws NotConfigured (503 "Payments are not configured").
 *
 * Every PaymentIntent is created with an Idempotency-Key chosen by the caller
 * (domain paymentIdempotencyKey), so a retried or doubled request reuses the
 * first intent instead of charging twice; the test provider derives its ids
 * from the key for the same effect.
 *
 * STRIPE_API_BASE (e.g. http://127.0.0.1:12111) points the SDK at another
 * host, the tests' HTTP stub; config.ts honours it only on a demo- project.
 */
import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import { config, NOT_CONFIGURED, NotConfigured, type Config, type PaymentMode } from '../config.js';
import { STRIPE_API_VERSION } from './vendors.js';

/** The SDK, loaded on first use so a cold start that takes no payment does not pay for it. */
const loadStripe = async () => (await import('stripe')).default;

export type { PaymentMode };

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
  /** Live mode: the Stripe Customer to attach (customerForEmail). */
  customerId?: string | null;
}

/** The mode of a payment provider: one exists only where payments run ("unconfigured" throws first). */
export type ProviderMode = Exclude<PaymentMode, 'unconfigured'>;

/** The payment provider used by the routes. */
export interface PaymentProvider {
  mode: ProviderMode;
  publishableKey: string | null;
  createPaymentIntent(req: IntentRequest): Promise<CreatedIntent>;
  /**
   * Cancels an unpaid PaymentIntent, so it can no longer be paid.
   * @returns "canceled" (now or before), or the status that kept it: "succeeded" or "processing" (its
   *   webhook settles it). @throws on a provider failure, or when it was paid meanwhile (try again later).
   */
  cancelPaymentIntent(id: string): Promise<'canceled' | 'succeeded' | 'processing'>;
  /**
   * Asks for a refund of `amountCents` of a succeeded PaymentIntent. Live: Stripe's `refunds.create`
   * (its `charge.refunded` event then records it). Test: null, and the caller records the refund
   * through the event Stripe would send. @returns the refund id, or null in test mode. @throws on a provider failure.
   */
  refundPayment(r: { paymentIntentId: string; amountCents: number; idempotencyKey: string }): Promise<string | null>;
}

let cached: { key: string; client: Stripe } | null = null;

/** The payment mode of this project's configuration (config.ts). */
export function paymentMode(cfg: Config = config()): PaymentMode {
  return cfg.payments.mode;
}

/** Throws NotConfigured (503) unless payments can run here. */
export function requirePayments(cfg: Config = config()): void {
  if (cfg.payments.mode === 'unconfigured') {
    throw new NotConfigured(NOT_CONFIGURED.payments, [
      ...cfg.missing.filter((m) => m.startsWith('STRIPE_')),
      ...cfg.payments.notLive.map((m) => `${m} (not a live key)`),
    ]);
  }
}

/**
 * The Stripe SDK client in live mode, or null in test mode.
 * @throws NotConfigured on a real project without the Stripe settings.
 */
export async function stripeClient(cfg: Config = config()): Promise<Stripe | null> {
  requirePayments(cfg);
  const { secretKey, apiBase } = cfg.payments;
  if (cfg.payments.mode !== 'live' || !secretKey) return null;
  const cacheKey = `${secretKey}|${apiBase ?? ''}`;
  if (cached?.key === cacheKey) return cached.client;
  const url = apiBase ? new URL(apiBase) : null;
  const StripeSdk = await loadStripe();
  const client = new StripeSdk(secretKey, {
    // Pinned, so requests and their answers are in the version the code reads (platform/vendors.ts).
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'studio-crm' },
    ...(url
      ? {
          host: url.hostname,
          port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
          protocol: url.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
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
          // No receipt_email: the studio emails its own receipt (with its PDF) from the verified payment, so
          // Stripe's receipt would be a second one. The Customer's email does not make Stripe send one unless the
          // dashboard's "Successful payments" customer email is on (docs/operations.md "Mail").
          ...(r.customerId ? { customer: r.customerId } : {}),
        },
        { idempotencyKey: r.idempotencyKey },
      );
      if (!pi.client_secret) throw new Error('Stripe returned a PaymentIntent without a client secret');
      return { id: pi.id, clientSecret: pi.client_secret, amountCents: pi.amount };
    },
    async cancelPaymentIntent(id) {
      const { status } = await stripe.paymentIntents.retrieve(id);
      for (const final of ['canceled', 'succeeded', 'processing'] as const) if (status === final) return final;
      const canceled = await stripe.paymentIntents.cancel(id, {}, { idempotencyKey: `studio-cancel-${id}` });
      if (canceled.status !== 'canceled') throw new Error(`Stripe left PaymentIntent ${id} ${canceled.status}`);
      return 'canceled';
    },
    async refundPayment(r) {
      const refund = await stripe.refunds.create(
        { payment_intent: r.paymentIntentId, amount: r.amountCents },
        { idempotencyKey: r.idempotencyKey },
      );
      return refund.id;
    },
  };
}

/**
 * The one Stripe Customer of a client email, reused across payments and
 * subscriptions: the oldest customer Stripe lists for that email (trimmed,
 * lowercased), else a new one created with an Idempotency-Key derived from
 * the email, so two concurrent first payments make one customer.
 * @returns the customer id (cus_…). @throws on Stripe errors.
 */
export async function customerForEmail(
  stripe: Stripe,
  email: string,
  name: string | null,
  phone?: string | null,
): Promise<string> {
  const normalized = email.trim().toLowerCase();
  const found = await stripe.customers.list({ email: normalized, limit: 100 });
  const existing = [...found.data]
    .filter((c) => !('deleted' in c && c.deleted))
    .sort((a, b) => a.created - b.created)[0];
  if (existing) return existing.id;
  // Only the email in the create call: a key reused with other parameters is an error at Stripe, and
  // concurrent first payments of one client may carry different names. The name follows in an update.
  const created = await stripe.customers.create(
    { email: normalized },
    { idempotencyKey: `studio-customer-${createHash('sha256').update(normalized).digest('hex').slice(0, 32)}` },
  );
  if (name || phone)
    await stripe.customers.update(created.id, { ...(name ? { name } : {}), ...(phone ? { phone } : {}) });
  return created.id;
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
  // A test intent's state is its `payments` document, which the caller updates.
  async cancelPaymentIntent() {
    return 'canceled';
  },
  async refundPayment() {
    return null;
  },
};

/**
 * The provider for this project's configuration.
 * @throws NotConfigured on a real project without the Stripe settings.
 */
export async function paymentProvider(cfg: Config = config()): Promise<PaymentProvider> {
  const stripe = await stripeClient(cfg);
  return stripe ? liveProvider(stripe, cfg.payments.publishableKey ?? null) : testProvider;
}

/** Webhook signature tolerance in seconds (Stripe's default). */
export const WEBHOOK_TOLERANCE_SEC = 300;

/**
 * Verifies a webhook's Stripe-Signature on the raw body and returns the event.
 * Works without a secret key: verification needs only STRIPE_WEBHOOK_SECRET.
 * @throws NotConfigured when the webhook secret is missing on a real project, or its Stripe keys are not live ones;
 *   Error when it is missing locally, or the signature is wrong or stale.
 */
export async function verifyWebhook(
  rawBody: Buffer,
  signature: string | undefined,
  cfg: Config = config(),
): Promise<Stripe.Event> {
  // Test keys on a real project: no event is applied either (a test-mode payment would pay with a test card).
  if (cfg.payments.notLive.length > 0) requirePayments(cfg);
  const secret = cfg.payments.webhookSecret;
  if (!secret && !cfg.local) throw new NotConfigured(NOT_CONFIGURED.payments, ['STRIPE_WEBHOOK_SECRET']);
  if (!secret) throw new Error('Webhook secret not configured');
  if (!signature) throw new Error('Missing Stripe-Signature');
  return (await loadStripe()).webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SEC);
}
