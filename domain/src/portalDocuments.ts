/**
 * The client portal's documents and the owner's view of a client's portal
 * sign-in: reply schemas of `/api/portal/documents` and
 * `/api/leads/{id}/portal-status`, and the stored `portal_sign_ins` record.
 */
import { z } from 'zod';
import { DOCUMENT_KINDS } from './constants.js';
import { storedDate } from './storedDocuments.js';

/** Where a portal document downloads from: the client's own session (Bearer ID token) checks it is theirs. */
export const portalDocumentPath = (kind: (typeof DOCUMENT_KINDS)[number], id: string): string =>
  `/api/portal/documents/${kind}/${encodeURIComponent(id)}`;

/** One PDF of the client's: an invoice, payment request, receipt, credit note or signed proposal. */
export const portalDocumentSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  id: z.string(),
  /** INV-/CN- number, or null (a proposal, a receipt of a payment without one). */
  number: z.string().nullable(),
  label: z.string(),
  downloadPath: z.string().regex(/^\/api\/portal\/documents\//),
});
export type PortalDocument = z.output<typeof portalDocumentSchema>;

/** GET /api/portal/documents → the signed-in client's documents (empty for an unknown address). */
export const portalDocumentsReply = z.object({ success: z.literal(true), documents: z.array(portalDocumentSchema) });

/**
 * `portal_sign_ins/{sha256(email)}`: when an address first used the portal
 * (written by the server on its first authenticated portal call). Server-only.
 */
export const portalSignInDocSchema = z.object({ firstSignedInAt: storedDate });

/** GET /api/leads/{id}/portal-status → whether the lead's address has signed in to the portal, and when first (ISO). */
export const portalStatusReply = z.object({
  success: z.literal(true),
  signedIn: z.boolean(),
  signedInAt: z.string().nullable(),
});
export type PortalStatus = z.output<typeof portalStatusReply>;
