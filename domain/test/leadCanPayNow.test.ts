import { describe, expect, it } from 'vitest';
import { leadCanPayNow } from '../src/index.js';

describe('leadCanPayNow', () => {
  it('is false without a positive quote', () => {
    expect(leadCanPayNow({ status: 'Quoted' })).toBe(false);
    expect(leadCanPayNow({ status: 'Quoted', quoteAmountCents: null })).toBe(false);
    expect(leadCanPayNow({ status: 'Quoted', quoteAmountCents: 0 })).toBe(false);
  });

  it('is true while something is due on a quoted lead', () => {
    expect(
      leadCanPayNow({
        status: 'Quoted',
        quoteAmountCents: 100_000,
        depositAmountCents: 50_000,
        finalAmountCents: 50_000,
      }),
    ).toBe(true);
    // Deposit paid: the final payment is due.
    expect(
      leadCanPayNow({
        status: 'Deposit',
        quoteAmountCents: 100_000,
        depositAmountCents: 50_000,
        finalAmountCents: 50_000,
        stripeDepositPaymentId: 'pi_1',
      }),
    ).toBe(true);
  });

  it('is false once paid in full; a Complete lead with its final payment open still owes it', () => {
    expect(
      leadCanPayNow({
        status: 'Won',
        quoteAmountCents: 100_000,
        depositAmountCents: 50_000,
        finalAmountCents: 50_000,
        stripeDepositPaymentId: 'pi_1',
        stripeFinalPaymentId: 'pi_2',
      }),
    ).toBe(false);
    expect(
      leadCanPayNow({
        status: 'Complete',
        quoteAmountCents: 100_000,
        depositAmountCents: 50_000,
        finalAmountCents: 50_000,
        stripeDepositPaymentId: 'pi_1',
      }),
    ).toBe(true);
  });
});
