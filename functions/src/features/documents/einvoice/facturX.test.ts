/**
 * Factur-X: an invoice or credit note PDF with its e-invoice is a PDF/A-3b
 * carrying factur-x.xml. Checked by Apache PDFBox Preflight less what PDF/A-3
 * lifts (tests/pdfaPreflight.ts) and for the Factur-X structure (tests/pdfa.ts,
 * pdf-lib), and the XML read back out of the PDF passes CEN's validation.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { creditNoteModel, invoiceModel, receiptModel, studioSettingsSchema } from '@studio/domain';
import { loadCiiValidator, validateCii } from '../../../../../tests/en16931.js';
import { facturXProblems } from '../../../../../tests/pdfa.js';
import { pdfA3Problems, preflightFindings } from '../../../../../tests/pdfaPreflight.js';
import { pdfText } from '../../../../../tests/pdfText.js';
import { ciiXml } from './ciiXml.js';
import { E_INVOICE_CASES, eInvoiceFixture } from './fixtures.js';

const warn = vi.hoisted(() => vi.fn());
vi.mock('firebase-functions/logger', () => ({ warn, info: vi.fn(), error: vi.fn(), debug: vi.fn(), log: vi.fn() }));
const { renderInvoicePdf } = await import('../pdf/invoicePdf.js');

beforeAll(() => loadCiiValidator(), 300_000);

const studio = studioSettingsSchema.parse({
  businessName: 'Lichtwerk Studio & Co <GmbH>',
  postalAddress: 'Torstraße 1\n10119 Berlin',
  contactEmail: 'hello@lichtwerk.example',
  taxId: 'DE123456789',
  logoUrl: '',
  paymentTermsDays: 14,
  invoiceFooter: '',
});
const invoice = invoiceModel(
  studio,
  {
    number: 'INV-2026-0042',
    description: 'Wedding photography, full day',
    amountCents: 297_500,
    issuedAt: new Date('2026-03-05T10:00:00Z'),
    dueDate: new Date('2026-03-19T00:00:00Z'),
    clientName: 'Θεοδώρα Παπαδημητροπούλου',
    email: 'theodora@example.com',
    checkoutUrl: '/checkout?invoiceId=abc',
  },
  'https://studio.example',
);
const creditNote = creditNoteModel(studio, {
  number: 'CN-2026-0003',
  amountCents: 47_500,
  issuedAt: new Date('2026-03-20T10:00:00Z'),
  clientName: 'Θεοδώρα Παπαδημητροπούλου',
  email: 'theodora@example.com',
  creditsNumber: 'INV-2026-0042',
  reference: 're_123',
  reason: null,
});

describe('Factur-X PDF/A-3b', () => {
  for (const [name, model, einvoice] of [
    ['invoice (domestic VAT)', invoice, eInvoiceFixture()],
    ['invoice (reverse charge)', invoice, E_INVOICE_CASES['reverse charge to an EU business in another country']!()],
    ['credit note', creditNote, E_INVOICE_CASES['credit note referencing its invoice']!()],
  ] as const) {
    it(`${name}: PDF/A-3b structure, factur-x.xml equal to ciiXml and valid EN 16931`, async () => {
      const pdf = await renderInvoicePdf({ ...model, einvoice });
      const check = await facturXProblems(pdf);
      expect(check.problems).toEqual([]);
      expect(check.xml).toBe(ciiXml(einvoice));
      expect(validateCii(check.xml!).errors).toEqual([]);
      // Still the PDF a person reads: the buyer it prints is the e-invoice's (the person, else the company billed),
      // its text comes back, and the XMP names the studio as written.
      expect((await pdfText(pdf)).text).toContain(einvoice.buyer.contactName ?? einvoice.buyer.name);
      expect(check.xmp).toContain('Lichtwerk Studio &amp; Co &lt;GmbH&gt;');
    });
  }

  it('each passes Apache PDFBox Preflight but for what PDF/A-3 lifts; a plain PDF does not', async () => {
    const pdfs = {
      'invoice (domestic VAT)': await renderInvoicePdf({ ...invoice, einvoice: eInvoiceFixture() }),
      'invoice (reverse charge)': await renderInvoicePdf({
        ...invoice,
        einvoice: E_INVOICE_CASES['reverse charge to an EU business in another country']!(),
      }),
      'credit note': await renderInvoicePdf({
        ...creditNote,
        einvoice: E_INVOICE_CASES['credit note referencing its invoice']!(),
      }),
      plain: await renderInvoicePdf(invoice),
    };
    const findings = await preflightFindings(pdfs);
    const { plain, ...facturX } = await pdfA3Problems(pdfs);
    for (const [name, problems] of Object.entries(facturX)) expect(problems, name).toEqual([]);
    // Preflight ran on each: a Factur-X file still shows what only PDF/A-1 forbids (its embedded XML, part 3).
    for (const name of Object.keys(facturX))
      expect(
        findings[name]!.map((f) => f.code),
        name,
      ).toEqual(expect.arrayContaining(['1.4.7', '7.11.2']));
    // The check has teeth: a PDF without an output intent fails it on its colour spaces.
    expect(plain).toEqual(expect.arrayContaining([expect.stringMatching(/^2\.4\.3: .*DestOutputProfile is missing/)]));
  }, 60_000);

  it('a PDF without an e-invoice, and a receipt, stay plain PDFs', async () => {
    const receipt = receiptModel(studio, {
      paymentIntentId: 'pi_1',
      amountCents: 100_000,
      description: 'Deposit',
      paidAt: new Date('2026-03-06T10:00:00Z'),
      clientName: 'Sam',
      email: null,
      number: 'INV-2026-0042',
      refundedCents: 0,
    });
    for (const pdf of [
      await renderInvoicePdf(invoice),
      await renderInvoicePdf({ ...receipt, einvoice: eInvoiceFixture() }),
    ]) {
      expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.3');
      const check = await facturXProblems(pdf);
      expect(check.xml).toBeNull();
      // The check has teeth: a plain PDF fails it.
      expect(check.problems).toEqual(
        expect.arrayContaining(['No OutputIntent /GTS_PDFA1', 'The catalog /AF lists no factur-x.xml']),
      );
    }
  });

  it('an e-invoice the settings cannot complete leaves the PDF plain, with a warning', async () => {
    warn.mockClear();
    const e = eInvoiceFixture();
    const pdf = await renderInvoicePdf({ ...invoice, einvoice: { ...e, seller: { ...e.seller, country: null } } });
    expect((await facturXProblems(pdf)).xml).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      'pdf: sent without its e-invoice',
      expect.objectContaining({ missing: "the studio's country" }),
    );
  });
});
