/**
 * The client's side of a proposal, through the quote link: opening it (the
 * first open is recorded as Viewed) and signing it, which accepts the quote
 * in the same transaction (features/quotes/quoteAcceptance.ts), and the signed PDF.
 * The signed PDF goes to the client and the studio by email (outbox,
 * attached by reference: documents kind `proposal`) and is among the
 * client's My Project links (signedProposalsOfLead).
 */
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  holdsSetUpForCountersign,
  PROPOSAL_PDF_RENDERER,
  proposalCanonicalText,
  SIGNING_CONSENT_TEXT,
  SIGNING_MESSAGES,
  studioLocalTime,
  type ProposalDoc,
  type SignProposalInput,
} from '@studio/domain';
import { config } from '../../config.js';
import { conflict, notFound } from '../../platform/errors.js';
import { acceptQuoteInTx } from '../quotes/index.js';
import { enqueueEmail } from '../../shared/outbox.js';
import { acceptanceOutcome, readLink } from '../quotes/index.js';
import type { ClientActor, Clock, Deps } from '../useCase.js';
import { renderProposalPdf } from './proposalPdf.js';
import type { ProposalPdfModel } from './proposalPdfModel.js';
import {
  appendEvent,
  proposalEvents,
  proposalOfLink,
  proposalRef,
  proposalsOfLead,
  readProposal,
  readSettings,
  readStudio,
  setLeadProposalStatus,
  sha256Hex,
} from './proposalStore.js';

export interface LinkInput {
  leadId: string;
  token: string;
}

/** What the client's page shows of a proposal. */
function clientView(id: string, p: ProposalDoc) {
  return {
    id,
    status: p.status,
    document: p.document,
    documentSha256: p.documentSha256,
    consentText: SIGNING_CONSENT_TEXT,
    signedAt: p.signedAt?.toISOString() ?? null,
    // The signing time on the studio's clock, as the signed PDF's certificate writes it.
    signedAtText: p.signature?.studioLocalTime ?? null,
  };
}

/**
 * The client opens the proposal of a quote link. The first open moves it
 * from Sent to Viewed and appends a "viewed" event (IP and user agent).
 * @returns the proposal, or null when the quote was approved without a contract.
 * @throws as readLink (NotFound, Conflict: a revised or revoked quote, Gone).
 */
export async function openProposal(deps: Deps, input: LinkInput, actor: ClientActor, clock: Clock) {
  const { db } = deps;
  return db.runTransaction(async (tx) => {
    const { linkRef } = await readLink(db, tx, input.leadId, input.token, clock().getTime());
    const found = await proposalOfLink(db, tx, linkRef.id);
    if (!found) return null;
    const { id, proposal } = found;
    if (proposal.status === 'Sent') {
      const now = clock();
      tx.update(proposalRef(db, id), { status: 'Viewed', viewedAt: Timestamp.fromDate(now) });
      appendEvent(db, tx, {
        proposalId: id,
        leadId: input.leadId,
        type: 'viewed',
        by: 'client',
        ip: actor.ip,
        userAgent: actor.userAgent,
        detail: 'The client opened the proposal',
        at: now,
      });
      setLeadProposalStatus(db, tx, input.leadId, 'Viewed');
      return clientView(id, { ...proposal, status: 'Viewed', viewedAt: now });
    }
    return clientView(id, proposal);
  });
}

/**
 * The PDF model of a signed proposal record: the latest stage (countersigned
 * when it is) or, with `stage` 'signed', the PDF as it was at signing.
 * @throws Conflict when the proposal is not signed.
 */
export function pdfModel(id: string, p: ProposalDoc, stage: 'latest' | 'signed' = 'latest'): ProposalPdfModel {
  const s = p.signature;
  if (!s) throw conflict('This proposal is not signed yet');
  const counter =
    stage === 'latest' && p.countersignedAt && p.countersignedBy
      ? { by: p.countersignedBy, at: p.countersignedAt }
      : null;
  return {
    renderer: p.pdfRenderer ?? 1,
    proposalId: id,
    document: p.document,
    documentSha256: p.documentSha256,
    signature: s,
    countersignature: counter,
    trail: counter
      ? [...s.trail, { at: counter.at, type: 'countersigned', detail: `Countersigned by ${counter.by}`, ip: null }]
      : s.trail,
  };
}

/**
 * The client signs the proposal of a quote link, which accepts the quote: one
 * transaction records the evidence (name, email, UTC and studio time, IP,
 * user agent, consent text, document SHA-256, drawing), the "signed" event,
 * the acceptance and the link's use; the signed PDF's SHA-256 goes into the
 * same write (the PDF is regenerated from the record, never stored).
 * @returns the proposal id and the acceptance outcome (deposit checkout or message).
 * @throws Conflict: a revised or revoked quote (the old link), already
 *   signed or accepted, or a document that differs from the one read (or
 *   from its frozen hash); NotFound no proposal; as readLink.
 */
