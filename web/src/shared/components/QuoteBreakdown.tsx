/** How a quote's price was built: amounts and the breakdown from generatedQuoteDetails. */
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { depositPercentOf, parseAmountToCents, type QuoteDetailsReply } from '@studio/domain';

/** generatedQuoteDetails as shown (spec §3): money as 2-decimal strings; read stored text with domain parseQuoteDetails. */
export type QuoteDetails = QuoteDetailsReply;

const usd = (s: string) =>
  `$${Number(s).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Why the total differs from hours × rate (shown under the breakdown when it does): the note the pricing that
 * made the total stored with it (domain generatedQuoteDetailsOf); details stored before they carried one get a
 * line that is true of every pricing, never another pricing's rules.
 */
export function adjustmentsNote(details: QuoteDetails): string {
  return details.adjustmentsNote ?? 'Adjustments: the difference between the total and hours × rate.';
}

/** The deposit's share as this quote has it ("50%", or "30%" for a hosted-project quote), never a fixed label. */
export function depositShare(details: QuoteDetails): string {
  return `${depositPercentOf(parseAmountToCents(details.quoteAmount), parseAmountToCents(details.depositAmount))}%`;
}

export function QuoteBreakdown({ details }: { details: QuoteDetails | null }) {
  if (!details) return <Typography color="text.secondary">Quote details unavailable</Typography>;
  const adjusted = Boolean(details.breakdown) && Number(details.breakdown?.adjustments) !== 0;
  const rows: Array<[string, string]> = [
    ['Estimated hours', String(details.estimatedHours)],
    ['Hourly rate', usd(details.hourlyRate)],
    ...(details.breakdown
      ? ([
          ['Base (hours × rate)', usd(details.breakdown.baseCost)],
          ['Adjustments', usd(details.breakdown.adjustments)],
        ] as Array<[string, string]>)
      : []),
    ['Total', usd(details.quoteAmount)],
    [`Deposit (${depositShare(details)})`, usd(details.depositAmount)],
    ['Final payment', usd(details.finalAmount)],
  ];
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Quote breakdown">
        <TableBody>
          {rows.map(([k, v]) => (
            <TableRow key={k}>
              <TableCell component="th" scope="row" sx={{ fontWeight: k === 'Total' ? 700 : 400 }}>
                {k}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: k === 'Total' ? 700 : 400 }}>
                {v}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {adjusted && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="quote-adjustments-note">
          {adjustmentsNote(details)}
        </Typography>
      )}
    </Box>
  );
}
