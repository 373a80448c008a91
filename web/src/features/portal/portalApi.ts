/**
 * The portal's /api calls: the client's ID token as a Bearer token (the
 * shared api client carries the admin's), replies parsed with the domain schemas.
 */
import type { User } from 'firebase/auth';
import { portalOverviewReply, type PortalOverview } from '@studio/domain';
import { portalGet } from './portalDocumentsApi';

/** GET /api/portal/overview as `user`. @throws ApiError (non-2xx), ReplyShapeError, TypeError (network). */
export async function fetchOverview(user: User): Promise<PortalOverview> {
  return portalGet(user, '/api/portal/overview', portalOverviewReply);
}
