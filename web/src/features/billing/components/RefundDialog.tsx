/**
 * Refund a payment (POST /api/billing/payments/{id}/refund): all that is left
 * by default, or a part, with an optional reason. It names the consequence
 * before it acts: the money goes back to the client's card and a credit note
 * is issued. Test mode records it at once; live mode once Stripe confirms it.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import DialogContentText from '@mui/material/DialogContentText';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { z } from 'zod';
import { centsToString, formatUsd, refundReply } from '@studio/domain';
import { api, errorMessage } from '../../../shared/lib/api';
import { useToast } from '../../../shared/components/Toast';
import { FormDialog } from '../../../shared/components/FormDialog';
import { useLastValue } from '../../../shared/lib/useLastValue';

/** The payment to refund: its PaymentIntent, the client and what is left to refund (cents). */
export interface RefundTarget {
  paymentIntentId: string;
  client: string;
  documentNumber: string | null;
  leftCents: number;
}

const formSchema = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter an amount with at most 2 decimals'),
  reason: z.string().trim().max(300, 'Reason must be at most 300 characters'),
});
type RefundForm = z.infer<typeof formSchema>;

export function RefundDialog({ target: current, onClose }: { target: RefundTarget | null; onClose(): void }) {
  const target = useLastValue(current);
  const toast = useToast();
  const { register, handleSubmit, reset, formState } = useForm<RefundForm>({
    resolver: zodResolver(formSchema),
    values: { amount: target ? centsToString(target.leftCents) : '', reason: '' },
  });
  const { errors, isSubmitting } = formState;
  const close = () => {
    if (isSubmitting) return;
    reset();
    onClose();
  };
  const submit = async (form: RefundForm) => {
    if (!target) return;
    try {
      const reply = await api.post(
        `/api/billing/payments/${encodeURIComponent(target.paymentIntentId)}/refund`,
        { amount: form.amount, ...(form.reason ? { reason: form.reason } : {}) },
        refundReply,
      );
      toast({ title: 'Refund issued', description: reply.message });
      onClose();
    } catch (e) {
      toast({
        title: 'Refund Failed',
        description: errorMessage(e, 'Failed to refund the payment'),
        severity: 'error',
      });
    }
  };
  return (
    <FormDialog
      open={Boolean(current)}
      onClose={close}
      titleId="refund-title"
      title="Refund payment"
      onSubmit={handleSubmit(submit)}
      submitting={isSubmitting}
      submitLabel="Refund"
      submittingLabel="Refunding..."
      lockWhileSubmitting
    >
      <DialogContentText sx={{ mb: 2 }}>
        {target
          ? `The money goes back to ${target.client}'s card and a credit note is issued${target.documentNumber ? ` against ${target.documentNumber}` : ''}. Up to ${formatUsd(target.leftCents)} can be refunded. This cannot be undone.`
          : ''}
      </DialogContentText>
      <Stack spacing={2}>
        <TextField
          label="Amount"
          inputMode="decimal"
          {...register('amount')}
          error={Boolean(errors.amount)}
          helperText={errors.amount?.message}
          slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
        />
        <TextField
          label="Reason (optional)"
          {...register('reason')}
          error={Boolean(errors.reason)}
          helperText={errors.reason?.message ?? 'Printed on the credit note.'}
        />
      </Stack>
    </FormDialog>
  );
}
