/**
 * The Insights charts, a lazy chunk of their own with @mui/x-charts:
 *
 * - Pipeline value by stage: summed quoteAmount of each board column
 *   (pipelineValueByStage), in dollars with 2 decimals;
 * - Won and lost by reason: won leads against dead leads grouped by their
 *   dead reason, test data left out (outcomesByReason).
 *
 * Each chart is a titled figure with a short visible summary, an empty state,
 * and a visually hidden table of its numbers for screen readers; the bars are
 * horizontal so the labels fit a 360 px screen. The charts themselves can be
 * explored with the keyboard (x-charts' focus navigation and tooltips).
 */
import { useId, useMemo, type ReactNode } from 'react';
import { BarChart } from '@mui/x-charts/BarChart';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { formatUsd, outcomesByReason, pipelineValueByStage, shortDeadReason, type InsightLead } from '@studio/domain';
import visuallyHidden from '@mui/utils/visuallyHidden';

const CHART_HEIGHT = 280;
/** Dollars on the value axis, compact: $0, $950, $12.5k, $1.2M. */
const axisUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
/** Dollars (from a chart value) as $1,234.50. */
const usd = (dollars: number | null) => (dollars == null ? '' : formatUsd(Math.round(dollars * 100)));
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function ChartFigure({
  title,
  summary,
  empty,
  table,
  children,
}: {
  title: string;
  summary: string;
  empty: string | null;
  table: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Box component="figure" aria-labelledby={titleId} sx={{ m: 0, minWidth: 0 }}>
      <Typography id={titleId} variant="subtitle1" component="h3" fontWeight={700}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {summary}
      </Typography>
      {empty ? (
        <Box
          sx={{
            height: CHART_HEIGHT,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            textAlign: 'center',
            px: 2,
            color: 'text.secondary',
            border: 1,
            borderStyle: 'dashed',
            borderColor: 'divider',
            borderRadius: 1,
            mt: 1,
          }}
        >
          <Typography variant="body2">{empty}</Typography>
        </Box>
      ) : (
        <>
          {children}
          <Box component="table" sx={visuallyHidden}>
            <caption>{title}</caption>
            {table}
          </Box>
        </>
      )}
    </Box>
  );
}

function PipelineChart({ leads }: { leads: readonly InsightLead[] }) {
  const theme = useTheme();
  const stages = useMemo(() => pipelineValueByStage(leads), [leads]);
  const totalCents = stages.reduce((sum, s) => sum + s.totalCents, 0);
  const quoted = stages.reduce((sum, s) => sum + s.quotedCount, 0);
  const open = stages.reduce((sum, s) => sum + s.count, 0);
  const dataset = stages.map((s) => ({ stage: s.stage, dollars: s.totalCents / 100, count: s.count }));
  const title = 'Pipeline value by stage';
  return (
    <ChartFigure
      title={title}
      summary={`${formatUsd(totalCents)} quoted across ${plural(quoted, 'lead')} (${open} open)`}
      empty={
        totalCents === 0
          ? open === 0
            ? 'No open leads yet.'
            : 'No quotes in the pipeline yet: stages fill in as leads get quotes.'
          : null
      }
      table={
        <>
          <thead>
            <tr>
              <th scope="col">Stage</th>
              <th scope="col">Value</th>
              <th scope="col">Leads</th>
            </tr>
          </thead>
          <tbody>
            {stages.map((s) => (
              <tr key={s.stage}>
                <th scope="row">{s.stage}</th>
                <td>{formatUsd(s.totalCents)}</td>
                <td>{s.count}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
    >
      <BarChart
        title={title}
        desc="Summed quote amount of the leads in each board column, in US dollars."
        height={CHART_HEIGHT}
        layout="horizontal"
        dataset={dataset}
        yAxis={[{ scaleType: 'band', dataKey: 'stage', width: 84 }]}
        xAxis={[
          {
            scaleType: 'linear',
            valueFormatter: (v: number, ctx) => (ctx.location === 'tick' ? axisUsd.format(v) : usd(v)),
            tickNumber: 4,
          },
        ]}
        series={[
          {
            dataKey: 'dollars',
            label: 'Pipeline value',
            color: theme.palette.primary.main,
            valueFormatter: (v) => usd(v),
          },
        ]}
        hideLegend
        slotProps={{ tooltip: { trigger: 'item' } }}
        margin={{ right: 16 }}
      />
    </ChartFigure>
  );
}

function OutcomesChart({ leads }: { leads: readonly InsightLead[] }) {
  const theme = useTheme();
  const outcomes = useMemo(() => outcomesByReason(leads), [leads]);
  // One category per row: Won, then each dead reason; a stacked pair of series colours them won or lost.
  const dataset = [
    { category: 'Won', won: outcomes.won, lost: null as number | null },
    ...outcomes.lostByReason.map((r) => ({ category: r.reason, won: null as number | null, lost: r.count })),
  ];
  const title = 'Won and lost by reason';
  return (
    <ChartFigure
      title={title}
      summary={`${outcomes.won} won · ${outcomes.lost} lost (test data left out)`}
      empty={outcomes.won + outcomes.lost === 0 ? 'No won or lost leads yet.' : null}
      table={
        <>
          <thead>
            <tr>
              <th scope="col">Outcome</th>
              <th scope="col">Leads</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Won</th>
              <td>{outcomes.won}</td>
            </tr>
            {outcomes.lostByReason.map((r) => (
              <tr key={r.reason}>
                <th scope="row">Lost: {r.reason}</th>
                <td>{r.count}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
    >
      <BarChart
        title={title}
        desc="Number of won leads, and of lost leads for each dead reason."
        height={CHART_HEIGHT}
        layout="horizontal"
        dataset={dataset}
        yAxis={[
          {
            scaleType: 'band',
            dataKey: 'category',
            width: 124,
            valueFormatter: (v: string, ctx) => (ctx.location === 'tick' ? shortDeadReason(v) : v),
          },
        ]}
        xAxis={[{ scaleType: 'linear', tickMinStep: 1, valueFormatter: (v: number) => String(v) }]}
        series={[
          {
            dataKey: 'won',
            label: 'Won',
            stack: 'outcome',
            color: theme.palette.success.main,
            valueFormatter: (v) => (v == null ? null : plural(v, 'lead')),
          },
          {
            dataKey: 'lost',
            label: 'Lost',
            stack: 'outcome',
            color: theme.palette.error.main,
            valueFormatter: (v) => (v == null ? null : plural(v, 'lead')),
          },
        ]}
        slotProps={{ tooltip: { trigger: 'item' }, legend: { position: { vertical: 'top', horizontal: 'end' } } }}
        margin={{ right: 16 }}
      />
    </ChartFigure>
  );
}

/** Both Insights charts side by side (stacked on small screens). Default export for React.lazy. */
export default function InsightsCharts({ leads }: { leads: readonly InsightLead[] }) {
  return (
    <Box
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
    >
      <PipelineChart leads={leads} />
      <OutcomesChart leads={leads} />
    </Box>
  );
}
