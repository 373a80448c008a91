/**
 * A signed-in client's hosting subscriptions (docs/architecture.md "The
 * client portal"): listed by their verified address, with the period's end on
 * the studio's clock; cancel at period end (the same rule as the CRM's,
 * features/billing subscriptionActions, with the owner alerted); and, for a
 * live subscription, a Stripe customer portal session. Another client's
 * subscription id is 404, the same answer as an id that does not exist.
 */
import { inPortalOrder, portalSubscription, type PortalSubscription, type SubscriptionDoc } from '@studio/domain';
import { notFound } from '../../platform/errors.js';
import { loadStudioSettings } from '../../shared/settings.js';
import { cancelAtPeriodEnd, customerPortalUrl, subscriptionOf, subscriptionsOfEmail } from '../billing/index.js';
import type { Deps } from '../useCase.js';
import type { ClientSession } from './clientSession.js';

export const PORTAL_SUBSCRIPTION_NOT_FOUND = 'Subscription Not Found';

/** Subscription `id` when it is the client's. @throws NotFound PORTAL_SUBSCRIPTION_NOT_FOUND otherwise. */
async function ownSubscription(deps: Deps, client: ClientSession, id: string): Promise<SubscriptionDoc> {
  const sub = await subscriptionOf(deps.db, id);
  if (!sub || sub.customerEmail !== client.email) throw notFound(PORTAL_SUBSCRIPTION_NOT_FOUND);
  return sub;
}

/** The client's subscriptions: active first, then past due, then canceled (domain inPortalOrder). */
export async function clientSubscriptions(deps: Deps, client: ClientSession): Promise<PortalSubscription[]> {
  const [subs, studio] = await Promise.all([subscriptionsOfEmail(deps.db, client.email), loadStudioSettings(deps.db)]);
  return inPortalOrder(subs).map((s) => portalSubscription(s.id, s, studio.timeZone));
}

/**
 * Ends the client's subscription `id` at the end of its period; the owner is alerted.
 * @throws NotFound for another client's id; Conflict when it is canceled or already ending; Upstream when Stripe refuses.
 */
export async function cancelClientSubscription(
  deps: Deps,
  client: ClientSession,
  id: string,
): Promise<PortalSubscription> {
  await ownSubscription(deps, client, id);
  const [sub, studio] = await Promise.all([
    cancelAtPeriodEnd(deps, { id }, { username: `client ${client.email}` }, { alertOwner: true }),
    loadStudioSettings(deps.db),
  ]);
  return portalSubscription(id, sub, studio.timeZone);
}

/**
 * Stripe's customer portal for the client's live subscription `id`, returning to the portal (`siteUrl`/portal).
 * @throws NotFound for another client's id, or a subscription Stripe does not manage (test mode); Upstream when Stripe refuses.
 */
export async function clientBillingPortal(
  deps: Deps,
  client: ClientSession,
  id: string,
  siteUrl: string,
): Promise<string> {
  const sub = await ownSubscription(deps, client, id);
  return customerPortalUrl(sub, new URL('/portal', siteUrl).toString());
}
