/**
 * Files the owner shares with a lead's client (deliverables): upload, list,
 * show to the client or not, remove; and the download behind a signed,
 * expiring link. Bytes in Cloud Storage (platform/fileStorage.ts), records in
 * `lead_files` (leadFileStore.ts); every owner action in the lead's activity
 * history. An upload is checked whole (type, size, content) before anything
 * is stored.
 */
import {
  contentMatchesType,
  FILE_EMPTY,
  FILE_NOT_FOUND,
  FILE_TOO_LARGE,
  FILE_TYPE_REFUSED,
  LEAD_FILE_MAX_BYTES,
  leadFileStoragePath,
  type LeadFile,
  type LeadFileDoc,
  type UploadLeadFileBody,
} from '@studio/domain';
import * as logger from 'firebase-functions/logger';
import { invalid, notFound } from '../../platform/errors.js';
import type { FileStore } from '../../platform/fileStorage.js';
import type { AdminActor, Deps } from '../useCase.js';
import { fileDownloadPath, type LinkScope } from './fileLinks.js';
import {
  createLeadFile,
  deleteLeadFile,
  filesOfLead,
  newLeadFileId,
  readLead,
  readLeadFile,
  recordFileActivity,
  setLeadFileVisibility,
  visibleFilesOfLeads,
} from './leadFileStore.js';

export type FileDeps = Deps & { files: FileStore };

/** A record as listed, with a fresh link for `scope`. */
export function listedFile(id: string, d: LeadFileDoc, scope: LinkScope, now = Date.now()): LeadFile {
  return {
    id,
    name: d.name,
    contentType: d.contentType,
    sizeBytes: d.sizeBytes,
    visibleToClient: d.visibleToClient,
    uploadedAt: d.uploadedAt.toISOString(),
    downloadPath: fileDownloadPath(id, scope, now),
  };
}

async function requireLead(deps: Deps, leadId: string) {
  if (!(await readLead(deps.db, leadId))) throw notFound('Lead not found');
}

/** Lead `leadId`'s files, newest first, with admin links. @throws NotFound "Lead not found". */
export async function listLeadFiles(deps: Deps, leadId: string): Promise<LeadFile[]> {
  await requireLead(deps, leadId);
  const now = Date.now();
  return (await filesOfLead(deps.db, leadId)).map((f) => listedFile(f.id, f, 'a', now));
}

/**
 * Stores an upload for lead `leadId`: bytes first, then its record and a
 * `file_uploaded` history entry (if the record cannot be written the bytes are
 * deleted again). The demo seed stores its files through this too.
 * @returns the new record's id and fields.
 * @throws Invalid FILE_EMPTY / FILE_TOO_LARGE / FILE_TYPE_REFUSED (nothing stored); NotFound "Lead not found".
 */
export async function storeLeadFile(
  deps: FileDeps,
  leadId: string,
  body: UploadLeadFileBody,
  admin: AdminActor,
): Promise<{ id: string; doc: LeadFileDoc }> {
  const bytes = Buffer.from(body.dataBase64, 'base64');
  if (bytes.length === 0) throw invalid(FILE_EMPTY, { dataBase64: FILE_EMPTY });
  if (bytes.length > LEAD_FILE_MAX_BYTES) throw invalid(FILE_TOO_LARGE, { dataBase64: FILE_TOO_LARGE });
  if (!contentMatchesType(body.contentType, bytes))
    throw invalid(FILE_TYPE_REFUSED, { contentType: FILE_TYPE_REFUSED });
  await requireLead(deps, leadId);
  const id = newLeadFileId(deps.db);
  const doc: LeadFileDoc = {
    leadId,
    name: body.name,
    contentType: body.contentType,
    sizeBytes: bytes.length,
    visibleToClient: body.visibleToClient,
    storagePath: leadFileStoragePath(leadId, id),
    uploadedBy: admin.username,
    uploadedAt: new Date(), // stored as the server's time; this one is only what the reply shows
  };
  await deps.files.save(doc.storagePath, bytes, doc.contentType);
  try {
    await createLeadFile(deps.db, id, doc, {
      leadId,
      type: 'file_uploaded',
      detail: `File uploaded: ${doc.name}${doc.visibleToClient ? ' (visible to client)' : ''}`,
      by: admin.username,
    });
  } catch (e) {
    await deps.files.remove(doc.storagePath).catch((r: unknown) => logger.error('lead files: orphan bytes', r));
    throw e;
  }
  return { id, doc };
}

