import { describe, expect, it } from 'vitest';
import { studioSettingsSchema } from '../src/settings.js';
import {
  creditNoteModel,
  documentFileName,
  documentTermsText,
  formatDocumentDate,
  invoiceModel,
  paymentTermsText,
  receiptModel,
} from '../src/invoiceDocument.js';
import { createInvoiceSchema } from '../src/payments.js';

const VALID = {
  businessName: 'Studio Co',
  postalAddress: '1 Road',
  contactEmail: 'a@b.co',
  taxId: '',
  logoUrl: '',
  paymentTermsDays: 30,
  invoiceFooter: 'Thanks',
};

describe('invoice and receipt models', () => {
  const studio = studioSettingsSchema.parse(VALID);
  it('invoice: number, 2-decimal amounts, UTC dates, terms and absolute pay link', () => {
    const m = invoiceModel(
      studio,
      {
        number: 'INV-2026-0003',
        description: 'Logo',
        amountCents: 123450,
        issuedAt: new Date('2026-01-31T23:30:00Z'),
        dueDate: new Date('2026-03-02T00:00:00Z'),
        clientName: 'Ann',
        email: 'ann@example.com',
        checkoutUrl: '/checkout?invoiceId=x',
      },
      'https://studio.example',
    );
    expect(m).toMatchObject({
      title: 'Invoice',
      number: 'INV-2026-0003',
      total: '1234.50',
      issueDate: 'January 31, 2026',
      dueDate: 'March 2, 2026',
      // The terms follow the document's own due date, not the studio's default days.
      paymentTerms: 'Payment due by March 2, 2026',
      payLink: 'https://studio.example/checkout?invoiceId=x',
      paid: null,
    });
    expect(documentFileName(m)).toBe('INV-2026-0003.pdf');
  });

  it('receipt: PAID date and reference; file named after the number or the reference', () => {
    const m = receiptModel(studio, {
      paymentIntentId: 'pi_test_1',
      amountCents: 5,
      description: 'Deposit',
      paidAt: new Date('2026-05-01T12:00:00Z'),
      clientName: null,
      email: 'a@b.co',
      number: null,
    });
    expect(m).toMatchObject({
      kind: 'receipt',
      total: '0.05',
      paid: { date: 'May 1, 2026', reference: 'pi_test_1' },
      payLink: null,
      client: { name: 'a@b.co' },
    });
    expect(documentFileName(m)).toBe('receipt-pi_test_1.pdf');
    expect(paymentTermsText(0)).toBe('Payment due on receipt');
    expect(paymentTermsText(1)).toBe('Payment due within 1 day');
  });
});

describe("dates in the studio's time zone", () => {
  const pacific = studioSettingsSchema.parse({ ...VALID, timeZone: 'America/Los_Angeles' });
  // 03:30 UTC on January 16 is still the evening of January 15 in Los Angeles (UTC−8 in winter).
  const justAfterMidnightUtc = new Date('2026-01-16T03:30:00Z');

  it('shows the day the instant falls on in the zone (UTC by default)', () => {
    expect(formatDocumentDate(justAfterMidnightUtc)).toBe('January 16, 2026');
    expect(formatDocumentDate(justAfterMidnightUtc, 'UTC')).toBe('January 16, 2026');
    expect(formatDocumentDate(justAfterMidnightUtc, 'America/Los_Angeles')).toBe('January 15, 2026');
    // Just before midnight UTC: the same day on both clocks.
    expect(formatDocumentDate(new Date('2026-01-15T23:59:00Z'), 'America/Los_Angeles')).toBe('January 15, 2026');
    // Summer time (UTC−7): 06:59 UTC is still the day before, 07:00 is the day itself.
    expect(formatDocumentDate(new Date('2026-07-04T06:59:00Z'), 'America/Los_Angeles')).toBe('July 3, 2026');
    expect(formatDocumentDate(new Date('2026-07-04T07:00:00Z'), 'America/Los_Angeles')).toBe('July 4, 2026');
  });

  it("an invoice, a receipt and a credit note print their dates and terms on the studio's clock", () => {
    const invoice = invoiceModel(
      pacific,
      {
        number: 'INV-2026-0009',
        description: 'Logo',
        amountCents: 100,
        issuedAt: justAfterMidnightUtc,
        dueDate: new Date('2026-01-30T03:30:00Z'),
        clientName: 'Ann',
        email: 'ann@example.com',
        checkoutUrl: null,
      },
      'https://studio.example',
    );
    expect(invoice).toMatchObject({
      issueDate: 'January 15, 2026',
      dueDate: 'January 29, 2026',
      paymentTerms: 'Payment due by January 29, 2026',
    });
    const receipt = receiptModel(pacific, {
      paymentIntentId: 'pi_test_tz',
      amountCents: 100,
      description: 'Deposit',
      paidAt: justAfterMidnightUtc,
      clientName: null,
      email: 'a@b.co',
      number: null,
    });
    expect(receipt.paid?.date).toBe('January 15, 2026');
    const credit = creditNoteModel(pacific, {
      number: 'CN-2026-0001',
      amountCents: 100,
      issuedAt: justAfterMidnightUtc,
      clientName: null,
      email: null,
      creditsNumber: 'INV-2026-0009',
      reference: null,
      reason: null,
    });
    expect(credit.issueDate).toBe('January 15, 2026');
  });

  it('terms compare days on that clock: due the same Pacific day reads "on receipt"', () => {
    const issued = new Date('2026-01-15T20:00:00Z'); // noon in Los Angeles
    const due = new Date('2026-01-16T06:00:00Z'); // 22:00 the same Pacific day, the next UTC day
    expect(documentTermsText(issued, due, 30, 'America/Los_Angeles')).toBe('Payment due on receipt');
    expect(documentTermsText(issued, due, 30)).toBe('Payment due by January 16, 2026');
  });

  it("a due day the admin picks is that day on the studio's clock, west or east of UTC", () => {
    const { dueDate } = createInvoiceSchema.parse({
      leadId: 'L1',
      amount: '10.00',
      description: 'x',
      dueDate: '2026-02-01',
    });
    for (const zone of ['UTC', 'America/Los_Angeles', 'Pacific/Honolulu', 'Europe/Berlin', 'Asia/Tokyo'])
      expect(formatDocumentDate(dueDate!, zone), zone).toBe('February 1, 2026');
  });
});
