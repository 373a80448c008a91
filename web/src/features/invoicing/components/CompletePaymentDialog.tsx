/**
 * Complete Payment (spec §2 "Invoicing"): the shared PaymentForm for a
 * lead's next payment (deposit, then final) or, given `invoiceId`, one of its
 * open admin invoices, charged at the server's amount.
 * On success it closes; the invoicing card updates from its live listener.
 */
import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { PaymentForm } from '../../../shared/payments/PaymentForm';
import type { LeadView } from '../../../shared/data/hooks';
import { useLastValue } from '../../../shared/lib/useLastValue';
import { usePhone } from '../../../shared/lib/usePhone';

export function CompletePaymentDialog({
  lead: current,
  invoiceId: currentInvoice = null,
  onClose,
}: {
  lead: LeadView | null;
  invoiceId?: string | null;
  onClose(): void;
}) {
  // The lead and what is paid, kept together while the dialog animates closed.
  const subject = useMemo(
    () => (current ? { lead: current, invoiceId: currentInvoice } : null),
    [current, currentInvoice],
  );
  const { lead, invoiceId } = useLastValue(subject) ?? { lead: null, invoiceId: null };
  const phone = usePhone();
  return (
    <Dialog
      open={current !== null}
      onClose={onClose}
      aria-labelledby="complete-payment-title"
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
    >
      <DialogTitle id="complete-payment-title">Complete Payment</DialogTitle>
      <DialogContent>
        {lead && (
          <>
            <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>
              {lead.name} · {lead.subject}
            </DialogContentText>
            <PaymentForm
              key={`${lead.id}/${invoiceId ?? ''}`}
              request={invoiceId ? { invoiceId, currency: 'usd' } : { leadId: lead.id, currency: 'usd' }}
              returnPath="/admin/invoicing"
              onSuccess={onClose}
              onClose={onClose}
              secondaryAction={<Button onClick={onClose}>Cancel</Button>}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
