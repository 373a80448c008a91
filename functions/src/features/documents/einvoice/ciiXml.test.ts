import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EN16931_DIR, loadCiiValidator, validateCii } from '../../../../../tests/en16931.js';
import { amount, ciiXml, EInvoiceIncomplete, percent, quantity } from './ciiXml.js';
import { E_INVOICE_CASES, eInvoiceFixture } from './fixtures.js';

// Compiling CEN's XSLT the first time takes about 30 s; later runs read the cache.
beforeAll(() => loadCiiValidator(), 300_000);

describe('CEN EN 16931 validation tooling', () => {
  it("passes one of CEN's own CII examples", () => {
    const r = validateCii(readFileSync(join(EN16931_DIR, 'CII_example1.xml'), 'utf8'));
    expect(r.errors).toEqual([]);
    expect(r.svrl).toContain('schematron-output');
  });
});

describe('ciiXml passes the EN 16931 CII validation', () => {
  for (const [name, make] of Object.entries(E_INVOICE_CASES)) {
    it(name, () => {
      // No fatal error, and not even a warning.
      expect(validateCii(ciiXml(make())).failed).toEqual([]);
    });
  }

  it('a broken e-invoice is caught by the validator (totals that do not add up)', () => {
    const e = eInvoiceFixture();
    const broken = {
      ...e,
      totals: { ...e.totals, netCents: e.totals.netCents + 1, totalCents: e.totals.totalCents + 1 },
      dueCents: e.dueCents + 1,
    };
    const ids = validateCii(ciiXml(broken)).errors.map((f) => f.id);
    expect(ids).toContain('BR-CO-10');
  });
});

