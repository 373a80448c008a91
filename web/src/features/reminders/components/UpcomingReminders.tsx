/**
 * A lead's upcoming automatic reminders (GET /api/reminders/{leadId}), with
 * Skip (POST /api/reminders/{leadId}/skip): a skipped reminder is never
 * sent. Shown in the lead's details; loads when it opens.
 */
import { useCallback, useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { successReply, type UpcomingReminderReply, upcomingRemindersReply } from '@studio/domain';
import { api, errorMessage } from '../../../shared/lib/api';
import { useToast } from '../../../shared/components/Toast';
import { useStudioDateFormat } from '../../settings';

type UpcomingReminder = UpcomingReminderReply;

export function UpcomingReminders({ leadId }: { leadId: string }) {
  const toast = useToast();
  // Due days on the studio's clock, as the reminders count them.
  const dates = useStudioDateFormat();
  const [list, setList] = useState<UpcomingReminder[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(
    () =>
      api.get(`/api/reminders/${leadId}`, upcomingRemindersReply).then(
        (r) => {
          setList(r.reminders);
          setFailed(false);
        },
        () => setFailed(true),
      ),
    [leadId],
  );
  useEffect(() => {
    setList(null);
    void load();
  }, [load]);

  const skip = async (r: UpcomingReminder) => {
    setBusy(r.id);
    try {
      await api.post(`/api/reminders/${leadId}/skip`, { reminderId: r.id }, successReply);
      toast({ title: 'Reminder skipped' });
      await load();
    } catch (e) {
      toast({
        title: 'Could not skip the reminder',
        description: errorMessage(e, 'Please try again.'),
        severity: 'error',
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-label="Upcoming reminders">
      <Typography variant="subtitle2" component="h3">
        Upcoming reminders
      </Typography>
      {failed ? (
        <Typography color="error">Could not load the reminders.</Typography>
      ) : list === null ? (
        <Typography color="text.secondary">Loading...</Typography>
      ) : list.length === 0 ? (
        <Typography color="text.secondary">None scheduled (see Settings → Automations).</Typography>
      ) : (
        <List dense aria-label="Upcoming reminders">
          {list.map((r) => (
            <ListItem
              key={r.id}
              disableGutters
              secondaryAction={
                r.status === 'skipped' ? (
                  <Typography variant="caption" color="text.secondary">
                    Skipped
                  </Typography>
                ) : (
                  <Button size="small" onClick={() => skip(r)} disabled={busy !== null} aria-label={`Skip ${r.label}`}>
                    Skip
                  </Button>
                )
              }
            >
              <ListItemText
                primary={r.label}
                secondary={dates.day(r.dueAt)}
                sx={{ pr: 8, textDecoration: r.status === 'skipped' ? 'line-through' : undefined }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </section>
  );
}
