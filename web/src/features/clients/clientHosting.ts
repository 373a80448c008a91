/**
 * A client's hosting from the cart, for the Client List: their orders and
 * subscriptions, matched to the lead by address (domain clientEmailKey: orders,
 * subscriptions and leads keep it in lower case), so a buyer who wrote in
 * before buying sees the orders under that lead too (docs/statuses.md "Cart
 * buyers"). Pure: no React, no Firebase.
 */
import { clientEmailKey, formatUsd, type OrderDoc, type SubscriptionDoc } from '@studio/domain';

/** The order fields the Client List reads (`OrderView` from the live hooks satisfies it). */
export type ClientOrder = Pick<
  OrderDoc,
  'status' | 'packageName' | 'pricingMode' | 'totalDueNowCents' | 'createdAt' | 'clientInfo'
> & { id: string };

/** The subscription fields the Client List reads (`SubscriptionView` satisfies it). */
export type ClientSubscription = Pick<
  SubscriptionDoc,
  'status' | 'packageName' | 'interval' | 'amountCents' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'customerEmail'
> & { id: string };

/** One client's hosting: orders newest first, subscriptions in the order given. */
export interface ClientHosting<O extends ClientOrder = ClientOrder, S extends ClientSubscription = ClientSubscription> {
  orders: O[];
  subscriptions: S[];
}

/** What a subscription's stored status means to the owner. */
export const SUBSCRIPTION_STATUS_LABELS: Record<ClientSubscription['status'], string> = {
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
};

/**
 * The orders and subscriptions of every client, keyed by address
 * (clientEmailKey); an order or subscription without an address (an erased
 * client's) belongs to nobody.
 */
export function hostingByClient<O extends ClientOrder, S extends ClientSubscription>(
  orders: readonly O[],
  subscriptions: readonly S[],
): Map<string, ClientHosting<O, S>> {
  const out = new Map<string, ClientHosting<O, S>>();
  const of = (email: string) => {
    let h = out.get(email);
    if (!h) out.set(email, (h = { orders: [], subscriptions: [] }));
    return h;
  };
  for (const o of orders) {
    const key = clientEmailKey(o.clientInfo.email);
    if (key) of(key).orders.push(o);
  }
  for (const s of subscriptions) {
    const key = clientEmailKey(s.customerEmail);
    if (key) of(key).subscriptions.push(s);
  }
  const ms = (d: Date | null) => d?.getTime() ?? Number.POSITIVE_INFINITY; // a pending timestamp: newest
  for (const h of out.values()) h.orders.sort((a, b) => ms(b.createdAt) - ms(a.createdAt) || (a.id < b.id ? -1 : 1));
  return out;
}

/** The hosting of the lead at `email`, or null when they bought nothing. */
export function hostingOf<O extends ClientOrder, S extends ClientSubscription>(
  byClient: ReadonlyMap<string, ClientHosting<O, S>>,
  email: string | null | undefined,
): ClientHosting<O, S> | null {
  const key = clientEmailKey(email);
  return (key && byClient.get(key)) || null;
}

/**
 * The card's lines: how many orders and how many are paid, what was bought
 * (each package once, paid ones first), and each subscription's state, e.g.
 * "2 orders, 1 paid", "Web Fresh/Refresh + Hosting", "Hosting: Active, $45.00/month".
 */
export function hostingSummary(h: ClientHosting): { orders: string; bought: string; subscriptions: string[] } {
  const paid = h.orders.filter((o) => o.status === 'paid');
  const n = h.orders.length;
  const packages = [...new Set([...paid, ...h.orders].map((o) => o.packageName))];
  return {
    orders: n === 0 ? 'No cart orders' : `${n} ${n === 1 ? 'order' : 'orders'}, ${paid.length} paid`,
    bought: packages.join(', '),
    subscriptions: h.subscriptions.map(
      (s) =>
        `${s.packageName}: ${SUBSCRIPTION_STATUS_LABELS[s.status]}${s.status !== 'canceled' && s.cancelAtPeriodEnd ? ' (ends at period end)' : ''}, ${formatUsd(s.amountCents)}/${s.interval}`,
    ),
  };
}
