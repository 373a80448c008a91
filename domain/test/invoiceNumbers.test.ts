import { describe, expect, it } from 'vitest';
import {
  formatInvoiceNumber,
  invoiceCounterId,
  leadCheckoutPath,
  leadPaymentDescription,
  leadPaymentRequests,
  leadPaymentTopic,
  nextInvoiceNumber,
  parseInvoiceNumber,
  requestId,
} from '../src/invoiceNumbers.js';
import { leadPaymentDue } from '../src/payments.js';

describe('invoice numbers', () => {
  it('formats INV-YYYY-NNNN, growing past 9999', () => {
    expect(formatInvoiceNumber(2026, 7)).toBe('INV-2026-0007');
    expect(formatInvoiceNumber(2026, 9999)).toBe('INV-2026-9999');
    expect(formatInvoiceNumber(2026, 10000)).toBe('INV-2026-10000');
    expect(() => formatInvoiceNumber(2026, 0)).toThrow(RangeError);
    expect(() => formatInvoiceNumber(2026, 1.5)).toThrow(RangeError);
  });

  it('parses numbers back', () => {
    expect(parseInvoiceNumber('INV-2026-0042')).toEqual({ year: 2026, seq: 42 });
    expect(parseInvoiceNumber('INV-26-1')).toBeNull();
    expect(parseInvoiceNumber('inv-2026-0001')).toBeNull();
  });

  it('takes the next number from the counter of the clock’s UTC year', () => {
    expect(nextInvoiceNumber(undefined, new Date('2026-03-01T00:00:00Z'))).toEqual({
      year: 2026,
      seq: 1,
      number: 'INV-2026-0001',
    });
    expect(nextInvoiceNumber(6, new Date('2026-03-01T00:00:00Z')).number).toBe('INV-2026-0007');
    // New Year's Eve in New York is already the next year in UTC.
    expect(nextInvoiceNumber(undefined, new Date('2027-01-01T03:00:00Z')).number).toBe('INV-2027-0001');
    expect(invoiceCounterId(2027)).toBe('invoices-2027');
    // A damaged counter restarts at 1 rather than producing NaN.
    for (const bad of [-1, 'x', 2.5, null])
      expect(nextInvoiceNumber(bad, new Date('2026-01-01T00:00:00Z')).seq).toBe(1);
  });
});

