/**
 * Cart / Payments (spec §2 "Cart", §3 "Subscription package", "Cart client
 * info", §5, §7 POST /api/promo-codes/validate and /api/create-subscription,
 * §8 cart errors, §9 "Cart packages").
 *
 * Pricing toggle One Time / Monthly / Annual (default Monthly) → three
 * package cards → for the chosen one: the promo box (One Time only), the
 * client info form and "Continue to payment". The server prices the order;
 * the page only shows prices. create-subscription returns the order's payment
 * (intent id, client secret, mode), paid through the shared PaymentForm: in
 * test mode its labelled panel confirms the payment on the server (the order
 * is marked paid exactly as a card payment would), in live mode Stripe's
 * Payment Element. Then /cart?success=true ("Subscription Successful!").
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import {
  annualSavingCents,
  CART_PACKAGES,
  cartClientInfoSchema,
  DEFAULT_PRICING_MODE,
  DOMAIN_RENEWAL_CENTS,
  EXTRA_HOUR_RATE_CENTS,
  findPackage,
  formatUsd,
  parseAmountToCents,
  priceCart,
  promoValidatedReply,
  SETUP_FEE_CENTS,
  PRICING_MODE_LABELS,
  PRICING_MODES,
  subscriptionReply,
  type CartClientInfo,
  type CartClientInfoInput,
  type CartPackage,
  type PricingMode,
  type SubscriptionReply,
} from '@studio/domain';
import { api, ApiError, errorMessage } from '../../../shared/lib/api';
import { useToast } from '../../../shared/components/Toast';
import { PaymentForm, type PreparedPayment } from '../../../shared/payments/PaymentForm';
import { FormTextField } from '../../../shared/components/FormTextField';

interface AppliedPromo {
  code: string;
  description: string;
  discountCents: number;
}

/** The order's payment, or null when the reply cannot be paid (no intent in test mode, no secret in live mode). */
function orderPayment(order: SubscriptionReply, description: string): PreparedPayment | null {
  const payment: PreparedPayment = {
    paymentIntentId: order.paymentIntentId,
    clientSecret: order.clientSecret,
    amount: order.totalDueNow,
    description,
    mode: order.paymentMode,
  };
  return (payment.mode === 'test' ? payment.paymentIntentId : payment.clientSecret) ? payment : null;
}

const EMPTY_INFO: CartClientInfoInput = { name: '', email: '', phone: '', projectDescription: '' };
const cents = (s: string) => parseAmountToCents(s) ?? 0;

/** The headline price of a package in a mode, with its fine print. */
function priceLines(pkg: CartPackage, mode: PricingMode): { main: string; per: string; notes: string[] } {
  if (mode === 'onetime')
    return {
      main: formatUsd(pkg.oneTimePriceCents),
      per: 'one-time setup',
      notes: [`then ${formatUsd(pkg.oneTimeHostingMonthlyCents)}/month hosting`],
    };
  if (mode === 'monthly') return { main: formatUsd(pkg.monthlyPriceCents), per: '/month', notes: ['No setup fee'] };
  return {
    main: formatUsd(pkg.annualPriceCents),
    per: '/year',
    notes: [`Save ${formatUsd(annualSavingCents(pkg))} a year`, 'No setup fee'],
  };
}

function SuccessView() {
  const navigate = useNavigate();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <CheckCircleIcon color="success" sx={{ fontSize: 64, mb: 2 }} />
      <Typography variant="h4" component="h1" gutterBottom>
        Subscription Successful!
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Thank you. Your plan is being set up and we will email you within 24 hours with the next steps.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        <Button variant="contained" onClick={() => navigate('/')}>
          Return to Home
        </Button>
        <Button onClick={() => navigate('/cart')}>View packages</Button>
      </Stack>
    </Container>
  );
}

