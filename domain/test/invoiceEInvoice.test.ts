import { describe, expect, it } from 'vitest';
import { studioSettingsSchema } from '../src/settings.js';
import { isoDay } from '../src/documentDate.js';
import {
  buyerOf,
  creditNoteModel,
  eInvoiceOf,
  invoiceModel,
  printedEInvoice,
  quantityText,
  receiptModel,
  sellerOf,
} from '../src/invoiceDocument.js';
import { createInvoiceSchema, AMOUNT_OR_LINES_MESSAGE, SUPPLY_DATE_MESSAGE } from '../src/payments.js';
import { invoiceLineTotals, type InvoiceLine } from '../src/invoiceLines.js';
import { TAX_NOTES } from '../src/invoiceTax.js';
const AMOUNT_MESSAGE = 'Amount is required';

const studio = studioSettingsSchema.parse({
  businessName: 'Atelier Nord',
  postalAddress: 'Hafenstraße 1\n20457 Hamburg',
  contactEmail: 'billing@atelier-nord.example',
  taxId: 'DE136695976',
  taxRateBps: 1900,
  taxLabel: 'VAT',
  logoUrl: '',
  paymentTermsDays: 14,
  invoiceFooter: '',
  timeZone: 'Europe/Berlin',
  legalName: 'Atelier Nord GmbH',
  country: 'DE',
  vatRegistered: true,
});

const reverseCharged: InvoiceLine[] = [
  {
    description: 'Design',
    quantityMilli: 12_500,
    unit: 'HUR',
    unitPriceCents: 9_000,
    taxRateBps: 0,
    taxCategory: 'AE',
  },
  { description: 'Hosting', quantityMilli: 1000, unit: 'MON', unitPriceCents: 2_500, taxRateBps: 0, taxCategory: 'AE' },
];
const buyer = {
  name: 'Studio Lumière SARL',
  contactName: 'Élise Martin',
  address: '3 rue de la Paix\n75002 Paris',
  country: 'FR',
  vatId: 'FR40303265045',
  email: 'elise@lumiere.example',
};
const storedInvoice = {
  amountCents: 115_000,
  subtotalCents: 115_000,
  taxCents: 0,
  taxRateBps: 0,
  description: 'Website',
  lines: reverseCharged,
  supplyDate: '2026-11-30',
  taxNote: TAX_NOTES.reverseCharge,
  seller: sellerOf(studio),
  buyer,
};

describe('sellerOf and buyerOf', () => {
  it('seller: legal name and address, the VAT id when registered, the tax id otherwise', () => {
    expect(sellerOf(studio)).toEqual({
      name: 'Atelier Nord GmbH',
      address: 'Hafenstraße 1\n20457 Hamburg',
      country: 'DE',
      vatId: 'DE136695976',
      taxRegistrationId: null,
      email: 'billing@atelier-nord.example',
    });
    const us = studioSettingsSchema.parse({ ...studio, taxId: '12-3456789', vatRegistered: false, country: 'US' });
    expect(sellerOf(us)).toMatchObject({ vatId: null, taxRegistrationId: '12-3456789' });
  });

  it('buyer: the company billed with the person as contact, else the person', () => {
    const billing = { company: 'Lumière SARL', address: 'Paris', country: 'FR', taxId: 'FR40303265045' };
    expect(buyerOf({ name: 'Élise', email: 'e@x.example', billing })).toEqual({
      name: 'Lumière SARL',
      contactName: 'Élise',
      address: 'Paris',
      country: 'FR',
      vatId: 'FR40303265045',
      email: 'e@x.example',
    });
    expect(buyerOf({ name: '', email: 'e@x.example', billing: null })).toMatchObject({
      name: 'e@x.example',
      contactName: null,
      vatId: null,
    });
  });
});

