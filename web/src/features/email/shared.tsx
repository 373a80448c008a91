/**
 * Shared pieces of the email pages: the templates list from the API,
 * preview variables from the newest real lead, and the sandboxed preview.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import { emailTemplatesReply, templateVariablesFromLead, type EmailTemplateReply } from '@studio/domain';
import { api } from '../../shared/lib/api';
import { useLiveLeads } from '../../shared/data/hooks';

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

  const replace = useCallback((t: EmailTemplateView) => setData((list) => list.map((x) => (x.id === t.id ? t : x))), []);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { status, data, error, replace, reload };
}

/** Why a preview uses sample data, by the leads list's state. */
const SAMPLE_DATA_SOURCE = {
  loading: 'Loading leads: previewing with sample data.',
  error: 'Could not load leads: previewing with sample data.',
  success: 'No leads yet: previewing with sample data.',
} as const;

/** Variables for previews: the newest lead's data (sample data where it has none, or when there is no lead). */
export function usePreviewVariables(): { vars: Record<string, string>; source: string } {
  const leads = useLiveLeads();
  const lead = leads.data[0] ?? null;
  const { status } = leads;
  return useMemo(
    () => ({
      vars: templateVariablesFromLead(lead),
      source: lead ? `Previewing with data from ${lead.name}'s lead.` : SAMPLE_DATA_SOURCE[status],
    }),
    [lead, status],
  );
}

/**
 * Renders email `html` in an iframe with `sandbox=""`: no scripts, no forms,
 * no navigation of the admin page, and a unique origin, whatever the html holds.
 */
export function EmailPreview({ html, title = 'Email preview', height = 480 }: { html: string; title?: string; height?: number }) {
  return (
    <Box
      component="iframe"
      title={title}
      sandbox=""
      referrerPolicy="no-referrer"
      srcDoc={html}
      sx={{ width: '100%', height, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: '#fff', display: 'block' }}
    />
  );
}
