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
import type { BoardLead } from '../data/hooks';

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
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="dead-leads-title" fullWidth maxWidth="sm">
      <DialogTitle id="dead-leads-title">Dead Leads</DialogTitle>
      <DialogContent>
        {leads.length === 0 ? (
          <Typography color="text.secondary">No dead leads.</Typography>
        ) : (
          <List aria-label="Dead leads">
            {leads.map((l) => (
              <ListItem
                key={l.id}
                divider
                secondaryAction={
                  <Stack direction="row" spacing={1}>
                    <Button size="small" onClick={() => onDetails(l)}>
                      Details
                    </Button>
                    <Button size="small" variant="contained" onClick={() => onRevive(l)} aria-label={`Revive ${l.name}`}>
                      Revive
                    </Button>
                  </Stack>
                }
              >
                <ListItemText primary={l.name} secondary={l.deadReason ?? l.subject} sx={{ pr: 18 }} />
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
