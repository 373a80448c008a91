import { describe, expect, it } from 'vitest';
import { DEFAULT_STUDIO_SETTINGS } from '@studio/domain';
import { COUNTRY_MESSAGE, vatIdMessage } from '@studio/domain/invoiceTax';
import { studioSettingsFormSchema, studioSettingsFormValues } from './studioSettingsForm';

const values = (over: object = {}) => ({ ...studioSettingsFormValues(DEFAULT_STUDIO_SETTINGS), ...over });
const messages = (over: object) => {
  const r = studioSettingsFormSchema.safeParse(values(over));
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('studioSettingsFormSchema', () => {
  it('reads settings saved before the legal fields as blank, not registered', () => {
    expect(values()).toMatchObject({ legalName: '', legalAddress: '', country: '', taxId: '', vatRegistered: false });
    expect(studioSettingsFormSchema.parse(values())).toMatchObject({
      ...DEFAULT_STUDIO_SETTINGS,
      legalName: null,
      legalAddress: null,
      country: null,
      taxId: null,
      vatRegistered: false,
    });
  });
  it('gives the business details and the legal fields as one body, the VAT number canonical', () => {
    const out = studioSettingsFormSchema.parse(
      values({ legalName: 'Studio GmbH', country: 'de', taxId: 'de 136 695 976', vatRegistered: true }),
    );
    expect(out).toMatchObject({
      businessName: 'Studio',
      legalName: 'Studio GmbH',
      country: 'DE',
      taxId: 'DE136695976',
    });
  });
  it("puts each schema's messages on its fields", () => {
    expect(messages({ businessName: '', country: 'XX' })).toEqual({
      businessName: 'Business name is required',
      country: COUNTRY_MESSAGE,
    });
    expect(messages({ vatRegistered: true })).toEqual({
      country: 'A VAT-registered studio needs its country',
      taxId: 'A VAT-registered studio needs its VAT number',
    });
    expect(messages({ country: 'FR', taxId: 'FR123' })).toEqual({ taxId: vatIdMessage('FR') });
  });
});
