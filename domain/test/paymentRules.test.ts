import { describe, expect, it } from 'vitest';
import {
  acceptedQuoteOf,
  clientCanPayNow,
  clientMaySeeQuote,
  leadPaymentDue,
  PAYMENT_REFUSALS,
  paymentFailureMove,
  paymentMoves,
  QUOTE_EDIT_AFTER_PAYMENT,
  quoteEditRefusal,
} from '../src/payments.js';
import { leadMoveRevokesQuoteLinks, quoteLinkRevoked } from '../src/quotes.js';

const amounts = { quoteAmountCents: 75_000, depositAmountCents: 37_500, finalAmountCents: 37_500 };

describe('leadPaymentDue: payable only when the quote stands', () => {
  it('refuses a quote pending review, needing revision, or approved but not accepted', () => {
    expect(leadPaymentDue({ ...amounts, status: 'Contacted', quoteReviewStatus: 'Pending' })).toEqual({
      ok: false,
      message: PAYMENT_REFUSALS.quotePreparing,
    });
    expect(leadPaymentDue({ ...amounts, status: 'Contacted', quoteReviewStatus: 'Needs Revision' })).toEqual({
      ok: false,
      message: PAYMENT_REFUSALS.quotePreparing,
    });
    expect(leadPaymentDue({ ...amounts, status: 'Quoted', quoteReviewStatus: 'Approved' })).toEqual({
      ok: false,
      message: PAYMENT_REFUSALS.notAccepted,
    });
  });
  it('refuses a Lost lead even with an accepted quote', () => {
    expect(leadPaymentDue({ ...amounts, status: 'Lost', quoteAccepted: true })).toEqual({
      ok: false,
      message: PAYMENT_REFUSALS.closed,
    });
  });
  it('charges the accepted version, not the lead fields that changed after', () => {
    const lead = {
      status: 'Set Up',
      quoteAccepted: true,
      quoteAmountCents: 750_000,
      depositAmountCents: 375_000,
      finalAmountCents: 375_000,
      acceptedQuote: { version: 1, ...amounts },
    };
    expect(leadPaymentDue(lead)).toEqual({ ok: true, purpose: 'deposit', amountCents: 37_500 });
    expect(leadPaymentDue({ ...lead, stripeDepositPaymentId: 'pi_1' })).toEqual({
      ok: true,
      purpose: 'final',
      amountCents: 37_500,
    });
    expect(leadPaymentDue({ ...lead, stripeDepositPaymentId: 'pi_1', stripeFinalPaymentId: 'pi_2' })).toEqual({
      ok: false,
      message: PAYMENT_REFUSALS.nothingDue,
    });
  });
  it('the final payment only after the deposit; the whole quote when there is no deposit', () => {
    const lead = { status: 'Production', quoteAccepted: true, acceptedQuote: { version: 2, ...amounts } };
    expect(leadPaymentDue(lead)).toMatchObject({ purpose: 'deposit' });
    expect(
      leadPaymentDue({
        ...lead,
        acceptedQuote: { version: 2, quoteAmountCents: 50_000, depositAmountCents: 0, finalAmountCents: 50_000 },
      }),
    ).toEqual({ ok: true, purpose: 'final', amountCents: 50_000 });
  });
  it('a record accepted before the snapshot existed uses its own amounts; retries after a failure are allowed', () => {
    expect(acceptedQuoteOf({ ...amounts, quoteAccepted: true })).toEqual({ version: null, ...amounts });
    expect(acceptedQuoteOf({ ...amounts, quoteAccepted: false })).toBeNull();
    expect(leadPaymentDue({ ...amounts, status: 'Payment Failed', quoteAccepted: true })).toEqual({
      ok: true,
      purpose: 'deposit',
      amountCents: 37_500,
    });
  });
});

describe('client view', () => {
  it('shows quote amounts only once approved or accepted', () => {
    expect(clientMaySeeQuote({ status: 'Contacted', quoteReviewStatus: 'Pending' })).toBe(false);
    expect(clientMaySeeQuote({ status: 'Quoted', quoteReviewStatus: 'Approved' })).toBe(true);
    expect(clientMaySeeQuote({ status: 'Set Up', quoteAccepted: true })).toBe(true);
    expect(clientMaySeeQuote({ status: 'Lost', quoteAccepted: true })).toBe(false);
  });
  it('offers Pay Now when the lookup has an amount due and a quote', () => {
    expect(clientCanPayNow({ amountDue: '375.00', quoteAmount: '750.00' })).toBe(true);
    expect(clientCanPayNow({ amountDue: null, quoteAmount: '750.00' })).toBe(false);
  });
});