describe('eInvoiceOf', () => {
  it('an invoice with lines: its stored lines, parties, supply date and note, dates on the studio clock', () => {
    const e = eInvoiceOf(studio, {
      kind: 'invoice',
      number: 'INV-2026-0012',
      issuedAt: new Date('2026-12-01T23:30:00Z'), // already December 2 in Berlin
      dueDate: new Date('2026-12-15T23:00:00Z'),
      doc: storedInvoice,
      client: { name: 'ignored', email: null, billing: null },
      paidCents: 15_000,
      paymentTerms: 'Payment due by December 16, 2026',
    });
    expect(e).toMatchObject({
      typeCode: 380,
      number: 'INV-2026-0012',
      issueDate: '2026-12-02',
      dueDate: '2026-12-16',
      supplyDate: '2026-11-30',
      currency: 'USD',
      seller: { name: 'Atelier Nord GmbH', vatId: 'DE136695976' },
      buyer,
      taxNote: TAX_NOTES.reverseCharge,
      paidCents: 15_000,
      dueCents: 100_000,
      precedingInvoice: null,
    });
    expect(e.totals).toEqual(invoiceLineTotals(reverseCharged));
    expect(e.totals.breakdown).toEqual([{ category: 'AE', rateBps: 0, taxableCents: 115_000, taxCents: 0 }]);
    expect(e.totals.totalCents).toBe(storedInvoice.amountCents);
  });

  it('an invoice stored before lines: one line, parties from the settings and the client now', () => {
    const e = eInvoiceOf(studio, {
      kind: 'invoice',
      number: 'INV-2026-0001',
      issuedAt: new Date('2026-03-01T10:00:00Z'),
      dueDate: null,
      doc: { amountCents: 11_900, subtotalCents: 10_000, taxCents: 1_900, taxRateBps: 1900, description: 'Logo' },
      client: { name: 'Ann', email: 'ann@example.com', billing: null },
      paymentTerms: null,
    });
    expect(e.totals.lines).toHaveLength(1);
    expect(e.totals.breakdown).toEqual([{ category: 'S', rateBps: 1900, taxableCents: 10_000, taxCents: 1_900 }]);
    expect(e.seller.name).toBe('Atelier Nord GmbH');
    expect(e.buyer).toMatchObject({ name: 'Ann', email: 'ann@example.com' });
    expect(e).toMatchObject({ paidCents: 0, dueCents: 11_900, supplyDate: null, taxNote: null });
  });

  const creditNote = (
    amountCents: number,
    doc: Parameters<typeof eInvoiceOf>[1] extends infer _ ? object | null : never,
  ) =>
    eInvoiceOf(studio, {
      kind: 'credit-note',
      number: 'CN-2026-0002',
      amountCents,
      issuedAt: new Date('2026-12-10T12:00:00Z'),
      reason: 'Scope reduced',
      corrects: {
        number: 'INV-2026-0012',
        issuedAt: new Date('2026-12-01T23:30:00Z'),
        doc: doc as typeof storedInvoice | null,
      },
      client: { name: 'Élise', email: null, billing: null },
    });

  it('a credit note of all of an invoice: 381, its lines, parties and note, and the invoice it corrects', () => {
    const e = creditNote(115_000, storedInvoice);
    expect(e).toMatchObject({
      typeCode: 381,
      number: 'CN-2026-0002',
      issueDate: '2026-12-10',
      dueDate: null,
      buyer,
      taxNote: TAX_NOTES.reverseCharge,
      precedingInvoice: { number: 'INV-2026-0012', issueDate: '2026-12-02' },
      paidCents: 115_000,
      dueCents: 0,
    });
    expect(e.totals.lines.map((l) => l.description)).toEqual(['Design', 'Hosting']);
    expect(e.totals.totalCents).toBe(115_000);
  });

  it("a partial credit note keeps the invoice's VAT category; with tax, its net and tax make the amount", () => {
    const part = creditNote(40_000, storedInvoice);
    expect(part.totals.lines).toMatchObject([
      { description: 'Refund on INV-2026-0012: Scope reduced', taxCategory: 'AE' },
    ]);
    expect(part.totals.totalCents).toBe(40_000);
    const taxed = {
      amountCents: 11_900,
      subtotalCents: 10_000,
      taxCents: 1_900,
      taxRateBps: 1900,
      description: 'Logo',
    };
    for (const amount of [5_950, 1_000, 1, 2, 7, 11_899]) {
      const e = creditNote(amount, taxed);
      expect(e.totals.totalCents).toBe(amount);
      expect(e.totals.breakdown[0]).toMatchObject({ category: 'S', rateBps: 1900 });
    }
    // An unknown invoice: one line, not subject to tax.
    expect(creditNote(500, null).totals.breakdown).toEqual([
      { category: 'O', rateBps: 0, taxableCents: 500, taxCents: 0 },
    ]);
  });
});

