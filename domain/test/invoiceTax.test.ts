import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceLineTotals, linesFromStoredInvoice, storedInvoiceTotals, type InvoiceLine } from '../src/index.js';
// Not re-exported by the index: the VAT id library stays out of the web bundle until a page needs it.
import {
  applyTaxTreatment,
  clientBillingFieldsSchema,
  clientTaxFacts,
  COUNTRY_MESSAGE,
  CREDIT_NOTE_REFUSALS,
  creditNoteReference,
  EU_COUNTRIES,
  isEuCountry,
  isValidVatIdFor,
  normalizeVatId,
  PARTY_LIMITS,
  requestTaxFields,
  studioLegalFieldsSchema,
  TAX_NOTES,
  taxTreatment,
  vatIdMessage,
  type ClientTaxFacts,
  type StudioTaxFacts,
} from '../src/invoiceTax.js';

const deStudio: StudioTaxFacts = { vatRegistered: true, country: 'DE', taxId: 'DE136695976', taxRateBps: 1900 };
const ukStudio: StudioTaxFacts = { vatRegistered: true, country: 'GB', taxId: 'GB980780684', taxRateBps: 2000 };
const usStudio: StudioTaxFacts = { vatRegistered: false, country: 'US', taxId: null, taxRateBps: 825 };
const person: ClientTaxFacts = { company: null, country: null, taxId: null };

/** Well-formed VAT ids (format and check digits), one per country used below. */
const VAT = {
  DE: 'DE136695976',
  FR: 'FR40303265045',
  NL: 'NL004495445B01',
  IT: 'IT00743110157',
  GR: 'EL094259216',
  BE: 'BE0776091951',
} as const;

describe('VAT id format (jsvat)', () => {
  it('accepts a well-formed id of the country, however it is typed', () => {
    expect(isValidVatIdFor(VAT.DE, 'DE')).toBe(true);
    expect(isValidVatIdFor('de 136.695.976', 'de')).toBe(true);
    expect(isValidVatIdFor('136695976', 'DE')).toBe(true); // the prefix is added
    expect(isValidVatIdFor(VAT.GR, 'GR')).toBe(true); // Greece: EL
    expect(isValidVatIdFor('094259216', 'GR')).toBe(true);
    expect(normalizeVatId('fr 40-303 265 045', 'FR')).toBe(VAT.FR);
  });

  it('refuses a wrong check digit, another country’s id, or a country outside the EU', () => {
    expect(isValidVatIdFor('DE136695977', 'DE')).toBe(false);
    expect(isValidVatIdFor(VAT.FR, 'DE')).toBe(false);
    expect(isValidVatIdFor('GB980780684', 'GB')).toBe(false);
    expect(isValidVatIdFor('', 'DE')).toBe(false);
    expect(isValidVatIdFor(null, 'DE')).toBe(false);
    expect(isValidVatIdFor(VAT.DE, null)).toBe(false);
  });

  it('knows the 27 member states', () => {
    expect(EU_COUNTRIES).toHaveLength(27);
    expect(isEuCountry('gr')).toBe(true);
    expect(isEuCountry('GB')).toBe(false);
    expect(isEuCountry('EL')).toBe(false);
  });
});