/** storeLeadFile, answered as listed with an admin link. @throws as storeLeadFile; Unavailable without the link key. */
export async function uploadLeadFile(
  deps: FileDeps,
  leadId: string,
  body: UploadLeadFileBody,
  admin: AdminActor,
): Promise<LeadFile> {
  const { id, doc } = await storeLeadFile(deps, leadId, body, admin);
  return listedFile(id, doc, 'a');
}

/** The record `fileId` of lead `leadId`. @throws NotFound FILE_NOT_FOUND (another lead's file too). */
async function fileOfLead(deps: Deps, leadId: string, fileId: string): Promise<LeadFileDoc> {
  const f = await readLeadFile(deps.db, fileId);
  if (!f || f.leadId !== leadId) throw notFound(FILE_NOT_FOUND);
  return f;
}

/** Shows file `fileId` to the client or hides it, in the history. @throws NotFound FILE_NOT_FOUND. */
export async function setFileVisibility(
  deps: Deps,
  leadId: string,
  fileId: string,
  visibleToClient: boolean,
  admin: AdminActor,
): Promise<LeadFile> {
  const f = await fileOfLead(deps, leadId, fileId);
  if (f.visibleToClient !== visibleToClient)
    await setLeadFileVisibility(deps.db, fileId, visibleToClient, {
      leadId,
      type: 'file_visibility_changed',
      detail: `${visibleToClient ? 'Shown to client' : 'Hidden from client'}: ${f.name}`,
      by: admin.username,
    });
  return listedFile(fileId, { ...f, visibleToClient }, 'a');
}

/** Removes file `fileId` (its bytes, then its record, in the history). @throws NotFound FILE_NOT_FOUND. */
export async function removeLeadFile(deps: FileDeps, leadId: string, fileId: string, admin: AdminActor) {
  const f = await fileOfLead(deps, leadId, fileId);
  await deps.files.remove(f.storagePath);
  await deleteLeadFile(deps.db, fileId, {
    leadId,
    type: 'file_removed',
    detail: `File removed: ${f.name}`,
    by: admin.username,
  });
}

/** The files of `leadIds` shown to their client, with client links. */
export async function clientFilesOfLeads(deps: Deps, leadIds: string[]): Promise<LeadFile[]> {
  const now = Date.now();
  return (await visibleFilesOfLeads(deps.db, leadIds)).map((f) => listedFile(f.id, f, 'c', now));
}

/** File `id` as shown to a client of `leadIds`. @throws NotFound FILE_NOT_FOUND when not theirs or not shown. */
export async function clientFileOf(deps: Deps, leadIds: string[], id: string): Promise<LeadFile> {
  const f = await readLeadFile(deps.db, id);
  if (!f || !f.visibleToClient || !leadIds.includes(f.leadId)) throw notFound(FILE_NOT_FOUND);
  return listedFile(id, f, 'c');
}

/**
 * The bytes of file `id` for a verified link of `scope` (a client link needs the file still shown). A client's
 * download goes in the lead's history (`file_downloaded`, by "client"), so the owner knows a deliverable reached
 * them; a history that cannot be written is logged and the download still served.
 * @throws NotFound FILE_NOT_FOUND.
 */
export async function downloadLeadFile(
  deps: FileDeps,
  id: string,
  scope: LinkScope,
): Promise<{ name: string; contentType: string; bytes: Buffer }> {
  const f = await readLeadFile(deps.db, id);
  if (!f || (scope === 'c' && !f.visibleToClient)) throw notFound(FILE_NOT_FOUND);
  const bytes = await deps.files.read(f.storagePath);
  if (!bytes) throw notFound(FILE_NOT_FOUND);
  if (scope === 'c')
    await recordFileActivity(deps.db, {
      leadId: f.leadId,
      type: 'file_downloaded',
      detail: `Client downloaded: ${f.name}`,
      by: 'client',
    }).catch((e: unknown) => logger.error('lead files: a client download was not recorded', e));
  return { name: f.name, contentType: f.contentType, bytes };
}
