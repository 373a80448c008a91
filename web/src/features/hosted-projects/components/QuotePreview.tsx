/** The live estimate under the hosted-project quote form: complexity, hours, total, deposit, and how it was built. */
import type { ReactNode } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  formatUsd,
  HOSTED_DEPOSIT_PERCENT,
  hostedComplexityLevel,
  type HostedQuoteForm,
  type HostedQuoteFormInput,
} from '@studio/domain';
import { estimateFromForm } from '../quoteForm';

const COMPLEXITY_COLORS: Record<'Low' | 'Medium' | 'High', ChipProps['color']> = {
  Low: 'success',
  Medium: 'warning',
  High: 'error',
};

export function QuotePreview({ control }: { control: Control<HostedQuoteFormInput, unknown, HostedQuoteForm> }) {
  const values = useWatch({ control });
  const estimate = estimateFromForm(values);
  if (!estimate) {
    return (
      <Alert severity="warning" sx={{ mt: 1 }}>
        Fix the highlighted fields to see the estimate.
      </Alert>
    );
  }
  const { analysis, quote } = estimate;
  const level = hostedComplexityLevel(analysis.complexity);
  const stats: Array<[string, ReactNode]> = [
    ['Complexity', <Chip key="c" size="small" label={level} color={COMPLEXITY_COLORS[level]} />],
    ['Estimated hours', `${quote.estimatedHours} h`],
    ['Total', formatUsd(quote.totalCents)],
    [`Deposit (${HOSTED_DEPOSIT_PERCENT}%)`, formatUsd(quote.depositCents)],
  ];
  return (
    <Paper component="section" aria-label="Quote preview" variant="outlined" sx={{ p: 2, mt: 1, bgcolor: 'grey.50' }}>
      <Typography variant="subtitle1" component="h3" fontWeight={700} gutterBottom>
        Quote preview
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
          gap: 2,
          m: 0,
        }}
      >
        {stats.map(([label, value]) => (
          <Box key={label} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="h6"
              fontWeight={700}
              sx={{ m: 0 }}
              data-testid={`preview-${label.split(' ')[0]!.toLowerCase()}`}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Final payment {formatUsd(quote.finalCents)} · {formatUsd(quote.hourlyRateCents)}/h · Features:{' '}
        {analysis.features.length ? analysis.features.join(', ') : 'none detected'}
      </Typography>
      <Box component="details" sx={{ mt: 1, '& summary': { cursor: 'pointer', typography: 'body2' } }}>
        <summary>How this estimate was built</summary>
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
          {analysis.reasons.map((r) => (
            <Typography key={r} component="li" variant="body2" color="text.secondary">
              {r}
            </Typography>
          ))}
        </Box>
      </Box>
    </Paper>
  );
}
