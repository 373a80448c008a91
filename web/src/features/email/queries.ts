/** The email feature's /api reads on the admin's request cache (shared/data/adminQuery.ts). */
import { emailTemplatesReply, outboxEntryReply, outboxRowsReply } from '@studio/domain';
import { api } from '../../shared/lib/api';
import { adminQueryOptions } from '../../shared/data/adminQuery';

/** The key every outbox list starts with: a resend invalidates them all. */
export const OUTBOX_LISTS_KEY = ['outbox', 'list'] as const;

export const emailQueries = {
  /** The templates, defaults merged with the admin's overrides (GET /api/email-templates). */
  templates: () =>
    adminQueryOptions({
      queryKey: ['email-templates'] as const,
      queryFn: () => api.get('/api/email-templates', emailTemplatesReply),
    }),
  /** Outbox entries at `path` (GET /api/leads/{id}/emails, /api/outbox?status=ERROR, ...). */
  outboxList: (path: string) =>
    adminQueryOptions({
      queryKey: [...OUTBOX_LISTS_KEY, path] as const,
      queryFn: () => api.get(path, outboxRowsReply),
    }),
  /** One outbox entry (GET /api/outbox/{id}). */
  outboxEntry: (id: string) =>
    adminQueryOptions({
      queryKey: ['outbox', 'entry', id] as const,
      queryFn: () => api.get(`/api/outbox/${id}`, outboxEntryReply),
    }),
};
