/**
 * The invoice and receipt PDFs: text parsed back, and page 1 rendered to PNG by poppler's pdftoppm. An invoice
 * says what its statement line says (open, paid, void, written off). A logo the fetch refuses (logoFetch.ts)
 * leaves the PDF without it, with a warning.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  billedDocument,
  invoiceModel,
  receiptModel,
  statementLine,
  type InvoiceStatus,
  type LedgerSums,
} from '@studio/domain';
import { SAMPLE_INVOICE, SAMPLE_STUDIO } from './pdfSamples.js';
import { pdfFirstPagePng, pdfInk, pdfPageTexts, pdfText, pdfWordBoxes, pngSize } from '../../../../../tests/pdfText.js';

const warn = vi.hoisted(() => vi.fn());
vi.mock('firebase-functions/logger', () => ({ warn, info: vi.fn(), error: vi.fn(), debug: vi.fn(), log: vi.fn() }));
const { renderInvoicePdf } = await import('./invoicePdf.js');

const studio = SAMPLE_STUDIO;
const SAMPLE = SAMPLE_INVOICE;
const sampleInvoice = (s: typeof studio) => invoiceModel(s, SAMPLE, 'https://studio.example');

/** The sample invoice as its statement line reads it on November 10, 2026, with `ledgerCents` and `status`. */
const invoiceWith = (ledgerCents: LedgerSums, status: InvoiceStatus = 'open', paidAt: Date | null = null) =>
  invoiceModel(
    studio,
    {
      ...SAMPLE,
      statement: statementLine(
        billedDocument('abc', { ...SAMPLE, leadId: 'L1', status, createdAt: SAMPLE.issuedAt, ledgerCents }),
        new Date('2026-11-10T12:00:00Z'),
        studio.timeZone,
      ),
      paidAt,
    },
    'https://studio.example',
  );

