/** The email feature's /api reads on the admin's request cache (shared/data/adminQuery.ts). */
import { emailTemplatesReply, isFinalOutboxStatus, outboxEntryReply, outboxRowsReply } from '@studio/domain';
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

/** The test center's status poll: one read a second. */
export const OUTBOX_POLL_MS = 1_000;
/** Reads before the status panel stops waiting (the sender may be down; the entry stays queued). */
export const OUTBOX_MAX_POLLS = 90;

/** Reads of an entry so far, answered or failed. */
export const outboxPolls = (state: { dataUpdateCount: number; errorUpdateCount: number }) =>
  state.dataUpdateCount + state.errorUpdateCount;

/** The entry poll's refetchInterval: none once the entry is final or after OUTBOX_MAX_POLLS reads. */
export const outboxPollInterval = (query: {
  state: { data?: { status?: string | null }; dataUpdateCount: number; errorUpdateCount: number };
}): number | false =>
  isFinalOutboxStatus(query.state.data?.status) || outboxPolls(query.state) >= OUTBOX_MAX_POLLS
    ? false
    : OUTBOX_POLL_MS;
