/**
 * The lead's account in its details: its account statement (domain
 * leadStatement) from the lead's invoices and payment requests, read live,
 * with the same summary as its Invoicing card (PaymentMarkers) and each
 * document's state ("Overdue 40 days", "Paid", "Partially refunded") and what
 * it still owes. Days are on the studio's clock.
 */
import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatUsd, leadStatement, statementStateText } from '@studio/domain';
import type { LeadView } from '../../../shared/data/hooks';
import { useLiveLeadDocuments } from '../../../shared/data/moneyHooks';
import { useStudioDateFormat } from '../../settings';
import { PaymentMarkers } from './PaymentMarkers';

export function LeadAccount({ lead }: { lead: LeadView }) {
  const docs = useLiveLeadDocuments(lead.id);
  const dates = useStudioDateFormat();
  const { timeZone } = dates;
  const statement = useMemo(
    () =>
      leadStatement({
        leadId: lead.id,
        lead,
        documents: [...docs.requests, ...docs.invoices],
        now: new Date(),
        timeZone,
      }),
    [lead, docs.requests, docs.invoices, timeZone],
  );
  if (docs.status === 'loading') return <Skeleton width="50%" />;
  if (docs.status === 'error') return <Alert severity="warning">The lead's invoices could not be loaded.</Alert>;
  return (
    <Box component="section" aria-label="Account" data-testid="lead-account">
      <PaymentMarkers lead={lead} statement={statement} dates={dates} />
      {statement.lines.length > 0 && (
        <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {statement.lines.map((l) => (
            <Typography component="li" variant="body2" key={`${l.document.kind}/${l.document.id}`}>
              {l.document.number && <strong>{l.document.number} · </strong>}
              {l.document.description}: {formatUsd(l.document.totalCents)} · {statementStateText(l)}
              {l.owedCents > 0 && l.owedCents !== l.document.totalCents && ` · ${formatUsd(l.owedCents)} due`}
            </Typography>
          ))}
        </Stack>
      )}
    </Box>
  );
}
