/** The proposals feature's /api reads on the admin's request cache (shared/data/adminQuery.ts). */
import { leadProposalsReply, proposalSettingsReply } from '@studio/domain';
import { api } from '../../shared/lib/api';
import { adminQueryOptions } from '../../shared/data/adminQuery';

export const proposalQueries = {
  /** The proposal settings and contract templates (GET /api/settings/proposals). */
  settings: () =>
    adminQueryOptions({
      queryKey: ['settings', 'proposals'] as const,
      queryFn: () => api.get('/api/settings/proposals', proposalSettingsReply),
    }),
  /** Lead `leadId`'s proposals (GET /api/leads/{id}/proposals). */
  ofLead: (leadId: string) =>
    adminQueryOptions({
      queryKey: ['lead', leadId, 'proposals'] as const,
      queryFn: async () =>
        (await api.get(`/api/leads/${encodeURIComponent(leadId)}/proposals`, leadProposalsReply)).proposals,
    }),
};
