/** The result of "Sync Status": how many quoted projects changed, and the first ten of them. */
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { SyncResponse } from '../api/hostedProjectsApi';

export function SyncSummary({ result, onClose }: { result: SyncResponse; onClose(): void }) {
  const shown = result.updates.slice(0, 10);
  return (
    <Alert severity="info" onClose={onClose} sx={{ mb: 3 }} role="status">
      <Typography variant="body2" fontWeight={700}>
        Last sync: {result.updated} of {result.updates.length} quoted{' '}
        {result.updates.length === 1 ? 'project' : 'projects'} updated
      </Typography>
      {result.updates.length === 0 ? (
        <Typography variant="body2">No leads were created from hosted projects yet.</Typography>
      ) : (
        <List dense disablePadding>
          {shown.map((u) => (
            <ListItem key={u.leadId} disableGutters sx={{ py: 0 }}>
              <ListItemText
                primary={`${u.name}: ${u.projectTitle ?? u.projectId}`}
                secondary={
                  !u.synced
                    ? 'Not a demo project (manual quote), not synced'
                    : `${u.deployed ? 'Live' : 'Not deployed'}${u.changed ? ' (changed)' : ''}`
                }
                slotProps={{ primary: { variant: 'body2', sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
          {result.updates.length > shown.length && (
            <Typography variant="body2" color="text.secondary">
              and {result.updates.length - shown.length} more
            </Typography>
          )}
        </List>
      )}
    </Alert>
  );
}
