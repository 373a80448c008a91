/**
 * The one payment form (spec §2 "Checkout and payment success", "Cart",
 * "Invoicing"; §7 create-payment-intent, stripe/config; §8 payment errors).
 * Used by the checkout page, the cart and the admin's Complete Payment
 * dialog; it lives in their lazy chunks, never in the landing's JS.
 *
 * Given a create-payment-intent request (or an intent the caller already has,
 * as the cart gets one from create-subscription) it:
 * 1. calls POST /api/create-payment-intent and shows the server's amount and
 *    description, which are authoritative (a lead or invoice is charged what
 *    the server says it owes, whatever the link carried);
 * 2. test mode (the server has no Stripe keys): a labelled panel whose
 *    "Pay Now" asks POST /api/test-mode/confirm-payment, which records the
 *    payment exactly as a verified Stripe webhook would ("Decline" asks
 *    /api/test-mode/decline-payment: a declined card, as payment_failed would);
 *    live mode: GET /api/stripe/config for the publishable key, then Stripe's
 *    Payment Element, downloaded only then (./StripeElementsForm), and
 *    stripe.confirmPayment with return_url = origin + `returnPath`;
 * 3. calls `onSuccess` once the payment succeeded in the page (a payment
 *    method that redirects comes back on `returnPath` instead).
 *
 * Errors, with the spec's wording: "Payment Setup Failed" (the intent could
 * not be created, with Try again), "Failed to load payment system" (with a
 * Close button calling `onClose`), "Payment Failed" (the provider's message),
 * "Payment Error - An unexpected error occurred".
 */
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import {
  paymentIntentReply,
  stripeConfigReply,
  testPaymentConfirmedReply,
  testPaymentDeclinedReply,
} from '@studio/domain';
import { api, ApiError } from '../lib/api';
import { Loading } from '../components/PageState';
import { useToast, type ToastOptions } from '../components/Toast';
import type { StripeElementsFormProps } from './StripeElementsForm';
import { formatAmount } from './format';
import { LOAD_FAILED_TITLE, PAYMENT_FAILED_TITLE, SETUP_FAILED, UNEXPECTED_ERROR } from './messages';

export { formatAmount, newCheckoutId } from './format';

export type PaymentMode = 'test' | 'live';

/** POST /api/create-payment-intent body. With leadId or invoiceId the server charges its own amount. */
export interface PaymentIntentRequest {
  amount?: string;
  currency?: 'usd';
  description?: string;
  leadId?: string;
  invoiceId?: string;
  /** 8–64 of [A-Za-z0-9_-]: one per checkout page load (see newCheckoutId). */
  checkoutId?: string;
}

/** A payment intent ready to pay (the create-payment-intent reply, or the cart's own). */
export interface PreparedPayment {
  /** The intent to confirm; a live subscription's first invoice has only its client secret. */
  paymentIntentId: string | null;
  clientSecret: string | null;
  /** "1500.00": what is charged. */
  amount: string;
  description: string;
  mode: PaymentMode;
}

export interface PaymentFormProps {
  /** Creates the intent with POST /api/create-payment-intent. */
  request?: PaymentIntentRequest;
  /** An intent the caller already created (takes precedence over `request`). */
  prepared?: PreparedPayment;
  /** Where the provider returns after a redirecting payment method ("/payment-success"). */
  returnPath: string;
  /** The payment succeeded (a success toast has been shown unless `successToast` is null). */
  onSuccess(payment: PreparedPayment): void;
  /** "Close" after "Failed to load payment system"; without it the Close button is not shown. */
  onClose?(): void;
  /** Shows the amount and description card (default true). */
  showSummary?: boolean;
  /** Toast on success; default "Payment Successful". */
  successToast?: ToastOptions | null;
  /** Shown next to the pay button (for example a Back button). */
  secondaryAction?: ReactNode;
}

type Setup =
  | { state: 'preparing' }
  | { state: 'failed'; message: string }
  | { state: 'settled'; message: string }
  | { state: 'ready'; payment: PreparedPayment };

/** The server's words for a refused request: its field messages for a validation failure. */
function refusal(e: ApiError): string {
  const fields = e.fields ? Object.values(e.fields).filter(Boolean) : [];
  return fields.length ? fields.join(' ') : e.serverMessage;
}

