/**
 * Complete Payment (spec §2 "Invoicing"): the shared PaymentForm for a
 * lead's next payment (deposit, then final), charged at the server's amount.
 * On success it closes; the invoicing card updates from its live listener.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { PaymentForm } from '../../../shared/payments/PaymentForm';
import type { LeadView } from '../../../shared/data/hooks';
import { useLastValue } from '../../../shared/lib/useLastValue';
import { usePhone } from '../../../shared/lib/usePhone';

export function CompletePaymentDialog({ lead: current, onClose }: { lead: LeadView | null; onClose(): void }) {
  const lead = useLastValue(current);
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
              key={lead.id}
              request={{ leadId: lead.id, currency: 'usd' }}
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
