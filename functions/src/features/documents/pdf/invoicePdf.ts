/**
 * Invoice, payment request, receipt and credit note PDFs (A4, one page for a
 * normal invoice), laid out from the domain's InvoicePdfModel (domain
 * invoiceDocument.ts): what it says (amounts as currency text, the total's
 * label, the rows of what was paid or is due, the PAID / REFUNDED / VOID /
 * UNCOLLECTIBLE mark, the terms and pay link) is decided there.
 *
 * Library: pdfkit. It is maintained (regular releases), pure JavaScript with
 * pure-JS dependencies (fontkit, linebreak, png-js, fflate, @noble/*), so it
 * installs from the npm registry with no native build or binary download; it
 * ships the 14 standard PDF fonts, so text needs no font files of ours and
 * stays extractable; and it streams, which suits an HTTP reply or an email
 * attachment. pdf-lib has been without a release since 2021 and lays out
 * text by hand (no line wrapping); @react-pdf/renderer would pull React and
 * a layout engine into the functions for one page.
 *
 * pdfkit is a runtime dependency left outside the esbuild bundle (it reads
 * its font metrics from its package directory) and is required on first use,
 * so functions that never render a PDF do not load it.
 *
 * The logo (settings logoUrl) is fetched under the rules of logoFetch.ts
 * (https, public addresses only, no redirects, a byte cap, a timeout, PNG or
 * JPEG), cached per instance, and left out when it is refused or cannot be
 * had, with a warning in the log: a broken logo never stops an invoice.
 */
import { createRequire } from 'node:module';
import * as logger from 'firebase-functions/logger';
import type { InvoicePdfModel } from '@studio/domain';
import { fetchLogo, LogoRefused } from './logoFetch.js';

type PdfKit = typeof import('pdfkit');
let pdfkit: PdfKit | undefined;
/** pdfkit, required on first use (a plain require: it also works under tsx and vitest, where a dynamic import of a CommonJS package from this file does not). */
export function loadPdfKit(): PdfKit {
  return (pdfkit ??= createRequire(typeof __filename === 'string' ? __filename : import.meta.url)('pdfkit') as PdfKit);
}

/** The bytes `doc` writes, once it has ended (call `doc.end()` after drawing). @throws what pdfkit reports. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

const LOGO_CACHE_MS = 10 * 60_000;
const logoCache = new Map<string, { at: number; data: Buffer | null }>();

/** The logo's bytes (PNG or JPEG), or null; cached for LOGO_CACHE_MS per URL, refusals included. */
async function logo(url: string | null): Promise<Buffer | null> {
  if (!url) return null;
  const hit = logoCache.get(url);
  if (hit && Date.now() - hit.at < LOGO_CACHE_MS) return hit.data;
  let data: Buffer | null = null;
  try {
    data = await fetchLogo(url);
  } catch (e) {
    logger.warn('pdf: the studio logo is left out', {
      url,
      reason: e instanceof LogoRefused ? e.reason : 'error',
      detail: String((e as Error)?.message ?? e),
    });
  }
  logoCache.set(url, { at: Date.now(), data });
  return data;
}

const INK = '#0f172a';
const MUTED = '#64748b';
const ACCENT = '#4338ca';

/**
 * Renders `m` to PDF bytes. Text is real text (Helvetica), so it can be
 * searched and parsed back. @throws only on a pdfkit failure.
 */