describe('taxTreatment: EU studio', () => {
  it('domestic: a client in the studio’s country pays the studio’s rate', () => {
    expect(taxTreatment(deStudio, { company: 'ACME GmbH', country: 'DE', taxId: VAT.DE })).toEqual({
      kind: 'domestic',
      category: 'S',
      rateBps: 1900,
      note: null,
      clientVatId: null,
    });
  });

  it('reverse charge: an EU business with a valid VAT id in another member state, 0% with the Art. 196 note', () => {
    const t = taxTreatment(deStudio, { company: 'Acme SARL', country: 'FR', taxId: 'fr 40 303 265 045' });
    expect(t).toEqual({
      kind: 'reverse_charge',
      category: 'AE',
      rateBps: 0,
      note: TAX_NOTES.reverseCharge,
      clientVatId: VAT.FR,
    });
    expect(t.note).toMatch(/^Reverse charge/);
    expect(t.note).toMatch(/Article 196, Council Directive 2006\/112\/EC/);
  });

  it('fails closed: no reverse charge without a company, a valid id, or a country', () => {
    expect(taxTreatment(deStudio, { company: 'Acme SARL', country: 'FR', taxId: 'FR00000000000' }).kind).toBe(
      'domestic',
    );
    expect(taxTreatment(deStudio, { company: null, country: 'FR', taxId: VAT.FR }).kind).toBe('domestic');
    expect(taxTreatment(deStudio, { company: '  ', country: 'FR', taxId: VAT.FR }).kind).toBe('domestic');
    expect(taxTreatment(deStudio, { company: 'Acme', country: null, taxId: VAT.FR }).kind).toBe('domestic');
    expect(taxTreatment(deStudio, { company: 'Acme', country: 'FR', taxId: VAT.NL }).kind).toBe('domestic');
  });

  it('a business outside the EU: outside the scope, 0% with the Art. 44 note; a consumer there pays the studio’s rate', () => {
    expect(taxTreatment(deStudio, { company: 'Acme Inc', country: 'US', taxId: null })).toMatchObject({
      kind: 'outside_scope',
      category: 'O',
      rateBps: 0,
      note: TAX_NOTES.outsideEu,
    });
    expect(taxTreatment(deStudio, { company: 'Acme Ltd', country: 'GB', taxId: 'GB980780684' }).kind).toBe(
      'outside_scope',
    );
    expect(taxTreatment(deStudio, { ...person, country: 'US' }).kind).toBe('domestic');
  });

  it('a studio not VAT-registered charges none and says why, in the country’s own wording where it has one', () => {
    const small = { ...deStudio, vatRegistered: false };
    expect(taxTreatment(small, { company: 'Acme SARL', country: 'FR', taxId: VAT.FR })).toEqual({
      kind: 'not_registered',
      category: 'E',
      rateBps: 0,
      note: TAX_NOTES.exemptByCountry.DE,
      clientVatId: null,
    });
    expect(taxTreatment({ ...small, country: 'FR' }, person).note).toBe('TVA non applicable, art. 293 B du CGI');
    expect(taxTreatment({ ...small, country: 'NL' }, person).note).toBe(TAX_NOTES.exemptEu);
  });
});

describe('taxTreatment: UK studio (VATREC5010, VAT Notice 741A)', () => {
  it('a UK client or any consumer pays the studio’s rate', () => {
    expect(taxTreatment(ukStudio, { company: 'Acme Ltd', country: 'GB', taxId: 'GB980780684' }).kind).toBe('domestic');
    expect(taxTreatment(ukStudio, { ...person, country: 'FR' })).toMatchObject({ kind: 'domestic', rateBps: 2000 });
  });

  it('a business abroad: outside the scope of UK VAT (an EU one shows it by a valid VAT id)', () => {
    expect(taxTreatment(ukStudio, { company: 'Acme SARL', country: 'FR', taxId: VAT.FR })).toEqual({
      kind: 'outside_scope',
      category: 'O',
      rateBps: 0,
      note: TAX_NOTES.outsideUk,
      clientVatId: VAT.FR,
    });
    expect(taxTreatment(ukStudio, { company: 'Acme SARL', country: 'FR', taxId: null }).kind).toBe('domestic');
    expect(taxTreatment(ukStudio, { company: 'Acme Inc', country: 'US', taxId: null }).kind).toBe('outside_scope');
  });

  it('not registered: no VAT, and it says so', () => {
    expect(taxTreatment({ ...ukStudio, vatRegistered: false }, person)).toMatchObject({
      kind: 'not_registered',
      category: 'E',
      note: TAX_NOTES.notRegisteredUk,
    });
  });
});

describe('taxTreatment: elsewhere (US: no federal VAT)', () => {
  it('the studio’s configured rate (a state sales tax), no VAT note', () => {
    expect(taxTreatment(usStudio, { company: 'Acme SARL', country: 'FR', taxId: VAT.FR })).toEqual({
      kind: 'no_vat_jurisdiction',
      category: 'S',
      rateBps: 825,
      note: null,
      clientVatId: null,
    });
    expect(taxTreatment({ ...usStudio, taxRateBps: 0 }, person).category).toBe('O');
  });
});

