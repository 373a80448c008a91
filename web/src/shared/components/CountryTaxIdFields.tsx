/**
 * A party's country and tax id, side by side (one column on a phone), for the studio's legal details and a
 * client's billing details: the country as an ISO alpha-2 code named as the admin types it, the tax id checked by
 * the form's schema (domain invoiceTax: an EU one must be a VAT number of that country).
 */
import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import Stack from '@mui/material/Stack';
import { countryName } from '../lib/countries';
import { FormTextField } from './FormTextField';

/** Props: the form's control, the tax id's label and length cap, and the fields' size. */
export interface CountryTaxIdFieldsProps<T extends FieldValues> {
  control: Control<T>;
  taxIdLabel: string;
  taxIdMaxLength: number;
  size?: 'small' | 'medium';
}

/** The `country` and `taxId` fields of a form whose values have both. */
export function CountryTaxIdFields<T extends FieldValues & { country?: unknown; taxId?: unknown }>({
  control,
  taxIdLabel,
  taxIdMaxLength,
  size,
}: CountryTaxIdFieldsProps<T>) {
  const country: unknown = useWatch({ control, name: 'country' as Path<T> });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }}>
      <FormTextField
        control={control}
        name={'country' as Path<T>}
        label="Country"
        hint={(typeof country === 'string' && countryName(country)) || 'A two-letter code such as DE, GB or US'}
        size={size}
        slotProps={{ htmlInput: { maxLength: 2, autoComplete: 'off', spellCheck: false } }}
        sx={{ flex: 1 }}
      />
      <FormTextField
        control={control}
        name={'taxId' as Path<T>}
        label={taxIdLabel}
        hint="In the EU: the VAT number, checked for format"
        size={size}
        slotProps={{ htmlInput: { maxLength: taxIdMaxLength, autoComplete: 'off', spellCheck: false } }}
        sx={{ flex: 2 }}
      />
    </Stack>
  );
}
