/**
 * The portal's document calls, as the signed-in client (their ID token as a
 * Bearer token): the list, parsed with the domain schema, and a download.
 */
import type { User } from 'firebase/auth';
import type { z } from 'zod';
import { portalDocumentsReply, type PortalDocument } from '@studio/domain';
import { ApiError, ReplyShapeError } from '../../shared/lib/api';
import { downloadWithToken } from '../../shared/lib/download';

/** GET `path` as `user`, the reply parsed with `schema`. @throws ApiError (non-2xx), ReplyShapeError, TypeError (network). */
export async function portalGet<S extends z.ZodType>(user: User, path: string, schema: S): Promise<z.output<S>> {
  const res = await fetch(path, {
    headers: { accept: 'application/json', authorization: `Bearer ${await user.getIdToken()}` },
  });
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const error = (data as { error?: unknown } | null)?.error;
    throw new ApiError(res.status, typeof error === 'string' ? error : res.statusText);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ReplyShapeError('GET', path, parsed.error);
  return parsed.data;
}

/** GET /api/portal/documents: the client's PDFs. */
export async function fetchDocuments(user: User): Promise<PortalDocument[]> {
  return (await portalGet(user, '/api/portal/documents', portalDocumentsReply)).documents;
}

/** Downloads one of the client's files or documents (`path` from a portal reply). @throws Error with the server's message. */
export async function downloadAsClient(user: User, path: string, fallbackName: string): Promise<void> {
  await downloadWithToken(path, await user.getIdToken(), fallbackName);
}
