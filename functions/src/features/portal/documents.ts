/**
 * The signed-in client's documents: the PDFs of every lead of their verified
 * address (invoices, payment requests, receipts, credit notes, signed and
 * countersigned proposals; features/documents leadDocumentList), listed and
 * downloaded through the portal's own session. A document that is not one of
 * theirs is 404, the same answer as one that does not exist.
 */
import { portalDocumentPath, type DocumentKind, type PortalDocument } from '@studio/domain';
import { notFound } from '../../platform/errors.js';
import { leadDocumentList, renderDocument } from '../documents/index.js';
import type { Deps } from '../useCase.js';
import type { ClientSession } from './clientSession.js';
import { leadIdsOfEmail } from './portalStore.js';

export const PORTAL_DOCUMENT_NOT_FOUND = 'Document not found';

/** The client's documents, each lead's newest number first; an address with no work gets an empty list. */
export async function portalDocuments(deps: Deps, client: ClientSession): Promise<PortalDocument[]> {
  const leadIds = await leadIdsOfEmail(deps.db, client.email);
  const lists = await Promise.all(leadIds.map((id) => leadDocumentList(deps.db, id)));
  const seen = new Set<string>();
  const out: PortalDocument[] = [];
  for (const d of lists.flat()) {
    const key = `${d.kind}:${d.id}`;
    if (seen.has(key)) continue; // a receipt or credit note is listed once, whichever lead found it
    seen.add(key);
    out.push({ ...d, downloadPath: portalDocumentPath(d.kind, d.id) });
  }
  return out;
}

/**
 * The PDF of document `kind`/`id` when it is one of the client's.
 * @throws NotFound PORTAL_DOCUMENT_NOT_FOUND otherwise.
 */
export async function portalDocumentPdf(
  deps: Deps,
  client: ClientSession,
  kind: DocumentKind,
  id: string,
): Promise<{ filename: string; pdf: Buffer }> {
  const mine = await portalDocuments(deps, client);
  if (!mine.some((d) => d.kind === kind && d.id === id)) throw notFound(PORTAL_DOCUMENT_NOT_FOUND);
  return renderDocument(deps.db, { kind, id });
}