function PackageCard({
  pkg,
  mode,
  selected,
  onSelect,
}: {
  pkg: CartPackage;
  mode: PricingMode;
  selected: boolean;
  onSelect(): void;
}) {
  const price = priceLines(pkg, mode);
  return (
    <Card
      component="article"
      aria-label={pkg.name}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
        borderWidth: selected || pkg.popular ? 2 : 1,
        borderColor: selected ? 'secondary.main' : pkg.popular ? 'primary.main' : undefined,
      }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2">
            {pkg.name}
          </Typography>
          {pkg.popular && <Chip size="small" color="primary" label="Most Popular" />}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {pkg.description}
        </Typography>
        <Box aria-label={`${pkg.name} price`} role="group" sx={{ mb: 2 }}>
          <Typography component="p" sx={{ fontSize: '2rem', fontWeight: 800, lineHeight: 1.2 }}>
            {price.main}
            {price.per.startsWith('/') ? '' : ' '}
            <Typography component="span" color="text.secondary">
              {price.per}
            </Typography>
          </Typography>
          {price.notes.map((n) => (
            <Typography
              key={n}
              variant="body2"
              color={n.startsWith('Save') ? 'success.main' : 'text.secondary'}
              fontWeight={n.startsWith('Save') ? 700 : 400}
            >
              {n}
            </Typography>
          ))}
        </Box>
        <List dense disablePadding>
          {pkg.features.map((f) => (
            <ListItem key={f} disableGutters>
              <ListItemIcon sx={{ minWidth: 30 }}>
                <CheckIcon fontSize="small" color="success" />
              </ListItemIcon>
              <ListItemText primary={f} />
            </ListItem>
          ))}
        </List>
      </CardContent>
      <CardActions sx={{ p: 2, pt: 0 }}>
        <Button fullWidth variant={selected ? 'contained' : 'outlined'} onClick={onSelect} aria-pressed={selected}>
          {selected ? 'Selected' : `Choose ${pkg.name}`}
        </Button>
      </CardActions>
    </Card>
  );
}

function SummaryRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', py: 0.5 }}>
      <Typography fontWeight={strong ? 800 : 400}>{label}</Typography>
      <Typography fontWeight={strong ? 800 : 400}>{value}</Typography>
    </Stack>
  );
}

