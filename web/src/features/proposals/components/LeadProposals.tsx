/**
 * A lead's proposals in its detail dialog: each with Sent / Viewed / Signed /
 * Countersigned and their times, the signed (or countersigned) PDF, and the
 * owner's countersignature.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { successReply, type LeadProposal } from '@studio/domain';
import { api, errorMessage } from '../../../shared/lib/api';
import { downloadPdf } from '../../../shared/components/DocumentDownload';
import { useToast } from '../../../shared/components/Toast';
import { invalidateAdminQueries, useAdminQuery } from '../../../shared/data/adminQuery';
import { proposalQueries } from '../queries';
import type { StudioDateFormat } from '../../../shared/lib/studioDates';

/** Each step with its time on the studio's clock ("Signed Dec 2, 2026, 3:27 AM"), or "Not signed"... */
function Steps({ p, dates }: { p: LeadProposal; dates: StudioDateFormat }) {
  const steps: Array<[string, string | null]> = [
    ['Sent', p.sentAt],
    ['Viewed', p.viewedAt],
    ['Signed', p.signedAt],
    ['Countersigned', p.countersignedAt],
  ];
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {steps.map(([label, at]) => (
        <Chip
          key={label}
          size="small"
          color={at ? 'success' : 'default'}
          variant={at ? 'filled' : 'outlined'}
          label={at ? `${label} ${dates.dayTime(at)}` : `Not ${label.toLowerCase()}`}
        />
      ))}
    </Stack>
  );
}

/**
 * The proposals of lead `leadId`, read when shown and after a countersignature. `dates` is the dialog's
 * studio-clock format (settings useStudioDateFormat), passed in: the settings page embeds this feature's
 * panel, so this feature imports nothing from settings.
 */
export function LeadProposals({ leadId, dates }: { leadId: string; dates: StudioDateFormat }) {
  const toast = useToast();
  const query = proposalQueries.ofLead(leadId);
  const proposals = useAdminQuery(query);
  // A failed read shows as no proposals.
  const items: LeadProposal[] | null = proposals.isError ? [] : (proposals.data ?? null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  const countersign = async (id: string) => {
    setBusy(true);
    try {
      await api.post(`/api/proposals/${encodeURIComponent(id)}/countersign`, { fullName: name.trim() }, successReply);
      toast({ title: 'Countersigned' });
      void invalidateAdminQueries(query.queryKey);
    } catch (e) {
      toast({ title: 'Countersigning failed', description: errorMessage(e, 'Please try again.'), severity: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const download = (id: string) =>
    downloadPdf(`/api/proposals/${encodeURIComponent(id)}/pdf`, `proposal-${id}.pdf`).catch((e: unknown) =>
      toast({ title: 'Download failed', description: e instanceof Error ? e.message : '', severity: 'error' }),
    );

  if (items === null) return <Typography color="text.secondary">Loading...</Typography>;
  if (items.length === 0) return <Typography color="text.secondary">No proposals yet.</Typography>;
  return (
    <Stack spacing={2} data-testid="lead-proposals">
      {items.map((p) => (
        <Stack key={p.id} spacing={1}>
          <Typography variant="body2">
            {p.contractName} · quote v{p.quoteVersion ?? 1} · <strong>{p.status}</strong>
            {p.signedBy ? ` · signed by ${p.signedBy}` : ''}
          </Typography>
          <Steps p={p} dates={dates} />
          {p.signedAt && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Button size="small" onClick={() => void download(p.id)}>
                Download signed PDF
              </Button>
              {!p.countersignedAt && (
                <>
                  <TextField
                    size="small"
                    label="Your full name"
                    value={name}
                    onChange={(e) => setName(e.target.value)}
                  />
                  <Button
                    size="small"
                    variant="contained"
                    disabled={busy || name.trim().length < 2}
                    onClick={() => void countersign(p.id)}
                  >
                    Countersign
                  </Button>
                </>
              )}
            </Stack>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
