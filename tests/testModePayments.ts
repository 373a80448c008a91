/**
 * Paying as a client does on the demo project, for the API and end-to-end
 * tests alike (no imports of tests/helpers.ts, which Playwright specs cannot
 * load): the PaymentIntent, then the test-mode confirmation, which records
 * the payment through the same fulfilment as a verified Stripe webhook.
 */
import { randomUUID } from 'node:crypto';

const BASE_URL = process.env.STUDIO_BASE_URL ?? 'http://127.0.0.1:5000';

/** POST `path` with a JSON body and a rate-limit bucket of its own; the parsed reply, or an Error naming the status. */
async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${BASE_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-studio-test-client': randomUUID() },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * Pays lead `leadId`'s next quote stage (deposit, then final) as the client's
 * Pay Now does. @returns the PaymentIntent's id. @throws when either call is refused.
 */
export async function payNextInTestMode(leadId: string): Promise<string> {
  const { paymentIntentId } = await post('/api/create-payment-intent', { leadId });
  await post('/api/test-mode/confirm-payment', { paymentIntentId });
  return String(paymentIntentId);
}
