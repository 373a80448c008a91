/**
 * Lead detail (spec §2): status and project type badges, contact, message,
 * dead reason, the client's billing details (LeadBilling), the activity history and the lead's emails with their status
 * (failed ones can be resent), and the client's data export and erasure.
 * Opens at once with what the board
 * card knows; the contact and message come from the whole lead, read while
 * the dialog shows it.
 */
import { useCallback, useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatUsd, type LeadActivityReply as Activity } from '@studio/domain';
import { invalidateAdminQueries, useAdminQuery } from '../../../shared/data/adminQuery';
import { useLiveLead, type BoardLead } from '../../../shared/data/hooks';
import { ClientDataActions } from '../../clients';
import { OutboxList } from '../../email';
import { UpcomingReminders } from '../../reminders';
import { LeadProposals } from '../../proposals';
import { InviteToPortalButton, PortalSignInStatus } from '../../portal';
import { LeadFiles } from '../../lead-files';
import { LeadMessages } from '../../messages';
import { LeadAccount } from '../../invoicing';
import { useStudioDateFormat } from '../../settings';
import { leadQueries } from '../queries';
import { LeadBilling } from './LeadBilling';

function describe(a: Activity): string {
  switch (a.type) {
    case 'created':
      return 'Lead created';
    case 'marked_dead':
      return `Marked dead (${a.detail})`;
    case 'revived':
      return 'Revived to New';
    case 'note_added':
      return 'Note added';
    case 'status_changed':
      return `Moved ${a.from} → ${a.to}`;
    default:
      return a.detail ?? a.type;
  }
}

export function LeadDetailDialog({
  lead,
  onClose,
  onNotes,
}: {
  lead: BoardLead | null;
  onClose(): void;
  onNotes(lead: BoardLead): void;
}) {
  const full = useLiveLead(lead?.id ?? null);
  // Activity times on the studio's clock, whatever the browser's zone.
  const dates = useStudioDateFormat();
  const leadId = lead?.id;
  const history = useAdminQuery({ ...leadQueries.activity(leadId ?? ''), enabled: !!leadId });
  // Another lead's history is never shown (its key differs): it shows as still loading. A failed first
  // read shows as no history; a failed later one keeps what was shown.
  const activity: Activity[] | null = history.data ?? (history.isError ? [] : null);
  // The history is read when the dialog opens and again each time the server writes the lead (a move
  // adds its entry in the same transaction), so it follows the live document's updatedAt. The board's
  // status is no signal: an optimistic move shows the new status before the server has written anything.
  // A message (either side's) or a file action writes an entry without touching the lead: those sections
  // say so through `historyChanged`.
  const revision = full?.updatedAt.getTime() ?? null;
  const shownRevision = useRef<{ leadId?: string; revision: number | null }>({ revision: null });
  useEffect(() => {
    const last = shownRevision.current;
    shownRevision.current = { leadId, revision };
    // A lead just opened is read by its query; only a later write of the same lead reads it again.
    if (leadId && last.leadId === leadId && last.revision !== revision)
      void invalidateAdminQueries(leadQueries.activity(leadId).queryKey);
  }, [leadId, revision]);
  const historyChanged = useCallback(() => {
    if (leadId) void invalidateAdminQueries(leadQueries.activity(leadId).queryKey);
  }, [leadId]);

  return (
    <Dialog open={!!lead} onClose={onClose} aria-labelledby="lead-detail-title" fullWidth maxWidth="sm">
      {lead && (
        <>
          <DialogTitle id="lead-detail-title">{lead.name}</DialogTitle>
          <DialogContent>
            <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
              <Chip label={lead.status} color="primary" aria-label={`Status ${lead.status}`} />
              <Chip label={lead.projectType} variant="outlined" aria-label={`Project type ${lead.projectType}`} />
            </Stack>
            {lead.deadReason && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                Dead reason: {lead.deadReason}
              </Alert>
            )}
            {full ? (
              <Typography>
                {full.email ? <a href={`mailto:${full.email}`}>{full.email}</a> : 'No email address'}
                {full.phone ? ` · ${full.phone}` : ''}
              </Typography>
            ) : (
              <Skeleton width="60%" />
            )}
            {full?.email && <PortalSignInStatus leadId={lead.id} dates={dates} />}
            <Typography fontWeight={700} sx={{ mt: 2 }}>
              {lead.subject}
            </Typography>
            {full ? (
              <Typography sx={{ whiteSpace: 'pre-wrap' }} color="text.secondary">
                {full.message}
              </Typography>
            ) : (
              <Skeleton />
            )}
            {lead.quoteAmountCents != null && (
              <Typography sx={{ mt: 2 }}>Quote: {formatUsd(lead.quoteAmountCents)}</Typography>
            )}
            {full && full.quoteAccepted && <LeadAccount lead={full} />}
            <Divider sx={{ my: 2 }} />
            <LeadBilling key={lead.id} leadId={lead.id} billing={full?.billing ?? null} />
            <Divider sx={{ my: 2 }} />
            <Typography variant="subtitle2" component="h3">
              Proposals
            </Typography>
            <LeadProposals leadId={lead.id} dates={dates} />
            <Divider sx={{ my: 2 }} />
            <LeadFiles leadId={lead.id} onChanged={historyChanged} />
            <Divider sx={{ my: 2 }} />
            <UpcomingReminders leadId={lead.id} />
            {full?.email && (
              <>
                <Divider sx={{ my: 2 }} />
                <Typography variant="subtitle2" component="h3">
                  Messages
                </Typography>
                <LeadMessages leadId={lead.id} email={full.email} onChanged={historyChanged} />
              </>
            )}
            <Divider sx={{ my: 2 }} />
            <Typography variant="subtitle2" component="h3">
              History
            </Typography>
            {activity === null ? (
              <Typography color="text.secondary">Loading...</Typography>
            ) : activity.length === 0 ? (
              <Typography color="text.secondary">No history yet.</Typography>
            ) : (
              <List dense aria-label="History">
                {activity.map((a) => (
                  <ListItem key={a.id} disableGutters>
                    <ListItemText primary={describe(a)} secondary={`${a.at ? dates.dayTime(a.at) : ''} · ${a.by}`} />
                  </ListItem>
                ))}
              </List>
            )}
            <Divider sx={{ my: 2 }} />
            <Typography variant="subtitle2" component="h3">
              Emails
            </Typography>
            <OutboxList
              path={`/api/leads/${encodeURIComponent(lead.id)}/emails`}
              label="Emails"
              empty="No emails yet."
            />
            {full?.email && (
              <>
                <Divider sx={{ my: 2 }} />
                <ClientDataActions email={full.email} onErased={onClose} />
              </>
            )}
          </DialogContent>
          <DialogActions>
            {full?.email && <InviteToPortalButton leadId={lead.id} />}
            <Button onClick={() => onNotes(lead)}>Notes</Button>
            <Button onClick={onClose} variant="contained">
              Close
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
