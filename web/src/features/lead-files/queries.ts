/** Lead files' /api reads on the admin's request cache (shared/data/adminQuery.ts). */
import { leadFilesReply } from '@studio/domain';
import { api } from '../../shared/lib/api';
import { adminQueryOptions } from '../../shared/data/adminQuery';

/** The route of lead `leadId`'s files. */
export const leadFilesPath = (leadId: string) => `/api/leads/${encodeURIComponent(leadId)}/files`;

export const leadFileQueries = {
  /** The lead's files (GET /api/leads/{id}/files). */
  list: (leadId: string) =>
    adminQueryOptions({
      queryKey: ['lead', leadId, 'files'] as const,
      queryFn: async () => (await api.get(leadFilesPath(leadId), leadFilesReply)).files,
    }),
};