describe('the PDF models carry the EN 16931 document', () => {
  it('invoice: lines and parties from what it was issued with; receipt: none', () => {
    const m = invoiceModel(
      studio,
      {
        number: 'INV-2026-0012',
        description: 'Website',
        amountCents: 115_000,
        issuedAt: new Date('2026-12-01T10:00:00Z'),
        dueDate: null,
        clientName: 'Élise',
        email: 'elise@lumiere.example',
        checkoutUrl: null,
        doc: storedInvoice,
      },
      'https://studio.example',
    );
    expect(m.einvoice?.buyer).toEqual(buyer);
    expect(m.lines).toEqual([
      { description: 'Design', amount: '$1,125.00' },
      { description: 'Hosting', amount: '$25.00' },
    ]);
    const r = receiptModel(studio, {
      paymentIntentId: 'pi_1',
      amountCents: 100,
      description: 'x',
      paidAt: new Date(),
      clientName: null,
      email: null,
      number: null,
    });
    expect(r.einvoice).toBeNull();
  });

  it('credit note: precedingInvoice from the invoice it credits', () => {
    const m = creditNoteModel(studio, {
      number: 'CN-2026-0001',
      amountCents: 115_000,
      issuedAt: new Date('2026-12-10T10:00:00Z'),
      clientName: 'Élise',
      email: null,
      creditsNumber: 'INV-2026-0012',
      reference: 're_1',
      reason: null,
      creditsIssuedAt: new Date('2026-12-01T10:00:00Z'),
      creditsDoc: storedInvoice,
    });
    expect(m.einvoice).toMatchObject({
      typeCode: 381,
      precedingInvoice: { number: 'INV-2026-0012', issueDate: '2026-12-01' },
    });
  });
});

describe('printedEInvoice', () => {
  it('prints quantities, units, prices, rates and the tax per rate; a credit note negative', () => {
    const lines: InvoiceLine[] = [
      {
        description: 'Design',
        quantityMilli: 1500,
        unit: 'HUR',
        unitPriceCents: 10_000,
        taxRateBps: 1900,
        taxCategory: 'S',
      },
      {
        description: 'Book',
        quantityMilli: 2000,
        unit: 'C62',
        unitPriceCents: 1_000,
        taxRateBps: 700,
        taxCategory: 'S',
      },
    ];
    const base = eInvoiceOf(studio, {
      kind: 'invoice',
      number: 'INV-1',
      issuedAt: new Date('2026-01-01T12:00:00Z'),
      dueDate: null,
      doc: { ...storedInvoice, amountCents: 19_990, lines, taxNote: null },
      client: { name: null, email: null, billing: null },
      paymentTerms: null,
    });
    const p = printedEInvoice(base, 'VAT');
    expect(p.lines[0]).toEqual({
      description: 'Design',
      quantity: '1.5',
      unit: 'hour',
      unitPrice: '$100.00',
      rate: '19%',
      net: '$150.00',
    });
    expect(p.taxes).toEqual([
      { label: 'VAT (19%)', taxable: '$150.00', tax: '$28.50' },
      { label: 'VAT (7%)', taxable: '$20.00', tax: '$1.40' },
    ]);
    expect(p.net).toBe('$170.00');
    expect(printedEInvoice({ ...base, typeCode: 381 }, 'VAT').net).toBe('-$170.00');
    const rc = printedEInvoice({ ...base, totals: invoiceLineTotals(reverseCharged) }, 'VAT');
    expect(rc.taxes).toEqual([{ label: 'Reverse charge (0%)', taxable: '$1,150.00', tax: '$0.00' }]);
  });

  it('quantityText and isoDay', () => {
    expect([1000, 1500, 12_250, 1].map(quantityText)).toEqual(['1', '1.5', '12.25', '0.001']);
    expect(isoDay(new Date('2026-12-31T23:30:00Z'), 'Europe/Berlin')).toBe('2027-01-01');
  });
});

describe('createInvoiceSchema: an amount or lines', () => {
  const base = { leadId: 'L1', description: 'Website' };
  const line = { description: 'Design', quantity: '12.5', unit: 'HUR', unitPrice: '90.00', taxRateBps: 1900 };

  it('takes lines with a supply date, or an amount as before', () => {
    const v = createInvoiceSchema.parse({ ...base, lines: [line], supplyDate: '2026-11-30' });
    expect(v.lines).toEqual([
      { description: 'Design', quantity: 12_500, unit: 'HUR', unitPrice: 9_000, taxRateBps: 1900 },
    ]);
    expect(v.supplyDate).toBe('2026-11-30');
    expect(createInvoiceSchema.parse({ ...base, amount: '250.00' }).amount).toBe(25_000);
  });

  it('refuses both, neither, no line, too many lines, a bad supply date', () => {
    const msg = (v: unknown) => createInvoiceSchema.safeParse(v).error?.issues.map((i) => i.message);
    expect(msg({ ...base, amount: '1.00', lines: [line] })).toEqual([AMOUNT_OR_LINES_MESSAGE]);
    expect(msg(base)).toEqual([AMOUNT_MESSAGE]);
    expect(msg({ ...base, lines: [] })).toEqual(['Add at least one line']);
    expect(msg({ ...base, lines: Array(51).fill(line) })).toEqual(['An invoice has at most 50 lines']);
    expect(msg({ ...base, lines: [line], supplyDate: '2026-02-30' })).toEqual([SUPPLY_DATE_MESSAGE]);
    expect(msg({ ...base, lines: [{ ...line, extra: 1 }] })?.length).toBe(1);
  });
});
