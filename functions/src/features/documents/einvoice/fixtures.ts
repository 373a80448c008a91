/**
 * EInvoice fixtures for the tests: one per tax situation this studio issues
 * (domestic VAT, EU reverse charge, exempt, outside the scope, credit note,
 * several rates, partly paid), built with the domain's one totals rule.
 */
import { TAX_NOTES } from '@studio/domain/invoiceTax';
import { invoiceLineTotals, type EInvoice, type InvoiceLine } from '@studio/domain';

const line = (over: Partial<InvoiceLine> = {}): InvoiceLine => ({
  description: 'Wedding photography, full day',
  quantityMilli: 1000,
  unit: 'DAY',
  unitPriceCents: 250_000,
  taxRateBps: 1900,
  taxCategory: 'S',
  ...over,
});

/** An invoice of `lines` from a German studio to a German client (domestic VAT), with `over` applied. */
export function eInvoiceFixture(over: Partial<EInvoice> = {}, lines: InvoiceLine[] = [line()]): EInvoice {
  const totals = invoiceLineTotals(lines);
  const paidCents = over.paidCents ?? 0;
  return {
    typeCode: 380,
    number: 'INV-2026-0042',
    issueDate: '2026-03-05',
    dueDate: '2026-03-19',
    supplyDate: '2026-02-28',
    currency: 'USD',
    seller: {
      name: 'Lichtwerk Studio GmbH',
      address: 'Torstraße 1\n10119 Berlin',
      country: 'DE',
      vatId: 'DE123456789',
      taxRegistrationId: null,
      email: 'hello@lichtwerk.example',
    },
    buyer: {
      name: 'Müller & Söhne <AG>',
      contactName: 'Θεοδώρα Παπαδημητροπούλου',
      address: 'Hauptstraße 5\n80331 München',
      country: 'DE',
      vatId: 'DE987654321',
      email: 'theodora@mueller.example',
    },
    taxNote: null,
    paymentTerms: 'Payment due within 14 days',
    precedingInvoice: null,
    ...over,
    totals,
    paidCents,
    dueCents: totals.totalCents - paidCents,
  };
}

/** Each situation the tests validate, by name. */
export const E_INVOICE_CASES: Record<string, () => EInvoice> = {
  'domestic VAT invoice': () => eInvoiceFixture(),
  'reverse charge to an EU business in another country': () =>
    eInvoiceFixture(
      {
        buyer: {
          name: 'Atelier Lumière SARL',
          contactName: null,
          address: '12 rue de la Paix\n75002 Paris',
          country: 'FR',
          vatId: 'FR40303265045',
          email: null,
        },
        taxNote: TAX_NOTES.reverseCharge,
      },
      [line({ taxRateBps: 0, taxCategory: 'AE' })],
    ),
  'exempt studio not registered for VAT': () =>
    eInvoiceFixture(
      {
        seller: {
          name: 'Anna Becker Fotografie',
          address: 'Lindenallee 3\n50668 Köln',
          country: 'DE',
          vatId: null,
          taxRegistrationId: '215/5678/1234',
          email: null,
        },
        buyer: {
          name: 'Jan Kowalski',
          contactName: null,
          address: null,
          country: 'DE',
          vatId: null,
          email: 'jan@example.com',
        },
        taxNote: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet (small business exemption).',
      },
      [
        line({ taxRateBps: 0, taxCategory: 'E' }),
        line({ description: 'Album', unit: 'C62', unitPriceCents: 45_000, taxRateBps: 0, taxCategory: 'E' }),
      ],
    ),
  'US studio, outside the scope of VAT': () =>
    eInvoiceFixture(
      {
        seller: {
          name: 'Golden Hour Photo LLC',
          address: '500 Market St\nSan Francisco, CA 94105',
          country: 'US',
          vatId: null,
          taxRegistrationId: '12-3456789',
          email: 'billing@goldenhour.example',
        },
        buyer: {
          name: 'Sam Lee',
          contactName: null,
          address: '1 Main St\nPortland, OR 97201',
          country: 'US',
          vatId: null,
          email: null,
        },
        taxNote: 'Not subject to VAT',
        dueDate: null,
        paymentTerms: 'Payment due on receipt',
      },
      [line({ unit: 'HUR', quantityMilli: 2500, unitPriceCents: 18_000, taxRateBps: 0, taxCategory: 'O' })],
    ),
  'credit note referencing its invoice': () =>
    eInvoiceFixture(
      {
        typeCode: 381,
        number: 'CN-2026-0003',
        dueDate: null,
        paymentTerms: 'Refunded to the original means of payment',
        precedingInvoice: { number: 'INV-2026-0042', issueDate: '2026-03-05' },
      },
      [line({ description: 'Refund: INV-2026-0042', unit: 'LS', unitPriceCents: 47_500 })],
    ),
  'several rates with a discount line': () =>
    eInvoiceFixture({}, [
      line(),
      line({ description: 'Prints', unit: 'C62', quantityMilli: 12_000, unitPriceCents: 1_999, taxRateBps: 700 }),
      line({ description: 'Travel, 1.5 hours', unit: 'HUR', quantityMilli: 1500, unitPriceCents: 3_333 }),
      line({ description: 'Loyalty discount', unit: 'C62', unitPriceCents: -10_000 }),
    ]),
  'partly paid invoice': () => eInvoiceFixture({ paidCents: 100_000 }),
};
