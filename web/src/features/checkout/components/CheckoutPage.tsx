/**
 * Card checkout (spec §2 "Checkout and payment success", route /checkout,
 * query amount, description, leadId; invoiceId too).
 *
 * - A link to a lead or an invoice is charged what the server says is due
 *   (the amount and description shown come from the server).
 * - A custom link (amount and description only) is charged its amount; the
 *   page sends a checkout id made once per page load so a retried request is
 *   the same payment.
 * - No amount and no lead or invoice: toast "Invalid Payment Link - No amount
 *   specified" and back to /.
 * Pay Now (shared/payments/PaymentForm), a Back button, and /payment-success once paid.
 */
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LockIcon from '@mui/icons-material/Lock';
import { useToast } from '../../../shared/components/Toast';
import {
  newCheckoutId,
  PaymentForm,
  type PaymentIntentRequest,
  type PreparedPayment,
} from '../../../shared/payments/PaymentForm';

/** What /payment-success may show about the payment (router state). */
export interface PaymentSuccessState {
  amount: string;
  description: string;
}

export function CheckoutPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const [checkoutId] = useState(newCheckoutId);

  const amount = params.get('amount')?.trim() || undefined;
  const description = params.get('description')?.trim() || undefined;
  const leadId = params.get('leadId')?.trim() || undefined;
  const invoiceId = params.get('invoiceId')?.trim() || undefined;
  const invalid = !amount && !leadId && !invoiceId;

  useEffect(() => {
    if (!invalid) return;
    toast({ title: 'Invalid Payment Link', description: 'No amount specified', severity: 'error' });
    navigate('/', { replace: true });
  }, [invalid, navigate, toast]);

  const request = useMemo<PaymentIntentRequest>(
    () =>
      // The server charges a lead or an invoice its own amount: the link's amount is not sent.
      leadId || invoiceId
        ? { currency: 'usd', leadId, invoiceId, checkoutId }
        : { currency: 'usd', amount, description, checkoutId },
    [amount, description, leadId, invoiceId, checkoutId],
  );

  // Back to where the client came from, or home when the link was opened directly.
  const goBack = () => ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/'));

  const paid = (p: PreparedPayment) =>
    navigate('/payment-success', {
      replace: true,
      state: { amount: p.amount, description: p.description } satisfies PaymentSuccessState,
    });

  if (invalid) return null;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 }, px: { xs: 2, sm: 3 } }}>
      <Typography variant="overline" color="primary" component="p">
        Checkout
      </Typography>
      <Typography variant="h4" component="h1" gutterBottom>
        Complete your payment
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', mb: 3 }}>
        <LockIcon fontSize="small" aria-hidden />
        <Typography variant="body2">Payments are processed securely. Card details never touch our servers.</Typography>
      </Stack>
      <PaymentForm
        request={request}
        returnPath="/payment-success"
        onSuccess={paid}
        onClose={goBack}
        secondaryAction={
          <Button startIcon={<ArrowBackIcon />} onClick={goBack} size="large">
            Back
          </Button>
        }
      />
    </Container>
  );
}
