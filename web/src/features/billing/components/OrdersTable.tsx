/**
 * Hosting orders from the cart: who bought which package, what was paid at
 * checkout and the order's state. A buyer is a customer with or without a
 * lead (the Money and Clients pages).
 */
import TableBody from '@mui/material/TableBody';
import { ScrollTable } from '../../../shared/components/ScrollTable';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatUsd } from '@studio/domain';
import type { OrderView } from '../../../shared/data/moneyHooks';
import { useStudioDateFormat } from '../../settings';

/** The orders as a table, each dated on the studio's clock; an empty state when there are none. */
export function OrdersTable({ orders }: { orders: readonly OrderView[] }) {
  const dates = useStudioDateFormat();
  if (orders.length === 0) return <Typography color="text.secondary">No cart orders yet.</Typography>;
  return (
    <ScrollTable label="Hosting orders">
      <TableHead>
        <TableRow>
          <TableCell>Date</TableCell>
          <TableCell>Customer</TableCell>
          <TableCell>Package</TableCell>
          <TableCell align="right">Paid at checkout</TableCell>
          <TableCell>Status</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {orders.map((o) => (
          <TableRow key={o.id} data-testid="order-row">
            <TableCell>{o.createdAt ? dates.day(o.createdAt) : '—'}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>
              {o.clientInfo.name}
              <Typography variant="caption" display="block" color="text.secondary">
                {o.clientInfo.email}
              </Typography>
            </TableCell>
            <TableCell>
              {o.packageName} ({o.pricingMode})
              {o.promoCode && (
                <Typography variant="caption" display="block" color="text.secondary">
                  Promo {o.promoCode}
                </Typography>
              )}
            </TableCell>
            <TableCell align="right">{formatUsd(o.totalDueNowCents)}</TableCell>
            <TableCell>{o.status.replaceAll('_', ' ')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollTable>
  );
}