export function PaymentForm({
  request,
  prepared,
  returnPath,
  onSuccess,
  onClose,
  showSummary = true,
  successToast,
  secondaryAction,
}: PaymentFormProps) {
  const toast = useToast();
  const [setup, setSetup] = useState<Setup>(() => (prepared ? readyOrFailed(prepared) : { state: 'preparing' }));
  const [attempt, setAttempt] = useState(0);
  // Requests are compared by content: callers may pass a new object on each render.
  const requestKey = prepared ? null : JSON.stringify(request ?? {});
  const preparedId = prepared ? (prepared.paymentIntentId ?? prepared.clientSecret) : null;

  useEffect(() => {
    if (prepared) {
      setSetup(readyOrFailed(prepared));
      return;
    }
    if (requestKey === null) return;
    let alive = true;
    setSetup({ state: 'preparing' });
    api.post('/api/create-payment-intent', JSON.parse(requestKey), paymentIntentReply, { appCheck: true }).then(
      (r) => {
        if (!alive) return;
        setSetup({
          state: 'ready',
          payment: {
            paymentIntentId: r.paymentIntentId,
            clientSecret: r.clientSecret,
            amount: r.amount,
            description: r.description,
            mode: r.mode,
          },
        });
      },
      (e: unknown) => {
        if (!alive) return;
        if (e instanceof ApiError && e.status === 409) {
          // Nothing is due / already paid: not an error for the client.
          setSetup({ state: 'settled', message: e.serverMessage });
          return;
        }
        // A refusal (validation, unknown lead or invoice, too many attempts) says why; anything else is the spec's message.
        const known = e instanceof ApiError && e.status >= 400 && e.status < 500;
        const message = known ? refusal(e) : SETUP_FAILED.description;
        toast({ title: SETUP_FAILED.title, description: message, severity: 'error' });
        setSetup({ state: 'failed', message });
      },
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `prepared` counts by its intent id (preparedId): a new object for the same intent changes nothing
  }, [requestKey, preparedId, attempt, toast]);

  const succeeded = (payment: PreparedPayment) => {
    if (successToast !== null)
      toast(
        successToast ?? {
          title: 'Payment Successful',
          description: `${formatAmount(payment.amount)} received. Thank you!`,
        },
      );
    onSuccess(payment);
  };

  if (setup.state === 'preparing') return <Loading label="Preparing payment..." />;

  if (setup.state === 'settled') {
    return (
      <Stack spacing={2}>
        <Alert severity="info">{setup.message}</Alert>
        {secondaryAction && <Box>{secondaryAction}</Box>}
      </Stack>
    );
  }

  if (setup.state === 'failed') {
    return (
      <Stack spacing={2}>
        <Alert
          severity="error"
          action={
            !prepared && (
              <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </Button>
            )
          }
        >
          <AlertTitle>{SETUP_FAILED.title}</AlertTitle>
          {setup.message}
        </Alert>
        {secondaryAction && <Box>{secondaryAction}</Box>}
      </Stack>
    );
  }

  const { payment } = setup;
  return (
    <Stack spacing={3}>
      {showSummary && <PaymentSummary payment={payment} />}
      {payment.mode === 'test' ? (
        <TestModePanel payment={payment} onPaid={succeeded} secondaryAction={secondaryAction} />
      ) : (
        <LivePayment
          payment={payment}
          returnPath={returnPath}
          onPaid={succeeded}
          onClose={onClose}
          secondaryAction={secondaryAction}
        />
      )}
    </Stack>
  );
}

function readyOrFailed(prepared: PreparedPayment): Setup {
  // Test mode confirms by intent id, live mode by client secret: without it nothing can be paid.
  if (prepared.mode === 'test' ? !prepared.paymentIntentId : !prepared.clientSecret)
    return { state: 'failed', message: SETUP_FAILED.description };
  return { state: 'ready', payment: prepared };
}

/** The amount and what it pays for. */
export function PaymentSummary({ payment }: { payment: Pick<PreparedPayment, 'amount' | 'description'> }) {
  return (
    <Card component="section" aria-label="Payment summary">
      <CardContent>
        <Typography variant="overline" color="text.secondary" component="p">
          Amount due
        </Typography>
        <Typography
          component="p"
          data-testid="payment-amount"
          sx={{ fontSize: { xs: '2rem', sm: '2.5rem' }, fontWeight: 800, lineHeight: 1.2 }}
        >
          {formatAmount(payment.amount)}
        </Typography>
        {payment.description && (
          <Typography color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }} data-testid="payment-description">
            {payment.description}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function PayButton({
  busy,
  disabled,
  onClick,
  type = 'button',
}: {
  busy: boolean;
  disabled?: boolean;
  onClick?(): void;
  type?: 'button' | 'submit';
}) {
  return (
    <Button
      type={type}
      variant="contained"
      size="large"
      onClick={onClick}
      disabled={busy || disabled}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <LockIcon aria-hidden />}
      sx={{ minWidth: 160 }}
    >
      {busy ? 'Processing...' : 'Pay Now'}
    </Button>
  );
}

function Actions({ children, secondaryAction }: { children: ReactNode; secondaryAction?: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column-reverse', sm: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'flex-end', alignItems: { sm: 'center' } }}
    >
      {secondaryAction}
      {children}
    </Stack>
  );
}

const DECLINED = 'The payment was declined.';

/** The toast for a test-mode call that threw: the server's refusal as "Payment Failed", anything else as unexpected. */
function testPaymentFailure(e: unknown): ToastOptions {
  return e instanceof ApiError
    ? { title: PAYMENT_FAILED_TITLE, description: e.serverMessage || DECLINED, severity: 'error' }
    : { ...UNEXPECTED_ERROR, severity: 'error' };
}

/**
 * Test mode: no card; Pay Now records the payment through the server's test
 * provider, and Decline records a declined card the same way (the lead goes
 * to "Payment Failed"; Pay Now can then be tried again).
 */
function TestModePanel({
  payment,
  onPaid,
  secondaryAction,
}: {
  payment: PreparedPayment;
  onPaid(p: PreparedPayment): void;
  secondaryAction?: ReactNode;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const decline = async () => {
    setBusy(true);
    try {
      const r = await api.post(
        '/api/test-mode/decline-payment',
        { paymentIntentId: payment.paymentIntentId },
        testPaymentDeclinedReply,
      );
      toast({ title: PAYMENT_FAILED_TITLE, description: r.error || DECLINED, severity: 'error' });
    } catch (e) {
      toast(testPaymentFailure(e));
    } finally {
      setBusy(false);
    }
  };
  const pay = async () => {
    setBusy(true);
    try {
      await api.post(
        '/api/test-mode/confirm-payment',
        { paymentIntentId: payment.paymentIntentId },
        testPaymentConfirmedReply,
      );
      onPaid(payment);
    } catch (e) {
      setBusy(false);
      toast(testPaymentFailure(e));
    }
  };
  return (
    <Stack spacing={3}>
      <Alert severity="info" variant="outlined" role="note" aria-label="Test mode">
        <AlertTitle>Test mode: no card is charged</AlertTitle>
        Payments complete without a card, exactly as a real payment would be recorded.
      </Alert>
      <Actions secondaryAction={secondaryAction}>
        <Button variant="outlined" color="error" size="large" disabled={busy} onClick={decline}>
          Decline
        </Button>
        <PayButton busy={busy} onClick={pay} />
      </Actions>
    </Stack>
  );
}

type LiveState =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; Form: ComponentType<StripeElementsFormProps>; stripe: StripeElementsFormProps['stripe'] };

/** Live mode: Stripe.js and the Payment Element, downloaded only now. */
function LivePayment({
  payment,
  returnPath,
  onPaid,
  onClose,
  secondaryAction,
}: {
  payment: PreparedPayment;
  returnPath: string;
  onPaid(p: PreparedPayment): void;
  onClose?(): void;
  secondaryAction?: ReactNode;
}) {
  const [live, setLive] = useState<LiveState>({ state: 'loading' });
  useEffect(() => {
    let alive = true;
    (async () => {
      const [config, mod] = await Promise.all([
        api.get('/api/stripe/config', stripeConfigReply),
        import('./StripeElementsForm'),
      ]);
      if (!config.publishableKey) throw new Error('no publishable key');
      const stripe = await mod.loadStripeJs(config.publishableKey);
      if (!stripe) throw new Error('Stripe.js did not load');
      if (alive) setLive({ state: 'ready', Form: mod.StripeElementsForm, stripe });
    })().catch((e: unknown) => {
      console.error('payment system failed to load', e);
      if (alive) setLive({ state: 'failed' });
    });
    return () => {
      alive = false;
    };
  }, []);

  if (live.state === 'loading') return <Loading label="Loading payment form..." />;
  if (live.state === 'failed') return <LoadFailed onClose={onClose} />;
  const { Form, stripe } = live;
  return (
    <Form
      stripe={stripe}
      clientSecret={payment.clientSecret!}
      returnUrl={window.location.origin + returnPath}
      onPaid={() => onPaid(payment)}
      onLoadError={() => setLive({ state: 'failed' })}
      actions={(submit) => <Actions secondaryAction={secondaryAction}>{submit}</Actions>}
      renderSubmit={(busy, disabled) => <PayButton type="submit" busy={busy} disabled={disabled} />}
    />
  );
}

/** "Failed to load payment system" with a Close button (spec §8). */
function LoadFailed({ onClose }: { onClose?(): void }) {
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        onClose && (
          <Button color="inherit" size="small" onClick={onClose}>
            Close
          </Button>
        )
      }
    >
      <AlertTitle>{LOAD_FAILED_TITLE}</AlertTitle>
      Please check your connection and try again later.
    </Alert>
  );
}
