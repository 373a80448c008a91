/**
 * Invoices with lines as their PDFs print them (from the model's EN 16931 document): both parties' legal
 * fields, the lines table, the tax per rate with its taxable amount, the supply date, the currency code, the
 * reverse-charge note, a credit note's corrected invoice; and 50 long lines stay inside the page.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  creditNoteModel,
  invoiceLineTotals,
  invoiceModel,
  sellerOf,
  studioSettingsSchema,
  type InvoiceLine,
} from '@studio/domain';
import { TAX_NOTES } from '@studio/domain/invoiceTax';
import { SAMPLE_INVOICE, SAMPLE_STUDIO } from './pdfSamples.js';
import { pdfPageTexts, pdfText, pdfWordBoxes } from '../../../../../tests/pdfText.js';

vi.mock('firebase-functions/logger', () => ({
  warn: vi.fn(),
  info: vi.fn(),
  error: vi.fn(),
  debug: vi.fn(),
  log: vi.fn(),
}));
const { renderInvoicePdf } = await import('./invoicePdf.js');

const studio = SAMPLE_STUDIO;
const SAMPLE = SAMPLE_INVOICE;

describe('invoice PDFs with lines', { timeout: 30_000 }, () => {
  it('an EU invoice with lines prints the parties, lines table, tax per rate, supply date, currency and reverse-charge note', async () => {
    const eu = studioSettingsSchema.parse({
      ...studio,
      businessName: 'Atelier Nord',
      legalName: 'Atelier Nord GmbH',
      legalAddress: 'Hafenstraße 1, 20457 Hamburg',
      country: 'DE',
      taxId: 'DE136695976',
      vatRegistered: true,
      taxRateBps: 1900,
      taxLabel: 'VAT',
    });
    const note = TAX_NOTES.reverseCharge;
    const lines: InvoiceLine[] = [
      {
        description: 'Design',
        quantityMilli: 12_500,
        unit: 'HUR',
        unitPriceCents: 9_000,
        taxRateBps: 0,
        taxCategory: 'AE',
      },
      {
        description: 'Hosting',
        quantityMilli: 1000,
        unit: 'MON',
        unitPriceCents: 2_500,
        taxRateBps: 0,
        taxCategory: 'AE',
      },
    ];
    const doc = {
      lines,
      supplyDate: '2026-11-30',
      taxNote: note,
      seller: sellerOf(eu),
      buyer: {
        name: 'Studio Lumière SARL',
        contactName: 'Élise Martin',
        address: '3 rue de la Paix, 75002 Paris',
        country: 'FR',
        vatId: 'FR40303265045',
        email: 'elise@lumiere.example',
      },
    };
    const total = invoiceLineTotals(lines).totalCents;
    const m = invoiceModel(eu, { ...SAMPLE, amountCents: total, doc }, 'https://studio.example');
    const { text } = await pdfText(await renderInvoicePdf(m));
    const flat = text.replace(/\s+/g, ' ');
    for (const s of [
      'Atelier Nord GmbH',
      'Hafenstraße 1, 20457 Hamburg',
      'VAT ID: DE136695976',
      'Studio Lumière SARL',
      'Élise Martin',
      '3 rue de la Paix, 75002 Paris',
      'VAT ID: FR40303265045',
      'Date of supply',
      'November 30, 2026',
      'Currency',
      'USD',
      'Qty',
      'Unit price',
      '12.5',
      'hour',
      '$90.00',
      '$1,125.00',
      'month',
      'Reverse charge (0%) on $1,150.00',
      '$0.00',
      'Total due',
      '$1,150.00',
    ])
      expect(flat, s).toContain(s);
    // The note wraps where the line ends (after a slash too): compared without the breaks.
    const bare = (t: string) => t.replace(/\s+/g, '');
    expect(bare(text)).toContain(bare(note));

    // Credit note of the whole invoice: 381 with the invoice it corrects.
    const cn = creditNoteModel(eu, {
      number: 'CN-2026-0003',
      amountCents: total,
      issuedAt: new Date('2026-12-05T10:00:00Z'),
      clientName: 'Élise Martin',
      email: null,
      creditsNumber: 'INV-2026-0042',
      reference: 're_1',
      reason: null,
      creditsIssuedAt: SAMPLE.issuedAt,
      creditsDoc: { amountCents: total, subtotalCents: total, taxCents: 0, taxRateBps: 0, description: 'x', ...doc },
    });
    const cnText = (await pdfText(await renderInvoicePdf(cn))).text.replace(/\s+/g, ' ');
    for (const s of ['CREDIT NOTE', 'Corrects invoice INV-2026-0042 of November 2, 2026', '-$1,125.00'])
      expect(cnText, s).toContain(s);
    expect(bare(cnText)).toContain(bare(note));
  });

  it('50 lines with long descriptions and big figures keep every word on the page', async () => {
    const lines: InvoiceLine[] = Array.from({ length: 50 }, (_, i) => ({
      description: `Line ${i} ${'Παπαδημητροπούλου workshop facilitation '.repeat(i % 7 === 0 ? 12 : 1)}`.trim(),
      quantityMilli: 9_999_999,
      unit: 'LS',
      unitPriceCents: 99_999_999,
      taxRateBps: i % 2 ? 2000 : 550,
      taxCategory: 'S',
    }));
    const total = invoiceLineTotals(lines).totalCents;
    const pdf = await renderInvoicePdf(invoiceModel(studio, { ...SAMPLE, amountCents: total, doc: { lines } }, ''));
    const boxes = pdfWordBoxes(pdf);
    expect(boxes.length).toBeGreaterThan(1);
    for (const [n, p] of boxes.entries())
      for (const w of p.words) {
        expect(w.xMin, `page ${n + 1} "${w.text}"`).toBeGreaterThanOrEqual(49);
        expect(w.xMax, `page ${n + 1} "${w.text}"`).toBeLessThanOrEqual(p.width - 49);
        expect(w.yMax, `page ${n + 1} "${w.text}"`).toBeLessThanOrEqual(p.height - 40);
      }
    const text = pdfPageTexts(pdf).join(' ');
    expect(text).toContain('Line 49');
    expect(text).toContain('VAT (20%)'.replace('VAT', 'Tax'));
  });
});
