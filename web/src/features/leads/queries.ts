/** The leads feature's /api reads on the admin's request cache (shared/data/adminQuery.ts). */
import { leadActivityReply } from '@studio/domain';
import { api } from '../../shared/lib/api';
import { adminQueryOptions } from '../../shared/data/adminQuery';

/** A lead's queries; every key of one lead starts with `['lead', leadId]` (other features add theirs there). */
export const leadQueries = {
  /** The lead's history (GET /api/leads/{id}/activity). */
  activity: (leadId: string) =>
    adminQueryOptions({
      queryKey: ['lead', leadId, 'activity'] as const,
      queryFn: () => api.get(`/api/leads/${leadId}/activity`, leadActivityReply),
    }),
};