export async function signProposal(deps: Deps, input: SignProposalInput, actor: ClientActor, clock: Clock) {
  const { db } = deps;
  const { leadId } = input;
  const result = await db.runTransaction(async (tx) => {
    const { linkRef, link, leadRef, lead } = await readLink(db, tx, leadId, input.token, clock().getTime());
    const found = await proposalOfLink(db, tx, linkRef.id);
    if (!found) throw notFound('This quote has no contract to sign');
    const { id, proposal } = found;
    const [studio, events, { settings }] = await Promise.all([
      readStudio(db, tx),
      proposalEvents(db, id, tx),
      readSettings(db, tx),
    ]);
    if (proposal.signature) throw conflict(SIGNING_MESSAGES.alreadySigned);
    if (link.usedAt !== null || lead.quoteAccepted) throw conflict('This quote has already been accepted');
    if (lead.quoteReviewStatus !== 'Approved') throw conflict('This quote is not available for acceptance');
    // The document read must be the frozen one, and the frozen one must still match its hash.
    if (
      input.documentSha256 !== proposal.documentSha256 ||
      sha256Hex(proposalCanonicalText(proposal.document)) !== proposal.documentSha256
    )
      throw conflict(SIGNING_MESSAGES.changed);

    const now = clock();
    const timeZone = studio.timeZone;
    const trail = [
      ...events.map((e) => ({ at: e.at, type: e.type, detail: e.detail, ip: e.ip })),
      { at: now, type: 'signed', detail: `Signed by ${input.fullName}`, ip: actor.ip },
    ];
    const signature = {
      fullName: input.fullName,
      email: lead.email,
      signedAt: now,
      studioLocalTime: studioLocalTime(now, timeZone),
      ip: actor.ip,
      userAgent: actor.userAgent,
      consentText: SIGNING_CONSENT_TEXT,
      documentSha256: proposal.documentSha256,
      signaturePng: input.signaturePng ?? null,
      trail,
    };
    // Signed with today's renderer, kept in the record: its PDFs are always regenerated with that one.
    const pdfRenderer = PROPOSAL_PDF_RENDERER;
    const pdf = await renderProposalPdf(pdfModel(id, { ...proposal, signature, signedAt: now, pdfRenderer }));
    const signedPdfSha256 = sha256Hex(pdf);
    tx.update(proposalRef(db, id), {
      status: 'Signed',
      signedAt: Timestamp.fromDate(now),
      signature: {
        ...signature,
        signedAt: Timestamp.fromDate(now),
        trail: trail.map((e) => ({ ...e, at: Timestamp.fromDate(e.at) })),
      },
      signedPdfSha256,
      pdfRenderer,
    });
    appendEvent(db, tx, {
      proposalId: id,
      leadId,
      type: 'signed',
      by: 'client',
      ip: actor.ip,
      userAgent: actor.userAgent,
      detail: `Signed by ${input.fullName}; signed PDF SHA-256 ${signedPdfSha256}`,
      at: now,
    });
    tx.update(linkRef, { usedAt: FieldValue.serverTimestamp() });
    // With the hold on, the project waits in Quote Accepted for the owner's countersignature (countersign.ts).
    const hold = holdsSetUpForCountersign(settings, proposal.countersignRequired);
    acceptQuoteInTx(
      tx,
      leadRef,
      lead,
      { via: 'client', by: 'client', ip: actor.ip, userAgent: actor.userAgent },
      { countersignPending: hold ? id : null },
    );
    setLeadProposalStatus(db, tx, leadId, 'Signed');
    notifySigned(db, tx, {
      id,
      leadId,
      clientEmail: lead.email,
      clientName: lead.name,
      title: proposal.document.title,
      signedBy: input.fullName,
      signedAt: signature.studioLocalTime,
      countersignFollows: proposal.countersignRequired,
      held: hold,
    });
    return { id, lead };
  });
  return { proposalId: result.id, ...acceptanceOutcome(result.lead, leadId) };
}

/**
 * Emails the signed PDF (attached: documents kind `proposal`, rendered when
 * sent) through the outbox to the client (when the lead has an address;
 * template status-update) and to the studio (OWNER_EMAIL, when set; its own
 * template proposal-signed-owner, saying what the owner does next).
 */
