/**
 * The portal's admin-side /api read on the admin's request cache
 * (shared/data/adminQuery.ts). Only the lead details import it (lazily): the
 * portal's public pages never do.
 */
import { portalStatusReply } from '@studio/domain';
import { api } from '../../shared/lib/api';
import { adminQueryOptions } from '../../shared/data/adminQuery';

export const portalQueries = {
  /** Whether lead `leadId`'s address has signed in to the portal (GET /api/leads/{id}/portal-status). */
  status: (leadId: string) =>
    adminQueryOptions({
      queryKey: ['lead', leadId, 'portal-status'] as const,
      queryFn: () => api.get(`/api/leads/${encodeURIComponent(leadId)}/portal-status`, portalStatusReply),
    }),
};
