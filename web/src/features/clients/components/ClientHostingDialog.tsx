/**
 * One client's hosting from the cart (the Client List card's "View orders"):
 * their orders (what they bought, paid at checkout, status) and their hosting
 * subscriptions (status, next renewal, amount), read from the page's live
 * lists. Cancelling and the books stay on the Money page, linked here.
 */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatUsd } from '@studio/domain';
import { ScrollTable } from '../../../shared/components/ScrollTable';
import type { OrderView, SubscriptionView } from '../../../shared/data/moneyHooks';
import { usePhone } from '../../../shared/lib/usePhone';
import { useStudioDateFormat } from '../../settings';
import { OrdersTable } from '../../billing';
import { SUBSCRIPTION_STATUS_LABELS, type ClientHosting } from '../clientHosting';

const STATUS_COLORS = { active: 'success', past_due: 'warning', canceled: 'default' } as const;

/** The hosting of the client `name` in a dialog; closed when `hosting` is null. */
export function ClientHostingDialog({
  name,
  hosting,
  onClose,
}: {
  name: string;
  hosting: ClientHosting<OrderView, SubscriptionView> | null;
  onClose(): void;
}) {
  const phone = usePhone();
  // Renewal days on the studio's clock, as the portal and the emails write them.
  const dates = useStudioDateFormat();
  return (
    <Dialog
      open={hosting !== null}
      onClose={onClose}
      aria-labelledby="client-hosting-title"
      fullWidth
      maxWidth="md"
      fullScreen={phone}
    >
      <DialogTitle id="client-hosting-title">Hosting orders of {name}</DialogTitle>
      <DialogContent>
        <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
          Orders
        </Typography>
        <OrdersTable orders={hosting?.orders ?? []} />
        <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1 }}>
          Subscriptions
        </Typography>
        {!hosting || hosting.subscriptions.length === 0 ? (
          <Typography color="text.secondary">No hosting subscription.</Typography>
        ) : (
          <ScrollTable label="Client subscriptions">
            <TableHead>
              <TableRow>
                <TableCell>Package</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Next renewal</TableCell>
                <TableCell align="right">Amount</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {hosting.subscriptions.map((s) => (
                <TableRow key={s.id} data-testid="client-subscription-row">
                  <TableCell>{s.packageName}</TableCell>
                  <TableCell>
                    <Chip size="small" color={STATUS_COLORS[s.status]} label={SUBSCRIPTION_STATUS_LABELS[s.status]} />
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
                </TableRow>
              ))}
            </TableBody>
          </ScrollTable>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Payments, refunds and cancelling a subscription are on the{' '}
          <Link component={RouterLink} to="/admin/money">
            Money page
          </Link>
          .
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
