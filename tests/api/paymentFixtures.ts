/** Shared fixtures for the payment tests: a quoted lead (and its project) stored directly, and signed webhooks. */
import { readFileSync } from 'node:fs';
import { FieldValue } from 'firebase-admin/firestore';
import Stripe from 'stripe';
import { api, db } from '../helpers.js';
import { storeLead } from '../fixtures.js';

/** The emulator's webhook secret (functions/.env.demo-studio). */
export const SECRET = /^STRIPE_WEBHOOK_SECRET=(.+)$/m
  .exec(readFileSync(new URL('../../functions/.env.demo-studio', import.meta.url), 'utf8'))![1]!
  .trim();
const stripe = new Stripe('sk_test_unused');

/**
 * POSTs `event` to /api/stripe/webhook, signed with the SDK's generateTestHeaderString as Stripe signs it
 * (or with `opts.secret` / `opts.timestamp`, a given `signature`, none for null, or a tampered payload).
 */
export async function sendWebhook(
  event: object,
  opts: { timestamp?: number; tamper?: (payload: string) => string; secret?: string; signature?: string | null } = {},
) {
  const payload = JSON.stringify(event);
  const signature =
    opts.signature === undefined
      ? stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? SECRET, timestamp: opts.timestamp })
      : opts.signature;
  return api('POST', '/api/stripe/webhook', {
    rawBody: opts.tamper ? opts.tamper(payload) : payload,
    headers: signature === null ? {} : { 'stripe-signature': signature },
  });
}

export async function seedPayableLead(opts: {
  quoteAmountCents: number;
  depositAmountCents: number;
  withProject?: boolean;
  status?: string;
  email?: string;
}) {
  const leadId = await storeLead(db, {
    name: 'Payer Client',
    email: opts.email ?? 'payer@example.com',
    subject: 'Shop build',
    message: 'Please build a shop.',
    status: opts.status ?? 'Set Up',
    quoteAmountCents: opts.quoteAmountCents,
    depositAmountCents: opts.depositAmountCents,
    finalAmountCents: opts.quoteAmountCents - opts.depositAmountCents,
  });
  let projectId: string | null = null;
  if (opts.withProject) {
    const project = db.collection('projects').doc();
    await project.set({
      leadId: leadId,
      name: 'Shop build',
      client: 'Payer Client',
      status: 'Set up',
      priority: 'Medium',
      createdAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    projectId = project.id;
  }
  return { leadId, projectId };
}
