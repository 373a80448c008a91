/**
 * Download buttons for invoice, receipt and credit note PDFs (GET
 * /api/documents/{kind}/{id}, admin; the Invoicing and Money pages). The PDF is fetched with the admin's ID token and handed to the
 * browser as a file named after its number; failures toast.
 */
import { useState } from 'react';
import type { DocumentKind } from '@studio/domain';
import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/Download';
import { auth } from '../data/firebase';
import { downloadWithToken } from '../lib/download';
import { useToast } from './Toast';

/** Fetches the PDF and saves it. @throws Error with the server's message. */
function download(kind: DocumentKind, id: string): Promise<void> {
  return downloadPdf(`/api/documents/${kind}/${encodeURIComponent(id)}`, `${kind}-${id}.pdf`);
}

/**
 * Fetches the admin PDF at `path` with the admin's ID token and saves it under the server's file name (or
 * `fallbackName`). @throws Error with the server's message.
 */
export async function downloadPdf(path: string, fallbackName: string): Promise<void> {
  await downloadWithToken(path, await auth.currentUser?.getIdToken(), fallbackName);
}

/**
 * A small "PDF" / "Receipt" button for one document; `label` names it for
 * screen readers and starts with the visible `text` (WCAG 2.5.3, label in name).
 */
export function DocumentDownloadButton({
  kind,
  id,
  label,
  text,
}: {
  kind: DocumentKind;
  id: string;
  label: string;
  text: string;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const click = async () => {
    setBusy(true);
    try {
      await download(kind, id);
    } catch (e) {
      toast({
        title: 'Download failed',
        description: e instanceof Error ? e.message : 'Please try again.',
        severity: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      variant="text"
      startIcon={<DownloadIcon />}
      onClick={click}
      disabled={busy}
      aria-label={label}
      sx={{ minWidth: 0 }}
    >
      {text}
    </Button>
  );
}
