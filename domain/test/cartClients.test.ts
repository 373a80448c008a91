import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CART_LEAD_SOURCE,
  cartClientLead,
  cartOrderSubject,
  clientEmailKey,
  orderNeedsClient,
  type CartOrderForClient,
} from '../src/cartClients.js';
import { leadDocFieldsSchema } from '../src/storedDocuments.js';
import { leadPaymentRequests } from '../src/invoiceNumbers.js';
import { orderDocSchema } from '../src/billing.js';

const paid: CartOrderForClient = {
  status: 'paid',
  packageName: 'Plus 2hr Maintenance',
  pricingMode: 'monthly',
  clientInfo: { name: 'Ada Buyer', email: 'ada@example.com', phone: '+1 555 0100', projectDescription: 'Host my site' },
};

describe('orderNeedsClient', () => {
  it('a paid order without a client lead needs one', () => {
    expect(orderNeedsClient(paid)).toBe(true);
    expect(orderNeedsClient({ ...paid, clientLeadId: null })).toBe(true);
  });

  it('an order not paid (pending, failed, set-up failed, expired) needs none', () => {
    for (const status of ['pending_payment', 'payment_failed', 'payment_setup_failed', 'expired'])
      expect(orderNeedsClient({ ...paid, status })).toBe(false);
  });

  it('an order already linked, or erased (no address), needs none', () => {
    expect(orderNeedsClient({ ...paid, clientLeadId: 'lead-1' })).toBe(false);
    expect(orderNeedsClient({ ...paid, clientInfo: { ...paid.clientInfo, email: '' } })).toBe(false);
    expect(orderNeedsClient({ ...paid, clientInfo: { ...paid.clientInfo, email: '  ' } })).toBe(false);
  });
});

describe('cartClientLead', () => {
  it('is a Won lead from the cart: the buyer, the package as subject, the description as message, no quote', () => {
    const lead = cartClientLead({ ...paid, clientInfo: { ...paid.clientInfo, email: ' Ada@Example.com ' } });
    expect(lead).toMatchObject({
      name: 'Ada Buyer',
      email: 'ada@example.com',
      phone: '+1 555 0100',
      projectType: 'Web Project',
      subject: 'Plus 2hr Maintenance (Monthly)',
      message: 'Host my site',
      status: 'Won',
      source: CART_LEAD_SOURCE,
      quoteAmountCents: null,
      depositAmountCents: null,
      quoteAccepted: false,
      deadReason: null,
    });
    // A stored lead: what the leads store checks before it writes.
    expect(leadDocFieldsSchema.safeParse(lead).success).toBe(true);
  });

  it('asks for no money: a lead without a quote gets no payment request', () => {
    expect(leadPaymentRequests('cart-x', cartClientLead(paid))).toEqual([]);
  });

  it('takes a missing phone or description as none, a blank name as the address', () => {
    const lead = cartClientLead({
      ...paid,
      clientInfo: { name: ' ', email: 'b@example.com', phone: null, projectDescription: null },
    });
    expect(lead).toMatchObject({ name: 'b@example.com', phone: null, message: '' });
  });

  it('parses as a stored lead for any buyer a stored order holds', () => {
    fc.assert(
      fc.property(
        fc.record({
          name: fc.string({ maxLength: 100 }),
          email: fc.emailAddress(),
          phone: fc.option(fc.string({ maxLength: 30 })),
          projectDescription: fc.option(fc.string({ maxLength: 200 })),
        }),
        fc.constantFrom('onetime', 'monthly', 'annual' as const),
        (clientInfo, pricingMode) => {
          const lead = cartClientLead({ ...paid, pricingMode, clientInfo });
          expect(leadDocFieldsSchema.safeParse(lead).success).toBe(true);
          expect(lead.email).toBe(clientEmailKey(clientInfo.email));
          expect(lead.name.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('cartOrderSubject and clientEmailKey', () => {
  it('names the package and its pricing mode', () => {
    expect(cartOrderSubject({ packageName: 'Web Fresh/Refresh + Hosting', pricingMode: 'onetime' })).toBe(
      'Web Fresh/Refresh + Hosting (One Time)',
    );
    expect(cartOrderSubject({ packageName: 'Plus 8hr Maintenance', pricingMode: 'annual' })).toBe(
      'Plus 8hr Maintenance (Annual)',
    );
  });

  it('compares addresses trimmed and in lower case; none is ""', () => {
    expect(clientEmailKey(' Ada@Example.COM ')).toBe('ada@example.com');
    expect(clientEmailKey(null)).toBe('');
    expect(clientEmailKey(undefined)).toBe('');
  });
});

describe('orderDocSchema', () => {
  it('reads the client lead of a linked order, and none on an older one', () => {
    const base = {
      status: 'paid',
      packageId: 'web-hosting',
      packageName: 'Web Fresh/Refresh + Hosting',
      pricingMode: 'monthly',
      clientInfo: paid.clientInfo,
      promoCode: null,
      currency: 'usd',
      setupFeeCents: 0,
      recurringCents: 4_500,
      interval: 'month',
      totalDueNowCents: 4_500,
    };
    expect(orderDocSchema.parse({ ...base, clientLeadId: 'cart-abc' }).clientLeadId).toBe('cart-abc');
    expect(orderDocSchema.parse(base).clientLeadId).toBeUndefined();
  });
});
