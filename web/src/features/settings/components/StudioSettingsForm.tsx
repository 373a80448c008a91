/**
 * The "Studio" tab: business details for invoices, receipts and emails (domain studioSettingsSchema) and the
 * studio's legal details invoices must carry (domain invoiceTax studioLegalFieldsSchema: legal name and address,
 * country, tax id or VAT number, VAT registered), checked by ../studioSettingsForm.ts. A save sends the version
 * the form was loaded from; a 409 (someone saved since) goes to `onStale` with the server's message.
 */
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SETTINGS_LIMITS, settingsSavedReply, type StudioSettings } from '@studio/domain';
import { PARTY_LIMITS } from '@studio/domain/invoiceTax';
import {
  LEGAL_FIELDS,
  studioSettingsFormSchema,
  studioSettingsFormValues,
  type StudioSettingsFormInput,
  type StudioSettingsFormOutput,
} from '../studioSettingsForm';
import { api, ApiError, errorMessage } from '../../../shared/lib/api';
import { controlledProps, FormTextField } from '../../../shared/components/FormTextField';
import { CountryTaxIdFields } from '../../../shared/components/CountryTaxIdFields';
import { useToast } from '../../../shared/components/Toast';

const FIELDS = [
  'businessName',
  'postalAddress',
  'contactEmail',
  'taxId',
  'taxRateBps',
  'taxLabel',
  'logoUrl',
  'paymentTermsDays',
  'invoiceFooter',
  'timeZone',
  ...LEGAL_FIELDS,
] as const;

export function StudioSettingsForm({
  settings,
  version,
  saved,
  onStale,
  onSaved,
}: {
  settings: StudioSettings;
  /** The version `settings` were read at (sent back with the save). */
  version: number;
  saved: boolean;
  /** The save was refused because someone else saved first: `message` is the server's. */
  onStale(message: string): void;
  onSaved(): void;
}) {
  const toast = useToast();
  const { control, handleSubmit, setError, formState } = useForm<
    StudioSettingsFormInput,
    unknown,
    StudioSettingsFormOutput
  >({
    resolver: zodResolver(studioSettingsFormSchema),
    defaultValues: studioSettingsFormValues(settings),
  });

  const submit = async (form: StudioSettingsFormOutput) => {
    try {
      await api.put('/api/settings/studio', { ...form, version }, settingsSavedReply);
      toast({ title: 'Settings saved' });
      onSaved();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) onStale(e.serverMessage);
      const fields = e instanceof ApiError && e.fields ? e.fields : {};
      for (const f of FIELDS) if (fields[f]) setError(f, { message: fields[f] });
      toast({
        title: 'Settings not saved',
        description: errorMessage(e, 'Could not save the settings'),
        severity: 'error',
      });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} aria-label="Studio settings">
      {!saved && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Nothing saved yet: invoices use the defaults below until you save.
        </Alert>
      )}
      <Stack spacing={1}>
        <FormTextField
          control={control}
          name="businessName"
          label="Business name"
          required
          slotProps={{ htmlInput: { maxLength: SETTINGS_LIMITS.businessName } }}
        />
        <FormTextField
          control={control}
          name="postalAddress"
          label="Postal address"
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: SETTINGS_LIMITS.address } }}
        />
        <FormTextField control={control} name="contactEmail" label="Contact email" type="email" required />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Controller
            control={control}
            name="taxRateBps"
            render={(r) => (
              <TextField
                {...controlledProps(
                  r,
                  "Added to new invoices; a quote's deposit and final payment include it. 0 adds none",
                )}
                // Shown as a percentage with up to 2 decimals; stored in basis points (20% = 2000).
                value={
                  r.field.value === undefined || Number.isNaN(Number(r.field.value)) ? '' : Number(r.field.value) / 100
                }
                onChange={(e) =>
                  r.field.onChange(e.target.value === '' ? '' : Math.round(Number(e.target.value) * 100))
                }
                label="Tax rate"
                type="number"
                slotProps={{
                  htmlInput: { min: 0, max: 100, step: 0.01, inputMode: 'decimal' },
                  input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                }}
                sx={{ flex: 1 }}
              />
            )}
          />
          <FormTextField
            control={control}
            name="taxLabel"
            label="Tax label"
            hint="Printed on invoices, e.g. VAT or Sales tax"
            slotProps={{ htmlInput: { maxLength: SETTINGS_LIMITS.taxLabel } }}
            sx={{ flex: 1 }}
          />
        </Stack>
        <FormTextField
          control={control}
          name="logoUrl"
          label="Logo URL (optional)"
          hint="An https:// address of a PNG or JPEG image, printed on invoices"
        />
        <Controller
          control={control}
          name="paymentTermsDays"
          render={(r) => (
            <TextField
              {...controlledProps(r, 'Invoices are due this many days after they are issued')}
              // The input gives text; the schema wants a number of days (blank stays blank, so "required" shows).
              onChange={(e) => r.field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
              label="Payment terms"
              type="number"
              required
              slotProps={{
                htmlInput: { min: 0, max: SETTINGS_LIMITS.maxTermsDays, step: 1, inputMode: 'numeric' },
                input: { endAdornment: <InputAdornment position="end">days</InputAdornment> },
              }}
            />
          )}
        />
        <FormTextField
          control={control}
          name="timeZone"
          label="Time zone"
          hint="The studio's IANA time zone, e.g. Europe/Paris or America/Los_Angeles: automatic reminders go out at 09:00 there"
          slotProps={{ htmlInput: { maxLength: SETTINGS_LIMITS.timeZone, autoComplete: 'off', spellCheck: false } }}
        />
        <FormTextField
          control={control}
          name="invoiceFooter"
          label="Invoice footer note"
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: SETTINGS_LIMITS.footer } }}
        />
        <Divider sx={{ pt: 1 }} />
        <Typography variant="subtitle1" component="h3" id="legal-details">
          Legal details on invoices
        </Typography>
        <FormTextField
          control={control}
          name="legalName"
          label="Legal name (optional)"
          hint="The registered name, if it is not the business name"
          slotProps={{ htmlInput: { maxLength: PARTY_LIMITS.legalName } }}
        />
        <FormTextField
          control={control}
          name="legalAddress"
          label="Registered address (optional)"
          hint="Printed as the seller's address, if it is not the postal address"
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: PARTY_LIMITS.address } }}
        />
        <CountryTaxIdFields
          control={control}
          taxIdLabel="Tax ID or VAT number"
          taxIdMaxLength={SETTINGS_LIMITS.taxId}
        />
        <Controller
          control={control}
          name="vatRegistered"
          render={({ field: { ref, value, onChange, ...field }, fieldState }) => (
            <div>
              <FormControlLabel
                control={
                  <Switch
                    {...field}
                    inputRef={ref}
                    checked={!!value}
                    onChange={(e) => onChange(e.target.checked)}
                    slotProps={{ input: { 'aria-describedby': 'vat-registered-hint' } }}
                  />
                }
                label="VAT registered"
              />
              <FormHelperText id="vat-registered-hint" error={!!fieldState.error} sx={{ mt: 0 }}>
                {fieldState.error?.message ??
                  'On: invoices charge VAT (or reverse charge) and need the country and VAT number. Off, in the EU or UK: invoices charge none and say why'}
              </FormHelperText>
            </div>
          )}
        />
      </Stack>
      <Button type="submit" variant="contained" disabled={formState.isSubmitting} sx={{ mt: 1 }}>
        {formState.isSubmitting ? 'Saving...' : 'Save settings'}
      </Button>
    </form>
  );
}
