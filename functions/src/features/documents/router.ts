/**
 * Invoice and receipt PDFs (features/documents/documents.ts).
 *
 * - GET /documents/{kind}/{id} (admin) → application/pdf, as an attachment
 *   named after the number. kind: invoice | request | receipt.
 * - GET /client-documents/{kind}/{id}?exp=&sig= (public, signed link from
 *   the My Project lookup, valid one hour) → the same PDF.
 * - GET /documents/{kind}/{id}.xml (admin) and
 *   /client-documents/{kind}/{id}.xml?exp=&sig= (the same signed query as the
 *   PDF's link: it signs the document, not the format) → the EN 16931 CII XML,
 *   application/xml, as an attachment INV-….xml. kind: invoice | request |
 *   credit-note; 409 with what is missing when the document has no e-invoice
 *   or lacks a fact EN 16931 requires.
 * 404 "Document not found" for an unknown kind or id (or an unpaid payment's
 * receipt); 403 "This download link has expired. Open My Project again." for
 * a bad or expired signature.
 */
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { DOCUMENT_KINDS, firestoreId } from '@studio/domain';
import { db } from '../../platform/firebase.js';
import { forbidden, notFound } from '../../platform/errors.js';
import {
  renderDocument,
  renderDocumentXml,
  verifyDocumentLink,
  XML_DOCUMENT_KINDS,
  type DocumentRef,
} from './documents.js';

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

const xmlParams = documentParams.extend({ kind: z.enum(XML_DOCUMENT_KINDS) });

/** The document named by an `.xml` path. @throws NotFound "Document not found" for a kind without an e-invoice or an impossible id. */
function xmlDocumentRef(req: Request) {
  const parsed = xmlParams.safeParse(req.params);
  if (!parsed.success) throw notFound('Document not found');
  return parsed.data;
}

async function sendXml(res: Response, ref: ReturnType<typeof xmlDocumentRef>) {
  const { filename, xml } = await renderDocumentXml(db, ref);
  const body = Buffer.from(xml, 'utf8');
  res.set({
    'Content-Type': 'application/xml; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Content-Length': String(body.length),
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(body);
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

// The `.xml` routes first: an id never holds a dot, so the PDF routes would answer them 404.
documentsAdminRouter.get('/documents/:kind/:id.xml', async (req, res) => {
  await sendXml(res, xmlDocumentRef(req));
});

documentsPublicRouter.get('/client-documents/:kind/:id.xml', async (req, res) => {
  const ref = xmlDocumentRef(req);
  if (!verifyDocumentLink(ref, req.query.exp, req.query.sig)) throw forbidden(LINK_EXPIRED);
  await sendXml(res, ref);
});

documentsAdminRouter.get('/documents/:kind/:id', async (req, res) => {
  await sendPdf(res, documentRef(req));
});

documentsPublicRouter.get('/client-documents/:kind/:id', async (req, res) => {
  const ref = documentRef(req);
  if (!verifyDocumentLink(ref, req.query.exp, req.query.sig)) throw forbidden(LINK_EXPIRED);
  await sendPdf(res, ref);
});
