/**
 * The portal's /api calls: the client's ID token as a Bearer token (the
 * shared api client carries the admin's), replies parsed with the domain schemas.
 */
import type { User } from 'firebase/auth';
import { portalOverviewReply, type PortalOverview } from '@studio/domain';
import { ApiError, ReplyShapeError } from '../../shared/lib/api';

/** GET /api/portal/overview as `user`. @throws ApiError (non-2xx), ReplyShapeError, TypeError (network). */
export async function fetchOverview(user: User): Promise<PortalOverview> {
  const res = await fetch('/api/portal/overview', {
    headers: { accept: 'application/json', authorization: `Bearer ${await user.getIdToken()}` },
  });
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const error = (data as { error?: unknown } | null)?.error;
    throw new ApiError(res.status, typeof error === 'string' ? error : res.statusText);
  }
  const parsed = portalOverviewReply.safeParse(data);
  if (!parsed.success) throw new ReplyShapeError('GET', '/api/portal/overview', parsed.error);
  return parsed.data;
}
