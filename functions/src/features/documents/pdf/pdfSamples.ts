/**
 * Samples the invoice PDF tests render (tests only): a studio in its settings' shape, and an open invoice of it.
 */
import { studioSettingsSchema } from '@studio/domain';

/** The studio the samples are issued by (settings as saved). */
export const SAMPLE_STUDIO = studioSettingsSchema.parse({
  businessName: 'Northwind Pixel Works',
  postalAddress: '42 Harbour Lane\nPortsmouth PO1 2AB',
  contactEmail: 'billing@northwind.example',
  taxId: 'GB123456789',
  logoUrl: '',
  paymentTermsDays: 21,
  invoiceFooter: 'Bank transfer details on request. Thank you!',
});

/** An open invoice of SAMPLE_STUDIO (domain InvoiceSource fields; amounts in cents). */
export const SAMPLE_INVOICE = {
  number: 'INV-2026-0042',
  description: 'Website redesign, phase 1',
  amountCents: 1_234_550,
  issuedAt: new Date('2026-11-02T10:00:00Z'),
  dueDate: new Date('2026-11-23T00:00:00Z'),
  clientName: 'Maya Chen',
  email: 'maya@example.com',
  checkoutUrl: '/checkout?invoiceId=abc',
};
