/**
 * Hosting subscriptions in the client portal (`/portal`): what a signed-in
 * client reads and asks through `/api/portal/subscriptions/**`, as reply
 * schemas the server replies with and the web parses. Money leaves as a
 * 2-decimal string; the period's end as the day on the studio's clock, formatted
 * on the server as PDFs and emails show it.
 */
import { z } from 'zod';
import { SUBSCRIPTION_STATUSES, type SubscriptionDoc } from './billing.js';
import { formatDocumentDate } from './documentDate.js';
import { centsToString } from './money.js';

/**
 * Where a client manages a subscription: `stripe` in Stripe's customer portal
 * (a live subscription: payment method, receipts, cancel), `studio` on the
 * portal's own page (test mode, where no Stripe customer exists). Null once
 * canceled: nothing is left to manage.
 */
export const PORTAL_SUBSCRIPTION_MANAGERS = ['stripe', 'studio'] as const;

/** One of the client's hosting subscriptions. */
export const portalSubscriptionSchema = z.object({
  id: z.string(),
  packageName: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** The renewal's price, as a 2-decimal string ("49.99"), in `currency`. */
  amount: z.string().regex(/^\d+\.\d{2}$/),
  currency: z.string(),
  interval: z.enum(['month', 'year']),
  /** The current period's end on the studio's clock ("December 15, 2026"): the next renewal, or the last day. */
  periodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  manage: z.enum(PORTAL_SUBSCRIPTION_MANAGERS).nullable(),
});
export type PortalSubscription = z.output<typeof portalSubscriptionSchema>;

/** GET /api/portal/subscriptions → the signed-in client's subscriptions, active first (empty for anyone else). */
export const portalSubscriptionsReply = z.object({
  success: z.literal(true),
  subscriptions: z.array(portalSubscriptionSchema),
});

/** POST /api/portal/subscriptions/{id}/cancel → the subscription as it now stands. */
export const portalSubscriptionCanceledReply = z.object({
  success: z.literal(true),
  message: z.string(),
  subscription: portalSubscriptionSchema,
});

/** POST /api/portal/subscriptions/{id}/billing-portal → Stripe's customer portal session to send the client to. */
export const portalBillingPortalReply = z.object({ success: z.literal(true), url: z.string().url() });

/** The cancel's toast, and its reply's message. */
export const PORTAL_SUBSCRIPTION_CANCELED = 'Your subscription will end at the end of its current period';

/** A subscription's status in the portal's words. */
export function portalSubscriptionStatusText(
  s: Pick<PortalSubscription, 'status' | 'cancelAtPeriodEnd' | 'periodEnd'>,
) {
  if (s.status === 'canceled') return 'Canceled';
  if (s.cancelAtPeriodEnd) return `Ends on ${s.periodEnd}`;
  return s.status === 'past_due' ? 'Payment past due' : 'Active';
}

const ORDER: Record<PortalSubscription['status'], number> = { active: 0, past_due: 1, canceled: 2 };

/** `subs` in the portal's order: active, then past due, then canceled; within each, the soonest period end first. */
export function inPortalOrder<T extends Pick<SubscriptionDoc, 'status' | 'currentPeriodEnd'>>(subs: readonly T[]): T[] {
  return [...subs].sort(
    (a, b) => ORDER[a.status] - ORDER[b.status] || a.currentPeriodEnd.getTime() - b.currentPeriodEnd.getTime(),
  );
}

/** A stored subscription as the portal shows it, its period's end on the studio's clock (`timeZone`, IANA). */
export function portalSubscription(id: string, s: SubscriptionDoc, timeZone: string): PortalSubscription {
  return {
    id,
    packageName: s.packageName,
    status: s.status,
    amount: centsToString(s.amountCents),
    currency: s.currency,
    interval: s.interval,
    periodEnd: formatDocumentDate(s.currentPeriodEnd, timeZone),
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    manage: s.status === 'canceled' ? null : s.mode === 'live' && s.stripeSubscriptionId ? 'stripe' : 'studio',
  };
}
