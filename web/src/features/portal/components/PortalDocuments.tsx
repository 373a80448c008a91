/**
 * The portal's Documents section: the signed-in client's PDFs (invoices,
 * receipts, credit notes, signed and countersigned proposals; GET
 * /api/portal/documents), each downloaded with the client's own session.
 * Loading, empty and error-with-retry states; a failed download says so.
 */
import { useState } from 'react';
import type { User } from 'firebase/auth';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type { PortalDocument } from '@studio/domain';
import { downloadAsClient, fetchDocuments } from '../portalDocumentsApi';
import { PortalListSection, rowSx, usePortalList } from './PortalListSection';

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
      <CardContent sx={rowSx}>
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
  const [state, reload] = usePortalList(user, fetchDocuments, 'the documents');
  const [downloadFailed, setDownloadFailed] = useState(false);
  return (
    <PortalListSection
      id="portal-documents"
      title="Documents"
      state={state}
      onRetry={reload}
      failedText={DOCUMENTS_FAILED}
      loadingText="Loading your documents..."
      emptyText="No documents yet. Signed proposals, invoices and receipts appear here."
      notice={
        downloadFailed && (
          <Alert severity="error" onClose={() => setDownloadFailed(false)} sx={{ mb: 2 }}>
            {DOWNLOAD_FAILED}
          </Alert>
        )
      }
    >
      {(docs) =>
        docs.map((d) => (
          <DocumentRow key={`${d.kind}:${d.id}`} user={user} doc={d} onFailed={() => setDownloadFailed(true)} />
        ))
      }
    </PortalListSection>
  );
}
