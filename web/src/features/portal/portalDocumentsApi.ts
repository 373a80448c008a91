/**
 * The portal's document calls, as the signed-in client (their ID token as a
 * Bearer token): the list, parsed with the domain schema, and a download.
 */
import type { User } from 'firebase/auth';
import { portalDocumentsReply, type PortalDocument } from '@studio/domain';
import { downloadWithToken } from '../../shared/lib/download';
import { portalGet } from './portalApi';

/** GET /api/portal/documents: the client's PDFs. */
export async function fetchDocuments(user: User): Promise<PortalDocument[]> {
  return (await portalGet(user, '/api/portal/documents', portalDocumentsReply)).documents;
}

/** Downloads one of the client's files or documents (`path` from a portal reply). @throws Error with the server's message. */
export async function downloadAsClient(user: User, path: string, fallbackName: string): Promise<void> {
  await downloadWithToken(path, await user.getIdToken(), fallbackName);
}
