/** The email templates from the API (defaults merged with the admin's overrides), for the email pages. */
import { useCallback } from 'react';
import type { EmailTemplateReply } from '@studio/domain';
import { setAdminQueryData, useAdminQuery } from '../../../shared/data/adminQuery';
import { emailQueries } from '../queries';

/** GET /api/email-templates item. */
export type EmailTemplateView = EmailTemplateReply;

export interface TemplatesState {
  status: 'loading' | 'error' | 'success';
  data: EmailTemplateView[];
  error?: string;
  /** Replaces one template after a save or reset. */
  replace(t: EmailTemplateView): void;
  reload(): void;
}

const NONE: EmailTemplateView[] = [];

/**
 * The templates (defaults merged with the admin's overrides). Loading until
 * this mount's own read answers (and again while a Retry reads), never on the
 * cached list: the templates page starts its editor's drafts from what it is
 * first given, so that must be the server's current version.
 */
export function useEmailTemplates(): TemplatesState {
  const query = useAdminQuery(emailQueries.templates());
  const { refetch } = query;
  const status: TemplatesState['status'] =
    query.isFetching && (!query.isFetchedAfterMount || query.isError)
      ? 'loading'
      : query.isError
        ? 'error'
        : query.isSuccess
          ? 'success'
          : 'loading';
  const error = query.error?.message;

  const replace = useCallback(
    (t: EmailTemplateView) =>
      setAdminQueryData(emailQueries.templates().queryKey, (list) => list?.map((x) => (x.id === t.id ? t : x))),
    [],
  );
  const reload = useCallback(() => void refetch(), [refetch]);
  return { status, data: query.data ?? NONE, error, replace, reload };
}
