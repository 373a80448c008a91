/**
 * Create Invoice (spec §2 "Invoicing", §5 "Invoice form", §7 POST
 * /api/create-invoice, §8), in one of two ways the admin switches between:
 * - one amount: amount (number, step 0.01), description and an optional due
 *   date, checked with the domain's invoiceFormSchema;
 * - itemised: lines (InvoiceLinesEditor, each checked with the domain's line
 *   schema) with a live preview of the totals, a description, and an
 *   optional supply date and due date.
 * The server checks the amounts and answers with field messages, shown on the
 * fields. Toasts "Invoice Created Successfully" (sent to the client) or
 * "Invoice Creation Failed" with the server's text.
 */
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import DialogContentText from '@mui/material/DialogContentText';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { invoiceCreatedReply, invoiceFormSchema, type InvoiceForm } from '@studio/domain';
import { taxTreatment } from '@studio/domain/invoiceTax';
import { FormTextField } from '../../../shared/components/FormTextField';
import { clientTaxFacts, studioTaxFacts } from '../../../shared/data/partyFields';
import { useStudioSettings } from '../../settings';
import {
  emptyLine,
  itemisedInvoiceBody,
  itemisedFieldOf,
  itemisedInvoiceFormSchema,
  type ItemisedInvoice,
  type ItemisedInvoiceForm,
} from '../invoiceLinesForm';
import { InvoiceLinesEditor } from './InvoiceLinesEditor';
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
const itemisedEmpty = (rateBps: number): ItemisedInvoiceForm => ({
  lines: [emptyLine(rateBps)],
  description: '',
  supplyDate: '',
  dueDate: '',
});
type Mode = 'amount' | 'lines';

export function CreateInvoiceDialog({ lead: current, onClose }: { lead: LeadView | null; onClose(): void }) {
  const lead = useLastValue(current);
  const toast = useToast();
  const phone = usePhone();
  const settings = useStudioSettings();
  const rateBps = settings.data?.taxRateBps ?? 0;
  const [mode, setMode] = useState<Mode>('amount');
  const { register, handleSubmit, reset, setError, formState } = useForm<InvoiceForm>({
    resolver: zodResolver(invoiceFormSchema),
    defaultValues: EMPTY,
  });
  const itemised = useForm<ItemisedInvoiceForm, unknown, ItemisedInvoice>({
    resolver: zodResolver(itemisedInvoiceFormSchema),
    defaultValues: itemisedEmpty(rateBps),
  });
  const { errors } = formState;
  const isSubmitting = formState.isSubmitting || itemised.formState.isSubmitting;
  // Renewed after each created invoice: a retried or doubled submit of the same form reuses it.
  const nonce = useRef(crypto.randomUUID());
  // What the server will do with the lines' tax, as far as the settings and the client's record say (a preview).
  const treatment = useMemo(
    () =>
      taxTreatment(
        studioTaxFacts(settings.data ?? { taxRateBps: 0 }),
        clientTaxFacts(lead?.billing ?? { company: null, address: null, country: null, taxId: null }),
      ),
    [settings.data, lead?.billing],
  );

  const resetAll = () => {
    reset(EMPTY);
    itemised.reset(itemisedEmpty(rateBps));
    setMode('amount');
  };
  const close = () => {
    if (isSubmitting) return;
    resetAll();
    onClose();
  };

  /** Posts `body`; on success toasts `sent` and closes; on failure hands each server field message to `showField` and toasts them. */
  const post = async (body: { leadId: string }, sent: string, showField: (key: string, message: string) => void) => {
    try {
      // One key per filled-in form: a retried or doubled submit returns the first invoice and sends one email.
      await api.post('/api/create-invoice', body, invoiceCreatedReply, {
        idempotencyKey: await submitKey(nonce.current, body),
      });
      nonce.current = crypto.randomUUID();
      toast({ title: 'Invoice Created Successfully', description: sent });
      resetAll();
      onClose();
    } catch (e) {
      // A validation failure names its fields: show them on the form and in the toast.
      const fields = e instanceof ApiError && e.fields ? e.fields : {};
      for (const [key, message] of Object.entries(fields)) showField(key, message);
      const fieldText = Object.values(fields).filter(Boolean).join(' ');
      toast({
        title: 'Invoice Creation Failed',
        description: fieldText || errorMessage(e, 'Failed to create invoice'),
        severity: 'error',
      });
    }
  };

  const submitAmount = async (form: InvoiceForm) => {
    if (!lead) return;
    const body = {
      leadId: lead.id,
      amount: form.amount,
      description: form.description,
      ...(form.dueDate ? { dueDate: form.dueDate } : {}),
    };
    await post(body, `The invoice for ${formatAmount(form.amount)} was sent to the client.`, (key, message) => {
      const f = FIELDS.find((n) => n === key);
      if (f) setError(f, { message });
    });
  };

  const submitLines = async (form: ItemisedInvoice) => {
    if (!lead) return;
    const count = form.lines.length;
    await post(
      itemisedInvoiceBody(lead.id, form),
      `The invoice of ${count} line${count === 1 ? '' : 's'} was sent to the client.`,
      (key, message) => {
        const field = itemisedFieldOf(key);
        if (field) itemised.setError(field, { message }, { shouldFocus: true });
      },
    );
  };

  const switchMode = (next: Mode | null) => {
    if (!next || next === mode) return;
    // A fresh itemised form starts at the studio's rate as loaded now.
    if (next === 'lines' && !itemised.formState.isDirty) itemised.reset(itemisedEmpty(rateBps));
    setMode(next);
  };

  return (
    <FormDialog
      open={current !== null}
      onClose={close}
      titleId="create-invoice-title"
      title="Create Invoice"
      onSubmit={mode === 'amount' ? handleSubmit(submitAmount) : itemised.handleSubmit(submitLines)}
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
      <ToggleButtonGroup
        value={mode}
        exclusive
        onChange={(_, v: Mode | null) => switchMode(v)}
        aria-label="Invoice kind"
        size="small"
        fullWidth
        disabled={isSubmitting}
        sx={{ mb: 2 }}
      >
        <ToggleButton value="amount">One amount</ToggleButton>
        <ToggleButton value="lines">Itemised</ToggleButton>
      </ToggleButtonGroup>
      {mode === 'amount' ? (
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
      ) : (
        <Stack spacing={2}>
          <InvoiceLinesEditor control={itemised.control} treatment={treatment} defaultRateBps={rateBps} />
          <FormTextField
            control={itemised.control}
            name="description"
            label="Invoice description"
            hint="What the invoice is for, in the email and above its lines"
            required
            multiline
            slotProps={{ htmlInput: { maxLength: 300 } }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }}>
            <FormTextField
              control={itemised.control}
              name="supplyDate"
              label="Supply date (optional)"
              type="date"
              hint="When the work was delivered, if not the issue date"
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: 1 }}
            />
            <FormTextField
              control={itemised.control}
              name="dueDate"
              label="Due date (optional)"
              type="date"
              hint="Leave blank for the default payment terms"
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: 1 }}
            />
          </Stack>
        </Stack>
      )}
    </FormDialog>
  );
}