describe('failed payments', () => {
  it('a failed deposit or final payment moves an active lead to Payment Failed', () => {
    expect(paymentFailureMove('deposit', 'Set Up')).toBe('Payment Failed');
    expect(paymentFailureMove('final', 'Launch')).toBe('Payment Failed');
    expect(paymentFailureMove('final', 'Payment Failed')).toBeNull();
    expect(paymentFailureMove('deposit', 'Lost')).toBeNull();
    expect(paymentFailureMove('deposit', 'Complete')).toBeNull();
    expect(paymentFailureMove('order', 'Set Up')).toBeNull();
    expect(paymentFailureMove('invoice', 'Production')).toBeNull();
  });
  it('a later success moves the lead on, or back to where the failure found it', () => {
    // A deposit moves nothing of its own (Production is manual), so the lead goes back.
    expect(paymentMoves('deposit', 'Payment Failed', 'Set up', 'Set Up')).toEqual({ lead: 'Set Up' });
    expect(paymentMoves('deposit', 'Payment Failed', null, 'Set Up')).toEqual({ lead: 'Set Up' });
    expect(paymentMoves('final', 'Payment Failed', 'Launch', 'Launch')).toEqual({ lead: 'Complete' });
    expect(paymentMoves('final', 'Payment Failed', 'Production', 'Production')).toEqual({ lead: 'Production' });
    expect(paymentMoves('final', 'Payment Failed', 'Beta', null)).toEqual({ lead: 'Set Up' });
    expect(paymentMoves('final', 'Production', 'Production', 'Launch')).toEqual({});
  });
});

describe('editing a quote after money has moved: refused', () => {
  it('refuses after a paid deposit and after a paid final payment, points to Create Invoice', () => {
    expect(quoteEditRefusal({})).toBeNull();
    expect(quoteEditRefusal({ stripeDepositPaymentId: 'pi_1' })).toBe(QUOTE_EDIT_AFTER_PAYMENT);
    expect(quoteEditRefusal({ stripeFinalPaymentId: 'pi_2' })).toBe(QUOTE_EDIT_AFTER_PAYMENT);
    expect(QUOTE_EDIT_AFTER_PAYMENT).toContain('Create Invoice');
  });
});

describe('quoteLinkRevoked: links die with their quote', () => {
  const lead = { status: 'Quoted', quoteVersion: 2, quoteReviewStatus: 'Approved', quoteAccepted: false };
  const link = { quoteVersion: 2, revoked: false };
  it('a live link of the current approved version stands', () => {
    expect(quoteLinkRevoked({ link, lead })).toBe(false);
  });
  it('dies when its lead is Lost, even after a revival', () => {
    expect(quoteLinkRevoked({ link, lead: { ...lead, status: 'Lost' } })).toBe(true);
    expect(quoteLinkRevoked({ link, lead: { ...lead, status: 'New' } })).toBe(true);
    expect(quoteLinkRevoked({ link, lead: { ...lead, status: 'Lost', quoteAccepted: true } })).toBe(true);
  });
  it('dies when the quote is edited (another version) or revised', () => {
    expect(quoteLinkRevoked({ link: { ...link, quoteVersion: 1 }, lead })).toBe(true);
    expect(quoteLinkRevoked({ link, lead: { ...lead, quoteReviewStatus: 'Needs Revision' } })).toBe(true);
    expect(quoteLinkRevoked({ link, lead: { ...lead, quoteReviewStatus: 'Pending' } })).toBe(true);
  });
  it('dies when marked revoked (a newer link was issued)', () => {
    expect(quoteLinkRevoked({ link: { ...link, revoked: true }, lead })).toBe(true);
  });
  it("an accepted quote's link stays readable", () => {
    expect(quoteLinkRevoked({ link, lead: { ...lead, status: 'Set Up', quoteAccepted: true } })).toBe(false);
  });
  it('a link and a lead must name the same version: a missing one matches only a missing one', () => {
    expect(quoteLinkRevoked({ link: { ...link, quoteVersion: null }, lead })).toBe(true);
    expect(quoteLinkRevoked({ link, lead: { ...lead, quoteVersion: null } })).toBe(true);
    expect(quoteLinkRevoked({ link: { revoked: false }, lead: { ...lead, quoteVersion: undefined } })).toBe(false);
  });
  it('a marked link stays dead when its lead is back in Quoted with the same approved version', () => {
    expect(quoteLinkRevoked({ link: { ...link, revoked: true }, lead })).toBe(true);
  });
});

describe('leadMoveRevokesQuoteLinks: a move out of Quoted or into Lost ends the offer', () => {
  it('any move out of Quoted revokes, forward or back', () => {
    for (const to of ['New', 'Contacted', 'Set Up', 'Production', 'Complete', 'Lost'])
      expect(leadMoveRevokesQuoteLinks('Quoted', to), to).toBe(true);
  });
  it('a move to Lost revokes from anywhere', () => {
    for (const from of ['New', 'Contacted', 'Set Up', 'Launch'])
      expect(leadMoveRevokesQuoteLinks(from, 'Lost')).toBe(true);
  });
  it('moves into Quoted and moves elsewhere do not (there is nothing open to revoke, nothing revives)', () => {
    expect(leadMoveRevokesQuoteLinks('Contacted', 'Quoted')).toBe(false);
    expect(leadMoveRevokesQuoteLinks('Lost', 'New')).toBe(false);
    expect(leadMoveRevokesQuoteLinks('Set Up', 'Production')).toBe(false);
    expect(leadMoveRevokesQuoteLinks('Quoted', 'Quoted')).toBe(false);
  });
});
