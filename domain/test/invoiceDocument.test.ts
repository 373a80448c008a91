import { describe, expect, it } from 'vitest';
import { studioSettingsSchema } from '../src/settings.js';
import { documentFileName, invoiceModel, paymentTermsText, receiptModel } from '../src/invoiceDocument.js';

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
