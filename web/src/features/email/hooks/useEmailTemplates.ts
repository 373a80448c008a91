/** The email templates from the API (defaults merged with the admin's overrides), for the email pages. */
import { useCallback, useEffect, useState } from 'react';
import { emailTemplatesReply, type EmailTemplateReply } from '@studio/domain';
import { api } from '../../../shared/lib/api';

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

/** The templates (defaults merged with the admin's overrides). */
export function useEmailTemplates(): TemplatesState {
  const [status, setStatus] = useState<TemplatesState['status']>('loading');
  const [data, setData] = useState<EmailTemplateView[]>([]);
  const [error, setError] = useState<string>();
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let alive = true;
    setStatus('loading');
    api.get('/api/email-templates', emailTemplatesReply).then(
      (list) => {
        if (!alive) return;
        setData(list);
        setStatus('success');
      },
      (e: unknown) => {
        if (!alive) return;
        setError(e instanceof Error ? e.message : 'Failed to load templates');
        setStatus('error');
      },
    );
    return () => {
      alive = false;
    };
  }, [tick]);

  const replace = useCallback(
    (t: EmailTemplateView) => setData((list) => list.map((x) => (x.id === t.id ? t : x))),
    [],
  );
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { status, data, error, replace, reload };
}
