/** Preview variables for the email pages: the newest real lead's data, or sample data. */
import { useMemo } from 'react';
import { templateVariablesFromLead } from '@studio/domain';
import { useLiveLeads } from '../../../shared/data/hooks';

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
