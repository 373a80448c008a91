/**
 * The portal's documents and shared files, and the owner's view of a client's portal sign-in.
 *
 * Client routes (mounted in the portal router, behind requireClient):
 * - GET /api/portal/documents → `{ success, documents }` (domain portalDocumentsReply): the PDFs of the
 *   client's leads, each with its download path;
 * - GET /api/portal/documents/{kind}/{id} → application/pdf (attachment). 404 "Document not found" for a
 *   document that is not the client's, an unknown kind or an id that does not exist;
 * - GET /api/portal/files → `{ success, files }` (domain leadFilesReply): the files the studio shows the client,
 *   each with a signed download link that expires (features/lead-files);
 * - GET /api/portal/files/{id} → `{ success, file }` with a fresh link. 404 "File not found" for a file that is
 *   not the client's or not shown to them.
 *
 * Admin route (mounted in the portal's admin router):
 * - GET /api/leads/{id}/portal-status → `{ success, signedIn, signedInAt }` (domain portalStatusReply). 404
 *   unknown lead.
 */
import { Router } from 'express';
import { z } from 'zod';
import {
  DOCUMENT_KINDS,
  leadFileReply,
  leadFilesReply,
  portalDocumentsReply,
  portalStatusReply,
  routeId,
} from '@studio/domain';
import { parseParams, sendReply } from '../../http.js';
import { db } from '../../platform/firebase.js';
import { notFound } from '../../platform/errors.js';
import { sendPdfFile } from '../documents/index.js';
import { clientFileOf, clientFilesOfLeads } from '../lead-files/index.js';
import { idParams } from '../params.js';
import type { Deps } from '../useCase.js';
import { clientOf } from './clientSession.js';
import { PORTAL_DOCUMENT_NOT_FOUND, portalDocumentPdf, portalDocuments } from './documents.js';
import { leadIdsOfEmail } from './portalStore.js';
import { portalStatusOf } from './signIns.js';

const deps: Deps = { db };

const documentParams = z.object({ kind: z.enum(DOCUMENT_KINDS), id: routeId() });

/** Client routes: the portal router mounts this behind requireClient. */
export const portalDocumentsRouter = Router();

portalDocumentsRouter.get('/documents', async (_req, res) => {
  sendReply(res, portalDocumentsReply, { success: true, documents: await portalDocuments(deps, clientOf(res)) });
});

portalDocumentsRouter.get('/documents/:kind/:id', async (req, res) => {
  const params = documentParams.safeParse(req.params);
  if (!params.success) throw notFound(PORTAL_DOCUMENT_NOT_FOUND);
  sendPdfFile(res, await portalDocumentPdf(deps, clientOf(res), params.data.kind, params.data.id));
});

portalDocumentsRouter.get('/files', async (_req, res) => {
  const leadIds = await leadIdsOfEmail(db, clientOf(res).email);
  sendReply(res, leadFilesReply, { success: true, files: await clientFilesOfLeads(deps, leadIds) });
});

portalDocumentsRouter.get('/files/:id', async (req, res) => {
  const { id } = parseParams(req, idParams);
  const leadIds = await leadIdsOfEmail(db, clientOf(res).email);
  sendReply(res, leadFileReply, { success: true, file: await clientFileOf(deps, leadIds, id) });
});

/** Admin routes: the portal's admin router mounts this. */
export const portalStatusAdminRouter = Router();

portalStatusAdminRouter.get('/leads/:id/portal-status', async (req, res) => {
  sendReply(res, portalStatusReply, await portalStatusOf(deps, parseParams(req, idParams).id));
});