function notifySigned(
  db: Firestore,
  tx: FirebaseFirestore.Transaction,
  p: {
    id: string;
    leadId: string;
    clientEmail: string;
    clientName: string;
    title: string;
    signedBy: string;
    /** When it was signed, on the studio's clock (domain studioLocalTime). */
    signedAt: string;
    countersignFollows: boolean;
    /** The project waits in Quote Accepted for the countersignature (domain holdsSetUpForCountersign). */
    held: boolean;
  },
): void {
  const attachments = [{ kind: 'proposal' as const, id: p.id }];
  if (p.clientEmail)
    enqueueEmail(db, tx, {
      to: p.clientEmail,
      templateId: 'status-update',
      variables: {
        name: p.clientName || 'there',
        projectName: p.title,
        status: 'Signed',
        message: `Thank you for signing. Your signed proposal (document ${p.id}) is attached; it can also be downloaded from the quote page and from My Project.${p.countersignFollows ? ' The countersigned copy follows when the studio has signed.' : ''}`,
      },
      leadId: p.leadId,
      attachments,
    });
  const owner = config().email.ownerEmail;
  if (owner)
    enqueueEmail(db, tx, {
      to: owner,
      templateId: 'proposal-signed-owner',
      variables: {
        signedBy: p.signedBy,
        clientEmail: p.clientEmail || 'no email given',
        projectName: p.title,
        signedAt: p.signedAt,
        documentId: p.id,
        nextStep: !p.countersignFollows
          ? 'No countersignature is needed: the project starts in Set up.'
          : p.held
            ? 'Countersign it from the lead details (Proposals): the project waits in Quote Accepted until you do.'
            : 'Countersign it from the lead details (Proposals); the project is already in Set up.',
      },
      leadId: p.leadId,
      attachments,
    });
}

/**
 * The signed PDF of the proposal of a quote link (the client's copy),
 * regenerated from the record. @throws NotFound no proposal; Conflict not signed; as readLink.
 */
export async function proposalPdfByLink(deps: Deps, input: LinkInput, clock: Clock) {
  const { db } = deps;
  const found = await db.runTransaction(async (tx) => {
    const { linkRef } = await readLink(db, tx, input.leadId, input.token, clock().getTime());
    return proposalOfLink(db, tx, linkRef.id);
  });
  if (!found) throw notFound('This quote has no contract');
  return { id: found.id, pdf: await renderProposalPdf(pdfModel(found.id, found.proposal)) };
}

/** The signed PDF of proposal `id` (the admin's copy). @throws NotFound; Conflict not signed. */
export async function proposalPdfById(deps: Deps, id: string) {
  const p = await readProposal(deps.db, id);
  if (!p) throw notFound('Proposal not found');
  return { id, pdf: await renderProposalPdf(pdfModel(id, p)), record: p };
}

/** The file name of a proposal's latest PDF: `proposal-<id>.pdf`, or `…-countersigned.pdf` once countersigned. */
const pdfFileName = (id: string, p: ProposalDoc) =>
  `proposal-${id}${p.countersignedAt && p.countersignedPdfSha256 ? '-countersigned' : ''}.pdf`;

/**
 * Proposal `id`'s latest PDF (countersigned once the owner has) as a document
 * (features/documents kind `proposal`: an email attachment, a client link).
 * @throws NotFound "Document not found" when absent or not signed (there is no PDF to give).
 */
export async function signedProposalPdf(db: Firestore, id: string): Promise<{ filename: string; pdf: Buffer }> {
  const p = await readProposal(db, id);
  if (!p?.signature) throw notFound('Document not found');
  return { filename: pdfFileName(id, p), pdf: await renderProposalPdf(pdfModel(id, p)) };
}

/**
 * The signed proposals of lead `leadId` for the client's links (My Project), newest first: id and label
 * ("Signed proposal (quote v2)" or "Countersigned proposal …").
 */
export async function signedProposalsOfLead(
  db: Firestore,
  leadId: string,
): Promise<Array<{ id: string; label: string }>> {
  return (await proposalsOfLead(db, leadId))
    .filter((p) => p.signature && p.signedAt)
    .sort((a, b) => b.signedAt!.getTime() - a.signedAt!.getTime())
    .map((p) => ({
      id: p.id,
      label: `${p.countersignedAt ? 'Countersigned' : 'Signed'} proposal${p.quoteVersion ? ` (quote v${p.quoteVersion})` : ''}`,
    }));
}

/**
 * Whether `sha256` is the hash of proposal `id`'s signed or countersigned PDF
 * (as stored at each step). @throws NotFound.
 */
export async function verifyProposalPdf(deps: Deps, id: string, sha256: string) {
  const p = await readProposal(deps.db, id);
  if (!p) throw notFound('Proposal not found');
  const h = sha256.toLowerCase();
  const stage =
    p.signedPdfSha256 === h ? ('signed' as const) : p.countersignedPdfSha256 === h ? ('countersigned' as const) : null;
  return { matches: stage !== null, stage };
}
