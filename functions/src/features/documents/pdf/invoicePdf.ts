/**
 * Invoice, payment request, receipt and credit note PDFs (A4, one page for a
 * normal invoice), laid out from the domain's InvoicePdfModel (domain
 * invoiceDocument.ts): what it says (amounts as currency text, the total's
 * label, the rows of what was paid or is due, the PAID / REFUNDED / VOID /
 * UNCOLLECTIBLE mark, the terms and pay link) is decided there. An invoice,
 * payment request or credit note prints from its EN 16931 document (the
 * model's `einvoice`, the facts its e-invoice states): the seller's legal
 * name, address and VAT id, the buyer's company, address and VAT id, the
 * date of supply and the currency code, a table of lines (description,
 * quantity, unit, unit price, tax rate, net), the tax per rate with its
 * taxable amount, the legal tax note (reverse charge, exempt, outside the
 * scope), and on a credit note the invoice it corrects. A receipt (no
 * `einvoice`) prints its one line.
 *
 * Library: pdfkit. It is maintained (regular releases), pure JavaScript with
 * pure-JS dependencies (fontkit, linebreak, png-js, fflate, @noble/*), so it
 * installs from the npm registry with no native build or binary download; it
 * embeds TrueType/OpenType fonts subset to the glyphs used, with OpenType
 * shaping (fontkit), so text in any script stays real, extractable text
 * (platform/pdf/unicodeText.ts); and it streams, which suits an HTTP reply or
 * an email attachment. pdf-lib has been without a release since 2021 and lays
 * out text by hand (no line wrapping); @react-pdf/renderer would pull React
 * and a layout engine into the functions for one page.
 *
 * pdfkit is a runtime dependency left outside the esbuild bundle (it reads
 * its font metrics from its package directory) and is required on first use
 * (platform/pdf/pdfKit.ts), so functions that never render a PDF do not load
 * it.
 *
 * The logo (settings logoUrl) is fetched under the rules of logoFetch.ts
 * (https, public addresses only, no redirects, a byte cap, a timeout, PNG or
 * JPEG), cached per instance, and left out when it is refused or cannot be
 * had, with a warning in the log: a broken logo never stops an invoice.
 */
import * as logger from 'firebase-functions/logger';
import { formatDocumentDate, printedEInvoice, type InvoicePdfModel } from '@studio/domain';
import { loadPdfKit, pdfBytes } from '../../../platform/pdf/pdfKit.js';
import { drawText, type Span, type TextOptions } from '../../../platform/pdf/unicodeText.js';
import { attachFacturX, facturXml, PDF_A3B_OPTIONS, pdfaInfo } from '../einvoice/facturX.js';
import { fetchLogo, LogoRefused } from './logoFetch.js';

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
 * Renders `m` to PDF bytes. Text is real text in embedded Unicode fonts
 * (platform/pdf/unicodeText.ts: any script, every line wrapped to the page),
 * so it can be searched and parsed back. @throws only on a pdfkit failure.
 */
