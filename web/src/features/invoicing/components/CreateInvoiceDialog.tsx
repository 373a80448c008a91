/**
 * Create Invoice (spec §2 "Invoicing", §5 "Invoice form", §7 POST
 * /api/create-invoice, §8): amount (number, step 0.01), description and an
 * optional due date, checked with the domain's invoiceFormSchema; the server
 * checks the amount's bounds and answers with field messages, shown on the
 * fields. Toasts "Invoice Created Successfully" (sent to the client) or
 * "Invoice Creation Failed" with the server's text.
 */
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import DialogContentText from '@mui/material/DialogContentText';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { invoiceCreatedReply, invoiceFormSchema, type InvoiceForm } from '@studio/domain';
import { api, ApiError, errorMessage } from '../../../shared/lib/api';
import { useToast } from '../../../shared/components/Toast';
import { formatAmount } from '../../../shared/payments/format';
import type { LeadView } from '../../../shared/data/hooks';
import { useLastValue } from '../../../shared/lib/useLastValue';
import { FormDialog } from '../../../shared/components/FormDialog';
import { usePhone } from '../../../shared/lib/usePhone';

const EMPTY: InvoiceForm = { amount: '', description: '', dueDate: '' };

/** An Idempotency-Key for one submitted form: the dialog's nonce and a digest of what is sent (hex). */
async function submitKey(nonce: string, body: object): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(body)));
  const hex = [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${nonce}.${hex}`;
}
const FIELDS = ['amount', 'description', 'dueDate'] as const;

export function CreateInvoiceDialog({ lead: current, onClose }: { lead: LeadView | null; onClose(): void }) {
  const lead = useLastValue(current);
  const toast = useToast();
  const phone = usePhone();
  const { register, handleSubmit, reset, setError, formState } = useForm<InvoiceForm>({
    resolver: zodResolver(invoiceFormSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;
  // Renewed after each created invoice: a retried or doubled submit of the same form reuses it.
  const nonce = useRef(crypto.randomUUID());

  const close = () => {
    if (isSubmitting) return;
    reset(EMPTY);
    onClose();
  };

  const submit = async (form: InvoiceForm) => {
    if (!lead) return;
    const body = {
      leadId: lead.id,
      amount: form.amount,
      description: form.description,
      ...(form.dueDate ? { dueDate: form.dueDate } : {}),
    };
    try {
      // One key per filled-in form: a retried or doubled submit returns the first invoice and sends one email.
      await api.post('/api/create-invoice', body, invoiceCreatedReply, {
        idempotencyKey: await submitKey(nonce.current, body),
      });
      nonce.current = crypto.randomUUID();
      toast({
        title: 'Invoice Created Successfully',
        description: `The invoice for ${formatAmount(form.amount)} was sent to the client.`,
      });
      reset(EMPTY);
      onClose();
    } catch (e) {
      // A validation failure names its fields: show them on the form and in the toast.
      const fields = e instanceof ApiError && e.fields ? e.fields : {};
      for (const f of FIELDS) if (fields[f]) setError(f, { message: fields[f] });
      const fieldText = Object.values(fields).filter(Boolean).join(' ');
      toast({
        title: 'Invoice Creation Failed',
        description: fieldText || errorMessage(e, 'Failed to create invoice'),
        severity: 'error',
      });
    }
  };

  return (
    <FormDialog
      open={current !== null}
      onClose={close}
      titleId="create-invoice-title"
      title="Create Invoice"
      onSubmit={handleSubmit(submit)}
      submitting={isSubmitting}
      submitLabel="Create Invoice"
      submittingLabel="Creating..."
      lockWhileSubmitting
      fullScreen={phone}
      actionsSx={{ px: 3, pb: 2 }}
    >
      {lead && (
        <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          For {lead.name} ({lead.email}) · {lead.subject}. The client receives it by email with a payment link.
        </DialogContentText>
      )}
      <Stack spacing={1}>
        <TextField
          label="Amount"
          type="number"
          required
          autoFocus
          {...register('amount')}
          error={!!errors.amount}
          helperText={errors.amount?.message ?? ' '}
          slotProps={{
            htmlInput: { step: 0.01, min: 0, inputMode: 'decimal' },
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
          }}
        />
        <TextField
          label="Description"
          required
          multiline
          minRows={2}
          {...register('description')}
          error={!!errors.description}
          helperText={errors.description?.message ?? ' '}
          slotProps={{ htmlInput: { maxLength: 300 } }}
        />
        <TextField
          label="Due date (optional)"
          type="date"
          {...register('dueDate')}
          error={!!errors.dueDate}
          helperText={errors.dueDate?.message ?? 'Leave blank for the default payment terms'}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
    </FormDialog>
  );
}
