/**
 * CRM dashboard (spec §2 "CRM dashboard", §9): greeting, summary tiles, the
 * six-column pipeline and the Won and Dead buckets, read live from Firestore.
 */
import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BOARD_COLUMNS, dashboardTiles, formatUsd, groupLeadsForBoard } from '@studio/domain';
import { Loading } from '../../components/PageState';
import { useLiveLeads, type LeadView } from '../data/hooks';
import { useAdminSession } from '../session';

const dateFmt = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function LeadCard({ lead }: { lead: LeadView }) {
  return (
    <Card component="article" aria-label={`Lead ${lead.name}`} data-testid="lead-card" sx={{ mb: 1 }}>
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography fontWeight={700} noWrap title={lead.name}>
          {lead.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap title={lead.subject}>
          {lead.subject}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip size="small" label={lead.projectType} />
          {lead.quoteAmountCents != null && <Typography variant="body2" fontWeight={600}>{formatUsd(lead.quoteAmountCents)}</Typography>}
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {lead.createdAt instanceof Date ? dateFmt.format(lead.createdAt) : ''}
        </Typography>
      </CardContent>
    </Card>
  );
}

function Column({ title, leads, testId }: { title: string; leads: LeadView[]; testId: string }) {
  return (
    <Paper component="section" aria-label={title} data-testid={testId} variant="outlined" sx={{ p: 1.5, bgcolor: 'grey.50', minHeight: 200 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" fontWeight={700}>
          {title}
        </Typography>
        <Chip size="small" label={leads.length} aria-label={`${leads.length} leads`} />
      </Stack>
      {leads.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          No leads
        </Typography>
      ) : (
        leads.map((l) => <LeadCard key={l.id} lead={l} />)
      )}
    </Paper>
  );
}

export function DashboardPage() {
  const { username } = useAdminSession();
  const leads = useLiveLeads();
  const board = useMemo(() => groupLeadsForBoard(leads.data), [leads.data]);
  const tiles = useMemo(() => dashboardTiles(leads.data), [leads.data]);

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 0.5 }}>
        Welcome back, {username}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Your lead pipeline, live.
      </Typography>
      {leads.status === 'loading' ? (
        <Loading label="Loading dashboard..." />
      ) : leads.status === 'error' ? (
        <Alert severity="error">Could not load leads: {leads.error?.message}</Alert>
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, mb: 3 }}>
            {tiles.map((t) => (
              <Card key={t.key} component="section" aria-label={t.label}>
                <CardContent>
                  <Typography variant="body2" color="text.secondary">
                    {t.label}
                  </Typography>
                  <Typography variant="h5" component="p" fontWeight={800}>
                    {t.count}
                  </Typography>
                  <Typography variant="body2">{formatUsd(t.totalCents)}</Typography>
                </CardContent>
              </Card>
            ))}
          </Box>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(6, minmax(0, 1fr))' },
              mb: 3,
            }}
          >
            {BOARD_COLUMNS.map((c) => (
              <Column key={c} title={c} leads={board.columns[c]} testId={`column-${c}`} />
            ))}
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <Column title="Won" leads={board.won} testId="bucket-won" />
            <Column title="Dead Leads" leads={board.dead} testId="bucket-dead" />
          </Box>
        </>
      )}
    </Box>
  );
}
