/**
 * The portal's /api calls: the client's ID token as a Bearer token (the
 * shared api client carries the admin's), replies parsed with the domain schemas.
 */
import type { User } from 'firebase/auth';
import type { z } from 'zod';
import { portalOverviewReply, type PortalOverview } from '@studio/domain';
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

/** GET /api/portal/overview as `user`. @throws ApiError (non-2xx), ReplyShapeError, TypeError (network). */
export function fetchOverview(user: User): Promise<PortalOverview> {
  return portalRequest(user, 'GET', '/api/portal/overview', portalOverviewReply);
}