describe('taxTreatment: properties', () => {
  const arbCountry = fc.constantFrom(...EU_COUNTRIES, 'GB', 'US', 'CH', 'JP', null);
  const arbStudio = fc.record({
    vatRegistered: fc.boolean(),
    country: arbCountry,
    taxId: fc.constant(null),
    taxRateBps: fc.integer({ min: 0, max: 10_000 }),
  });
  const arbClient = fc.record({
    company: fc.option(fc.constantFrom('Acme', ' ', ''), { nil: null }),
    country: arbCountry,
    taxId: fc.option(fc.constantFrom(...Object.values(VAT), 'GB980780684', 'nonsense'), { nil: null }),
  });

  it('never zero-rates a consumer of a VAT-registered studio, and only reverse-charges with a valid id of the client’s country', () => {
    fc.assert(
      fc.property(arbStudio, arbClient, (studio, client) => {
        const t = taxTreatment(studio, client);
        if (studio.vatRegistered && !client.company?.trim()) expect(t.rateBps).toBe(studio.taxRateBps);
        if (t.kind === 'reverse_charge') {
          expect(isValidVatIdFor(client.taxId, client.country)).toBe(true);
          expect(client.country).not.toBe(studio.country);
          expect(t.note).toBe(TAX_NOTES.reverseCharge);
        }
        // A 0% treatment always says why.
        if (t.rateBps === 0 && t.category !== 'O' && t.category !== 'Z') expect(t.note).not.toBeNull();
        if (t.category === 'AE' || t.category === 'E') expect(t.note).not.toBeNull();
      }),
    );
  });
});

describe('applyTaxTreatment', () => {
  const lines: InvoiceLine[] = [
    {
      description: 'Design',
      quantityMilli: 2000,
      unit: 'DAY',
      unitPriceCents: 60_000,
      taxRateBps: 1900,
      taxCategory: 'S',
    },
    { description: 'Book', quantityMilli: 1000, unit: 'C62', unitPriceCents: 5000, taxRateBps: 700, taxCategory: 'S' },
  ];

  it('reverse charge puts every line at 0%, AE: one breakdown row, no tax', () => {
    const t = taxTreatment(deStudio, { company: 'Acme SARL', country: 'FR', taxId: VAT.FR });
    const totals = invoiceLineTotals(applyTaxTreatment(lines, t));
    expect(totals.breakdown).toEqual([{ category: 'AE', rateBps: 0, taxableCents: 125_000, taxCents: 0 }]);
    expect(totals.totalCents).toBe(125_000);
  });

  it('domestic keeps each line’s own rate (a reduced rate stays reduced); a 0% line there is zero-rated', () => {
    const t = taxTreatment(deStudio, { ...person, country: 'DE' });
    const totals = invoiceLineTotals(applyTaxTreatment([...lines, { ...lines[1]!, taxRateBps: 0 }], t));
    expect(totals.breakdown).toEqual([
      { category: 'S', rateBps: 1900, taxableCents: 120_000, taxCents: 22_800 },
      { category: 'S', rateBps: 700, taxableCents: 5000, taxCents: 350 },
      { category: 'Z', rateBps: 0, taxableCents: 5000, taxCents: 0 },
    ]);
  });
});

