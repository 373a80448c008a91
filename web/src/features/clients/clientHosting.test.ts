import { describe, expect, it } from 'vitest';
import { hostingByClient, hostingOf, hostingSummary, type ClientOrder, type ClientSubscription } from './clientHosting';

function order(id: string, email: string, extra: Partial<ClientOrder> = {}): ClientOrder {
  return {
    id,
    status: 'paid',
    packageName: 'Web Fresh/Refresh + Hosting',
    pricingMode: 'monthly',
    totalDueNowCents: 4_500,
    createdAt: new Date('2026-03-01T00:00:00Z'),
    clientInfo: { name: 'Ada', email, phone: null, projectDescription: 'Host it' },
    ...extra,
  };
}

function subscription(id: string, email: string, extra: Partial<ClientSubscription> = {}): ClientSubscription {
  return {
    id,
    status: 'active',
    packageName: 'Web Fresh/Refresh + Hosting',
    interval: 'month',
    amountCents: 4_500,
    currentPeriodEnd: new Date('2026-04-01T00:00:00Z'),
    cancelAtPeriodEnd: false,
    customerEmail: email,
    ...extra,
  };
}

describe('hostingByClient / hostingOf', () => {
  const byClient = hostingByClient(
    [
      order('o1', 'ada@example.com', { createdAt: new Date('2026-01-01T00:00:00Z') }),
      order('o2', 'Ada@Example.com ', {
        createdAt: new Date('2026-02-01T00:00:00Z'),
        packageName: 'Plus 2hr Maintenance',
      }),
      order('o3', 'bo@example.com', { status: 'pending_payment' }),
      order('erased', ''),
    ],
    [subscription('o1', 'ada@example.com'), subscription('gone', '')],
  );

  it("groups orders and subscriptions by the client's address in any case, newest order first", () => {
    const ada = hostingOf(byClient, 'ADA@example.com')!;
    expect(ada.orders.map((o) => o.id)).toEqual(['o2', 'o1']);
    expect(ada.subscriptions.map((s) => s.id)).toEqual(['o1']);
    expect(hostingOf(byClient, 'bo@example.com')!.orders.map((o) => o.id)).toEqual(['o3']);
  });

  it("an erased order (no address) is nobody's; a lead with no orders or no address has no hosting", () => {
    expect(hostingOf(byClient, '')).toBeNull();
    expect(hostingOf(byClient, null)).toBeNull();
    expect(hostingOf(byClient, 'someone@example.com')).toBeNull();
    expect([...byClient.keys()].sort()).toEqual(['ada@example.com', 'bo@example.com']);
  });

  it('keeps an order whose date is still pending first', () => {
    const h = hostingByClient([order('old', 'a@x.io'), order('new', 'a@x.io', { createdAt: null })], []);
    expect(hostingOf(h, 'a@x.io')!.orders.map((o) => o.id)).toEqual(['new', 'old']);
  });
});

describe('hostingSummary', () => {
  it('counts orders and paid ones, names each package once (paid first) and each subscription', () => {
    const summary = hostingSummary({
      orders: [
        order('a', 'a@x.io', { status: 'expired', packageName: 'Plus 8hr Maintenance' }),
        order('b', 'a@x.io'),
        order('c', 'a@x.io'),
      ],
      subscriptions: [
        subscription('b', 'a@x.io'),
        subscription('c', 'a@x.io', { status: 'past_due', interval: 'year', amountCents: 45_000 }),
        subscription('d', 'a@x.io', { cancelAtPeriodEnd: true }),
        subscription('e', 'a@x.io', { status: 'canceled', cancelAtPeriodEnd: true }),
      ],
    });
    expect(summary).toEqual({
      orders: '3 orders, 2 paid',
      bought: 'Web Fresh/Refresh + Hosting, Plus 8hr Maintenance',
      subscriptions: [
        'Web Fresh/Refresh + Hosting: Active, $45.00/month',
        'Web Fresh/Refresh + Hosting: Past due, $450.00/year',
        'Web Fresh/Refresh + Hosting: Active (ends at period end), $45.00/month',
        'Web Fresh/Refresh + Hosting: Canceled, $45.00/month',
      ],
    });
  });

  it('reads one order in the singular', () => {
    expect(hostingSummary({ orders: [order('a', 'a@x.io')], subscriptions: [] }).orders).toBe('1 order, 1 paid');
  });
});
