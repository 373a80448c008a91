/**
 * The portal's hosting subscriptions: each with its status, price and the end
 * of its period (the next renewal) on the studio's clock, as the server words
 * it. A subscription Stripe manages (live mode) opens Stripe's customer
 * portal ("Manage billing"); in test mode this section is the equivalent
 * page. Either way "Cancel at period end", asked first, ends it when the
 * period is over. Loading, empty and error-with-retry states (PortalListSection).
 */
import { useState } from 'react';
import type { User } from 'firebase/auth';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatUsd,
  parseAmountToCents,
  PORTAL_SUBSCRIPTION_CANCELED,
  portalSubscriptionStatusText,
  type PortalSubscription,
} from '@studio/domain';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';
import { useToast } from '../../../shared/components/Toast';
import { errorMessage } from '../../../shared/lib/api';
import { cancelSubscription, fetchSubscriptions, openBillingPortal } from '../portalApi';
import { PortalListSection, rowSx, usePortalList } from './PortalListSection';

export const SUBSCRIPTIONS_FAILED = 'Your subscriptions could not be loaded. Check your connection and try again.';
export const BILLING_PORTAL_FAILED = 'The billing portal could not be opened. Please try again.';
export const CANCEL_FAILED = 'The subscription could not be changed. Please try again.';

const price = (s: PortalSubscription) =>
  `${formatUsd(parseAmountToCents(s.amount) ?? 0)}${s.currency.toLowerCase() === 'usd' ? '' : ` ${s.currency.toUpperCase()}`} per ${s.interval}`;

const statusColor = (s: PortalSubscription) =>
  s.status === 'canceled' ? 'default' : s.status === 'past_due' || s.cancelAtPeriodEnd ? 'warning' : 'success';

const fetchSubscriptionList = async (user: User) => (await fetchSubscriptions(user)).subscriptions;

export function PortalSubscriptions({ user }: { user: User }) {
  const toast = useToast();
  const [state, reload] = usePortalList(user, fetchSubscriptionList, 'the subscriptions');
  const [asking, setAsking] = useState<PortalSubscription | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const cancel = async (s: PortalSubscription) => {
    setBusy(s.id);
    try {
      await cancelSubscription(user, s.id);
      reload();
      toast({ title: 'Subscription Updated', description: PORTAL_SUBSCRIPTION_CANCELED });
    } catch (e) {
      toast({ title: 'Error', description: errorMessage(e, CANCEL_FAILED), severity: 'error' });
    } finally {
      setBusy(null);
      setAsking(null);
    }
  };

  const manage = async (s: PortalSubscription) => {
    setBusy(s.id);
    try {
      window.location.assign((await openBillingPortal(user, s.id)).url);
    } catch (e) {
      toast({ title: 'Error', description: errorMessage(e, BILLING_PORTAL_FAILED), severity: 'error' });
      setBusy(null);
    }
  };

  return (
    <>
      <PortalListSection
        id="portal-subscriptions"
        title="Hosting subscriptions"
        state={state}
        onRetry={reload}
        failedText={SUBSCRIPTIONS_FAILED}
        loadingText="Loading your subscriptions..."
        emptyText="No hosting subscriptions."
      >
        {(items) =>
          items.map((s) => (
            <Card component="li" key={s.id} data-testid="portal-subscription">
              <CardContent sx={rowSx}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                    {s.packageName}
                  </Typography>
                  <Typography color="text.secondary">
                    {price(s)}
                    {s.status === 'canceled'
                      ? ''
                      : s.cancelAtPeriodEnd
                        ? ` · ends on ${s.periodEnd}`
                        : ` · renews on ${s.periodEnd}`}
                  </Typography>
                  <Chip size="small" color={statusColor(s)} label={portalSubscriptionStatusText(s)} sx={{ mt: 1 }} />
                </Box>
                {s.manage && (
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexShrink: 0 }}>
                    {s.manage === 'stripe' && (
                      <Button
                        variant="outlined"
                        disabled={busy === s.id}
                        onClick={() => void manage(s)}
                        aria-label={`Manage billing for ${s.packageName}`}
                      >
                        Manage billing
                      </Button>
                    )}
                    {!s.cancelAtPeriodEnd && (
                      <Button
                        color="error"
                        disabled={busy === s.id}
                        onClick={() => setAsking(s)}
                        aria-label={`Cancel at period end: ${s.packageName}`}
                      >
                        Cancel at period end
                      </Button>
                    )}
                  </Stack>
                )}
              </CardContent>
            </Card>
          ))
        }
      </PortalListSection>
      <ConfirmDialog
        open={asking != null}
        title={`End ${asking?.packageName ?? 'this subscription'}?`}
        consequences={[
          `Hosting stays on until ${asking?.periodEnd ?? 'the end of the period'}, and nothing more is charged.`,
          'After that day the subscription ends. Ask us if you change your mind before then.',
        ]}
        confirmLabel="Cancel at period end"
        cancelLabel="Keep it"
        busy={asking != null && busy === asking.id}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && void cancel(asking)}
      />
    </>
  );
}
