import { describe, expect, it } from 'vitest';
import {
  inPortalOrder,
  portalSubscription,
  portalSubscriptionSchema,
  portalSubscriptionStatusText,
  type SubscriptionDoc,
} from '../src/index.js';

const sub = (over: Partial<SubscriptionDoc> = {}): SubscriptionDoc => ({
  orderId: 'o1',
  packageId: 'pro',
  packageName: 'Pro Hosting',
  customerEmail: 'jane@example.com',
  customerName: 'Jane',
  interval: 'month',
  amountCents: 4999,
  currency: 'usd',
  status: 'active',
  // 11:00 UTC on Dec 14 is already Dec 15 in Auckland.
  currentPeriodEnd: new Date('2026-12-14T11:00:00Z'),
  cancelAtPeriodEnd: false,
  stripeSubscriptionId: null,
  mode: 'test',
  lastPaymentFailedAt: null,
  canceledAt: null,
  createdAt: null,
  updatedAt: null,
  ...over,
});

describe('portalSubscription', () => {
  it('shows the price as a 2-decimal string and the period end on the studio clock', () => {
    const p = portalSubscription('o1', sub(), 'Pacific/Auckland');
    expect(portalSubscriptionSchema.parse(p)).toEqual(p);
    expect(p).toMatchObject({ amount: '49.99', periodEnd: 'December 15, 2026', manage: 'studio' });
    expect(portalSubscription('o1', sub(), 'UTC').periodEnd).toBe('December 14, 2026');
  });

  it('sends a live subscription to Stripe, a test one to the studio page, and a canceled one nowhere', () => {
    expect(portalSubscription('o1', sub({ mode: 'live', stripeSubscriptionId: 'sub_1' }), 'UTC').manage).toBe('stripe');
    // A live subscription Stripe does not know (no id) has no customer portal to open.
    expect(portalSubscription('o1', sub({ mode: 'live' }), 'UTC').manage).toBe('studio');
    expect(portalSubscription('o1', sub({ status: 'canceled' }), 'UTC').manage).toBeNull();
  });

  it('words the status', () => {
    const p = portalSubscription('o1', sub(), 'UTC');
    expect(portalSubscriptionStatusText(p)).toBe('Active');
    expect(portalSubscriptionStatusText({ ...p, cancelAtPeriodEnd: true })).toBe('Ends on December 14, 2026');
    expect(portalSubscriptionStatusText({ ...p, status: 'past_due' })).toBe('Payment past due');
    expect(portalSubscriptionStatusText({ ...p, status: 'canceled', cancelAtPeriodEnd: true })).toBe('Canceled');
  });
});

describe('inPortalOrder', () => {
  it('puts active first, then past due, then canceled, each by the soonest period end', () => {
    const at = (iso: string) => new Date(iso);
    const list = [
      { id: 'c', status: 'canceled' as const, currentPeriodEnd: at('2026-01-01') },
      { id: 'a2', status: 'active' as const, currentPeriodEnd: at('2026-03-01') },
      { id: 'p', status: 'past_due' as const, currentPeriodEnd: at('2026-01-01') },
      { id: 'a1', status: 'active' as const, currentPeriodEnd: at('2026-02-01') },
    ];
    expect(inPortalOrder(list).map((s) => s.id)).toEqual(['a1', 'a2', 'p', 'c']);
    expect(list[0]!.id).toBe('c');
  });
});
