/**
 * Invoice and receipt PDFs (features/documents/documents.ts).
 *
 * - GET /documents/{kind}/{id} (admin) → application/pdf, as an attachment
 *   named after the number. kind: invoice | request | receipt.
 * - GET /client-documents/{kind}/{id}?exp=&sig= (public, signed link from
 *   the My Project lookup, valid one hour) → the same PDF.
 * 404 "Document not found" for an unknown kind or id (or an unpaid payment's
 * receipt); 403 "This download link has expired. Open My Project again." for
 * a bad or expired signature.
 */
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { DOCUMENT_KINDS, firestoreId } from '@studio/domain';
import { db } from '../../platform/firebase.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { renderDocument, verifyDocumentLink, type DocumentRef } from './documents.js';

export const documentsAdminRouter = Router();
export const documentsPublicRouter = Router();

export const LINK_EXPIRED = 'This download link has expired. Open My Project again.';

const documentParams = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/)
    .pipe(firestoreId()),
});

/** The document named by the path. @throws NotFound "Document not found" for an unknown kind or an impossible id. */
function documentRef(req: Request): DocumentRef {
  const parsed = documentParams.safeParse(req.params);
  if (!parsed.success) throw notFound('Document not found');
  return parsed.data;
}

async function sendPdf(res: Response, ref: DocumentRef) {
  sendPdfFile(res, await renderDocument(db, ref));
}

/** Sends a rendered PDF as a download named `filename` (the client portal's documents too). */
export function sendPdfFile(res: Response, { filename, pdf }: { filename: string; pdf: Buffer }): void {
  res.set({
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Content-Length': String(pdf.length),
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(pdf);
}

documentsAdminRouter.get('/documents/:kind/:id', async (req, res) => {
  await sendPdf(res, documentRef(req));
});

documentsPublicRouter.get('/client-documents/:kind/:id', async (req, res) => {
  const ref = documentRef(req);
  if (!verifyDocumentLink(ref, req.query.exp, req.query.sig)) throw forbidden(LINK_EXPIRED);
  await sendPdf(res, ref);
});
