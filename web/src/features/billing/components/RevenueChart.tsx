/**
 * Revenue by month as a bar chart (@mui/x-charts, a lazy chunk of its own:
 * the numbers are in the table beside it, so the page never waits for it). The
 * page's figure caption names it.
 */
import { BarChart } from '@mui/x-charts/BarChart';
import { formatUsd } from '@studio/domain';

export default function RevenueChart({ months }: { months: Array<{ month: string; cents: number }> }) {
  return (
    <BarChart
      height={240}
      xAxis={[{ scaleType: 'band', data: months.map((m) => m.month), label: 'Month' }]}
      series={[
        {
          data: months.map((m) => m.cents / 100),
          label: 'Cash received',
          valueFormatter: (v) => (v == null ? '' : formatUsd(Math.round(v * 100))),
        },
      ]}
      yAxis={[{ width: 72 }]}
    />
  );
}
