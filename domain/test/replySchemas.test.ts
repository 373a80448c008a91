/**
 * Reply schemas of the public flows (quote link, client lookup, cart, test
 * payments) and of invoice creation: a reply as the server writes it parses,
 * and a malformed one is refused. The replies are built the way the routes
 * build them, from the same domain functions.
 */
import { describe, expect, it } from 'vitest';
import {
  centsToString,
  checkoutPath,
  clientProjectLookupReply,
  generatedQuoteDetailsOf,
  invoiceCreatedReply,
  parseQuoteDetails,
  priceCart,
  promoValidatedReply,
  quoteLinkAcceptedReply,
  quoteLinkReply,
  subscriptionReply,
  testPaymentConfirmedReply,
  testPaymentDeclinedReply,
} from '../src/index.js';

const details = generatedQuoteDetailsOf(
  { totalCents: 595_000, depositCents: 297_500, finalCents: 297_500, hourlyRateCents: 9_500, baseCents: 597_000 },
  62.8,
  'Adjustments: hours × rate, rounded to the nearest $50.',
);

const quoteLink = {
  success: true,
  lead: {
    name: 'Hannah Weiss',
    projectType: 'Web Project',
    subject: 'Weiss Dental website',
    complexity: 'Medium',
    forceDeposit: true,
    includeServicePlan: true,
    servicePlanType: 'Hosting',
    quoteAccepted: false,
    phase1: 'Design',
    phase2: null,
    phase3: null,
    phase4: null,
  },
  quoteDetails: details,
};

const clientLead = {
  id: 'lead1',
  name: 'Hannah Weiss',
  projectType: 'Web Project',
  subject: 'Weiss Dental website',
  status: 'Production',
  quoteAmount: '4500.00',
  depositAmount: '2250.00',
  finalAmount: '2250.00',
  amountDue: null,
  paidInFull: false,
  payPath: null,
  statement: null,
  estimatedHours: 40,
  complexity: 'Medium',
  phase1: null,
  phase2: null,
  phase3: null,
  phase4: null,
  techStack: 'React',
  database: null,
  integrations: null,
  createdAt: '2026-01-02T03:04:05.000Z',
};
const clientProject = {
  name: 'Weiss Dental website',
  status: 'Production',
  deploymentUrl: null,
  launchDate: null,
  countdownEndsAt: null,
  handoffType: null,
  createdAt: '2026-01-03T03:04:05.000Z',
};
const lookup = {
  success: true,
  lead: clientLead,
  project: clientProject,
  projects: [{ lead: clientLead, project: clientProject }],
  documents: [
    { kind: 'invoice', number: 'INV-2026-0007', label: 'Invoice (INV-2026-0007)', url: '/api/client-documents/x?s=1' },
    { kind: 'receipt', number: null, label: 'Receipt', url: '/api/client-documents/y?s=2' },
  ],
  timeZone: 'Europe/London',
};

/** The money of a priced cart as the promo routes write it (functions/src/features/promo/router.ts priceDto). */
function priceDto(mode: 'onetime' | 'monthly' | 'annual') {
  const price = priceCart('web-hosting', mode, null, new Date('2026-03-01T00:00:00Z'));
  return {
    price,
    dto: {
      setupFee: centsToString(price.setupFeeCents),
      monthlyPrice: price.interval === 'month' ? centsToString(price.recurringCents) : null,
      recurringPrice: centsToString(price.recurringCents),
      interval: price.interval,
      annualSaving: centsToString(price.annualSavingCents),
      discount: centsToString(price.discountCents),
      totalDueNow: centsToString(price.totalDueNowCents),
    },
  };
}

