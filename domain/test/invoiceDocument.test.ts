import { describe, expect, it } from 'vitest';
import { studioSettingsSchema } from '../src/settings.js';
import {
  creditNoteModel,
  documentFileName,
  documentTermsText,
  invoiceModel,
  paymentTermsText,
  receiptModel,
} from '../src/invoiceDocument.js';
import { formatDocumentDate } from '../src/documentDate.js';
import { createInvoiceSchema } from '../src/payments.js';
import { billedDocument, statementLine, type BilledDocumentFields } from '../src/statement.js';
import type { LedgerSums } from '../src/ledgerSums.js';

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
  it('invoice: number, currency amounts, UTC dates, terms and absolute pay link', () => {
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
      total: '$1,234.50',
      totalLabel: 'Total due',
      lines: [{ description: 'Logo', amount: '$1,234.50' }],
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
      total: '$0.05',
      totalLabel: 'Total paid',
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

describe('an invoice says what its statement line says', () => {
  const studio = studioSettingsSchema.parse({ ...VALID, timeZone: 'America/Los_Angeles' });
  const issuedAt = new Date('2026-11-02T18:00:00Z');
  // Due at the start of November 16 in Los Angeles.
  const dueDate = new Date('2026-11-16T08:00:00Z');
  const beforeDue = new Date('2026-11-10T18:00:00Z');
  const doc = (ledgerCents: LedgerSums, over: Partial<BilledDocumentFields> = {}): BilledDocumentFields => ({
    leadId: 'L1',
    number: 'INV-2026-0042',
    description: 'Website redesign',
    amountCents: 450_000,
    status: 'open',
    issuedAt,
    createdAt: issuedAt,
    dueDate,
    ledgerCents,
    checkoutUrl: '/checkout?invoiceId=inv1',
    ...over,
  });
  /** The model of `d` printed at `now`. */
  const model = (d: BilledDocumentFields, now: Date, extra: { paidAt?: Date | null; creditNotes?: string[] } = {}) =>
    invoiceModel(
      studio,
      {
        number: d.number!,
        description: d.description,
        amountCents: d.amountCents,
        issuedAt,
        dueDate: d.dueDate,
        clientName: 'Maya',
        email: 'maya@example.com',
        checkoutUrl: d.checkoutUrl ?? null,
        statement: statementLine(billedDocument('inv1', d), now, studio.timeZone),
        ...extra,
      },
      'https://studio.example',
    );

  it('open: "Total due", the terms and the pay link; nothing paid, no mark', () => {
    expect(model(doc({}), beforeDue)).toMatchObject({
      total: '$4,500.00',
      totalLabel: 'Total due',
      balanceRows: [],
      paymentTerms: 'Payment due by November 16, 2026',
      payLink: 'https://studio.example/checkout?invoiceId=inv1',
      settled: null,
      closedMark: null,
      overdue: null,
    });
  });

  it('partly paid: "Total" and what is still owed as "Amount due", with the terms and the pay link', () => {
    const m = model(doc({ payment: 100_000 }), beforeDue);
    expect(m).toMatchObject({
      total: '$4,500.00',
      totalLabel: 'Total',
      paymentTerms: 'Payment due by November 16, 2026',
      payLink: 'https://studio.example/checkout?invoiceId=inv1',
      settled: null,
      overdue: null,
    });
    expect(m.balanceRows).toEqual([
      { label: 'Amount paid', amount: '$1,000.00', strong: false },
      { label: 'Amount due', amount: '$3,500.00', strong: true },
    ]);
  });

  it('overdue: "Overdue N days" counted on the studio\'s clock, beside the terms and the pay link', () => {
    // November 28 at 07:00 UTC is still November 27 in Los Angeles: 11 days after the due day.
    const late = new Date('2026-11-28T07:00:00Z');
    expect(model(doc({}), late)).toMatchObject({
      totalLabel: 'Total due',
      overdue: 'Overdue 11 days',
      paymentTerms: 'Payment due by November 16, 2026',
      payLink: 'https://studio.example/checkout?invoiceId=inv1',
    });
    expect(model(doc({}), new Date('2026-11-17T12:00:00Z')).overdue).toBe('Overdue 1 day');
    expect(model(doc({ payment: 100_000 }), late).overdue).toBe('Overdue 11 days, partially paid');
    // On its due day it is not late yet.
    expect(model(doc({}), new Date('2026-11-17T07:59:00Z')).overdue).toBeNull();
  });

  it('paid: PAID with the paid date on the studio\'s clock and "Amount paid"; no "Total due", terms or pay link', () => {
    // 03:30 UTC on November 20 is the evening of November 19 in Los Angeles.
    const paidAt = new Date('2026-11-20T03:30:00Z');
    // Printed long after its due day: a paid document is never overdue.
    const m = model(doc({ payment: 450_000 }, { status: 'paid' }), new Date('2027-02-01T12:00:00Z'), { paidAt });
    expect(m).toMatchObject({
      total: '$4,500.00',
      totalLabel: 'Total',
      paymentTerms: null,
      payLink: null,
      closedMark: null,
      overdue: null,
      settled: { mark: 'PAID', paidDate: 'November 19, 2026', text: 'Paid on November 19, 2026.' },
    });
    expect(m.balanceRows).toEqual([{ label: 'Amount paid', amount: '$4,500.00', strong: true }]);
    // The stored status does not decide: the ledger does.
    expect(model(doc({ payment: 450_000 }, { status: 'open' }), beforeDue, { paidAt }).settled?.mark).toBe('PAID');
    // No paid date stored: still PAID, without a date.
    expect(model(doc({ payment: 450_000 }), beforeDue).settled).toEqual({
      mark: 'PAID',
      paidDate: null,
      text: 'Paid in full.',
    });
  });

  it('partially refunded: still PAID, saying what was refunded and under which credit notes', () => {
    const paidAt = new Date('2026-11-20T18:00:00Z');
    const m = model(doc({ payment: 450_000, refund: 47_500, credit_note: 47_500 }), beforeDue, {
      paidAt,
      creditNotes: ['CN-2026-0001'],
    });
    expect(m).toMatchObject({
      totalLabel: 'Total',
      paymentTerms: null,
      payLink: null,
      settled: {
        mark: 'PAID',
        paidDate: 'November 20, 2026',
        text: 'Paid on November 20, 2026. Partially refunded: $475.00 (credit note CN-2026-0001).',
      },
    });
    expect(m.balanceRows).toEqual([
      { label: 'Amount paid', amount: '$4,500.00', strong: true },
      { label: 'Refunded (credit note CN-2026-0001)', amount: '$475.00', strong: false },
    ]);
  });

  it('refunded in full: REFUNDED, with every credit note', () => {
    const m = model(doc({ payment: 450_000, refund: 450_000, credit_note: 450_000 }), beforeDue, {
      paidAt: new Date('2026-11-20T18:00:00Z'),
      creditNotes: ['CN-2026-0001', 'CN-2026-0002'],
    });
    expect(m.settled).toEqual({
      mark: 'REFUNDED',
      paidDate: 'November 20, 2026',
      text: 'Paid on November 20, 2026. Refunded: $4,500.00 (credit notes CN-2026-0001, CN-2026-0002).',
    });
    expect(m).toMatchObject({ totalLabel: 'Total', paymentTerms: null, payLink: null });
  });

  it('void and written off: VOID or UNCOLLECTIBLE, no terms, no pay link, no PAID mark', () => {
    const voided = model(doc({}, { status: 'void' }), new Date('2027-02-01T12:00:00Z'));
    expect(voided).toMatchObject({
      closedMark: 'VOID',
      totalLabel: 'Total',
      paymentTerms: null,
      payLink: null,
      settled: null,
      overdue: null,
      balanceRows: [],
    });
    const writtenOff = model(doc({ payment: 100_000, write_off: 350_000 }, { status: 'uncollectible' }), beforeDue);
    expect(writtenOff).toMatchObject({ closedMark: 'UNCOLLECTIBLE', paymentTerms: null, payLink: null, settled: null });
    expect(writtenOff.balanceRows).toEqual([
      { label: 'Amount paid', amount: '$1,000.00', strong: false },
      { label: 'Written off', amount: '$3,500.00', strong: false },
    ]);
  });

  it('without a statement line it reads as issued with nothing paid on it', () => {
    const m = invoiceModel(
      studio,
      {
        number: 'INV-2026-0001',
        description: 'Sample',
        amountCents: 100,
        issuedAt,
        dueDate,
        clientName: null,
        email: null,
        checkoutUrl: '/checkout?x=1',
      },
      'https://studio.example',
    );
    expect(m).toMatchObject({
      totalLabel: 'Total due',
      payLink: 'https://studio.example/checkout?x=1',
      balanceRows: [],
      settled: null,
      closedMark: null,
      overdue: null,
    });
  });

  it('receipts and credit notes print currency too', () => {
    const receipt = receiptModel(studio, {
      paymentIntentId: 'pi_1',
      amountCents: 450_000,
      description: 'Deposit',
      paidAt: issuedAt,
      clientName: null,
      email: null,
      number: null,
      refundedCents: 47_500,
    });
    expect(receipt).toMatchObject({ total: '$4,500.00', refunded: '$475.00', totalLabel: 'Total paid' });
    const note = creditNoteModel(studio, {
      number: 'CN-2026-0001',
      amountCents: 47_500,
      issuedAt,
      clientName: null,
      email: null,
      creditsNumber: 'INV-2026-0042',
      reference: 're_1',
      reason: null,
    });
    expect(note).toMatchObject({
      lines: [{ description: 'Refund on INV-2026-0042', amount: '-$475.00' }],
      total: '-$475.00',
      totalLabel: 'Total credited',
    });
  });
});