export function CartPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const [mode, setMode] = useState<PricingMode>(DEFAULT_PRICING_MODE);
  const [packageId, setPackageId] = useState<string | null>(null);
  const [promoInput, setPromoInput] = useState('');
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const [promoError, setPromoError] = useState<string | null>(null);
  const [checkingPromo, setCheckingPromo] = useState(false);
  const [order, setOrder] = useState<{ reply: SubscriptionReply; payment: PreparedPayment } | null>(null);
  const { control, handleSubmit, formState } = useForm<CartClientInfoInput, unknown, CartClientInfo>({
    resolver: zodResolver(cartClientInfoSchema),
    defaultValues: EMPTY_INFO,
  });

  const checkoutRef = useRef<HTMLDivElement>(null);
  // On phones the checkout sits below the three cards: bring it into view when a package is chosen.
  useEffect(() => {
    if (packageId) checkoutRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [packageId]);

  const pkg = packageId ? findPackage(packageId) : undefined;
  const price = useMemo(() => (pkg ? priceCart(pkg.id, mode) : null), [pkg, mode]);
  const discountCents = mode === 'onetime' && promo ? Math.min(promo.discountCents, price?.setupFeeCents ?? 0) : 0;

  if (params.get('success') === 'true') return <SuccessView />;

  const applyPromo = async () => {
    if (!pkg || !promoInput.trim()) return;
    setCheckingPromo(true);
    setPromoError(null);
    try {
      const r = await api.post(
        '/api/promo-codes/validate',
        { code: promoInput.trim(), packageId: pkg.id },
        promoValidatedReply,
      );
      setPromo({ code: r.code, description: r.description, discountCents: cents(r.discount) });
      setPromoInput(r.code);
    } catch (e) {
      setPromo(null);
      setPromoError(errorMessage(e, 'Could not check this promo code. Please try again.'));
    } finally {
      setCheckingPromo(false);
    }
  };

  const backToPackages = () => {
    setOrder(null);
    setPackageId(null);
  };

  const submit = async (clientInfo: CartClientInfo) => {
    if (!pkg) return;
    const fail = (title: string, description: string) => {
      toast({ title, description, severity: 'error' });
      if (promo) {
        setPromo(null);
        setPromoError(null);
      }
      backToPackages();
    };
    let r: SubscriptionReply;
    try {
      r = await api.post(
        '/api/create-subscription',
        {
          packageId: pkg.id,
          pricingMode: mode,
          ...(mode === 'onetime' && promo ? { discountCode: promo.code } : {}),
          clientInfo,
        },
        subscriptionReply,
        { appCheck: true },
      );
    } catch (e) {
      // 502: the order was stored but the payment step failed (spec §8 "Failed to prepare checkout").
      fail(
        e instanceof ApiError && e.status === 502 ? 'Failed to prepare checkout' : 'Failed to create subscription',
        errorMessage(e, 'Please try again.'),
      );
      return;
    }
    const payment = orderPayment(r, `${pkg.name} · ${PRICING_MODE_LABELS[mode]}`);
    // A reply without anything to pay with is a payment step that failed.
    if (payment) setOrder({ reply: r, payment });
    else fail('Failed to prepare checkout', 'Please try again.');
  };

  const missingInfo = () =>
    toast({ title: 'Required Information', description: 'Please fill in all required fields', severity: 'error' });

  if (order && pkg) {
    const { reply } = order;
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 }, px: { xs: 2, sm: 3 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Payment
        </Typography>
        <Card sx={{ mb: 3 }} component="section" aria-label="Order summary">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {pkg.name} · {PRICING_MODE_LABELS[mode]}
            </Typography>
            {cents(reply.setupFee) > 0 && <SummaryRow label="Setup fee" value={formatUsd(cents(reply.setupFee))} />}
            {cents(reply.discount) > 0 && (
              <SummaryRow
                label={`Promo ${reply.promoCode ?? ''}`.trim()}
                value={`−${formatUsd(cents(reply.discount))}`}
              />
            )}
            <SummaryRow
              label={reply.interval === 'year' ? 'First year' : 'First month'}
              value={formatUsd(cents(reply.recurringPrice))}
            />
            <Divider sx={{ my: 1 }} />
            <SummaryRow label="Total due now" value={formatUsd(cents(reply.totalDueNow))} strong />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
              Then {formatUsd(cents(reply.recurringPrice))}/{reply.interval}. Order reference: {reply.orderId}
            </Typography>
          </CardContent>
        </Card>
        <PaymentForm
          prepared={order.payment}
          showSummary={false}
          returnPath="/cart?success=true"
          successToast={{ title: 'Subscription Successful!' }}
          onSuccess={() => navigate('/cart?success=true')}
          onClose={backToPackages}
          secondaryAction={
            <Button size="large" onClick={backToPackages}>
              Back to packages
            </Button>
          }
        />
      </Container>
    );
  }

  const field = (name: keyof CartClientInfoInput, label: string, extra: Record<string, unknown> = {}) => (
    <FormTextField control={control} name={name} {...extra} label={label} />
  );

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 8 }, px: { xs: 2, sm: 3 } }}>
      <Typography variant="overline" color="primary">
        Payments
      </Typography>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }} gutterBottom>
        Hosting & maintenance packages
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        Pick how you want to pay, then a package. Monthly and annual plans waive the {formatUsd(SETUP_FEE_CENTS)} setup
        fee.
      </Typography>

      <ToggleButtonGroup
        exclusive
        value={mode}
        onChange={(_e, v: PricingMode | null) => v && setMode(v)}
        aria-label="Pricing mode"
        color="primary"
        sx={{ mb: 4, flexWrap: 'wrap' }}
      >
        {PRICING_MODES.map((m) => (
          <ToggleButton key={m} value={m} sx={{ px: { xs: 2, sm: 3 } }}>
            {PRICING_MODE_LABELS[m]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>

      <Grid container spacing={3} sx={{ mb: 4 }}>
        {CART_PACKAGES.map((p) => (
          <Grid key={p.id} size={{ xs: 12, md: 4 }}>
            <PackageCard pkg={p} mode={mode} selected={p.id === packageId} onSelect={() => setPackageId(p.id)} />
          </Grid>
        ))}
      </Grid>

      <Typography variant="body2" color="text.secondary" sx={{ mb: 4 }}>
        Hours beyond your plan's allocation are {formatUsd(EXTRA_HOUR_RATE_CENTS)}/hour, invoiced separately. Your
        domain is included the first year, then {formatUsd(DOMAIN_RENEWAL_CENTS)}/year (.com, .net, .org).
      </Typography>

      {pkg && price && (
        <Grid
          container
          spacing={3}
          component="section"
          aria-label="Checkout"
          ref={checkoutRef}
          sx={{ scrollMarginTop: 80 }}
        >
          <Grid size={{ xs: 12, md: 5 }} sx={{ order: { xs: 0, md: 1 } }}>
            <Card component="section" aria-label="Order summary">
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  {pkg.name} · {PRICING_MODE_LABELS[mode]}
                </Typography>
                {price.setupFeeCents > 0 ? (
                  <SummaryRow label="Setup fee" value={formatUsd(price.setupFeeCents)} />
                ) : (
                  <SummaryRow label="Setup fee" value="Waived" />
                )}
                {discountCents > 0 && promo && (
                  <SummaryRow label={`Promo ${promo.code}`} value={`−${formatUsd(discountCents)}`} />
                )}
                <SummaryRow
                  label={price.interval === 'year' ? 'First year' : 'First month'}
                  value={formatUsd(price.recurringCents)}
                />
                <Divider sx={{ my: 1 }} />
                <SummaryRow label="Total due now" value={formatUsd(price.totalDueNowCents - discountCents)} strong />
                {mode === 'annual' && (
                  <Typography variant="body2" color="success.main" fontWeight={700} sx={{ mt: 1 }}>
                    You save {formatUsd(price.annualSavingCents)} a year compared with monthly.
                  </Typography>
                )}

                {mode === 'onetime' && (
                  <Box component="section" aria-label="Promo code" sx={{ mt: 3 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                      <TextField
                        size="small"
                        label="Promo code"
                        value={promoInput}
                        onChange={(e) => {
                          setPromoInput(e.target.value.toUpperCase());
                          setPromoError(null);
                        }}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter') {
                            e.preventDefault();
                            void applyPromo();
                          }
                        }}
                        error={!!promoError}
                        helperText={promoError ?? ' '}
                        slotProps={{ htmlInput: { maxLength: 32, autoCapitalize: 'characters' } }}
                      />
                      <Button
                        variant="outlined"
                        onClick={applyPromo}
                        disabled={checkingPromo || !promoInput.trim()}
                        sx={{ flexShrink: 0, mt: '2px' }}
                      >
                        {checkingPromo ? 'Checking...' : 'Apply'}
                      </Button>
                    </Stack>
                    {promo && (
                      <Alert
                        severity="success"
                        sx={{ mt: 1 }}
                        action={
                          <Button
                            color="inherit"
                            size="small"
                            onClick={() => {
                              setPromo(null);
                              setPromoInput('');
                            }}
                          >
                            Remove
                          </Button>
                        }
                      >
                        {promo.code} applied: {promo.description}, {formatUsd(discountCents)} off the setup fee
                      </Alert>
                    )}
                  </Box>
                )}
              </CardContent>
            </Card>
          </Grid>

          <Grid size={{ xs: 12, md: 7 }}>
            <Card
              component="form"
              noValidate
              aria-label="Your information"
              onSubmit={handleSubmit(submit, missingInfo)}
            >
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  Your information
                </Typography>
                <Grid container columnSpacing={2}>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    {field('name', 'Name', { required: true, autoComplete: 'name' })}
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    {field('email', 'Email', { required: true, type: 'email', autoComplete: 'email' })}
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    {field('phone', 'Phone (optional)', { type: 'tel', autoComplete: 'tel' })}
                  </Grid>
                  <Grid size={12}>
                    {field('projectDescription', 'Project description', {
                      required: true,
                      multiline: true,
                      minRows: 3,
                    })}
                  </Grid>
                </Grid>
                <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting} fullWidth>
                  {formState.isSubmitting ? 'Preparing...' : 'Continue to payment'}
                </Button>
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      )}
    </Container>
  );
}
