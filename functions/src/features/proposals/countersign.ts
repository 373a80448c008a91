/**
 * The owner's side of proposals: the lead's proposals with the time of each
 * step (Sent, Viewed, Signed, Countersigned) and the countersignature, which
 * makes the countersigned PDF the one both sides download.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { type LeadProposal } from '@studio/domain';
import { conflict, notFound } from '../../platform/errors.js';
import { parsedDocs } from '../../platform/converter.js';
import type { AdminActor, Clock, Deps } from '../useCase.js';
import { renderProposalPdf } from './proposalPdf.js';
import { appendEvent, proposalConverter, proposalRef, proposalsCol, sha256Hex } from './proposalStore.js';
import { pdfModel } from './signProposal.js';
import { proposalDocSchema } from '@studio/domain';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The proposals of lead `leadId`, newest first. */
export async function leadProposals(deps: Deps, leadId: string): Promise<LeadProposal[]> {
  const snap = await proposalsCol(deps.db).where('leadId', '==', leadId).get();
  return parsedDocs(snap, proposalDocSchema, 'lead proposals')
    .map((p) => ({
      id: p.id,
      quoteVersion: p.quoteVersion,
      status: p.status,
      contractName: p.document.contractName,
      sentAt: iso(p.sentAt),
      viewedAt: iso(p.viewedAt),
      signedAt: iso(p.signedAt),
      countersignedAt: iso(p.countersignedAt),
      signedBy: p.signature?.fullName ?? null,
      signedPdfSha256: p.countersignedPdfSha256 ?? p.signedPdfSha256,
      countersignRequired: p.countersignRequired,
    }))
    .sort((a, b) => (b.sentAt ?? '').localeCompare(a.sentAt ?? ''));
}

/**
 * The owner countersigns signed proposal `id` as `fullName`: its
 * countersigned PDF (regenerated from the record) becomes the one both sides
 * download, its SHA-256 stored beside the signed one's.
 * @throws NotFound; Conflict not signed yet or already countersigned.
 */
export async function countersignProposal(
  deps: Deps,
  input: { id: string; fullName: string },
  actor: AdminActor,
  clock: Clock,
): Promise<string> {
  const { db } = deps;
  return db.runTransaction(async (tx) => {
    const ref = proposalRef(db, input.id);
    const p = (await tx.get(ref.withConverter(proposalConverter))).data();
    if (!p) throw notFound('Proposal not found');
    if (!p.signature) throw conflict('The client has not signed this proposal yet');
    if (p.countersignedAt) throw conflict('This proposal is already countersigned');
    const now = clock();
    const by = `${input.fullName} (${actor.username})`;
    const pdf = await renderProposalPdf(pdfModel(input.id, { ...p, countersignedAt: now, countersignedBy: by }));
    const hash = sha256Hex(pdf);
    tx.update(ref, {
      status: 'Countersigned',
      countersignedAt: Timestamp.fromDate(now),
      countersignedBy: by,
      countersignedPdfSha256: hash,
    });
    appendEvent(db, tx, {
      proposalId: input.id,
      leadId: p.leadId,
      type: 'countersigned',
      by: actor.username,
      detail: `Countersigned by ${by}; countersigned PDF SHA-256 ${hash}`,
      at: now,
    });
    return hash;
  });
}
