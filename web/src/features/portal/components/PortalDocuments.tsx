/**
 * The portal's Documents section: the signed-in client's PDFs (invoices,
 * receipts, credit notes, signed and countersigned proposals; GET
 * /api/portal/documents), each downloaded with the client's own session.
 * Loading, empty and error-with-retry states; a failed download says so.
 */
import { useCallback, useEffect, useState } from 'react';
import type { User } from 'firebase/auth';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type { PortalDocument } from '@studio/domain';
import { downloadAsClient, fetchDocuments } from '../portalDocumentsApi';

export const DOCUMENTS_FAILED = 'Your documents could not be loaded. Check your connection and try again.';
export const DOWNLOAD_FAILED = 'The download failed. Please try again.';

/** One document's row: its label and a Download button named after it. */
function DocumentRow({ user, doc, onFailed }: { user: User; doc: PortalDocument; onFailed(): void }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadAsClient(user, doc.downloadPath, `${doc.kind}-${doc.id}.pdf`);
    } catch (e) {
      console.error('portal: a document could not be downloaded', e);
      onFailed();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card component="li" data-testid="portal-document" variant="outlined">
      <CardContent
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 1,
          alignItems: { sm: 'center' },
          justifyContent: 'space-between',
          '&:last-child': { pb: 2 },
        }}
      >
        <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>{doc.label}</Typography>
        <Button
          startIcon={<DownloadIcon />}
          onClick={() => void download()}
          disabled={busy}
          aria-label={`Download ${doc.label}`}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          Download
        </Button>
      </CardContent>
    </Card>
  );
}

export function PortalDocuments({ user }: { user: User }) {
  const [state, setState] = useState<{ docs: PortalDocument[] | null; error: boolean }>({ docs: null, error: false });
  const [downloadFailed, setDownloadFailed] = useState(false);
  const load = useCallback(() => {
    setState({ docs: null, error: false });
    fetchDocuments(user).then(
      (docs) => setState({ docs, error: false }),
      (e: unknown) => {
        console.error('portal: the documents could not be loaded', e);
        setState({ docs: null, error: true });
      },
    );
  }, [user]);
  useEffect(load, [load]);
  const { docs, error } = state;
  return (
    <Box component="section" aria-labelledby="portal-documents">
      <Typography id="portal-documents" variant="h5" component="h2" gutterBottom>
        Documents
      </Typography>
      {downloadFailed && (
        <Alert severity="error" onClose={() => setDownloadFailed(false)} sx={{ mb: 2 }}>
          {DOWNLOAD_FAILED}
        </Alert>
      )}
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={load}>
              Try again
            </Button>
          }
        >
          {DOCUMENTS_FAILED}
        </Alert>
      ) : !docs ? (
        <Typography role="status" color="text.secondary">
          Loading your documents...
        </Typography>
      ) : docs.length === 0 ? (
        <Typography color="text.secondary">
          No documents yet. Signed proposals, invoices and receipts appear here.
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {docs.map((d) => (
            <DocumentRow key={`${d.kind}:${d.id}`} user={user} doc={d} onFailed={() => setDownloadFailed(true)} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
