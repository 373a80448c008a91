/**
 * A client's data on request, from the lead's details: "Export client data"
 * downloads everything stored for the lead's address as JSON or CSV (POST
 * /api/clients/export), and "Erase client" (POST /api/clients/erase) asks
 * first, naming what happens, and wants the address typed again, as the route
 * does. After an erasure the lead is gone: `onErased` closes what showed it.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { clientErasedReply, clientExportReply, type ClientExportReply } from '@studio/domain';
import { api, errorMessage } from '../../../shared/lib/api';
import { downloadCsv, downloadFile } from '../../../shared/lib/csv';
import { useToast } from '../../../shared/components/Toast';
import { clientExportCsv, clientExportFileStem } from '../clientDataExport';

type Format = 'json' | 'csv';

/** Saves an export in `format`. */
function save(data: ClientExportReply, format: Format) {
  const stem = clientExportFileStem(data);
  if (format === 'csv') downloadCsv(clientExportCsv(data), `${stem}.csv`);
  else downloadFile([JSON.stringify(data, null, 2)], `${stem}.json`, 'application/json');
}

/** The export and erase actions for the client at `email` (see the module comment). */
export function ClientDataActions({ email, onErased }: { email: string; onErased(): void }) {
  const toast = useToast();
  const [busy, setBusy] = useState<Format | 'erase' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const [eraseError, setEraseError] = useState<string | null>(null);
  const matches = typed.trim().toLowerCase() === email.trim().toLowerCase();

  const exportAs = async (format: Format) => {
    setBusy(format);
    try {
      save(await api.post('/api/clients/export', { email }, clientExportReply), format);
      toast({ title: 'Client data exported', description: `Saved as ${format.toUpperCase()}.` });
    } catch (e) {
      toast({ title: 'Export failed', description: errorMessage(e, 'Please try again.'), severity: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const close = () => {
    if (busy === 'erase') return;
    setConfirming(false);
    setTyped('');
    setEraseError(null);
  };

  const erase = async () => {
    setBusy('erase');
    setEraseError(null);
    try {
      const r = await api.post('/api/clients/erase', { email, confirmEmail: typed.trim() }, clientErasedReply);
      setBusy(null);
      close();
      toast({ title: 'Client erased', description: r.message });
      onErased();
    } catch (e) {
      setBusy(null);
      setEraseError(errorMessage(e, 'The client could not be erased. Please try again.'));
    }
  };

  return (
    <section aria-labelledby="client-data-title">
      <Typography variant="subtitle2" component="h3" id="client-data-title">
        Client data
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Button variant="outlined" size="small" disabled={busy !== null} onClick={() => void exportAs('json')}>
          Export client data (JSON)
        </Button>
        <Button variant="outlined" size="small" disabled={busy !== null} onClick={() => void exportAs('csv')}>
          Export client data (CSV)
        </Button>
        <Button
          variant="outlined"
          size="small"
          color="error"
          disabled={busy !== null}
          onClick={() => setConfirming(true)}
        >
          Erase client
        </Button>
      </Stack>
      <Dialog
        open={confirming}
        onClose={close}
        aria-labelledby="erase-client-title"
        aria-describedby="erase-client-consequences"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id="erase-client-title" sx={{ overflowWrap: 'anywhere' }}>
          Erase {email}?
        </DialogTitle>
        <DialogContent>
          <DialogContentText
            id="erase-client-consequences"
            component="ul"
            sx={{ pl: 2.5, mt: 0, overflowWrap: 'anywhere' }}
          >
            <li>Every lead, note, message, quote, project, email and reminder of this address is deleted.</li>
            <li>Invoices, payments and orders are kept for the books, with the client&apos;s details removed.</li>
            <li>The client&apos;s Stripe customer is deleted.</li>
            <li>This cannot be undone: export the data first if the client asked for it.</li>
          </DialogContentText>
          <TextField
            label="Type the client's email to confirm"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            fullWidth
            margin="normal"
            autoComplete="off"
            inputProps={{ spellCheck: false }}
            disabled={busy === 'erase'}
          />
          {eraseError && (
            <Alert severity="error" role="alert">
              {eraseError}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={busy === 'erase'} autoFocus>
            Keep
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => void erase()}
            disabled={!matches || busy === 'erase'}
          >
            Erase client
          </Button>
        </DialogActions>
      </Dialog>
    </section>
  );
}
