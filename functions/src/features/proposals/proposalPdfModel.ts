/**
 * What a signed proposal's PDF is drawn from, whichever renderer draws it: below both renderers, because
 * proposalPdf.ts picks the renderer (it imports proposalPdfV1.ts) and both read this model.
 */
import type { ProposalDocument } from '@studio/domain';

/** One line of the audit certificate. */
export interface TrailEntry {
  at: Date;
  type: string;
  detail: string;
  ip: string | null;
}

/** What the PDF is drawn from: all of it stored in the proposal record. */
export interface ProposalPdfModel {
  /** The renderer that draws it (the record's `pdfRenderer`, 1 when absent). */
  renderer: number;
  proposalId: string;
  document: ProposalDocument;
  documentSha256: string;
  signature: {
    fullName: string;
    email: string;
    signedAt: Date;
    studioLocalTime: string;
    ip: string | null;
    userAgent: string | null;
    consentText: string;
    signaturePng: string | null;
  };
  countersignature: { by: string; at: Date } | null;
  trail: readonly TrailEntry[];
}
