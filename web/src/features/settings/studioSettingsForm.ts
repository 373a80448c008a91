/**
 * The Studio settings form's schema (no UI): the business details (domain studioSettingsSchema) and the studio's
 * legal fields (domain invoiceTax studioLegalFieldsSchema: legal name and address, country, tax id, VAT
 * registered), checked each by its own schema on its own fields and sent as one PUT /api/settings/studio body.
 * The tax id is one field of both: the legal schema's answer (an EU VAT number checked and made canonical) wins.
 */
import { z } from 'zod';
import { studioSettingsSchema, type StudioSettings, type StudioSettingsInput } from '@studio/domain';
import { studioLegalFieldsSchema, type StudioLegalFields } from '@studio/domain/invoiceTax';
import { studioLegalOf } from '../../shared/data/partyFields';

/** The legal fields, as the form names them (taxId is also a business detail). */
export const LEGAL_FIELDS = ['legalName', 'legalAddress', 'country', 'taxId', 'vatRegistered'] as const;
type LegalKey = (typeof LEGAL_FIELDS)[number];

export type StudioSettingsFormInput = StudioSettingsInput & z.input<typeof studioLegalFieldsSchema>;
export type StudioSettingsFormOutput = StudioSettings & StudioLegalFields;

const isLegalOnly = (key: string) => key !== 'taxId' && (LEGAL_FIELDS as readonly string[]).includes(key);

/** The form's values checked: each refusal on its field with its schema's message. */
export const studioSettingsFormSchema = z.looseObject({}).transform((values, ctx): StudioSettingsFormOutput => {
  const entries = Object.entries(values);
  const base = studioSettingsSchema.safeParse(Object.fromEntries(entries.filter(([k]) => !isLegalOnly(k))));
  const legal = studioLegalFieldsSchema.safeParse(
    Object.fromEntries(entries.filter(([k]) => (LEGAL_FIELDS as readonly string[]).includes(k))),
  );
  for (const r of [base, legal])
    if (!r.success)
      for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  if (!base.success || !legal.success) return z.NEVER;
  return { ...base.data, ...legal.data };
}) as unknown as z.ZodType<StudioSettingsFormOutput, StudioSettingsFormInput>;

/** The form's starting values of `settings` (their legal fields as saved, blank when none). */
export function studioSettingsFormValues(settings: StudioSettings): StudioSettingsFormInput {
  const legal = studioLegalOf(settings);
  return {
    ...settings,
    legalName: legal.legalName ?? '',
    legalAddress: legal.legalAddress ?? '',
    country: legal.country ?? '',
    vatRegistered: legal.vatRegistered,
    taxId: settings.taxId ?? '',
    logoUrl: settings.logoUrl ?? '',
  };
}

/** Whether `key` is one of the legal fields (the server's field messages land on them). */
export const isLegalField = (key: string): key is LegalKey => (LEGAL_FIELDS as readonly string[]).includes(key);
