/**
 * The portal's /api calls: the client's ID token as a Bearer token (the
 * shared api client carries the admin's), replies parsed with the domain schemas.
 */
import type { User } from 'firebase/auth';
import type { z } from 'zod';
import {
  portalBillingPortalReply,
  portalOverviewReply,
  portalSubscriptionCanceledReply,
  portalSubscriptionsReply,
  type PortalOverview,
} from '@studio/domain';
import { ApiError, ReplyShapeError } from '../../shared/lib/api';

/**
 * `method` `path` as `user`, with `body` as JSON when given; the reply parsed with `reply`.
 * @throws ApiError (non-2xx, with the server's message), ReplyShapeError, TypeError (network).
 */
export async function portalRequest<S extends z.ZodType>(
  user: User,
  method: 'GET' | 'POST',
  path: string,
  reply: S,
  body?: unknown,
): Promise<z.output<S>> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: `Bearer ${await user.getIdToken()}`,
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const error = (data as { error?: unknown } | null)?.error;
    throw new ApiError(res.status, typeof error === 'string' ? error : res.statusText);
  }
  const parsed = reply.safeParse(data);
  if (!parsed.success) throw new ReplyShapeError(method, path, parsed.error);
  return parsed.data;
}

/** GET `path` as `user`, the reply parsed with `schema`. @throws as portalRequest. */
export const portalGet = <S extends z.ZodType>(user: User, path: string, schema: S) =>
  portalRequest(user, 'GET', path, schema);

/** GET /api/portal/overview as `user`. */
export const fetchOverview = (user: User): Promise<PortalOverview> =>
  portalRequest(user, 'GET', '/api/portal/overview', portalOverviewReply);

/** GET /api/portal/subscriptions as `user`: the client's hosting subscriptions. */
export const fetchSubscriptions = (user: User) =>
  portalRequest(user, 'GET', '/api/portal/subscriptions', portalSubscriptionsReply);

/** POST /api/portal/subscriptions/{id}/cancel: ends it at the end of its period. */
export const cancelSubscription = (user: User, id: string) =>
  portalRequest(
    user,
    'POST',
    `/api/portal/subscriptions/${encodeURIComponent(id)}/cancel`,
    portalSubscriptionCanceledReply,
    {},
  );

/** POST /api/portal/subscriptions/{id}/billing-portal: Stripe's customer portal URL for a live subscription. */
export const openBillingPortal = (user: User, id: string) =>
  portalRequest(
    user,
    'POST',
    `/api/portal/subscriptions/${encodeURIComponent(id)}/billing-portal`,
    portalBillingPortalReply,
    {},
  );
