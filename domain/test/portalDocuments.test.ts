import { describe, expect, it } from 'vitest';
import {
  portalDocumentPath,
  portalDocumentsReply,
  portalInvoice,
  portalStatusReply,
  type PortalInvoiceSource,
} from '../src/index.js';

const source: PortalInvoiceSource = {
  id: 'inv1',
  kind: 'invoice',
  leadId: 'lead1',
  number: 'INV-2026-0001',
  description: 'Hosting',
  amountCents: 100,
  status: 'open',
  // Midnight of March 5 in Los Angeles: still March 5 there, already past it in UTC's reading of the instant.
  dueDate: new Date('2026-03-05T08:00:00Z'),
  paidAt: null,
  checkoutUrl: null,
  ledgerCents: {},
};

describe('portal due days', () => {
  it('are written on the studio’s clock, as its PDFs write them, not as an instant for the browser', () => {
    expect(portalInvoice(source, 'America/Los_Angeles')!.dueDate).toBe('March 5, 2026');
    expect(
      portalInvoice({ ...source, dueDate: new Date('2026-03-05T03:00:00Z') }, 'America/Los_Angeles')!.dueDate,
    ).toBe('March 4, 2026');
    expect(portalInvoice({ ...source, dueDate: null }, 'America/Los_Angeles')!.dueDate).toBeNull();
  });
});

describe('portal documents and status replies', () => {
  it('download through the portal’s own route, the id escaped', () => {
    const path = portalDocumentPath('receipt', 'pi/1');
    expect(path).toBe('/api/portal/documents/receipt/pi%2F1');
    const reply = {
      success: true,
      documents: [{ kind: 'receipt', id: 'pi/1', number: null, label: 'R', downloadPath: path }],
    };
    expect(portalDocumentsReply.parse(reply).documents).toHaveLength(1);
    expect(() =>
      portalDocumentsReply.parse({ ...reply, documents: [{ ...reply.documents[0], downloadPath: 'https://x' }] }),
    ).toThrow();
  });

  it('tell whether and when the client signed in', () => {
    expect(portalStatusReply.parse({ success: true, signedIn: false, signedInAt: null }).signedIn).toBe(false);
  });
});
