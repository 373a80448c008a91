/**
 * Renderer 1 of the signed proposal PDF, kept unchanged so that a proposal
 * signed with it (a record without `pdfRenderer`) regenerates byte for byte
 * as it was signed and its stored SHA-256 still verifies. Do not edit: its
 * bytes are the contract's evidence (the 14 standard fonts, Latin-1 only;
 * proposalPdf.ts has the current renderer). pdfkit's output is part of those
 * bytes, which is why pdfkit is upgraded only with the golden test passing.
 *
 * The proposal (scope, timeline, price), the contract, the signature block
 * and an audit certificate page (events with times, document hash, signer
 * details). Every input comes from `proposals/{id}`, the PDF's dates are the
 * signing time, pdfkit's file id is derived from its info dictionary, and
 * the 14 standard fonts embed nothing variable.
 */
import { centsToString } from '@studio/domain';
import { loadPdfKit, pdfBytes } from '../../platform/pdf/pdfKit.js';
import type { ProposalPdfModel } from './proposalPdfModel.js';

const INK = '#0f172a';
const MUTED = '#64748b';
const ACCENT = '#4338ca';

const usd = (cents: number) => `$${centsToString(cents)}`;

/** Renderer 1's PDF bytes of `m`; the same `m` always gives the same bytes. @throws only on a pdfkit failure. */
export async function renderProposalPdfV1(m: ProposalPdfModel): Promise<Buffer> {
  const PDFDocument = loadPdfKit();
  const d = m.document;
  const at = m.countersignature?.at ?? m.signature.signedAt;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `Proposal and contract: ${d.title}`,
      Author: d.studioName,
      Subject: `Proposal ${m.proposalId}`,
      Creator: d.studioName,
      Producer: 'Studio CRM',
      CreationDate: at,
      ModDate: at,
    },
  });
  const done = pdfBytes(doc);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  const heading = (t: string) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(14).fillColor(ACCENT).text(t, left, doc.y, { width });
    doc.moveDown(0.3).font('Helvetica').fontSize(10.5).fillColor(INK);
  };
  const row = (label: string, value: string) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(MUTED)
      .text(`${label}: `, left, doc.y, { continued: true, width });
    doc.font('Helvetica').fillColor(INK).text(value, { width });
  };

  // The proposal.
  doc.font('Helvetica-Bold').fontSize(22).fillColor(ACCENT).text('PROPOSAL AND CONTRACT', left, doc.y, { width });
  doc.font('Helvetica-Bold').fontSize(14).fillColor(INK).text(d.title, { width });
  doc.moveDown(0.5);
  row('From', d.studioName);
  row('For', `${d.clientName}${d.clientEmail ? ` <${d.clientEmail}>` : ''}`);
  row('Document', m.proposalId);

  heading('Scope');
  doc.text(d.features || 'As described in the phases below.', { width });
  for (const p of d.phases) {
    doc.moveDown(0.3).font('Helvetica-Bold').text(p.name, { width });
    doc.font('Helvetica').text(p.description, { width });
  }

  heading('Estimated timeline');
  doc.text(`At ${d.weeklyCapacityHours} hours a week.`, { width });
  for (const t of d.timeline) doc.text(`${t.name}: ${t.start} to ${t.end} (${t.hours} h)`, { width });

  heading('Price');
  row('Total', usd(d.quoteAmountCents));
  row('Deposit', usd(d.depositAmountCents));
  row('Final payment', usd(d.finalAmountCents));
  if (d.servicePlan) row('Service plan', d.servicePlan);

  heading(`Contract: ${d.contractName}`);
  doc.fontSize(10).text(d.contractText, { width });

  // The signature block.
  heading('Signature');
  if (m.signature.signaturePng) {
    try {
      const png = Buffer.from(m.signature.signaturePng.slice(m.signature.signaturePng.indexOf(',') + 1), 'base64');
      doc.image(png, left, doc.y, { fit: [220, 80] });
      doc.y += 84;
    } catch {
      // An image pdfkit cannot read: the typed name below is the signature.
    }
  }
  doc.font('Times-Italic').fontSize(20).fillColor(INK).text(m.signature.fullName, left, doc.y, { width });
  doc.font('Helvetica').fontSize(10);
  row('Signed by', `${m.signature.fullName} <${m.signature.email}>`);
  row('Signed at', `${m.signature.signedAt.toISOString()} (UTC), ${m.signature.studioLocalTime}`);
  if (m.countersignature)
    row('Countersigned', `${m.countersignature.by}, ${m.countersignature.at.toISOString()} (UTC)`);

  // The audit certificate.
  doc.addPage();
  doc.font('Helvetica-Bold').fontSize(18).fillColor(ACCENT).text('AUDIT CERTIFICATE', left, doc.y, { width });
  doc.moveDown(0.5).font('Helvetica').fontSize(10).fillColor(INK);
  row('Document', m.proposalId);
  row('Document SHA-256', m.documentSha256);
  row('Signer', m.signature.fullName);
  row('Email', m.signature.email || 'none given');
  row('IP address', m.signature.ip ?? 'unknown');
  row('User agent', m.signature.userAgent ?? 'unknown');
  row('Consent', m.signature.consentText);
  heading('Events');
  for (const e of m.trail)
    doc.text(`${e.at.toISOString()}  ${e.type}: ${e.detail}${e.ip ? ` (IP ${e.ip})` : ''}`, { width });
  doc
    .moveDown(1)
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      'The document SHA-256 is the hash of the frozen proposal and contract text the signer was shown. ' +
        'This PDF is regenerated byte for byte from the stored record; its own SHA-256 is kept in the record.',
      { width },
    );
  doc.end();
  return done;
}
