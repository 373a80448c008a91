/**
 * Hosting subscriptions: status (active, past due, canceled), next renewal,
 * amount per period, with Cancel at period end (asked first: the client keeps
 * the hosting until then, and it is not renewed) and, in test mode only,
 * Renew now / Fail renewal, which stand in for Stripe's clock.
 */
import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import { ScrollTable } from '../../../shared/components/ScrollTable';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatUsd, stripeConfigReply, successReply } from '@studio/domain';
import type { SubscriptionView } from '../../../shared/data/moneyHooks';
import { api, errorMessage } from '../../../shared/lib/api';
import { useToast } from '../../../shared/components/Toast';
import { useStudioDateFormat } from '../../settings';

const STATUS_COLORS = { active: 'success', past_due: 'warning', canceled: 'default' } as const;
const STATUS_LABELS = { active: 'Active', past_due: 'Past due', canceled: 'Canceled' } as const;

/** Whether payments run in test mode here (GET /api/stripe/config); false until known. */
function useTestMode(): boolean {
  const [test, setTest] = useState(false);
  useEffect(() => {
    let live = true;
    api.get('/api/stripe/config', stripeConfigReply).then(
      (c) => live && setTest(c.mode === 'test'),
      () => undefined, // unknown: no test actions
    );
    return () => {
      live = false;
    };
  }, []);
  return test;
}

export function SubscriptionsTable({ subscriptions }: { subscriptions: readonly SubscriptionView[] }) {
  const toast = useToast();
  const testMode = useTestMode();
  // Period ends on the studio's clock, as the portal and the emails write them.
  const dates = useStudioDateFormat();
  const [confirm, setConfirm] = useState<SubscriptionView | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (id: string, path: 'cancel' | 'test-renew', body: object, title: string) => {
    setBusy(id);
    try {
      const reply = await api.post(`/api/billing/subscriptions/${encodeURIComponent(id)}/${path}`, body, successReply);
      toast({ title, description: reply.message });
    } catch (e) {
      toast({ title: 'Update Failed', description: errorMessage(e, 'Please try again.'), severity: 'error' });
    } finally {
      setBusy(null);
    }
  };

  if (subscriptions.length === 0) return <Typography color="text.secondary">No hosting subscriptions yet.</Typography>;
  return (
    <>
      <ScrollTable label="Hosting subscriptions">
        <TableHead>
          <TableRow>
            <TableCell>Customer</TableCell>
            <TableCell>Package</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Next renewal</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {subscriptions.map((s) => (
            <TableRow key={s.id} data-testid="subscription-row" data-status={s.status}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {s.customerName ?? s.customerEmail}
                <Typography variant="caption" display="block" color="text.secondary">
                  {s.customerEmail}
                </Typography>
              </TableCell>
              <TableCell>{s.packageName}</TableCell>
              <TableCell>
                <Chip size="small" color={STATUS_COLORS[s.status]} label={STATUS_LABELS[s.status]} />
                {s.cancelAtPeriodEnd && s.status !== 'canceled' && (
                  <Typography variant="caption" display="block" color="text.secondary">
                    Ends at period end
                  </Typography>
                )}
              </TableCell>
              <TableCell>{s.status === 'canceled' ? '—' : dates.day(s.currentPeriodEnd)}</TableCell>
              <TableCell align="right">
                {formatUsd(s.amountCents)}/{s.interval}
              </TableCell>
              <TableCell>
                {s.status !== 'canceled' && (
                  <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                    {!s.cancelAtPeriodEnd && (
                      <Button size="small" disabled={busy === s.id} onClick={() => setConfirm(s)}>
                        Cancel at period end
                      </Button>
                    )}
                    {testMode && (
                      <>
                        <Button
                          size="small"
                          disabled={busy === s.id}
                          onClick={() => act(s.id, 'test-renew', {}, 'Period ended (test mode)')}
                        >
                          Renew now (test)
                        </Button>
                        {!s.cancelAtPeriodEnd && (
                          <Button
                            size="small"
                            disabled={busy === s.id}
                            onClick={() => act(s.id, 'test-renew', { fail: true }, 'Renewal failed (test mode)')}
                          >
                            Fail renewal (test)
                          </Button>
                        )}
                      </>
                    )}
                  </Stack>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollTable>
      <Dialog open={Boolean(confirm)} onClose={() => setConfirm(null)} aria-labelledby="cancel-sub-title">
        <DialogTitle id="cancel-sub-title">Cancel this subscription?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {confirm
              ? `${confirm.customerName ?? confirm.customerEmail} keeps ${confirm.packageName} until ${dates.day(confirm.currentPeriodEnd)}; it is not renewed after that.`
              : ''}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>Keep it</Button>
          <Button
            variant="contained"
            color="warning"
            onClick={() => {
              const target = confirm;
              setConfirm(null);
              if (target) void act(target.id, 'cancel', {}, 'Subscription ends at period end');
            }}
          >
            Cancel at period end
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