describe('requestTaxFields (a deposit or final payment request)', () => {
  const itBusiness = clientTaxFacts({ company: 'Rossi Vini S.r.l.', country: 'IT', taxId: VAT.IT });
  /** What the request's PDF and e-invoice read back from the stored fields (domain storedInvoiceTotals). */
  const readBack = (f: ReturnType<typeof requestTaxFields>, amountCents: number) =>
    storedInvoiceTotals({ amountCents, description: 'Deposit', ...f });

  it("shows the studio's tax inside the amount for a domestic client, and keeps no lines", () => {
    const f = requestTaxFields(123_00, 'Deposit', taxTreatment(deStudio, person));
    expect(f).toMatchObject({ taxTreatment: 'domestic', taxRateBps: 1900, lines: null, taxNote: null });
    expect(f.subtotalCents! + f.taxCents!).toBe(123_00);
    expect(readBack(f, 123_00)).toEqual(linesFromStoredInvoice({ amountCents: 123_00, description: 'Deposit', ...f }));
    expect(readBack(f, 123_00).totalCents).toBe(123_00);
  });

  it('bills an EU business with a VAT id the whole amount at 0%, reverse charged, with the note', () => {
    const f = requestTaxFields(2_500_00, 'Deposit', taxTreatment(deStudio, itBusiness));
    expect(f).toMatchObject({
      taxTreatment: 'reverse_charge',
      subtotalCents: 2_500_00,
      taxCents: 0,
      taxRateBps: 0,
      taxNote: TAX_NOTES.reverseCharge,
      clientVatId: VAT.IT,
    });
    expect(f.lines).toEqual([
      {
        description: 'Deposit',
        quantityMilli: 1000,
        unit: 'C62',
        unitPriceCents: 2_500_00,
        taxRateBps: 0,
        taxCategory: 'AE',
      },
    ]);
    expect(readBack(f, 2_500_00)).toMatchObject({ totalCents: 2_500_00, taxCents: 0, breakdown: [{ category: 'AE' }] });
    expect(f.taxBreakdown).toEqual(readBack(f, 2_500_00).breakdown);
  });

  it('bills outside the scope, exempt and untaxed studios at 0% in their category, the amount unchanged', () => {
    const cases = [
      [taxTreatment(ukStudio, clientTaxFacts({ company: 'Acme Inc', country: 'US' })), 'O', TAX_NOTES.outsideUk],
      [taxTreatment({ ...deStudio, vatRegistered: false }, person), 'E', TAX_NOTES.exemptByCountry.DE],
    ] as const;
    for (const [treatment, category, note] of cases) {
      const f = requestTaxFields(99_99, ' ', treatment);
      expect(f.lines?.[0]).toMatchObject({ taxCategory: category, taxRateBps: 0, description: 'Payment' });
      expect([f.taxNote, readBack(f, 99_99).totalCents]).toEqual([note, 99_99]);
    }
  });

  it('states no tax at all where there is no VAT and the studio set no rate, as requests always did', () => {
    const f = requestTaxFields(99_99, 'Deposit', taxTreatment({ ...usStudio, taxRateBps: 0 }, person));
    expect(f).toMatchObject({ subtotalCents: null, taxCents: null, taxRateBps: null, lines: null, taxNote: null });
    expect(readBack(f, 99_99)).toMatchObject({ totalCents: 99_99, taxCents: 0, breakdown: [{ category: 'O' }] });
  });

  it('never changes what the client pays: the read-back total is the amount, whatever the treatment', () => {
    const studios = [deStudio, ukStudio, usStudio, { ...deStudio, vatRegistered: false }];
    const clients = [person, itBusiness, clientTaxFacts({ company: 'Acme Inc', country: 'US' })];
    fc.assert(
      fc.property(fc.integer({ min: 50, max: 100_000_00 }), fc.nat({ max: 3 }), fc.nat({ max: 2 }), (amount, s, c) => {
        const f = requestTaxFields(amount, 'Final payment', taxTreatment(studios[s]!, clients[c]!));
        expect(readBack(f, amount).totalCents).toBe(amount);
        if (f.subtotalCents !== null) expect(f.subtotalCents + f.taxCents!).toBe(amount);
      }),
    );
  });
});

describe('creditNoteReference', () => {
  const inv = {
    id: 'inv1',
    number: 'INV-2026-0001',
    issuedAt: new Date('2026-03-01T10:00:00Z'),
    status: 'paid',
    amountCents: 10_000,
  };

  it('refers to the invoice it corrects by number and issue date (EN 16931 BT-25, BT-26)', () => {
    expect(creditNoteReference(inv, 0, 10_000)).toEqual({
      ok: true,
      ref: { invoiceId: 'inv1', number: 'INV-2026-0001', issuedAt: inv.issuedAt },
    });
  });

  it('refuses an unnumbered, unissued or void invoice, nothing, or more than is left to credit', () => {
    expect(creditNoteReference({ ...inv, number: null }, 0, 100)).toEqual({
      ok: false,
      message: CREDIT_NOTE_REFUSALS.noNumber,
    });
    expect(creditNoteReference({ ...inv, issuedAt: null }, 0, 100)).toEqual({
      ok: false,
      message: CREDIT_NOTE_REFUSALS.notIssued,
    });
    expect(creditNoteReference({ ...inv, status: 'void' }, 0, 100)).toEqual({
      ok: false,
      message: CREDIT_NOTE_REFUSALS.void,
    });
    expect(creditNoteReference(inv, 0, 0)).toEqual({ ok: false, message: CREDIT_NOTE_REFUSALS.nothing });
    expect(creditNoteReference(inv, 4000, 6001)).toEqual({ ok: false, message: CREDIT_NOTE_REFUSALS.tooMuch });
    expect(creditNoteReference(inv, 4000, 6000).ok).toBe(true);
  });
});