// The first render loads and parses the fonts (seconds on a busy machine).
describe('renderInvoicePdf', { timeout: 30_000 }, () => {
  it('an invoice carries the studio, client, number, dates, amounts, terms and pay link', async () => {
    const pdf = await renderInvoicePdf(sampleInvoice(studio));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBe(1);
    for (const s of [
      'INVOICE',
      'INV-2026-0042',
      'Northwind Pixel Works',
      '42 Harbour Lane',
      'billing@northwind.example',
      'Tax ID: GB123456789',
      'Maya Chen',
      'maya@example.com',
      'Website redesign, phase 1',
      'Total due',
      '$12,345.50',
      'November 2, 2026',
      'November 23, 2026',
      'Payment due by November 23, 2026',
      'https://studio.example/checkout?invoiceId=abc',
      'Bank transfer details on request',
    ]) {
      expect(text, s).toContain(s);
    }
    expect(text).not.toContain('PAID');

    // Closed without payment: the mark instead of the terms and the pay link.
    for (const [m, mark] of [
      [invoiceWith({}, 'void'), 'VOID'],
      [invoiceWith({ write_off: 1_234_550 }, 'uncollectible'), 'UNCOLLECTIBLE'],
    ] as const) {
      const closedText = (await pdfText(await renderInvoicePdf(m))).text;
      expect(closedText).toContain(mark);
      expect(closedText).toContain('INV-2026-0042');
      expect(closedText).not.toContain('Payment due by');
      expect(closedText).not.toContain('checkout?invoiceId');
    }

    const png = pdfFirstPagePng(pdf, 'invoice-INV-2026-0042');
    expect(pngSize(png)).toEqual({ width: 596, height: 842 }); // A4 (595.28 × 841.89 pt) at 72 dpi
    expect(pdfInk(pdf, 'invoice-INV-2026-0042')).toBeGreaterThan(0.01);
  });

  it('a paid invoice says PAID with the paid date and what was paid, never "Total due", terms or a pay link', async () => {
    const m = invoiceWith({ payment: 1_234_550 }, 'paid', new Date('2026-11-20T09:00:00Z'));
    const { text } = await pdfText(await renderInvoicePdf(m));
    for (const s of ['INVOICE', 'INV-2026-0042', 'PAID', 'Paid on November 20, 2026', 'Amount paid', '$12,345.50'])
      expect(text, s).toContain(s);
    for (const s of ['Total due', 'Payment due by', 'Pay online', 'checkout?invoiceId'])
      expect(text, s).not.toContain(s);

    // Partly paid: the total, what was paid and what is still due, with the terms and the pay link.
    const part = (await pdfText(await renderInvoicePdf(invoiceWith({ payment: 234_550 })))).text;
    for (const s of ['Amount paid', '$2,345.50', 'Amount due', '$10,000.00', 'Payment due by', 'Pay online'])
      expect(part, s).toContain(s);
    expect(part).not.toContain('Total due');
    expect(part).not.toContain('PAID');
  });

  it('a receipt says PAID with the date and the payment reference', async () => {
    const pdf = await renderInvoicePdf(
      receiptModel(studio, {
        paymentIntentId: 'pi_test_0123456789abcdef01234567',
        amountCents: 250_000,
        description: '50% deposit: Shop build',
        paidAt: new Date('2026-11-20T09:00:00Z'),
        clientName: 'Payer Client',
        email: 'payer@example.com',
        number: 'INV-2026-0043',
      }),
    );
    const { text } = await pdfText(pdf);
    for (const s of [
      'RECEIPT',
      'PAID',
      'INV-2026-0043',
      'November 20, 2026',
      'pi_test_0123456789abcdef01234567',
      '$2,500.00',
      'Payer Client',
      'Northwind Pixel Works',
    ])
      expect(text, s).toContain(s);
    expect(text).not.toContain('Pay online');
  });

  it('a logo the fetch refuses is left out: the PDF is made, and the refusal logged as a warning', async () => {
    const pdf = await renderInvoicePdf(
      sampleInvoice({ ...studio, logoUrl: 'https://169.254.169.254/latest/meta-data/' }),
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await pdfText(pdf)).text).toContain('INV-2026-0042');
    expect(warn).toHaveBeenCalledWith(
      'pdf: the studio logo is left out',
      expect.objectContaining({ reason: 'private-address' }),
    );
  });

  it('a blank page has no ink (the ink check can fail)', async () => {
    const { default: PDFDocument } = await import('pdfkit');
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<Buffer>((r) => doc.on('end', () => r(Buffer.concat(chunks))));
    doc.end();
    expect(pdfInk(await done, 'blank')).toBe(0);
  });

  it('a 2,000-character description, a long Greek name and address wrap inside the margins, amounts as currency', async () => {
    const description = Array.from({ length: 400 }, (_, i) => `item${i}`)
      .join(' ')
      .slice(0, 2000);
    const name = 'Θεοδώρα Παπαδημητροπούλου-Καραγιαννοπούλου Αναστασοπούλου';
    const pdf = await renderInvoicePdf(
      invoiceModel(
        { ...studio, postalAddress: `${'Οδός Ερμού 123, '.repeat(8)}Αθήνα` },
        { ...SAMPLE, description, clientName: name },
        'https://studio.example',
      ),
    );
    pdfFirstPagePng(pdf, 'invoice-long');
    for (const [n, p] of pdfWordBoxes(pdf).entries())
      for (const w of p.words) {
        expect(w.xMin, `page ${n + 1} "${w.text}"`).toBeGreaterThanOrEqual(49);
        expect(w.xMax, `page ${n + 1} "${w.text}"`).toBeLessThanOrEqual(p.width - 49);
        expect(w.yMax, `page ${n + 1} "${w.text}"`).toBeLessThanOrEqual(p.height - 40);
      }
    const text = pdfPageTexts(pdf).join('\n').replace(/\s+/g, ' ');
    for (const word of description.split(' ').slice(0, -1)) expect(text, word).toContain(` ${word} `);
    expect(text).toContain('Θεοδώρα Παπαδημητροπούλου');
    expect(text).toContain('$12,345.50');
  });

  it('a character no font has prints as the replacement character, not as mojibake', async () => {
    const pdf = await renderInvoicePdf(
      invoiceModel(studio, { ...SAMPLE, clientName: 'Ada 😀 Lovelace \u{10FFFD}' }, ''),
    );
    expect(pdfPageTexts(pdf).join('')).toContain('Ada \uFFFD Lovelace \uFFFD');
  });
});