describe('leadPaymentRequests', () => {
  const base = {
    name: 'Ann',
    email: 'ann@example.com',
    subject: 'Shop',
    quoteAmountCents: 100_000,
    depositAmountCents: 50_000,
    finalAmountCents: 50_000,
  };

  it('none before the quote is accepted, or for a lost lead', () => {
    expect(leadPaymentRequests('L1', { ...base, status: 'Quoted' })).toEqual([]);
    expect(leadPaymentRequests('L1', { ...base, status: 'Lost', quoteAccepted: true })).toEqual([]);
    expect(leadPaymentRequests('L1', { ...base, status: 'Set Up', quoteAmountCents: 0 })).toEqual([]);
  });

  it('the deposit once accepted; the final payment once the deposit is paid and the work launched', () => {
    const open = leadPaymentRequests('L1', { ...base, status: 'Set Up', quoteAccepted: true });
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      purpose: 'deposit',
      amountCents: 50_000,
      paymentIntentId: null,
      description: '50% deposit: Shop',
    });
    expect(open[0]!.checkoutUrl).toContain('leadId=L1');
    const afterDeposit = leadPaymentRequests('L1', { ...base, status: 'Production', stripeDepositPaymentId: 'pi_1' });
    expect(afterDeposit.map((r) => [r.purpose, r.amountCents, r.paymentIntentId])).toEqual([
      ['deposit', 50_000, 'pi_1'],
    ]);
    for (const status of ['Launch', 'Complete'])
      expect(
        leadPaymentRequests('L1', { ...base, status, stripeDepositPaymentId: 'pi_1' }).map((r) => [
          r.purpose,
          r.amountCents,
          r.paymentIntentId,
        ]),
      ).toEqual([
        ['deposit', 50_000, 'pi_1'],
        ['final', 50_000, null],
      ]);
    // A final paid early (before launch) is recorded as a paid request.
    const early = leadPaymentRequests('L1', {
      ...base,
      status: 'Production',
      stripeDepositPaymentId: 'pi_1',
      stripeFinalPaymentId: 'pi_2',
    });
    expect(early.map((r) => [r.purpose, r.paymentIntentId])).toEqual([
      ['deposit', 'pi_1'],
      ['final', 'pi_2'],
    ]);
  });

  it('without a deposit the final payment is the whole quote at once', () => {
    const r = leadPaymentRequests('L2', { ...base, depositAmountCents: 0, status: 'Set Up' });
    expect(r.map((x) => [x.purpose, x.amountCents])).toEqual([['final', 100_000]]);
    expect(requestId('L2', 'final')).toBe('L2_final');
  });

  it("names the accepted quote version's amounts, as the charge does, even when the lead's fields differ", () => {
    const accepted = {
      ...base,
      status: 'Production',
      quoteAccepted: true,
      quoteAmountCents: 120_000,
      depositAmountCents: 60_000,
      finalAmountCents: 60_000,
      acceptedQuote: { version: 2, quoteAmountCents: 100_000, depositAmountCents: 40_000, finalAmountCents: 60_000 },
    };
    expect(leadPaymentRequests('L3', accepted).map((r) => [r.purpose, r.amountCents])).toEqual([['deposit', 40_000]]);
    const paid = leadPaymentRequests('L3', { ...accepted, status: 'Launch', stripeDepositPaymentId: 'pi_1' });
    expect(paid.map((r) => [r.purpose, r.amountCents])).toEqual([
      ['deposit', 40_000],
      ['final', 60_000],
    ]);
    expect(leadPaymentDue({ ...accepted, stripeDepositPaymentId: 'pi_1' })).toEqual({
      ok: true,
      purpose: 'final',
      amountCents: paid[1]!.amountCents,
    });
  });
});

describe('one description and one checkout per payment of a lead', () => {
  const lead = {
    subject: 'Bakery website',
    projectType: 'Web Project',
    quoteAccepted: true,
    quoteAmountCents: 120_000,
    depositAmountCents: 60_000,
    finalAmountCents: 60_000,
    acceptedQuote: { version: 2, quoteAmountCents: 100_000, depositAmountCents: 40_000, finalAmountCents: 60_000 },
  };

  it("names the stage and what it is for, from the accepted quote's amounts", () => {
    expect(leadPaymentDescription('deposit', lead)).toBe('40% deposit: Bakery website');
    expect(leadPaymentDescription('final', lead)).toBe('Final payment: Bakery website');
    // Not accepted yet (the quote page's checkout at acceptance): the lead's own amounts.
    expect(leadPaymentDescription('deposit', { ...lead, quoteAccepted: false })).toBe('50% deposit: Bakery website');
  });

  it('falls back to the project type, then to "your project"', () => {
    expect(leadPaymentTopic({ subject: '  ', projectType: 'App Development' })).toBe('App Development');
    expect(leadPaymentTopic({ subject: null, projectType: null })).toBe('your project');
    expect(leadPaymentDescription('final', { ...lead, subject: null, projectType: null })).toBe(
      'Final payment: your project',
    );
  });

  it("the request's checkout link is the checkout path of its amount and description", () => {
    const [deposit] = leadPaymentRequests('L9', { ...lead, status: 'Set Up' });
    expect(deposit!.description).toBe(leadPaymentDescription('deposit', lead));
    expect(deposit!.checkoutUrl).toBe(leadCheckoutPath('L9', 'deposit', 40_000, lead));
    expect(Object.fromEntries(new URLSearchParams(deposit!.checkoutUrl.split('?')[1]))).toEqual({
      amount: '400.00',
      description: '40% deposit: Bakery website',
      leadId: 'L9',
    });
    const paid = leadPaymentRequests('L9', { ...lead, status: 'Launch', stripeDepositPaymentId: 'pi_1' });
    expect(paid[1]).toMatchObject({
      description: 'Final payment: Bakery website',
      checkoutUrl: leadCheckoutPath('L9', 'final', 60_000, lead),
    });
  });
});
