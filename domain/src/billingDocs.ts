/**
 * Schemas of the money side's bookkeeping documents that had none: what the
 * server stores today (functions features/billing, features/payments,
 * features/client-data), parsed on read by the slices' stores and checked
 * before each write. Timestamps read as Date (storedDate); money in integer
 * cents. The billing documents themselves (invoices, orders, payments,
 * subscriptions, ledger) are in billing.ts and storedDocuments.ts.
 */
import { z } from 'zod';
import { orNull, storedDate } from './storedDocuments.js';

/** What became of a Stripe event: applied, ignored (not ours to handle) or held for review. */
export const STRIPE_EVENT_OUTCOMES = ['applied', 'duplicate', 'ignored', 'review'] as const;

/**
 * `stripe_events/{eventId}`: a Stripe event seen once (payment fulfilment and
 * charge events), written in the transaction of its effects so a copy has no
 * second effect. `review` says why it was held; `expireAt` is its retention end.
 */
export const stripeEventDocSchema = z.object({
  type: z.string(),
  objectId: z.string(),
  outcome: z.enum(STRIPE_EVENT_OUTCOMES),
  review: z.string().optional(),
  receivedAt: orNull(storedDate),
  expireAt: orNull(storedDate),
});
export type StripeEventDoc = z.output<typeof stripeEventDocSchema>;

/**
 * `idempotency_keys/{sha256(uid:route:key)}`: the first answer of a
 * create-invoice call under an Idempotency-Key (features/payments/createInvoice.ts),
 * returned to a retry with the same request `fingerprint` until `expiresAt`.
 */
export const idempotencyKeyDocSchema = z.object({
  route: z.string(),
  fingerprint: z.string(),
  invoiceId: z.string(),
  number: z.string(),
  checkoutUrl: z.string(),
  createdAt: orNull(storedDate),
  expiresAt: storedDate,
});
export type IdempotencyKeyDoc = z.output<typeof idempotencyKeyDocSchema>;

/**
 * `counters/{series-year}`: the last number issued in one gap-free series and
 * year (features/billing/invoiceNumbers.ts): INV-YYYY-NNNN, CN-YYYY-NNNN.
 */
export const counterDocSchema = z.object({
  year: z.number().int(),
  last: z.number().int().nonnegative(),
  updatedAt: orNull(storedDate),
});
export type CounterDoc = z.output<typeof counterDocSchema>;

/**
 * `promo_codes/{CODE}/customers/{sha256(email)}`: one customer's use of a
 * one-use-per-customer code (features/billing/promo.ts): held by an order
 * until `expiresAtMs` (epoch ms), or redeemed (expiresAtMs null).
 */
export const promoCustomerDocSchema = z.object({
  status: z.enum(['held', 'redeemed']),
  orderId: z.string(),
  expiresAtMs: orNull(z.number()),
  updatedAt: orNull(storedDate),
});
export type PromoCustomerDoc = z.output<typeof promoCustomerDocSchema>;

/** Documents per collection name. */
const countsByCollection = z.record(z.string(), z.number().int().nonnegative());

/**
 * `client_data_requests/{id}`: the audit record of a client data export or
 * erasure (features/client-data): who asked, when, and how many documents of
 * each collection it touched; the address only as its SHA-256.
 */
export const clientDataRequestDocSchema = z.object({
  action: z.enum(['export', 'erase']),
  emailSha256: z.string().regex(/^[0-9a-f]{64}$/),
  by: z.string(),
  byUid: z.string(),
  at: storedDate,
  /** An export: how many documents of each collection it gave. */
  documents: countsByCollection.optional(),
  /** An erasure: how many documents of each collection it deleted, anonymised, and kept (signed contracts). */
  deleted: countsByCollection.optional(),
  anonymised: countsByCollection.optional(),
  kept: countsByCollection.optional(),
});
export type ClientDataRequestDoc = z.output<typeof clientDataRequestDocSchema>;
