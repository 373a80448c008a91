/**
 * Stripe against the ledger, for the daily `booksCheck` (booksCheck.ts): lists
 * what Stripe says happened in the last STRIPE_RECONCILE_DAYS days (succeeded
 * PaymentIntents, refunds, disputes: the SDK's list calls with `created[gte]`,
 * every page through its auto-pagination), fetches the PaymentIntents of the
 * window's payment entries the list did not return (created earlier, paid
 * later), reads the ledger, and compares them with domain reconcileStripe,
 * which says what each difference means and what to do. Read-only on both
 * sides.
 *
 * Live mode only: test mode (a demo- project without a secret key) has no
 * Stripe account to compare with, and a real project without live keys throws
 * NotConfigured (config.ts; its own alert names it).
 */
import type Stripe from 'stripe';
import type { Firestore } from 'firebase-admin/firestore';
import {
  reconcileStripe,
  reconcileWindowStart,
  stripePaymentsToFetch,
  type StripeDifference,
  type StripeDisputeFact,
  type StripePaymentFact,
  type StripeRefundFact,
} from '@studio/domain';
import { config, type Config } from '../../config.js';
import { stripeClient } from '../../platform/stripe.js';
import { allLedgerEntries } from './billingStore.js';

/** Most PaymentIntents fetched one by one in a run (the rest wait for the next day's run). */
export const MAX_FETCHED_PAYMENTS = 100;

/** What a comparison found: `skipped` says why none ran (test mode); counts of what Stripe listed. */
export interface StripeReconciliation {
  skipped: string | null;
  payments: number;
  refunds: number;
  disputes: number;
  differences: StripeDifference[];
}

/** The PaymentIntent id a refund or dispute names (an id, or an expanded object), or null. */
const intentId = (v: string | { id: string } | null | undefined): string | null =>
  typeof v === 'string' ? v : (v?.id ?? null);

const paymentFact = (pi: Stripe.PaymentIntent): StripePaymentFact => ({
  id: pi.id,
  amountCents: pi.amount_received,
  currency: pi.currency,
  status: pi.status,
});

/** True for Stripe's "no such object" answer. */
const missing = (e: unknown) =>
  (e as { statusCode?: number }).statusCode === 404 || (e as { code?: string }).code === 'resource_missing';

/**
 * Compares Stripe with the ledger for the window ending at `now` (see the file comment).
 * @throws NotConfigured on a real project without live Stripe keys; Stripe's errors (network, auth) as the SDK throws them.
 */
export async function reconcileWithStripe(
  db: Firestore,
  now: Date,
  cfg: Config = config(),
): Promise<StripeReconciliation> {
  const stripe = await stripeClient(cfg);
  if (!stripe)
    return { skipped: 'test mode: no Stripe account', payments: 0, refunds: 0, disputes: 0, differences: [] };
  const start = reconcileWindowStart(now);
  const created = { gte: Math.floor(start.getTime() / 1000) };

  const payments: StripePaymentFact[] = [];
  for await (const pi of stripe.paymentIntents.list({ created, limit: 100 })) payments.push(paymentFact(pi));
  const refunds: StripeRefundFact[] = [];
  for await (const r of stripe.refunds.list({ created, limit: 100 }))
    refunds.push({
      id: r.id,
      paymentIntentId: intentId(r.payment_intent),
      amountCents: r.amount,
      currency: r.currency,
      status: r.status ?? 'unknown',
    });
  const disputes: StripeDisputeFact[] = [];
  for await (const d of stripe.disputes.list({ created, limit: 100 }))
    disputes.push({
      id: d.id,
      paymentIntentId: intentId(d.payment_intent),
      amountCents: d.amount,
      currency: d.currency,
      status: d.status,
    });

  const entries = (await allLedgerEntries(db)).map((e) => ({
    id: e.id,
    type: e.type,
    amountCents: e.amountCents,
    currency: e.currency,
    paymentIntentId: e.paymentIntentId,
    reference: e.reference,
    at: e.at,
  }));
  const unknownPayments: string[] = [];
  const fetched: StripePaymentFact[] = [];
  for (const id of stripePaymentsToFetch(entries, payments, start).slice(0, MAX_FETCHED_PAYMENTS)) {
    try {
      fetched.push(paymentFact(await stripe.paymentIntents.retrieve(id)));
    } catch (e) {
      if (!missing(e)) throw e;
      unknownPayments.push(id);
    }
  }
  const listed = payments.filter((p) => p.status === 'succeeded').length;
  return {
    skipped: null,
    payments: listed,
    refunds: refunds.length,
    disputes: disputes.length,
    differences: reconcileStripe(
      { payments: [...payments, ...fetched], unknownPayments, refunds, disputes },
      entries,
      start,
    ),
  };
}
