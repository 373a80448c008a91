/**
 * Files the owner shares with a client (deliverables): the upload's limits and
 * accepted types, the stored `lead_files` record, and the replies of the
 * admin's `/api/leads/{id}/files` routes and the portal's `/api/portal/files`.
 * The bytes live in Cloud Storage, reached only by the server; a browser gets
 * them through a signed, expiring `/api/file-downloads/{id}` link.
 */
import { z } from 'zod';
import { COLLECTIONS } from './collections.js';
import { storedDate } from './storedDocuments.js';

/** The largest file the owner may upload, in bytes (5 MiB). */
export const LEAD_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** Characters of the base64 text of a LEAD_FILE_MAX_BYTES file. */
export const LEAD_FILE_MAX_BASE64 = Math.ceil(LEAD_FILE_MAX_BYTES / 3) * 4;
/** The JSON body cap of an upload: the base64 text and room for the other fields. */
export const LEAD_FILE_UPLOAD_BODY_BYTES = LEAD_FILE_MAX_BASE64 + 4 * 1024;
/** How long a download link lives (ms). */
export const FILE_LINK_TTL_MS = 15 * 60_000;

/**
 * Accepted types, each with the first bytes its content must start with (null: plain text, checked as UTF-8
 * without NUL). Anything else (HTML, SVG, scripts, executables) is refused: a shared file is served as a download.
 */
export const LEAD_FILE_TYPES = {
  'application/pdf': [[0x25, 0x50, 0x44, 0x46]],
  'image/png': [[0x89, 0x50, 0x4e, 0x47]],
  'image/jpeg': [[0xff, 0xd8, 0xff]],
  'image/webp': [[0x52, 0x49, 0x46, 0x46]],
  'image/gif': [[0x47, 0x49, 0x46, 0x38]],
  'application/zip': [
    [0x50, 0x4b, 0x03, 0x04],
    [0x50, 0x4b, 0x05, 0x06],
  ],
  'text/plain': null,
} as const satisfies Record<string, number[][] | null>;
export type LeadFileType = keyof typeof LEAD_FILE_TYPES;
export const LEAD_FILE_TYPE_NAMES = Object.keys(LEAD_FILE_TYPES) as [LeadFileType, ...LeadFileType[]];

/** True when `bytes` look like `type` (its magic number; plain text: valid UTF-8 without NUL). */
export function contentMatchesType(type: LeadFileType, bytes: Uint8Array): boolean {
  const magic = LEAD_FILE_TYPES[type];
  if (magic === null) {
    if (bytes.includes(0)) return false;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      return true;
    } catch {
      return false;
    }
  }
  return magic.some((m) => m.every((b, i) => bytes[i] === b));
}

/** Messages of a refused upload (400). */
export const FILE_TOO_LARGE = `The file is larger than ${LEAD_FILE_MAX_BYTES / 1024 / 1024} MB`;
export const FILE_EMPTY = 'The file is empty';
export const FILE_TYPE_REFUSED = 'This type of file cannot be shared (PDF, PNG, JPEG, WebP, GIF, ZIP or text only)';
export const FILE_NOT_FOUND = 'File not found';
export const FILE_LINK_EXPIRED = 'This download link has expired. Open your portal again.';

/** A file name as shown and downloaded: no path, no control characters. */
const fileName = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((s) => !/[/\\"]/.test(s) && ![...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f), {
    message: 'Invalid file name',
  });

/** POST /api/leads/{id}/files: one file, as base64, and whether the client sees it. */
export const uploadLeadFileBody = z.strictObject({
  name: fileName,
  contentType: z.enum(LEAD_FILE_TYPE_NAMES, { message: FILE_TYPE_REFUSED }),
  dataBase64: z
    .string()
    .max(LEAD_FILE_MAX_BASE64, FILE_TOO_LARGE)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Invalid base64'),
  visibleToClient: z.boolean().default(false),
});
export type UploadLeadFileBody = z.output<typeof uploadLeadFileBody>;

/** PUT /api/leads/{id}/files/{fileId}: shown to the client or not. */
export const leadFileVisibilityBody = z.strictObject({ visibleToClient: z.boolean() });

/** `lead_files/{id}`: a shared file's record (its bytes at `storagePath` in the files bucket). Server-only. */
export const leadFileDocSchema = z.object({
  leadId: z.string(),
  name: z.string(),
  contentType: z.enum(LEAD_FILE_TYPE_NAMES),
  sizeBytes: z.number().int().nonnegative(),
  visibleToClient: z.boolean(),
  storagePath: z.string(),
  uploadedBy: z.string(),
  uploadedAt: storedDate,
});
export type LeadFileDoc = z.output<typeof leadFileDocSchema>;

/** Where a lead file's bytes live in the bucket. */
export const leadFileStoragePath = (leadId: string, fileId: string) => `${COLLECTIONS.leadFiles}/${leadId}/${fileId}`;

/** A file as the admin and the portal list it, with a signed download path that expires. */
export const leadFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  visibleToClient: z.boolean(),
  uploadedAt: z.string().nullable(),
  downloadPath: z.string().regex(/^\/api\/file-downloads\//),
});
export type LeadFile = z.output<typeof leadFileSchema>;

/** GET /api/leads/{id}/files and GET /api/portal/files → the files. */
export const leadFilesReply = z.object({ success: z.literal(true), files: z.array(leadFileSchema) });
/** POST /api/leads/{id}/files (201), PUT …/{fileId}, GET /api/portal/files/{id} → one file. */
export const leadFileReply = z.object({ success: z.literal(true), file: leadFileSchema });

/** "12.3 KB"-style size for people. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
