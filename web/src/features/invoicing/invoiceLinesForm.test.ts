import { describe, expect, it } from 'vitest';
import { invoiceLineTotals } from '@studio/domain';
import { taxTreatment, type StudioTaxFacts } from '@studio/domain/invoiceTax';
import {
  bpsToPercent,
  emptyLine,
  itemisedFieldOf,
  itemisedInvoiceBody,
  itemisedInvoiceFormSchema,
  percentToBps,
  previewTotals,
  TAX_RATE_MESSAGE,
  type LineDraft,
} from './invoiceLinesForm';

const line = (over: Partial<LineDraft> = {}): LineDraft => ({
  description: 'Design',
  quantity: '1.5',
  unit: 'HUR',
  unitPrice: '80.00',
  taxRate: '20',
  ...over,
});
const form = (lines: LineDraft[]) => ({ lines, description: 'December work', supplyDate: '', dueDate: '' });
const domesticStudio: StudioTaxFacts = { vatRegistered: true, country: 'DE', taxId: 'DE136695976', taxRateBps: 1900 };
const domestic = taxTreatment(domesticStudio, { company: null, country: null, taxId: null });

describe('percentToBps / bpsToPercent', () => {
  it.each([
    ['20', 2000],
    ['5.5', 550],
    ['7.25', 725],
    [' 0 ', 0],
    ['100', 10_000],
    ['19,6', 1960],
  ])('%s%% is %i bps', (text, bps) => expect(percentToBps(text)).toBe(bps));
  it.each(['', '-1', '100.01', '101', '5.555', 'abc', '1e2'])('refuses %j', (t) => expect(percentToBps(t)).toBeNull());
  it.each([2000, 550, 725, 0, 10_000, 5])('reads %i back', (bps) => expect(percentToBps(bpsToPercent(bps))).toBe(bps));
  it('starts a line at the studio rate', () => expect(emptyLine(1900).taxRate).toBe('19'));
});

describe('itemisedInvoiceFormSchema', () => {
  it('gives the API lines: trimmed texts, rate in basis points', () => {
    const r = itemisedInvoiceFormSchema.parse({
      ...form([line({ description: ' Design ', taxRate: '5.5' })]),
      supplyDate: '2026-12-01',
    });
    expect(itemisedInvoiceBody('lead1', r)).toEqual({
      leadId: 'lead1',
      lines: [{ description: 'Design', quantity: '1.5', unit: 'HUR', unitPrice: '80.00', taxRateBps: 550 }],
      description: 'December work',
      supplyDate: '2026-12-01',
    });
  });
  it("puts the domain's messages on the line's fields", () => {
    const r = itemisedInvoiceFormSchema.safeParse(
      form([line(), line({ description: ' ', quantity: '0', unitPrice: '12.345', taxRate: '120' })]),
    );
    expect(r.success).toBe(false);
    const byPath = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toEqual({
      'lines.1.description': 'Description is required',
      'lines.1.quantity': 'Quantity must be more than 0',
      'lines.1.unitPrice': 'Unit price must be an amount such as 1234.50',
      'lines.1.taxRate': TAX_RATE_MESSAGE,
    });
  });
  it('needs a line', () => expect(itemisedInvoiceFormSchema.safeParse(form([])).success).toBe(false));
  it('needs a description, as a single amount does', () => {
    const r = itemisedInvoiceFormSchema.safeParse({ ...form([line()]), description: '  ' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['description', 'Description is required'],
    ]);
  });
});

describe('previewTotals', () => {
  it('is the domain totals of the lines that check, and names the others', () => {
    const { totals, skipped } = previewTotals(
      [line(), line({ quantity: '3', unitPrice: '33.33', taxRate: '7' }), line({ unitPrice: '' })],
      domestic,
    );
    expect(skipped).toEqual([2]);
    expect(totals).toEqual(
      invoiceLineTotals([
        {
          description: 'Design',
          quantityMilli: 1500,
          unit: 'HUR',
          unitPriceCents: 8000,
          taxRateBps: 2000,
          taxCategory: 'S',
        },
        {
          description: 'Design',
          quantityMilli: 3000,
          unit: 'HUR',
          unitPriceCents: 3333,
          taxRateBps: 700,
          taxCategory: 'S',
        },
      ]),
    );
    expect(totals.totalCents).toBe(12000 + 2400 + 9999 + 700);
  });
  it('under reverse charge every line is 0% AE', () => {
    const rc = taxTreatment(domesticStudio, { company: 'Acme SARL', country: 'FR', taxId: 'FR40303265045' });
    expect(rc.kind).toBe('reverse_charge');
    const { totals } = previewTotals([line()], rc);
    expect(totals.breakdown).toEqual([{ category: 'AE', rateBps: 0, taxableCents: 12000, taxCents: 0 }]);
    expect(totals.totalCents).toBe(12000);
  });
  it('previews a line without its description yet', () => {
    expect(previewTotals([line({ description: '' })], domestic).skipped).toEqual([]);
  });
});

describe('itemisedFieldOf', () => {
  it("puts the server's field messages on the form's fields", () => {
    expect(itemisedFieldOf('lines.2.taxRateBps')).toBe('lines.2.taxRate');
    expect(itemisedFieldOf('lines.0.unitPrice')).toBe('lines.0.unitPrice');
    expect(itemisedFieldOf('supplyDate')).toBe('supplyDate');
    expect(itemisedFieldOf('lines')).toBeNull();
    expect(itemisedFieldOf('amount')).toBeNull();
  });
});
