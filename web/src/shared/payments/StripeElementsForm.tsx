/**
 * Live-mode card form: Stripe.js and the Payment Element. Imported
 * dynamically by ./PaymentForm only when the server is in live mode, so test
 * mode (and every page that takes no payment) never downloads Stripe.
 *
 * confirmPayment uses `redirect: 'if_required'`: a card payment resolves in
 * the page (then `onPaid`), a redirecting method comes back on `returnUrl`.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Appearance, type Stripe } from '@stripe/stripe-js';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { CHECKOUT_EXPIRED_MESSAGE } from '@studio/domain';
import { useToast } from '../components/Toast';
import { PAYMENT_FAILED_TITLE, UNEXPECTED_ERROR } from './messages';

/** Loads Stripe.js from js.stripe.com with the publishable key (null if it did not load). */
export function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  return loadStripe(publishableKey);
}

export interface StripeElementsFormProps {
  stripe: Stripe;
  clientSecret: string;
  /** Absolute URL the provider returns to after a redirecting payment method. */
  returnUrl: string;
  onPaid(): void;
  /** The Payment Element could not load ("Failed to load payment system"). */
  onLoadError(): void;
  /** Lays out the submit button (with the caller's secondary action). */
  actions(submit: ReactNode): ReactNode;
  renderSubmit(busy: boolean, disabled: boolean): ReactNode;
}

export function StripeElementsForm({ stripe, clientSecret, ...rest }: StripeElementsFormProps) {
  const theme = useTheme();
  const appearance: Appearance = {
    theme: 'stripe',
    variables: {
      colorPrimary: theme.palette.primary.main,
      colorDanger: theme.palette.error.main,
      colorText: theme.palette.text.primary,
      fontFamily: theme.typography.fontFamily,
      borderRadius: `${theme.shape.borderRadius}px`,
    },
  };
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance }}>
      <CardForm {...rest} />
    </Elements>
  );
}

function CardForm({
  returnUrl,
  onPaid,
  onLoadError,
  actions,
  renderSubmit,
}: Omit<StripeElementsFormProps, 'stripe' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const toast = useToast();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl },
        redirect: 'if_required',
      });
      if (error) {
        toast({
          title: PAYMENT_FAILED_TITLE,
          // A cancelled intent: the server expired the order (its promo hold ended), so paying it is refused.
          description:
            error.payment_intent?.status === 'canceled'
              ? CHECKOUT_EXPIRED_MESSAGE
              : (error.message ?? 'Your payment was not completed.'),
          severity: 'error',
        });
      } else if (paymentIntent && (paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing')) {
        onPaid();
        return;
      } else {
        toast({ title: PAYMENT_FAILED_TITLE, description: 'Your payment was not completed.', severity: 'error' });
      }
    } catch {
      toast({ ...UNEXPECTED_ERROR, severity: 'error' });
    }
    setBusy(false);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Card payment" sx={{ display: 'grid', gap: 3 }}>
      <PaymentElement onReady={() => setReady(true)} onLoadError={onLoadError} options={{ layout: 'tabs' }} />
      {actions(renderSubmit(busy, !ready || !stripe || !elements))}
    </Box>
  );
}
