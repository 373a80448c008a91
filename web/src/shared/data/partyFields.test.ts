import { describe, expect, it } from 'vitest';
import { studioLegalOf, studioTaxFacts } from './partyFields';

describe('partyFields', () => {
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