describe('ciiXml states the facts', () => {
  it('domestic invoice: profile, parties, tax ids, line, breakdown, totals, dates', () => {
    const xml = ciiXml(eInvoiceFixture());
    expect(xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    expect(xml).toContain('<ram:TypeCode>380</ram:TypeCode>');
    expect(xml).toContain('<ram:ID schemeID="VA">DE123456789</ram:ID>');
    expect(xml).toContain('<ram:ID schemeID="VA">DE987654321</ram:ID>');
    expect(xml).toContain('<ram:Name>Müller &amp; Söhne &lt;AG&gt;</ram:Name>');
    expect(xml).toContain('<ram:PersonName>Θεοδώρα Παπαδημητροπούλου</ram:PersonName>');
    expect(xml).toContain('<ram:BilledQuantity unitCode="DAY">1</ram:BilledQuantity>');
    expect(xml).toContain('<ram:CalculatedAmount>475.00</ram:CalculatedAmount>');
    expect(xml).toContain('<ram:GrandTotalAmount>2975.00</ram:GrandTotalAmount>');
    expect(xml).toContain('<ram:TaxTotalAmount currencyID="USD">475.00</ram:TaxTotalAmount>');
    expect(xml).toContain('<ram:InvoiceCurrencyCode>USD</ram:InvoiceCurrencyCode>');
    expect(xml).toMatch(/<ram:DueDateDateTime>\s*<udt:DateTimeString format="102">20260319</);
    expect(xml).toMatch(
      /<ram:ActualDeliverySupplyChainEvent>\s*<ram:OccurrenceDateTime>\s*<udt:DateTimeString format="102">20260228</,
    );
    expect(xml).not.toContain('TotalPrepaidAmount');
  });

  it('reverse charge: category AE at 0% with the note and VATEX-EU-AE, both VAT ids', () => {
    const xml = ciiXml(E_INVOICE_CASES['reverse charge to an EU business in another country']!());
    expect(xml).toContain('<ram:CategoryCode>AE</ram:CategoryCode>');
    expect(xml).toContain('<ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>');
    expect(xml).toContain('<ram:ExemptionReason>Reverse charge: VAT to be accounted for by the recipient');
    expect(xml).toContain('<ram:ID schemeID="VA">FR40303265045</ram:ID>');
  });

  it('outside the scope (O): no VAT id, no rate, the tax id as FC and legal registration', () => {
    const xml = ciiXml(E_INVOICE_CASES['US studio, outside the scope of VAT']!());
    expect(xml).not.toContain('schemeID="VA"');
    expect(xml).not.toContain('RateApplicablePercent');
    expect(xml).toContain('<ram:ID schemeID="FC">12-3456789</ram:ID>');
    expect(xml).toMatch(/<ram:SpecifiedLegalOrganization>\s*<ram:ID>12-3456789</);
    expect(xml).toContain('<ram:BilledQuantity unitCode="HUR">2.5</ram:BilledQuantity>');
  });

  it('credit note: 381 with the invoice it corrects (BG-3)', () => {
    const xml = ciiXml(E_INVOICE_CASES['credit note referencing its invoice']!());
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(xml).toMatch(
      /<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>INV-2026-0042<\/ram:IssuerAssignedID>\s*<ram:FormattedIssueDateTime>\s*<qdt:DateTimeString format="102">20260305</,
    );
  });

  it('a discount line is a positive price on a negative quantity (BR-27)', () => {
    const xml = ciiXml(E_INVOICE_CASES['several rates with a discount line']!());
    expect(xml).toMatch(/<ram:ChargeAmount>100.00<\/ram:ChargeAmount>[\s\S]*?unitCode="C62">-1</);
    expect(xml).toContain('<ram:LineTotalAmount>-100.00</ram:LineTotalAmount>');
    expect(xml).toContain('<ram:RateApplicablePercent>7</ram:RateApplicablePercent>');
  });

  it('partly paid: prepaid amount and what is still due', () => {
    const xml = ciiXml(E_INVOICE_CASES['partly paid invoice']!());
    expect(xml).toContain('<ram:TotalPrepaidAmount>1000.00</ram:TotalPrepaidAmount>');
    expect(xml).toContain('<ram:DuePayableAmount>1975.00</ram:DuePayableAmount>');
  });

  it('formats cents, thousandths and basis points', () => {
    expect([amount(0), amount(5), amount(-5), amount(123456), amount(-100)]).toEqual([
      '0.00',
      '0.05',
      '-0.05',
      '1234.56',
      '-1.00',
    ]);
    expect([quantity(1), quantity(1500), quantity(2000), quantity(-1000)]).toEqual(['0.001', '1.5', '2', '-1']);
    expect([percent(0), percent(550), percent(2000), percent(1)]).toEqual(['0', '5.5', '20', '0.01']);
  });
});

describe('ciiXml refuses what EN 16931 requires and the EInvoice lacks', () => {
  const base = eInvoiceFixture();
  const cases: Array<[string, () => unknown, string]> = [
    [
      "the studio's country",
      () => ciiXml({ ...base, seller: { ...base.seller, country: null } }),
      "The e-invoice needs the studio's country in Settings",
    ],
    [
      "the studio's VAT id or tax id",
      () => ciiXml({ ...base, seller: { ...base.seller, vatId: null, taxRegistrationId: null } }),
      "The e-invoice needs the studio's VAT id or tax id in Settings",
    ],
    [
      "the client's country",
      () => ciiXml({ ...base, buyer: { ...base.buyer, country: null } }),
      "The e-invoice needs the client's country in the client's billing details",
    ],
    [
      "the client's VAT id for reverse charge",
      () => {
        const rc = E_INVOICE_CASES['reverse charge to an EU business in another country']!();
        return ciiXml({ ...rc, buyer: { ...rc.buyer, vatId: null } });
      },
      "The e-invoice needs the client's VAT id (reverse charge) in the client's billing details",
    ],
  ];
  for (const [name, run, message] of cases) {
    it(name, () => {
      expect(run).toThrow(EInvoiceIncomplete);
      expect(run).toThrow(message);
    });
  }

  it('a malformed EInvoice is a RangeError', () => {
    expect(() => ciiXml({ ...base, issueDate: '5 March 2026' })).toThrow(RangeError);
    expect(() => ciiXml({ ...base, dueCents: 1 })).toThrow(RangeError);
  });
});
