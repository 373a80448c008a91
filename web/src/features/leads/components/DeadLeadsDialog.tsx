/** Dead Leads list (spec §2): each entry has Revive (→ New) and Details. Test data is already filtered out. */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BoardLead } from '../../../shared/data/hooks';
import { usePhone } from '../../../shared/lib/usePhone';

export function DeadLeadsDialog({
  open,
  leads,
  onClose,
  onRevive,
  onDetails,
}: {
  open: boolean;
  leads: BoardLead[];
  onClose(): void;
  onRevive(lead: BoardLead): void;
  onDetails(lead: BoardLead): void;
}) {
  const phone = usePhone();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="dead-leads-title" fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle id="dead-leads-title">Dead Leads</DialogTitle>
      <DialogContent>
        {leads.length === 0 ? (
          <Typography color="text.secondary">No dead leads.</Typography>
        ) : (
          <List aria-label="Dead leads">
            {leads.map((l) => (
              // The actions sit beside the text while there is room and wrap under it on a phone.
              <ListItem key={l.id} divider sx={{ flexWrap: 'wrap', columnGap: 2, px: 0 }}>
                <ListItemText
                  primary={l.name}
                  secondary={l.deadReason ?? l.subject}
                  sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}
                />
                <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                  <Button size="small" onClick={() => onDetails(l)}>
                    Details
                  </Button>
                  <Button size="small" variant="contained" onClick={() => onRevive(l)} aria-label={`Revive ${l.name}`}>
                    Revive
                  </Button>
                </Stack>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