export async function renderInvoicePdf(m: InvoicePdfModel): Promise<Buffer> {
  const PDFDocument = loadPdfKit();
  const logoData = await logo(m.studio.logoUrl);
  const info = {
    Title: `${m.title}${m.number ? ` ${m.number}` : ''}`,
    Author: m.studio.businessName,
    Subject: m.title,
    Creator: m.studio.businessName,
  };
  // An invoice or credit note with its e-invoice is a Factur-X PDF/A-3b (einvoice/facturX.ts); receipts stay plain.
  const facturX = m.kind === 'receipt' ? null : facturXml(m.einvoice);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    // No default font: every text is drawText's (pdfkit would parse Helvetica's metrics for each document).
    font: '',
    info: facturX ? pdfaInfo(info) : info,
    ...(facturX ? PDF_A3B_OPTIONS : {}),
  });
  if (facturX) attachFacturX(doc, facturX, doc.info.CreationDate ?? new Date());
  const done = pdfBytes(doc);

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const right = left + width;
  const half = width / 2;
  /** Draws `text` from (`x`, `y`) `w` wide; the y under it. */
  const put = (
    text: string | readonly Span[],
    x: number,
    y: number,
    w: number,
    o: Partial<TextOptions> & { size: number },
  ) => drawText(doc, text, { x, y, width: w, color: INK, ...o });

  // Header: logo or name on the left, title and number on the right.
  let y = doc.page.margins.top;
  if (logoData) {
    try {
      doc.image(logoData, left, y, { fit: [140, 60] });
    } catch {
      // An image pdfkit cannot read: the name below still says who it is from.
    }
  }
  let hy = put(m.title.toUpperCase(), left, y, width, { size: 26, weight: 'bold', color: ACCENT, align: 'right' });
  if (m.number) hy = put(m.number, left, hy, width, { size: 12, align: 'right' });
  y = Math.max(hy, y + (logoData ? 66 : 0)) + 10;

  const e = m.einvoice;
  const muted = { size: 10, color: MUTED };
  // Studio details on the left half: on an invoice, the seller it was issued by (legal name, address, VAT id).
  let sy = put(m.studio.businessName, left, y, half - 10, { size: 14, weight: 'bold' });
  if (e) {
    if (e.seller.name !== m.studio.businessName) sy = put(e.seller.name, left, sy, half - 10, muted);
    if (e.seller.address) sy = put(e.seller.address, left, sy, half - 10, muted);
    if (e.seller.country) sy = put(countryName(e.seller.country), left, sy, half - 10, muted);
    if (e.seller.email) sy = put(e.seller.email, left, sy, half - 10, muted);
    if (e.seller.vatId) sy = put(`VAT ID: ${e.seller.vatId}`, left, sy, half - 10, muted);
    if (e.seller.taxRegistrationId) sy = put(`Tax ID: ${e.seller.taxRegistrationId}`, left, sy, half - 10, muted);
  } else {
    if (m.studio.postalAddress) sy = put(m.studio.postalAddress, left, sy, half - 10, muted);
    sy = put(m.studio.contactEmail, left, sy, half - 10, muted);
    if (m.studio.taxId) sy = put(`Tax ID: ${m.studio.taxId}`, left, sy, half - 10, muted);
  }

  // Dates on the right half.
  /** "November 25, 2026" for an EN 16931 day (YYYY-MM-DD). */
  const day = (iso: string) => formatDocumentDate(new Date(`${iso}T12:00:00Z`));
  const facts: Array<[string, string]> = [[m.kind === 'receipt' ? 'Date paid' : 'Issue date', m.issueDate]];
  if (e && e.typeCode === 380) facts.push(['Date of supply', e.supplyDate ? day(e.supplyDate) : m.issueDate]);
  if (m.dueDate) facts.push(['Due date', m.dueDate]);
  if (m.settled?.paidDate) facts.push(['Date paid', m.settled.paidDate]);
  if (m.paid) facts.push(['Payment reference', m.paid.reference]);
  facts.push(['Currency', m.currency]);
  let fy = y;
  for (const [label, value] of facts) {
    fy = put(label, left + half, fy, half, { size: 10, color: MUTED, align: 'right' });
    fy = put(value, left + half, fy, half, { size: 10, weight: 'bold', align: 'right' }) + 4;
  }
  y = Math.max(sy, fy) + 20;

  // Client.
  const to = m.kind === 'receipt' ? 'Received from' : m.kind === 'credit-note' ? 'Credited to' : 'Bill to';
  y = put(to, left, y, half, { size: 10, color: MUTED });
  if (e) {
    // The buyer it was issued to: the company billed, the person, address, country, VAT id.
    y = put(e.buyer.name, left, y, width, { size: 12, weight: 'bold' });
    if (e.buyer.contactName) y = put(e.buyer.contactName, left, y, width, { size: 10 });
    if (e.buyer.address) y = put(e.buyer.address, left, y, width, { size: 10 });
    if (e.buyer.country) y = put(countryName(e.buyer.country), left, y, width, { size: 10 });
    if (e.buyer.vatId) y = put(`VAT ID: ${e.buyer.vatId}`, left, y, width, { size: 10 });
    if (e.buyer.email) y = put(e.buyer.email, left, y, width, { size: 10 });
  } else {
    y = put(m.client.name, left, y, half, { size: 12, weight: 'bold' });
    if (m.client.email) y = put(m.client.email, left, y, half, { size: 10 });
  }
  y += 24;

  // Line items.
  const amountW = 120;
  const descW = width - amountW - 16;
  /** Starts a new page when fewer than `need` points are left above the bottom margin. */
  const room = (need: number) => {
    if (y + need > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      y = doc.page.margins.top;
    }
  };
  const rule = () =>
    doc
      .moveTo(left, y - 4)
      .lineTo(right, y - 4)
      .strokeColor('#e2e8f0')
      .lineWidth(1)
      .stroke();
  const printed = e ? printedEInvoice(e, m.studio.taxLabel) : null;
  room(30);
  doc.rect(left, y, width, 22).fill('#f1f5f9');
  const head = { size: 10, weight: 'bold' as const, color: MUTED };
  if (printed) {
    // Description, then the figures of each line in fixed columns, right-aligned (the net under the amounts).
    const cols = lineColumns();
    put('Description', left + 8, y + 4, cols.desc.w, head);
    for (const [key, label] of COLUMN_HEADS) put(label, cols[key].x, y + 4, cols[key].w, { ...head, align: 'right' });
    y += 30;
    for (const line of printed.lines) {
      room(16);
      const page = doc.page;
      let bottom = y;
      for (const [key] of COLUMN_HEADS)
        bottom = Math.max(bottom, put(line[key], cols[key].x, y, cols[key].w, { size: 10, align: 'right' }));
      const descBottom = put(line.description, left + 8, y, cols.desc.w, { size: 10 });
      y = (doc.page === page ? Math.max(descBottom, bottom) : descBottom) + 8;
      rule();
    }
  } else {
    put('Description', left + 8, y + 4, descW, head);
    put(`Amount (${m.currency})`, right - amountW - 8, y + 4, amountW, { ...head, align: 'right' });
    y += 30;
    for (const line of m.lines) {
      room(16);
      // The amount first, beside the description's first line: a description longer than the page goes on.
      const page = doc.page;
      const amountBottom = put(line.amount, right - amountW - 8, y, amountW, { size: 11, align: 'right' });
      const descBottom = put(line.description, left + 8, y, descW, { size: 11 });
      y = (doc.page === page ? Math.max(descBottom, amountBottom) : descBottom) + 8;
      rule();
    }
  }
  /** One row of the amounts column: a label on the left, its amount right-aligned under the line amounts. */
  const amountRow = (label: string, value: string, strong: boolean) => {
    room(20);
    const o = {
      size: strong ? 12 : 11,
      weight: strong ? ('bold' as const) : ('regular' as const),
      color: strong ? INK : MUTED,
    };
    const at = y + (strong ? 4 : 0);
    // The label first, then its amount: text extraction and screen readers read "Amount paid $2,000.00". A label
    // is short and room() keeps the row on this page, so both land at `at`.
    const labelBottom = put(label, left + 8, at, descW, o);
    const valueBottom = put(value, right - amountW - 8, at, amountW, { ...o, align: 'right' });
    y = Math.max(labelBottom, valueBottom) + 6;
  };
  // Net, and the tax of each rate on its taxable amount (an invoice's), or the subtotal and tax a receipt
  // carries; the total; then what became of an invoice.
  // No tax rows on a document that states no tax at all (one "not subject" row at 0% and no note: a studio
  // where no VAT applies, or a document issued before lines without a tax), as it printed before lines.
  const statesTax =
    !!e && (e.totals.taxCents !== 0 || !!e.taxNote || e.totals.breakdown.some((r) => r.category !== 'O'));
  if (printed && statesTax) {
    amountRow('Subtotal', printed.net, false);
    for (const t of printed.taxes) amountRow(`${t.label} on ${t.taxable}`, t.tax, false);
  } else if (m.tax) {
    amountRow('Subtotal', m.tax.subtotal, false);
    amountRow(m.tax.label, m.tax.amount, false);
  }
  amountRow(m.totalLabel, m.total, true);
  for (const row of m.balanceRows ?? []) amountRow(row.label, row.amount, row.strong);
  y += 18;

  // The legal note of a 0% treatment (reverse charge, exempt, outside the scope), and what a credit note corrects.
  if (e?.taxNote) y = put(e.taxNote, left, y, width, { size: 10, weight: 'bold' }) + 12;
  if (e?.precedingInvoice) {
    const of = e.precedingInvoice.issueDate ? ` of ${day(e.precedingInvoice.issueDate)}` : '';
    y = put(`Corrects invoice ${e.precedingInvoice.number}${of}`, left, y, width, { size: 10, weight: 'bold' }) + 12;
  }

  /** A framed mark (PAID, REFUNDED, VOID...) `boxW` wide in `colour`, with `note` beside it. */
  const mark = (text: string, colour: string, boxW: number, note: string) => {
    room(64);
    const big = text.length <= 5;
    doc.save();
    doc.roundedRect(left, y, boxW, 44, 6).lineWidth(3).strokeColor(colour).stroke();
    doc.restore();
    put(text, left, y + (big ? 6 : 11), boxW, { size: big ? 26 : 16, weight: 'bold', color: colour, align: 'center' });
    const noteBottom = put(note, left + boxW + 20, y + 10, width - boxW - 20, { size: 10, color: MUTED });
    y = Math.max(y + 64, noteBottom + 20);
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
    else y = put(m.settled.text, left, y, width, { size: 10, color: MUTED }) + 20;
  } else if (m.credits) {
    y =
      put(
        `This credit note reduces ${m.credits.number ?? 'the amount billed'} by the amount above.` +
          (m.credits.reference ? ` Refund reference: ${m.credits.reference}.` : ''),
        left,
        y,
        width,
        { size: 10, color: MUTED },
      ) + 20;
  } else {
    if (m.paymentTerms) y = put(`Payment terms: ${m.paymentTerms}`, left, y, width, { size: 11, weight: 'bold' });
    if (m.overdue) y = put(m.overdue, left, y + 4, width, { size: 11, weight: 'bold', color: '#b91c1c' });
    if (m.payLink) {
      y = put('Pay online:', left, y + 6, width, { size: 10, color: MUTED });
      y = put(m.payLink, left, y, width, { size: 10, color: ACCENT, link: m.payLink, underline: true });
    }
    y += 20;
  }

  if (m.footer) put(m.footer, left, y, width, { size: 9, color: MUTED, align: 'center' });

  doc.end();
  return done;

  /** The lines table's columns (x and width, points), the description taking what the figures leave. */
  function lineColumns() {
    const widths = { quantity: 44, unit: 52, unitPrice: 82, rate: 44, net: 86 } as const;
    const gap = 6;
    let x = right - 8;
    const at = {} as Record<keyof typeof widths, { x: number; w: number }>;
    for (const key of ['net', 'rate', 'unitPrice', 'unit', 'quantity'] as const) {
      x -= widths[key];
      at[key] = { x, w: widths[key] };
      x -= gap;
    }
    return { ...at, desc: { x: left + 8, w: x - left - 8 } };
  }
}

let regions: Intl.DisplayNames | undefined;
/** "Germany" for DE: a country code as its English name (the code itself when Intl has none). */
function countryName(code: string): string {
  regions ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  return regions.of(code) ?? code;
}

/** The lines table's figure columns, left to right, and their heads. */
const COLUMN_HEADS = [
  ['quantity', 'Qty'],
  ['unit', 'Unit'],
  ['unitPrice', 'Unit price'],
  ['rate', 'Tax'],
  ['net', 'Net'],
] as const;
