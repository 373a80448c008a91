/**
 * The money summary of one project, read from its account statement (domain
 * statement.ts): the deposit paid (its day on the studio's clock), then "Paid
 * in full", what is owed and how late, or the next quote stage. Invoicing's
 * cards and the lead's details show it, so both say the same.
 */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { dayCount, formatUsd, STATEMENT_PURPOSE_LABELS, type AccountStatement } from '@studio/domain';
import type { LeadView } from '../../../shared/data/hooks';
import type { StudioDateFormat } from '../../../shared/lib/studioDates';

const validDate = (d: unknown): d is Date => d instanceof Date && !Number.isNaN(d.getTime());

/** "Deposit due: $2,000.00", "Invoice overdue 40 days: $1,200.00", "$3,200.00 due on 2 documents". */
function owedText(statement: AccountStatement): string {
  const { owedCents, overdueCents } = statement.totals;
  const overdue = statement.overdueCount;
  const line = statement.next?.line;
  if (overdue > 0) {
    const what = overdue === 1 && line ? STATEMENT_PURPOSE_LABELS[line.document.purpose] : `${overdue} documents`;
    return `${what} overdue ${dayCount(statement.maxOverdueDays)}: ${formatUsd(overdueCents)}`;
  }
  if (statement.openCount === 1 && line)
    return `${STATEMENT_PURPOSE_LABELS[line.document.purpose]} due: ${formatUsd(owedCents)}`;
  return `${formatUsd(owedCents)} due on ${statement.openCount} documents`;
}

/**
 * The card's money summary, read from the lead's statement: deposit paid (its day on the studio's clock),
 * then "Paid in full", what is owed and how late, or the next quote stage.
 */
export function PaymentMarkers({
  lead,
  statement,
  dates,
}: {
  lead: LeadView;
  statement: AccountStatement;
  /** The studio's date formats (shared/lib/studioDates): the deposit's day on its clock. */
  dates: StudioDateFormat;
}) {
  const deposit = statement.lines.find((l) => l.document.purpose === 'deposit');
  const depositPaid = deposit ? deposit.balance.paidCents > 0 : Boolean(lead.stripeDepositPaymentId);
  const depositPaidAt = validDate(lead.depositPaidAt) ? lead.depositPaidAt : null;
  const { owedCents, overdueCents } = statement.totals;
  const stage = statement.next?.stage;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="payment-markers">
      {depositPaid && (
        <Chip
          size="small"
          color="success"
          variant="outlined"
          icon={<CheckCircleIcon />}
          label={depositPaidAt ? `Deposit paid ${dates.day(depositPaidAt)}` : 'Deposit paid'}
        />
      )}
      {statement.paidInFull ? (
        <Chip size="small" color="success" icon={<CheckCircleIcon />} label="Paid in full" />
      ) : owedCents > 0 ? (
        <Chip
          size="small"
          color={overdueCents > 0 ? 'error' : 'warning'}
          variant="outlined"
          label={`${owedText(statement)}${owedCents > overdueCents && overdueCents > 0 ? ` · ${formatUsd(owedCents)} due in all` : ''}`}
        />
      ) : stage ? (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          label={`${stage.purpose === 'deposit' ? 'Deposit' : 'Final payment'} due: ${formatUsd(stage.amountCents)}`}
        />
      ) : statement.upcoming[0] ? (
        <Chip
          size="small"
          variant="outlined"
          label={`Final payment to be billed: ${formatUsd(statement.upcoming[0].amountCents)}`}
        />
      ) : lead.quoteAmountCents == null ? (
        <Chip size="small" variant="outlined" label="No quote yet" />
      ) : null}
    </Stack>
  );
}
