import { describe, expect, it } from 'vitest';
import { portalInvoice, portalOverviewReply, portalProject, type PortalInvoiceSource } from '../src/index.js';

const source = (over: Partial<PortalInvoiceSource> = {}): PortalInvoiceSource => ({
  id: 'inv1',
  kind: 'invoice',
  leadId: 'lead1',
  number: 'INV-2026-0001',
  description: 'Hosting',
  amountCents: 123_450,
  status: 'open',
  dueDate: null,
  paidAt: null,
  checkoutUrl: null,
  ledgerCents: {},
  ...over,
});

describe('portal invoices', () => {
  it('shows amounts as 2-decimal strings and an open invoice with the existing checkout', () => {
    const inv = portalInvoice(source())!;
    expect(inv.amount).toBe('1234.50');
    expect(inv.payPath).toBe('/checkout?amount=1234.50&description=Hosting&invoiceId=inv1');
  });

  it('keeps the invoice’s own checkout link, and a payment request pays through its lead', () => {
    expect(portalInvoice(source({ checkoutUrl: '/checkout?invoiceId=x' }))!.payPath).toBe('/checkout?invoiceId=x');
    const deposit = portalInvoice(source({ kind: 'deposit', description: '' }))!;
    expect(deposit.description).toBe('Deposit');
    expect(deposit.payPath).toContain('leadId=lead1');
    // The request's own description, as its email's link says: never a second wording.
    expect(new URLSearchParams(deposit.payPath!.split('?')[1]).get('description')).toBe('Deposit');
  });

  it('refuses a checkout link that leaves the site', () => {
    expect(portalInvoice(source({ checkoutUrl: 'https://evil.example/checkout?x' }))!.payPath).toMatch(/^\/checkout\?/);
  });

  it('a paid invoice has no Pay Now; void and uncollectible ones are not shown', () => {
    const paid = portalInvoice(source({ status: 'paid', paidAt: new Date(0), ledgerCents: { payment: 123_450 } }))!;
    expect(paid.payPath).toBeNull();
    expect(paid.status).toBe('paid');
    expect(portalInvoice(source({ status: 'void' }))).toBeNull();
    expect(portalInvoice(source({ status: 'uncollectible', ledgerCents: { write_off: 123_450 } }))).toBeNull();
  });

  it('follows the ledger, not the stored status: a refund shows, and an invoice past its day says how late', () => {
    const refunded = portalInvoice(
      source({ status: 'paid', ledgerCents: { payment: 123_450, refund: 47_500, credit_note: 47_500 } }),
    )!;
    expect(refunded).toMatchObject({ status: 'paid', owed: '0.00', refunded: '475.00' });
    expect(refunded.stateText).toBe('Partially refunded');
    // Due Oct 28 (midnight in London), seen Dec 7: 40 days late, on the studio's clock.
    const late = portalInvoice(
      source({ dueDate: new Date('2026-10-28T00:00:00Z') }),
      'Europe/London',
      new Date('2026-12-07T12:00:00Z'),
    )!;
    expect(late).toMatchObject({ status: 'open', owed: '1234.50', overdueDays: 40, stateText: 'Overdue 40 days' });
    expect(late.dueDate).toBe('October 28, 2026');
  });
});

describe('portal projects', () => {
  it('carry their client timeline and parse as the overview reply', () => {
    const p = portalProject('p1', { name: '', status: 'Beta', createdAt: null });
    expect(p.name).toBe('Your project');
    expect(p.timeline.find((s) => s.state === 'current')?.label).toBe('Beta');
    const reply = {
      success: true,
      email: 'a@b.c',
      projects: [p],
      invoices: [portalInvoice(source())],
      timeZone: 'Europe/London',
    };
    expect(portalOverviewReply.parse(reply)).toEqual(reply);
  });
});
