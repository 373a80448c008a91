/**
 * Outbox entries for the admin: a lead's emails with their status (the lead
 * details dialog) and the failed emails of the email pages, each failed one
 * with "Resend" (POST /api/outbox/{id}/resend queues a fresh copy; the
 * failed entry then shows "Resent"). Reads GET /api/leads/{id}/emails or
 * GET /api/outbox?status=ERROR.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { outboxAcceptedReply, type OutboxRowReply } from '@studio/domain';
import { api, errorMessage } from '../../../shared/lib/api';
import { useToast } from '../../../shared/components/Toast';
import { invalidateAdminQueries, useAdminQuery } from '../../../shared/data/adminQuery';
import { emailQueries, OUTBOX_LISTS_KEY } from '../queries';
import { OUTBOX_STATUS_COLORS } from './outboxStatus';
import { useStudioDateFormat } from '../../settings';
import type { StudioDateFormat } from '../../../shared/lib/studioDates';

/** One entry as the API lists it. */
/** An outbox entry as the list shows it. */
export type OutboxRow = OutboxRowReply;

/** Who it went to, when (on the studio's clock), the next try of one being retried, and why one failed. */
function detail(e: OutboxRow, dates: StudioDateFormat): string {
  const when = (iso: string | null) => (iso ? dates.dayTime(iso) : '');
  const parts = [e.to ?? '', when(e.sentAt ?? e.createdAt)];
  if (e.status === 'PENDING' && e.nextAttemptAt && e.attempts > 0)
    parts.push(`retrying ${when(e.nextAttemptAt)} (${e.attempts} attempts so far)`);
  // Why it failed, or why it was deliberately not sent.
  if ((e.status === 'ERROR' || e.status === 'SKIPPED') && e.lastError) parts.push(e.lastError);
  return parts.filter(Boolean).join(' · ');
}

/**
 * The outbox entries at `path` with their status; failed ones get "Resend"
 * unless `resendable` is false (a suppressed address would only skip it).
 * `empty` is shown when there are none.
 */
export function OutboxList({
  path,
  label,
  empty,
  resendable = true,
}: {
  path: string;
  label: string;
  empty: string;
  resendable?: boolean;
}) {
  const toast = useToast();
  const dates = useStudioDateFormat();
  const list = useAdminQuery(emailQueries.outboxList(path));
  const rows = list.data ?? null;
  // A failed read shows its error until a read succeeds.
  const error = list.error ? errorMessage(list.error, 'Could not load emails') : null;
  const [busy, setBusy] = useState<string | null>(null);

  const resend = async (row: OutboxRow) => {
    setBusy(row.id);
    try {
      await api.post(`/api/outbox/${encodeURIComponent(row.id)}/resend`, {}, outboxAcceptedReply);
      toast({ title: 'Email queued again', description: `Resending to ${row.to ?? 'the recipient'}` });
      // Every outbox list shown reads again: the failed entry now shows "Resent", a lead's list the copy.
      void invalidateAdminQueries(OUTBOX_LISTS_KEY);
    } catch (e) {
      toast({ title: 'Resend failed', description: errorMessage(e, 'Could not resend the email'), severity: 'error' });
    } finally {
      setBusy(null);
    }
  };

  if (error) return <Alert severity="error">{error}</Alert>;
  if (rows === null) return <Typography color="text.secondary">Loading...</Typography>;
  if (rows.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <List dense aria-label={label}>
      {rows.map((e) => (
        <ListItem key={e.id} disableGutters data-testid="outbox-row" sx={{ alignItems: 'flex-start' }}>
          <ListItemText
            primary={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <span>{e.templateId ?? 'email'}</span>
                {e.status && (
                  <Chip
                    size="small"
                    label={e.resentAs ? 'RESENT' : e.status}
                    color={e.resentAs ? 'default' : OUTBOX_STATUS_COLORS[e.status]}
                  />
                )}
              </Stack>
            }
            secondary={detail(e, dates)}
            slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
          />
          {resendable && e.status === 'ERROR' && !e.resentAs && (
            <Button
              size="small"
              onClick={() => resend(e)}
              disabled={busy === e.id}
              aria-label={`Resend ${e.templateId ?? 'email'} to ${e.to ?? 'recipient'}`}
              sx={{ flexShrink: 0, ml: 1 }}
            >
              Resend
            </Button>
          )}
        </ListItem>
      ))}
    </List>
  );
}
