import { describe, expect, it } from 'vitest';
import { clientBillingOf, studioLegalOf, studioTaxFacts } from './partyFields';

describe('partyFields', () => {
  it('reads a lead saved before billing fields as none', () => {
    expect(clientBillingOf({ name: 'A' })).toEqual({ company: null, address: null, country: null, taxId: null });
    expect(clientBillingOf(undefined)).toEqual({ company: null, address: null, country: null, taxId: null });
  });
  it("reads the lead's billing object, null or absent as none", () => {
    expect(
      clientBillingOf({ billing: { company: 'Acme', address: null, country: 'FR', taxId: 'FR40303265045' } }),
    ).toEqual({
      company: 'Acme',
      address: null,
      country: 'FR',
      taxId: 'FR40303265045',
    });
    expect(clientBillingOf({ billing: null })).toEqual({ company: null, address: null, country: null, taxId: null });
  });
  it('reads set fields, blanks and wrong types as null', () => {
    expect(clientBillingOf({ company: ' Acme ', address: '', country: 'FR', taxId: 42 })).toEqual({
      company: 'Acme',
      address: null,
      country: 'FR',
      taxId: null,
    });
  });
  it("reads the studio's legal fields and tax facts", () => {
    expect(studioLegalOf({ businessName: 'S' })).toEqual({
      legalName: null,
      legalAddress: null,
      country: null,
      taxId: null,
      vatRegistered: false,
    });
    const saved = { taxRateBps: 2000, vatRegistered: true, country: 'DE', taxId: 'DE136695976' };
    expect(studioTaxFacts(saved)).toEqual({
      vatRegistered: true,
      country: 'DE',
      taxId: 'DE136695976',
      taxRateBps: 2000,
    });
  });
});
