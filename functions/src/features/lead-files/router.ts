/**
 * Lead files (leadFiles.ts).
 *
 * Admin routes (mounted in the admin router, behind requireAdmin):
 * - GET /api/leads/{id}/files → `{ success, files }` (domain leadFilesReply), newest first, with admin links;
 * - POST /api/leads/{id}/files, body domain uploadLeadFileBody (base64, at most LEAD_FILE_MAX_BYTES, accepted
 *   types only) → 201 `{ success, file }`. 400 for a refused type, an empty or too large file (nothing stored);
 *   413 for a body over its cap; 404 unknown lead;
 * - PUT /api/leads/{id}/files/{fileId}, body `{ visibleToClient }` → `{ success, file }`;
 * - DELETE /api/leads/{id}/files/{fileId} → `{ success }`. 404 FILE_NOT_FOUND for a file of another lead.
 *
 * Public route (the link is the credential):
 * - GET /api/file-downloads/{id}?s=&exp=&sig= → the bytes, as an attachment. 403 FILE_LINK_EXPIRED for an
 *   expired, altered or unsigned link; 404 FILE_NOT_FOUND for a file removed (or hidden from a client) since.
 */
import { Router } from 'express';
import {
  FILE_LINK_EXPIRED,
  leadFileReply,
  leadFilesReply,
  leadFileVisibilityBody,
  routeId,
  successReply,
  uploadLeadFileBody,
} from '@studio/domain';
import { z } from 'zod';
import { parseBody, parseParams, sendReply } from '../../http.js';
import { forbidden } from '../../platform/errors.js';
import { db } from '../../platform/firebase.js';
import { fileStorage } from '../../platform/fileStorage.js';
import { adminOf } from '../../platform/session.js';
import { idParams } from '../params.js';
import { verifyFileLink } from './fileLinks.js';
import {
  downloadLeadFile,
  listLeadFiles,
  removeLeadFile,
  setFileVisibility,
  uploadLeadFile,
  type FileDeps,
} from './leadFiles.js';

const deps: FileDeps = { db, files: fileStorage };
const fileParams = z.object({ id: routeId(), fileId: routeId() });

/** Admin routes: app.ts mounts this in the admin router. */
export const leadFilesAdminRouter = Router();

leadFilesAdminRouter.get('/leads/:id/files', async (req, res) => {
  sendReply(res, leadFilesReply, { success: true, files: await listLeadFiles(deps, parseParams(req, idParams).id) });
});

leadFilesAdminRouter.post('/leads/:id/files', async (req, res) => {
  const { id } = parseParams(req, idParams);
  const file = await uploadLeadFile(deps, id, parseBody(req, uploadLeadFileBody), adminOf(res));
  sendReply(res, leadFileReply, { success: true, file }, 201);
});

leadFilesAdminRouter.put('/leads/:id/files/:fileId', async (req, res) => {
  const { id, fileId } = parseParams(req, fileParams);
  const { visibleToClient } = parseBody(req, leadFileVisibilityBody);
  const file = await setFileVisibility(deps, id, fileId, visibleToClient, adminOf(res));
  sendReply(res, leadFileReply, { success: true, file });
});

leadFilesAdminRouter.delete('/leads/:id/files/:fileId', async (req, res) => {
  const { id, fileId } = parseParams(req, fileParams);
  await removeLeadFile(deps, id, fileId, adminOf(res));
  sendReply(res, successReply, { success: true });
});

/** Public route: app.ts mounts this in the public router. */
export const fileDownloadsRouter = Router();

fileDownloadsRouter.get('/file-downloads/:id', async (req, res) => {
  const id = routeId().safeParse(req.params.id);
  const scope = id.success ? verifyFileLink(id.data, req.query) : null;
  if (!id.success || !scope) throw forbidden(FILE_LINK_EXPIRED);
  const file = await downloadLeadFile(deps, id.data, scope);
  res.set({
    'Content-Type': file.contentType,
    'Content-Disposition': `attachment; filename="${file.name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    'Content-Length': String(file.bytes.length),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  });
  res.end(file.bytes);
});
