/**
 * A lead's billing details on its detail dialog: the company billed (blank for a private person), its address,
 * country and tax id, which invoices print and which decide their tax treatment (a business with a valid VAT
 * number in another EU country is invoiced under reverse charge). Shown as read; "Edit" opens the form, checked
 * with domain clientBillingFieldsSchema and saved with PUT /api/leads/{id}/billing; the server's field messages
 * show on their fields, any other refusal in the form's one alert. The saved values come back through the live
 * lead document.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { clientBillingFieldsSchema, PARTY_LIMITS, type ClientBillingFields } from '@studio/domain/invoiceTax';
import { api, ApiError, errorMessage } from '../../../shared/lib/api';
import { FormTextField } from '../../../shared/components/FormTextField';
import { CountryTaxIdFields } from '../../../shared/components/CountryTaxIdFields';
import { useToast } from '../../../shared/components/Toast';
import { countryLabel } from '../../../shared/lib/countries';

type BillingForm = z.input<typeof clientBillingFieldsSchema>;
const FIELDS = ['company', 'address', 'country', 'taxId'] as const;

/** PUT /api/leads/{id}/billing's answer: any JSON object (the page reads the saved values from the live lead). */
const billingSavedReply = z.looseObject({});

const formOf = (b: ClientBillingFields) => ({
  company: b.company ?? '',
  address: b.address ?? '',
  country: b.country ?? '',
  taxId: b.taxId ?? '',
});

export function LeadBilling({ leadId, billing }: { leadId: string; billing: ClientBillingFields | null }) {
  const [editing, setEditing] = useState(false);
  const empty = !billing || FIELDS.every((f) => !billing[f]);
  return (
    <Box component="section" aria-labelledby={`billing-${leadId}`}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="h3" id={`billing-${leadId}`}>
          Billing details
        </Typography>
        {!editing && billing && (
          <Button size="small" onClick={() => setEditing(true)} aria-label="Edit billing details">
            Edit
          </Button>
        )}
      </Stack>
      {!billing ? (
        <Typography color="text.secondary">Loading...</Typography>
      ) : editing ? (
        <BillingForm leadId={leadId} billing={billing} onDone={() => setEditing(false)} />
      ) : empty ? (
        <Typography color="text.secondary">
          No billing details yet: invoices name the client only. Add the company and its VAT number to bill a business.
        </Typography>
      ) : (
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25 }}
          data-testid="lead-billing"
        >
          {(
            [
              ['Company', billing.company],
              ['Address', billing.address],
              ['Country', billing.country && countryLabel(billing.country)],
              ['Tax ID', billing.taxId],
            ] as const
          ).map(([label, value]) => (
            <Row key={label} label={label} value={value} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function Row({ label, value }: { label: string; value: string | null }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Typography>
    </>
  );
}

function BillingForm({ leadId, billing, onDone }: { leadId: string; billing: ClientBillingFields; onDone(): void }) {
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<BillingForm, unknown, ClientBillingFields>({
    resolver: zodResolver(clientBillingFieldsSchema),
    defaultValues: formOf(billing),
  });

  const submit = async (form: ClientBillingFields) => {
    setFailure(null);
    try {
      await api.put(`/api/leads/${encodeURIComponent(leadId)}/billing`, form, billingSavedReply);
      toast({ title: 'Billing details saved' });
      onDone();
    } catch (e) {
      const fields = e instanceof ApiError && e.fields ? e.fields : {};
      let placed = false;
      for (const f of FIELDS)
        if (fields[f]) {
          setError(f, { message: fields[f] }, { shouldFocus: !placed });
          placed = true;
        }
      if (!placed) setFailure(errorMessage(e, 'Could not save the billing details'));
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(submit)}
      aria-label="Billing details"
      onKeyDown={(e) => {
        // Escape leaves the form (not the dialog around it) without saving.
        if (e.key === 'Escape' && !formState.isSubmitting) {
          e.stopPropagation();
          onDone();
        }
      }}
      sx={{ mt: 1 }}
    >
      {failure && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {failure}
        </Alert>
      )}
      <Stack spacing={1}>
        <FormTextField
          control={control}
          name="company"
          label="Company"
          hint="Leave blank for a private person"
          autoFocus
          size="small"
          slotProps={{ htmlInput: { maxLength: PARTY_LIMITS.company } }}
        />
        <FormTextField
          control={control}
          name="address"
          label="Billing address"
          multiline
          minRows={2}
          size="small"
          slotProps={{ htmlInput: { maxLength: PARTY_LIMITS.address } }}
        />
        <CountryTaxIdFields control={control} taxIdLabel="Tax ID" taxIdMaxLength={PARTY_LIMITS.taxId} size="small" />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1 }}>
        <Button onClick={onDone} disabled={formState.isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving...' : 'Save billing details'}
        </Button>
      </Stack>
    </Box>
  );
}
