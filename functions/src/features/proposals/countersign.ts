/**
 * The owner's side of proposals: the lead's proposals with the time of each
 * step (Sent, Viewed, Signed, Countersigned) and the countersignature, which
 * makes the countersigned PDF the one both sides download, emails it to the
 * client (attached) and releases a project held for it into Set up
 * (features/projects readCountersignHold).
 */
import { Timestamp } from 'firebase-admin/firestore';
import { type LeadProposal } from '@studio/domain';
import { conflict, notFound } from '../../platform/errors.js';
import { enqueueEmail } from '../../shared/outbox.js';
import { readCountersignHold } from '../projects/index.js';
import type { AdminActor, Clock, Deps } from '../useCase.js';
import { renderProposalPdf } from './proposalPdf.js';
import {
  appendEvent,
  leadExists,
  proposalRef,
  proposalsOfLead,
  readProposal,
  setLeadProposalStatus,
  sha256Hex,
} from './proposalStore.js';
import { pdfModel } from './signProposal.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The proposals of lead `leadId`, newest first. */
export async function leadProposals(deps: Deps, leadId: string): Promise<LeadProposal[]> {
  return (await proposalsOfLead(deps.db, leadId))
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
    const p = await readProposal(db, input.id, tx);
    if (!p) throw notFound('Proposal not found');
    if (!p.signature) throw conflict('The client has not signed this proposal yet');
    if (p.countersignedAt) throw conflict('This proposal is already countersigned');
    const [releaseHold, hasLead] = await Promise.all([
      readCountersignHold(db, tx, input.id),
      leadExists(db, tx, p.leadId),
    ]);
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
    releaseHold(actor.username);
    if (hasLead) setLeadProposalStatus(db, tx, p.leadId, 'Countersigned');
    // An erased client (the lead is gone, the signed proposal kept as evidence) is not written to again.
    if (hasLead && p.signature.email)
      enqueueEmail(db, tx, {
        to: p.signature.email,
        templateId: 'status-update',
        variables: {
          name: p.document.clientName || 'there',
          projectName: p.document.title,
          status: 'Countersigned',
          message: `The studio has countersigned your proposal (document ${input.id}). The countersigned PDF is attached and replaces the signed one on the quote page and in My Project.`,
        },
        leadId: p.leadId,
        attachments: [{ kind: 'proposal', id: input.id }],
      });
    return hash;
  });
}
