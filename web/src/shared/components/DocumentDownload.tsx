/**
 * Download buttons for invoice, receipt and credit note PDFs (GET
 * /api/documents/{kind}/{id}, admin; the Invoicing and Money pages), and for the plain CII XML e-invoice of an
 * invoice or credit note (documentPath's `.xml` variant). The file is fetched with the admin's ID token and handed
 * to the browser under the server's file name; failures toast.
 */
import { useState } from 'react';
import type { DocumentKind } from '@studio/domain';
import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/Download';
import { auth } from '../data/firebase';
import { downloadWithToken } from '../lib/download';
import { documentPath, type DocumentFormat } from '../lib/documentLinks';
import { useToast } from './Toast';

/** Fetches the document and saves it. @throws Error with the server's message. */
function download(kind: DocumentKind, id: string, format: DocumentFormat): Promise<void> {
  return downloadPdf(documentPath(kind, id, format), `${kind}-${id}.${format}`);
}

/**
 * Fetches the admin file (a PDF, an XML e-invoice) at `path` with the admin's ID token and saves it under the server's file name (or
 * `fallbackName`). @throws Error with the server's message.
 */
export async function downloadPdf(path: string, fallbackName: string): Promise<void> {
  await downloadWithToken(path, await auth.currentUser?.getIdToken(), fallbackName);
}

/**
 * A small "PDF" / "Receipt" / "CII XML" button for one document; `label` names it for
 * screen readers and starts with the visible `text` (WCAG 2.5.3, label in name).
 */
export function DocumentDownloadButton({
  kind,
  id,
  label,
  text,
  format = 'pdf',
}: {
  kind: DocumentKind;
  id: string;
  label: string;
  text: string;
  format?: DocumentFormat;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const click = async () => {
    setBusy(true);
    try {
      await download(kind, id, format);
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