describe('legal fields schemas', () => {
  const msgs = (r: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
    r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

  it('the studio: optional on their own, canonical country and VAT id', () => {
    expect(studioLegalFieldsSchema.parse({})).toEqual({
      legalName: null,
      legalAddress: null,
      country: null,
      taxId: null,
      vatRegistered: false,
    });
    expect(
      studioLegalFieldsSchema.parse({
        legalName: ' Studio GmbH ',
        legalAddress: 'Hauptstr. 1, 10115 Berlin',
        country: 'de',
        taxId: 'de 136 695 976',
        vatRegistered: true,
      }),
    ).toMatchObject({ legalName: 'Studio GmbH', country: 'DE', taxId: VAT.DE, vatRegistered: true });
    expect(
      studioLegalFieldsSchema.parse({ country: 'UK', taxId: 'GB 980 7806 84', vatRegistered: true }),
    ).toMatchObject({ country: 'GB', taxId: 'GB 980 7806 84' });
  });

  it('the studio: refuses with a clear message, and unknown keys', () => {
    expect(msgs(studioLegalFieldsSchema.safeParse({ vatRegistered: true }))).toEqual([
      'country: A VAT-registered studio needs its country',
      'taxId: A VAT-registered studio needs its VAT number',
    ]);
    expect(msgs(studioLegalFieldsSchema.safeParse({ country: 'DE', taxId: 'DE123', vatRegistered: true }))).toEqual([
      `taxId: ${vatIdMessage('DE')}`,
    ]);
    expect(msgs(studioLegalFieldsSchema.safeParse({ country: 'XX' }))).toEqual([`country: ${COUNTRY_MESSAGE}`]);
    expect(msgs(studioLegalFieldsSchema.safeParse({ country: 'EU' }))).toEqual([`country: ${COUNTRY_MESSAGE}`]);
    expect(studioLegalFieldsSchema.safeParse({ extra: 1 }).success).toBe(false);
    expect(studioLegalFieldsSchema.safeParse({ legalName: 'x'.repeat(PARTY_LIMITS.legalName + 1) }).success).toBe(
      false,
    );
  });

  it('the client: a company in the EU gives a valid VAT id or none; elsewhere any tax id is kept', () => {
    expect(clientBillingFieldsSchema.parse({ company: 'Acme SARL', country: 'fr', taxId: '40 303 265 045' })).toEqual({
      company: 'Acme SARL',
      address: null,
      country: 'FR',
      taxId: VAT.FR,
    });
    expect(clientBillingFieldsSchema.parse({ company: 'Acme Inc', country: 'US', taxId: '12-3456789' }).taxId).toBe(
      '12-3456789',
    );
    expect(clientBillingFieldsSchema.parse({ country: 'el', taxId: '' })).toMatchObject({ country: 'GR', taxId: null });
    expect(msgs(clientBillingFieldsSchema.safeParse({ country: 'FR', taxId: 'FR123' }))).toEqual([
      `taxId: ${vatIdMessage('FR')}`,
    ]);
  });

  it('feeds the tax treatment: a parsed EU client gets reverse charge', () => {
    const client = clientBillingFieldsSchema.parse({ company: 'Acme SARL', country: 'FR', taxId: VAT.FR });
    const studio = studioLegalFieldsSchema.parse({ country: 'DE', taxId: VAT.DE, vatRegistered: true });
    expect(taxTreatment({ ...studio, taxRateBps: 1900 }, client).kind).toBe('reverse_charge');
  });
});
