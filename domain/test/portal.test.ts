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
  });

  it('refuses a checkout link that leaves the site', () => {
    expect(portalInvoice(source({ checkoutUrl: 'https://evil.example/checkout?x' }))!.payPath).toMatch(/^\/checkout\?/);
  });

  it('a paid invoice has no Pay Now; void and uncollectible ones are not shown', () => {
    expect(portalInvoice(source({ status: 'paid', paidAt: new Date(0) }))!.payPath).toBeNull();
    expect(portalInvoice(source({ status: 'void' }))).toBeNull();
    expect(portalInvoice(source({ status: 'uncollectible' }))).toBeNull();
  });
});

describe('portal projects', () => {
  it('carry their client timeline and parse as the overview reply', () => {
    const p = portalProject('p1', { name: '', status: 'Beta', createdAt: null });
    expect(p.name).toBe('Your project');
    expect(p.timeline.find((s) => s.state === 'current')?.label).toBe('Beta');
    const reply = { success: true, email: 'a@b.c', projects: [p], invoices: [portalInvoice(source())] };
    expect(portalOverviewReply.parse(reply)).toEqual(reply);
  });
});