export async function renderInvoicePdf(m: InvoicePdfModel): Promise<Buffer> {
  const PDFDocument = loadPdfKit();
  const logoData = await logo(m.studio.logoUrl);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `${m.title}${m.number ? ` ${m.number}` : ''}`,
      Author: m.studio.businessName,
      Subject: m.title,
      Creator: m.studio.businessName,
    },
  });
  const done = pdfBytes(doc);

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const right = left + width;

  // Header: logo or name on the left, title and number on the right.
  let y = doc.y;
  if (logoData) {
    try {
      doc.image(logoData, left, y, { fit: [140, 60] });
    } catch {
      // An image pdfkit cannot read: the name below still says who it is from.
    }
  }
  doc
    .fillColor(ACCENT)
    .font('Helvetica-Bold')
    .fontSize(26)
    .text(m.title.toUpperCase(), left, y, { width, align: 'right' });
  if (m.number)
    doc.fillColor(INK).font('Helvetica').fontSize(12).text(m.number, left, doc.y, { width, align: 'right' });
  y = Math.max(doc.y, y + (logoData ? 66 : 0)) + 10;

  // Studio details.
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(m.studio.businessName, left, y, { width: width / 2 });
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  if (m.studio.postalAddress) doc.text(m.studio.postalAddress, { width: width / 2 });
  doc.text(m.studio.contactEmail, { width: width / 2 });
  if (m.studio.taxId) doc.text(`Tax ID: ${m.studio.taxId}`, { width: width / 2 });
  const studioBottom = doc.y;

  // Dates on the right.
  const facts: Array<[string, string]> = [[m.kind === 'receipt' ? 'Date paid' : 'Issue date', m.issueDate]];
  if (m.dueDate) facts.push(['Due date', m.dueDate]);
  if (m.settled?.paidDate) facts.push(['Date paid', m.settled.paidDate]);
  if (m.paid) facts.push(['Payment reference', m.paid.reference]);
  let fy = y;
  for (const [label, value] of facts) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(MUTED)
      .text(label, left + width / 2, fy, { width: width / 2, align: 'right' });
    doc
      .font('Helvetica-Bold')
      .fillColor(INK)
      .text(value, left + width / 2, doc.y, { width: width / 2, align: 'right' });
    fy = doc.y + 4;
  }
  y = Math.max(studioBottom, fy) + 20;

  // Client.
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(m.kind === 'receipt' ? 'Received from' : m.kind === 'credit-note' ? 'Credited to' : 'Bill to', left, y);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor(INK)
    .text(m.client.name, { width: width / 2 });
  if (m.client.email)
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(m.client.email, { width: width / 2 });
  y = doc.y + 24;

  // Line items.
  const amountW = 120;
  doc.rect(left, y, width, 22).fill('#f1f5f9');
  doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(10);
  doc.text('Description', left + 8, y + 6, { width: width - amountW - 16 });
  doc.text(`Amount (${m.currency})`, right - amountW - 8, y + 6, { width: amountW, align: 'right' });
  y += 30;
  doc.font('Helvetica').fontSize(11).fillColor(INK);
  for (const line of m.lines) {
    doc.text(line.description, left + 8, y, { width: width - amountW - 16 });
    const rowBottom = doc.y;
    doc.text(line.amount, right - amountW - 8, y, { width: amountW, align: 'right' });
    y = Math.max(rowBottom, doc.y) + 8;
    doc
      .moveTo(left, y - 4)
      .lineTo(right, y - 4)
      .strokeColor('#e2e8f0')
      .lineWidth(1)
      .stroke();
  }
  /** One row of the amounts column: a label on the left, its amount right-aligned under the line amounts. */
  const amountRow = (label: string, value: string, strong: boolean) => {
    doc
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(strong ? 12 : 11)
      .fillColor(strong ? INK : MUTED);
    doc.text(label, left + 8, y + (strong ? 4 : 0), { width: width - amountW - 16 });
    const labelBottom = doc.y;
    doc.text(value, right - amountW - 8, y + (strong ? 4 : 0), { width: amountW, align: 'right' });
    y = Math.max(labelBottom, doc.y) + 6;
  };
  // Subtotal and tax, when the document carries a tax; the total; then what became of an invoice.
  if (m.tax) {
    amountRow('Subtotal', m.tax.subtotal, false);
    amountRow(m.tax.label, m.tax.amount, false);
  }
  amountRow(m.totalLabel, m.total, true);
  for (const row of m.balanceRows ?? []) amountRow(row.label, row.amount, row.strong);
  y += 18;

  /** A framed mark (PAID, REFUNDED, VOID...) `boxW` wide in `colour`, with `note` beside it. */
  const mark = (text: string, colour: string, boxW: number, note: string) => {
    const big = text.length <= 5;
    doc.save();
    doc.roundedRect(left, y, boxW, 44, 6).lineWidth(3).strokeColor(colour).stroke();
    doc
      .fillColor(colour)
      .font('Helvetica-Bold')
      .fontSize(big ? 26 : 16)
      .text(text, left, y + (big ? 10 : 14), { width: boxW, align: 'center' });
    doc.restore();
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(MUTED)
      .text(note, left + boxW + 20, y + 10, { width: width - boxW - 20 });
    y = Math.max(y + 64, doc.y + 20);
  };

  // A receipt's PAID (or REFUNDED) mark, VOID or UNCOLLECTIBLE, a settled invoice's PAID or REFUNDED mark,
  // the credit note's reference, or the terms, how late it is and the pay link.
  if (m.paid) {
    const refunded = m.refunded ? ` Refunded since: ${m.refunded}.` : '';
    mark(
      m.refunded ? (m.refunded === m.total ? 'REFUNDED' : 'PART REFUNDED') : 'PAID',
      m.refunded ? '#b45309' : '#15803d',
      150,
      `Paid on ${m.paid.date}. Reference: ${m.paid.reference}.${refunded}`,
    );
  } else if (m.closedMark) {
    mark(
      m.closedMark,
      '#b91c1c',
      190,
      m.closedMark === 'VOID'
        ? 'This invoice was voided: nothing is owed on it.'
        : 'What was still due on this invoice has been written off.',
    );
  } else if (m.settled) {
    if (m.settled.mark) mark(m.settled.mark, m.settled.mark === 'PAID' ? '#15803d' : '#b45309', 150, m.settled.text);
    else {
      doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(m.settled.text, left, y, { width });
      y = doc.y + 20;
    }
  } else if (m.credits) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(MUTED)
      .text(
        `This credit note reduces ${m.credits.number ?? 'the amount billed'} by the amount above.` +
          (m.credits.reference ? ` Refund reference: ${m.credits.reference}.` : ''),
        left,
        y,
        { width },
      );
    y = doc.y + 20;
  } else {
    if (m.paymentTerms)
      doc
        .font('Helvetica-Bold')
        .fontSize(11)
        .fillColor(INK)
        .text(`Payment terms: ${m.paymentTerms}`, left, y, { width });
    if (m.overdue)
      doc
        .moveDown(0.3)
        .font('Helvetica-Bold')
        .fontSize(11)
        .fillColor('#b91c1c')
        .text(m.overdue, left, doc.y, { width });
    if (m.payLink) {
      doc.moveDown(0.5).font('Helvetica').fontSize(10).fillColor(MUTED).text('Pay online:', { width });
      doc.fillColor(ACCENT).text(m.payLink, { width, link: m.payLink, underline: true });
    }
    y = doc.y + 20;
  }

  if (m.footer) doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(m.footer, left, y, { width, align: 'center' });

  doc.end();
  return done;
}
