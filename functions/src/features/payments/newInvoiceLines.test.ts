/** A new invoice's lines under the tax treatment of the studio and the client (createInvoice's newInvoiceLines). */
import { describe, expect, it } from 'vitest';
import { createInvoiceSchema, invoiceTotals, studioSettingsSchema } from '@studio/domain';
import { TAX_NOTES } from '@studio/domain/invoiceTax';
import { newInvoiceLines } from './createInvoice.js';

const base = {
  businessName: 'Atelier',
  postalAddress: '',
  contactEmail: 'a@b.example',
  logoUrl: '',
  paymentTermsDays: 14,
  invoiceFooter: '',
};
const de = studioSettingsSchema.parse({
  ...base,
  taxId: 'DE136695976',
  country: 'DE',
  vatRegistered: true,
  taxRateBps: 1900,
});
const us = studioSettingsSchema.parse({ ...base, taxId: '', taxRateBps: 825 });
const frBusiness = { company: 'Lumière SARL', country: 'FR', taxId: 'FR40303265045' };
const input = (body: Record<string, unknown>) =>
  createInvoiceSchema.parse({ leadId: 'L1', description: 'Work', ...body });

describe('newInvoiceLines', () => {
  it('a single amount is one line at the studio rate: the same totals as before lines', () => {
    for (const [studio, amount] of [
      [us, '1234.56'],
      [de, '100.00'],
      [de, '0.55'],
    ] as const) {
      const { totals } = newInvoiceLines(input({ amount }), studio, null);
      const before = invoiceTotals(Math.round(Number(amount) * 100), studio.taxRateBps);
      expect(totals).toMatchObject({
        netCents: before.subtotalCents,
        taxCents: before.taxCents,
        totalCents: before.totalCents,
      });
      expect(totals.lines).toHaveLength(1);
    }
  });

  it('an EU business with a valid VAT id in another member state: every line reverse-charged at 0%', () => {
    const { totals, treatment } = newInvoiceLines(
      input({
        lines: [
          { description: 'Design', quantity: '2', unitPrice: '100.00', taxRateBps: 1900 },
          { description: 'Book', quantity: '1', unitPrice: '20.00', taxRateBps: 700 },
        ],
      }),
      de,
      frBusiness,
    );
    expect(treatment).toMatchObject({
      kind: 'reverse_charge',
      note: TAX_NOTES.reverseCharge,
      clientVatId: 'FR40303265045',
    });
    expect(totals.breakdown).toEqual([{ category: 'AE', rateBps: 0, taxableCents: 22_000, taxCents: 0 }]);
    expect(totals.totalCents).toBe(22_000);
  });

  it('without a valid VAT id, or in the studio country, each line keeps its own rate (fail closed)', () => {
    const lines = [
      { description: 'Design', quantity: '2', unitPrice: '100.00', taxRateBps: 1900 },
      { description: 'Book', quantity: '1', unitPrice: '20.00', taxRateBps: 700 },
    ];
    for (const billing of [{ ...frBusiness, taxId: null }, { ...frBusiness, country: 'DE', taxId: null }, null]) {
      const { totals, treatment } = newInvoiceLines(input({ lines }), de, billing);
      expect(treatment.kind).toBe('domestic');
      expect(totals.breakdown).toEqual([
        { category: 'S', rateBps: 1900, taxableCents: 20_000, taxCents: 3_800 },
        { category: 'S', rateBps: 700, taxableCents: 2_000, taxCents: 140 },
      ]);
    }
  });
});
