/**
 * The dashboard's collapsible "Insights" panel. The charts live in
 * their own lazy chunk (./InsightsCharts, with @mui/x-charts), fetched only
 * when the panel is opened (or about to be: on hover or focus of its header),
 * so the dashboard never waits for them. It charts the leads the board already
 * has: no extra Firestore listener. Open or closed is remembered per browser
 * (the page owns it, `useInsightsOpen`, so it can hand a closed panel no
 * leads: the panel is memoized and a move then does not re-render it).
 */
import { lazy, memo } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import InsightsIcon from '@mui/icons-material/InsightsOutlined';
import type { InsightLead } from '@studio/domain';
import { LazyPage } from '../../../shared/components/PageState';

const loadCharts = () => import('./InsightsCharts');
const InsightsCharts = lazy(loadCharts);

export const InsightsPanel = memo(function InsightsPanel({
  open,
  onOpenChange,
  leads,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  leads: readonly InsightLead[];
}) {
  const preload = () => void loadCharts().catch(() => undefined); // a failure shows when the panel renders
  return (
    <Accordion
      expanded={open}
      onChange={(_, expanded) => onOpenChange(expanded)}
      disableGutters
      data-testid="insights-panel"
      slotProps={{ heading: { component: 'h2' }, transition: { unmountOnExit: true } }}
      sx={{ mb: 3, borderRadius: 1, '&::before': { display: 'none' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} onPointerEnter={preload} onFocus={preload}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <InsightsIcon color="primary" fontSize="small" />
          <Typography component="span" fontWeight={700}>
            Insights
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary">
            Pipeline value by stage · won and lost by reason
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <LazyPage
          label="Loading charts..."
          errorMessage="The charts could not be loaded. Check your connection and reload."
        >
          <InsightsCharts leads={leads} />
        </LazyPage>
      </AccordionDetails>
    </Accordion>
  );
});
