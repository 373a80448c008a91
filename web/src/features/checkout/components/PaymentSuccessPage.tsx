/**
 * Payment confirmation (spec §2 "Checkout and payment success", route
 * /payment-success): "Payment Successful!" and Return to Home. Shows the
 * amount when the checkout handed it over. When the card provider returns
 * here after a redirecting payment method that failed (redirect_status=failed)
 * it says so instead of claiming success.
 */
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { formatAmount } from '../../../shared/payments/format';
import type { PaymentSuccessState } from './CheckoutPage';

export function PaymentSuccessPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const paid = (useLocation().state ?? null) as PaymentSuccessState | null;
  const failed = params.get('redirect_status') === 'failed';

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, px: { xs: 2, sm: 3 }, textAlign: 'center' }}>
      {failed ? (
        <ErrorOutlineIcon color="error" sx={{ fontSize: 64, mb: 2 }} aria-hidden />
      ) : (
        <CheckCircleIcon color="success" sx={{ fontSize: 64, mb: 2 }} aria-hidden />
      )}
      <Typography variant="h4" component="h1" gutterBottom>
        {failed ? 'Payment Failed' : 'Payment Successful!'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {failed
          ? 'Your payment was not completed and nothing was charged. Please try again from your payment link.'
          : paid?.amount
            ? `Thank you! We received your payment of ${formatAmount(paid.amount)}${paid.description ? ` for ${paid.description}` : ''}.`
            : 'Thank you! Your payment has been received.'}
      </Typography>
      <Button variant="contained" size="large" onClick={() => navigate('/')}>
        Return to Home
      </Button>
    </Container>
  );
}
