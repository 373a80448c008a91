/** Edit Quote (spec §2, §5): required amounts (step 0.01), hours (step 0.5), complexity. Toast "Quote Updated". */
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Grid from '@mui/material/Grid';
import {
  centsToString,
  COMPLEXITIES,
  type QuoteEdit,
  type QuoteEditInput,
  quoteEditSchema,
  successReply,
} from '@studio/domain';
import { api, errorMessage } from '../../../shared/lib/api';
import { useToast } from '../../../shared/components/Toast';
import type { LeadView } from '../../../shared/data/hooks';
import { FormTextField } from '../../../shared/components/FormTextField';
import { FormDialog } from '../../../shared/components/FormDialog';

function valuesOf(lead: LeadView | null): QuoteEditInput {
  const money = (c: number | null | undefined) => (c == null ? '' : centsToString(c));
  return {
    quoteAmount: money(lead?.quoteAmountCents),
    depositAmount: money(lead?.depositAmountCents),
    finalAmount: money(lead?.finalAmountCents),
    estimatedHours: lead?.estimatedHours != null ? String(lead.estimatedHours) : '',
    hourlyRate: money(lead?.hourlyRateCents),
    complexity: lead?.complexity ?? 'Medium',
  };
}

export function EditQuoteDialog({ lead, onClose }: { lead: LeadView | null; onClose(): void }) {
  const toast = useToast();
  const { control, handleSubmit, reset, getValues, formState } = useForm<QuoteEditInput, unknown, QuoteEdit>({
    resolver: zodResolver(quoteEditSchema),
    defaultValues: valuesOf(lead),
  });
  useEffect(() => reset(valuesOf(lead)), [lead, reset]);

  // The form validates locally (parsed to cents); the API gets the typed strings and re-validates.
  const submit = async () => {
    if (!lead) return;
    try {
      await api.put(`/api/leads/${lead.id}/quote`, getValues(), successReply);
      toast({ title: 'Quote Updated' });
      onClose();
    } catch (err) {
      toast({ title: 'Update Failed', description: errorMessage(err, 'Failed to update quote'), severity: 'error' });
    }
  };

  const field = (name: keyof QuoteEditInput, label: string, step?: number) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <FormTextField
        control={control}
        name={name}
        label={label}
        type={step ? 'number' : 'text'}
        slotProps={{ htmlInput: step ? { step, min: 0 } : {} }}
      />
    </Grid>
  );

  return (
    <FormDialog
      open={!!lead}
      onClose={onClose}
      titleId="edit-quote-title"
      title={`Edit Quote · ${lead?.name ?? ''}`}
      onSubmit={handleSubmit(submit)}
      submitting={formState.isSubmitting}
      submitLabel="Save Quote"
    >
      <Grid container columnSpacing={2} sx={{ pt: 1 }}>
        {field('quoteAmount', 'Quote amount', 0.01)}
        {field('hourlyRate', 'Hourly rate', 0.01)}
        {field('depositAmount', 'Deposit amount', 0.01)}
        {field('finalAmount', 'Final amount', 0.01)}
        {field('estimatedHours', 'Estimated hours', 0.5)}
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="complexity" label="Complexity" options={COMPLEXITIES} />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
