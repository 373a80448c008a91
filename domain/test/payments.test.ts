import { describe, expect, it } from 'vitest';
import {
  createInvoiceSchema,
  createPaymentIntentSchema,
  dueDayStart,
  nextLeadPayment,
  paymentIdempotencyKey,
  paymentMoves,
} from '../src/payments.js';

describe('nextLeadPayment', () => {
  const quoted = { quoteAmountCents: 300_000, depositAmountCents: 150_000, finalAmountCents: 150_000 };
  it('asks for the deposit first, then the remainder, then nothing', () => {
    expect(nextLeadPayment(quoted)).toEqual({ purpose: 'deposit', amountCents: 150_000 });
    expect(nextLeadPayment({ ...quoted, stripeDepositPaymentId: 'pi_1' })).toEqual({
      purpose: 'final',
      amountCents: 150_000,
    });
    expect(nextLeadPayment({ ...quoted, stripeDepositPaymentId: 'pi_1', stripeFinalPaymentId: 'pi_2' })).toBeNull();
  });
  it('without a deposit the final payment is the whole quote', () => {
    expect(nextLeadPayment({ quoteAmountCents: 80_000, depositAmountCents: 0 })).toEqual({
      purpose: 'final',
      amountCents: 80_000,
    });
  });
  it('owes nothing without a quote', () => {
    expect(nextLeadPayment({})).toBeNull();
  });
});

describe('paymentMoves', () => {
  it('a paid deposit moves nothing: Production is a manual stage (spec §4)', () => {
    expect(paymentMoves('deposit', 'Set Up', 'Set up')).toEqual({});
    expect(paymentMoves('deposit', 'Set Up', null)).toEqual({});
    expect(paymentMoves('deposit', 'Deposit', 'Deposit Paid')).toEqual({});
    expect(paymentMoves('deposit', 'Production', 'Beta')).toEqual({});
  });
  it('a paid deposit after a failed one puts the lead back where the failure found it', () => {
    expect(paymentMoves('deposit', 'Payment Failed', 'Set up', 'Set Up')).toEqual({ lead: 'Set Up' });
  });
  it('a paid final payment completes a delivered project, not one in the works', () => {
    expect(paymentMoves('final', 'Launch', 'Launch')).toEqual({ lead: 'Complete' });
    expect(paymentMoves('final', 'Production', null)).toEqual({ lead: 'Complete' });
    expect(paymentMoves('final', 'Production', 'Production')).toEqual({});
    expect(paymentMoves('final', 'Complete', 'Won')).toEqual({});
  });
  it('never moves a Lost lead, and other purposes move nothing', () => {
    expect(paymentMoves('deposit', 'Lost', 'Canceled')).toEqual({});
    expect(paymentMoves('invoice', 'Set Up', 'Set up')).toEqual({});
    expect(paymentMoves('order', null, null)).toEqual({});
  });
});

describe('schemas', () => {
  it('create-payment-intent: cents from strings or numbers, bounds, unknown keys rejected', () => {
    expect(createPaymentIntentSchema.parse({ amount: '12.5', description: 'x' })).toMatchObject({
      amount: 1250,
      currency: 'usd',
    });
    expect(createPaymentIntentSchema.parse({ amount: 99.99 }).amount).toBe(9999);
    expect(createPaymentIntentSchema.safeParse({ amount: '0.10' }).success).toBe(false);
    expect(createPaymentIntentSchema.safeParse({ amount: '-5' }).success).toBe(false);
    expect(createPaymentIntentSchema.safeParse({ amount: '100000.01' }).success).toBe(false);
    expect(createPaymentIntentSchema.safeParse({ amount: '10', currency: 'eur' }).success).toBe(false);
    expect(createPaymentIntentSchema.safeParse({ amount: '10', extra: 1 }).success).toBe(false);
    expect(createPaymentIntentSchema.safeParse({ leadId: '../x' }).success).toBe(false);
  });
  it('create-invoice: the spec messages', () => {
    const r = createInvoiceSchema.safeParse({ leadId: 'L1', amount: '', description: '' });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toContain('Amount is required');
    expect(messages).toContain('Description is required');
    expect(
      createInvoiceSchema.parse({ leadId: 'L1', amount: '250.00', description: 'Extra hours', dueDate: '2026-12-01' }),
    ).toMatchObject({ amount: 25_000 });
  });
  it('idempotency keys are stable per record, purpose and amount', () => {
    expect(paymentIdempotencyKey('deposit', 'L1', 100)).toBe(paymentIdempotencyKey('deposit', 'L1', 100));
    expect(paymentIdempotencyKey('deposit', 'L1', 100)).not.toBe(paymentIdempotencyKey('final', 'L1', 100));
  });
});

describe('dueDayStart', () => {
  it("starts a picked due day at midnight on the studio's clock, daylight saving included", () => {
    const picked = createInvoiceSchema.shape.dueDate.parse('2031-03-15')!;
    expect(dueDayStart(picked, 'UTC').toISOString()).toBe('2031-03-15T00:00:00.000Z');
    expect(dueDayStart(picked, 'America/Los_Angeles').toISOString()).toBe('2031-03-15T07:00:00.000Z'); // PDT
    expect(dueDayStart(new Date('2031-01-15T12:00:00Z'), 'America/Los_Angeles').toISOString()).toBe(
      '2031-01-15T08:00:00.000Z', // PST
    );
    expect(dueDayStart(picked, 'Pacific/Auckland').toISOString()).toBe('2031-03-14T11:00:00.000Z'); // NZDT
  });
});