describe('reply schemas of the public flows', () => {
  it('read the test-mode payment replies, and refuse a confirmation that is not one', () => {
    expect(testPaymentConfirmedReply.parse({ success: true, status: 'succeeded' })).toEqual({
      success: true,
      status: 'succeeded',
    });
    expect(
      testPaymentDeclinedReply.parse({ success: false, status: 'failed', error: 'Your card was declined. (test mode)' })
        .error,
    ).toBe('Your card was declined. (test mode)');
    expect(testPaymentConfirmedReply.safeParse({ success: false, status: 'failed' }).success).toBe(false);
    expect(testPaymentDeclinedReply.safeParse({ success: false, status: 'failed' }).success).toBe(false);
  });

  it('read a quote link with its details, and with none', () => {
    expect(quoteLinkReply.parse(quoteLink)).toEqual(quoteLink);
    expect(quoteLinkReply.parse({ ...quoteLink, quoteDetails: null }).quoteDetails).toBeNull();
  });

  it('refuse a quote link whose money is not a 2-decimal string or whose plan is unknown', () => {
    const badMoney = { ...quoteLink, quoteDetails: { ...details, quoteAmount: 5950 } };
    expect(quoteLinkReply.safeParse(badMoney).success).toBe(false);
    expect(
      quoteLinkReply.safeParse({ ...quoteLink, quoteDetails: { ...details, depositAmount: '2975.5' } }).success,
    ).toBe(false);
    expect(
      quoteLinkReply.safeParse({ ...quoteLink, lead: { ...quoteLink.lead, servicePlanType: 'Gold' } }).success,
    ).toBe(false);
    expect(quoteLinkReply.safeParse({ success: true, quoteDetails: null }).success).toBe(false);
  });

  it('parseQuoteDetails reads stored details, and gives null for absent, broken or foreign ones', () => {
    expect(parseQuoteDetails(JSON.stringify(details))).toEqual(details);
    const { breakdown: _omitted, ...older } = details;
    expect(parseQuoteDetails(JSON.stringify(older))).toEqual(older);
    // The explanation travels with the amounts; details stored before it existed still read.
    expect(parseQuoteDetails(JSON.stringify(details))?.adjustmentsNote).toBe(details.adjustmentsNote);
    const { adjustmentsNote: _note, ...unexplained } = details;
    expect(parseQuoteDetails(JSON.stringify(unexplained))).toEqual(unexplained);
    expect(parseQuoteDetails(null)).toBeNull();
    expect(parseQuoteDetails('{not json')).toBeNull();
    expect(parseQuoteDetails(JSON.stringify({ quoteAmount: '1.00' }))).toBeNull();
  });

  it('read an acceptance by what follows it: a deposit checkout, or a message', () => {
    const checkoutUrl = checkoutPath(297_500, '50% deposit: Weiss Dental website', 'lead1');
    expect(quoteLinkAcceptedReply.parse({ success: true, requiresPayment: true, checkoutUrl })).toEqual({
      success: true,
      requiresPayment: true,
      checkoutUrl,
    });
    const noDeposit = { success: true, requiresPayment: false, message: 'Quote accepted.' };
    expect(quoteLinkAcceptedReply.parse(noDeposit)).toEqual(noDeposit);
    expect(quoteLinkAcceptedReply.safeParse({ success: true, requiresPayment: true }).success).toBe(false);
    expect(quoteLinkAcceptedReply.safeParse({ success: true, requiresPayment: false }).success).toBe(false);
  });

  it('read a client lookup, and refuse one with a foreign document link or an unknown project status', () => {
    expect(clientProjectLookupReply.parse(lookup)).toEqual(lookup);
    expect(
      clientProjectLookupReply.parse({ ...lookup, project: null, projects: [], documents: [] }).project,
    ).toBeNull();
    const foreign = {
      ...lookup,
      documents: [{ kind: 'invoice', number: null, label: 'x', url: 'https://evil.test/x' }],
    };
    expect(clientProjectLookupReply.safeParse(foreign).success).toBe(false);
    const status = { ...lookup, project: { ...clientProject, status: 'Shipped' } };
    expect(clientProjectLookupReply.safeParse(status).success).toBe(false);
    const { documents: _documents, ...withoutDocuments } = lookup;
    expect(clientProjectLookupReply.safeParse(withoutDocuments).success).toBe(false);
    // A lookup kept from before the zone was sent reads as the settings' default.
    const { timeZone: _timeZone, ...withoutZone } = lookup;
    expect(clientProjectLookupReply.parse(withoutZone).timeZone).toBe('UTC');
  });

  it('read a created invoice, and refuse one without its number', () => {
    const created = {
      success: true,
      message: 'Invoice Created Successfully',
      invoiceId: 'inv1',
      number: 'INV-2026-0007',
      checkoutUrl: '/checkout?invoiceId=inv1',
    };
    expect(invoiceCreatedReply.parse(created)).toEqual(created);
    expect(invoiceCreatedReply.safeParse({ ...created, number: undefined }).success).toBe(false);
    expect(invoiceCreatedReply.safeParse({ ...created, number: '7' }).success).toBe(false);
  });

  it('read a validated promo code, and refuse one whose discount is a number', () => {
    const { dto } = priceDto('onetime');
    const validated = {
      success: true,
      valid: true,
      code: 'WELCOME10',
      discountType: 'percentage',
      description: '10% off',
      orderAmount: dto.setupFee,
      ...dto,
      message: 'Promo code WELCOME10 applied',
    };
    expect(promoValidatedReply.parse(validated)).toEqual(validated);
    expect(promoValidatedReply.safeParse({ ...validated, discount: 10 }).success).toBe(false);
  });

  it('read a created subscription in each pricing mode, and refuse one without its payment mode', () => {
    for (const mode of ['onetime', 'monthly', 'annual'] as const) {
      const { price, dto } = priceDto(mode);
      const order = {
        success: true,
        orderId: 'order1',
        packageId: price.packageId,
        pricingMode: price.mode,
        ...dto,
        promoApplied: false,
        promoCode: null,
        currency: 'usd',
        clientSecret: null,
        paymentIntentId: 'pi_test_0123456789abcdef01234567',
        paymentMode: 'test',
        message: 'Order created.',
      };
      expect(subscriptionReply.parse(order)).toEqual(order);
      const { paymentMode: _mode, ...noMode } = order;
      expect(subscriptionReply.safeParse(noMode).success).toBe(false);
    }
  });
});
