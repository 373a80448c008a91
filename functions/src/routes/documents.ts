/**
 * Invoice and receipt PDFs (services/documents.ts).
 *
 * - GET /documents/{kind}/{id} (admin) → application/pdf, as an attachment
 *   named after the number. kind: invoice | request | receipt.
 * - GET /client-documents/{kind}/{id}?exp=&sig= (public, signed link from
 *   the My Project lookup, valid one hour) → the same PDF.
 * 404 "Document not found" for an unknown kind or id (or an unpaid payment's
 * receipt); 403 "This download link has expired. Open My Project again." for
 * a bad or expired signature.
 */
import { Router, type Response } from 'express';
import { db } from '../firebase.js';
import { HttpError } from '../http.js';
import { requireAdmin } from '../session.js';
import { DOCUMENT_KINDS, renderDocument, verifyDocumentLink, type DocumentRef } from '../services/documents.js';

export const documentsRouter = Router();
documentsRouter.use('/documents', requireAdmin);

export const LINK_EXPIRED = 'This download link has expired. Open My Project again.';

/** The document named by the path, or 404. */
function documentRef(kind: unknown, id: unknown): DocumentRef {
  if (typeof kind !== 'string' || !(DOCUMENT_KINDS as readonly string[]).includes(kind)) throw new HttpError(404, 'Document not found');
  if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(id)) throw new HttpError(404, 'Document not found');
  return { kind: kind as DocumentRef['kind'], id };
}

async function sendPdf(res: Response, ref: DocumentRef) {
  const { filename, pdf } = await renderDocument(db, ref);
  res.set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${filename}"`, 'Content-Length': String(pdf.length), 'X-Content-Type-Options': 'nosniff' });
  res.end(pdf);
}

documentsRouter.get('/documents/:kind/:id', async (req, res) => {
  await sendPdf(res, documentRef(req.params.kind, req.params.id));
});

documentsRouter.get('/client-documents/:kind/:id', async (req, res) => {
  const ref = documentRef(req.params.kind, req.params.id);
  if (!verifyDocumentLink(ref, req.query.exp, req.query.sig)) throw new HttpError(403, LINK_EXPIRED);
  await sendPdf(res, ref);
});
