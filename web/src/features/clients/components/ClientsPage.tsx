/**
 * Client List (spec §2 "Clients page", route /admin/clients): a responsive
 * card grid of every lead, read live from Firestore, with search, status and
 * project-type filters, sort, and an Export CSV of the filtered list.
 * The filtering rules live in ./clientsFilter (pure, unit-tested).
 *
 * A paid cart order's buyer is a lead too (docs/statuses.md "Cart buyers"), so
 * they are among the cards; a card whose address bought from the cart shows
 * its orders and subscriptions (./clientHosting: count, what was bought, their
 * states) and opens them ("View orders"). Below the grid, every cart order,
 * paid or not.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import { formatUsd } from '@studio/domain';
import { Loading } from '../../../shared/components/PageState';
import { useLiveLeads, type LeadView } from '../../../shared/data/hooks';
import {
  useLiveOrders,
  useLiveSubscriptions,
  type OrderView,
  type SubscriptionView,
} from '../../../shared/data/moneyHooks';
import type { LiveList } from '../../../shared/data/liveQuery';
import { OrdersTable } from '../../billing';
import { LEAD_STATUS_COLORS } from '../../../shared/components/leadStatus';
import { GridCard, PagedCardGrid } from '../../../shared/components/CardGrid';
import {
  applyClientFilters,
  buildClientsCsv,
  clearFilters,
  CLIENT_SORT_LABELS,
  CLIENT_SORTS,
  clientsCsvFileName,
  DEFAULT_CLIENT_FILTERS,
  hasActiveFilters,
  PROJECT_TYPE_OPTIONS,
  STATUS_OPTIONS,
  type ClientFilters,
  type ClientSort,
} from '../clientsFilter';
import { downloadCsv } from '../../../shared/lib/csv';
import { hostingByClient, hostingOf, hostingSummary, type ClientHosting } from '../clientHosting';
import { ClientHostingDialog } from './ClientHostingDialog';
import { useStudioDateFormat } from '../../settings';

type Hosting = ClientHosting<OrderView, SubscriptionView>;

/** Shows the selected values of a multi-select, or "All" when none is chosen. */
function renderSelection(selected: unknown): string {
  const values = selected as string[];
  return values.length === 0 ? 'All' : values.join(', ');
}

/** A select of several options with a checkbox each; nothing chosen reads "All". */
function MultiSelectFilter<T extends string>({
  id,
  label,
  options,
  selected,
  onChange,
}: {
  id: string;
  label: string;
  options: readonly T[];
  selected: readonly T[];
  onChange(selected: T[]): void;
}) {
  return (
    <TextField
      id={id}
      select
      label={label}
      size="small"
      value={selected}
      onChange={(e) => onChange(selectedOf(e.target.value, options))}
      slotProps={{
        select: { multiple: true, displayEmpty: true, renderValue: renderSelection },
        inputLabel: { shrink: true },
      }}
    >
      {options.map((o) => (
        <MenuItem key={o} value={o} dense>
          <Checkbox size="small" checked={selected.includes(o)} tabIndex={-1} disableRipple sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={o} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A card's hosting from the cart: what the client bought and their subscriptions, with "View orders". */
function HostingLines({ name, hosting, onOpen }: { name: string; hosting: Hosting; onOpen(): void }) {
  const summary = hostingSummary(hosting);
  return (
    <Stack
      component="section"
      aria-label={`Hosting of ${name}`}
      data-testid="client-hosting"
      spacing={0.25}
      sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}
    >
      <Typography variant="body2" fontWeight={700}>
        Hosting: {summary.orders}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {summary.bought}
      </Typography>
      {summary.subscriptions.map((line, i) => (
        <Typography key={i} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {line}
        </Typography>
      ))}
      <Button
        size="small"
        onClick={onOpen}
        aria-label={`View orders of ${name}`}
        sx={{ alignSelf: 'flex-start', mt: 0.5 }}
      >
        View orders
      </Button>
    </Stack>
  );
}

function ClientCard({
  lead,
  hosting,
  day,
  onOpenHosting,
}: {
  lead: LeadView;
  hosting: Hosting | null;
  /** A day on the studio's clock (settings useStudioDateFormat, read once by the page). */
  day: (at: Date) => string;
  onOpenHosting(): void;
}) {
  const created = lead.createdAt instanceof Date && !Number.isNaN(lead.createdAt.getTime()) ? lead.createdAt : null;
  return (
    <GridCard
      label={`Client ${lead.name}`}
      testId="client-card"
      title={lead.name}
      badge={
        <Chip
          size="small"
          label={lead.status}
          color={LEAD_STATUS_COLORS[lead.status] ?? 'default'}
          aria-label={`Status: ${lead.status}`}
        />
      }
    >
      {/* A lead stored without an address (an admin-added lead may have none) gets no empty mail link. */}
      {lead.email ? (
        <Link href={`mailto:${lead.email}`} variant="body2" sx={{ overflowWrap: 'anywhere', alignSelf: 'flex-start' }}>
          {lead.email}
        </Link>
      ) : (
        <Typography variant="body2" color="text.secondary">
          No email address
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {/* A lead stored without a project type (older records) shows no empty, unnamed chip. */}
        {lead.projectType && (
          <Chip
            size="small"
            variant="outlined"
            label={lead.projectType}
            aria-label={`Project type: ${lead.projectType}`}
          />
        )}
        {lead.quoteAmountCents != null && (
          <Typography variant="body2" fontWeight={700} aria-label={`Quote ${formatUsd(lead.quoteAmountCents)}`}>
            {formatUsd(lead.quoteAmountCents)}
          </Typography>
        )}
      </Stack>
      <Typography variant="subtitle2" component="h3" sx={{ overflowWrap: 'anywhere' }}>
        {lead.subject}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        title={lead.message}
        data-testid="client-message"
        sx={{
          display: '-webkit-box',
          WebkitBoxOrient: 'vertical',
          WebkitLineClamp: 3,
          lineClamp: 3,
          overflow: 'hidden',
          whiteSpace: 'pre-line',
          overflowWrap: 'anywhere',
        }}
      >
        {lead.message}
      </Typography>
      {hosting && <HostingLines name={lead.name} hosting={hosting} onOpen={onOpenHosting} />}
      <Typography variant="caption" color="text.secondary" sx={{ mt: 'auto', pt: 1 }}>
        {created ? (
          <>
            Created <time dateTime={created.toISOString()}>{day(created)}</time>
          </>
        ) : (
          'Created just now'
        )}
      </Typography>
    </GridCard>
  );
}

function Toolbar({
  filters,
  onChange,
  onExport,
  exportDisabled,
}: {
  filters: ClientFilters;
  onChange: (next: ClientFilters) => void;
  onExport: () => void;
  exportDisabled: boolean;
}) {
  return (
    <Paper
      component="form"
      role="search"
      aria-label="Filter clients"
      variant="outlined"
      onSubmit={(e) => e.preventDefault()}
      sx={{
        p: 2,
        mb: 2,
        display: 'grid',
        gap: 2,
        alignItems: 'center',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'minmax(0, 2fr) repeat(3, minmax(0, 1fr)) auto' },
      }}
    >
      <TextField
        id="clients-search"
        label="Search clients"
        type="search"
        size="small"
        value={filters.search}
        onChange={(e) => onChange({ ...filters, search: e.target.value })}
        placeholder="Name, email, subject or message"
        sx={{ gridColumn: { sm: '1 / -1', lg: 'auto' } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      <MultiSelectFilter
        id="clients-status"
        label="Status"
        options={STATUS_OPTIONS}
        selected={filters.statuses}
        onChange={(statuses) => onChange({ ...filters, statuses })}
      />
      <MultiSelectFilter
        id="clients-project-type"
        label="Project type"
        options={PROJECT_TYPE_OPTIONS}
        selected={filters.projectTypes}
        onChange={(projectTypes) => onChange({ ...filters, projectTypes })}
      />
      <TextField
        id="clients-sort"
        select
        label="Sort by"
        size="small"
        value={filters.sort}
        onChange={(e) => onChange({ ...filters, sort: e.target.value as ClientSort })}
      >
        {CLIENT_SORTS.map((s) => (
          <MenuItem key={s} value={s}>
            {CLIENT_SORT_LABELS[s]}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="contained"
        startIcon={<DownloadIcon />}
        onClick={onExport}
        disabled={exportDisabled}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Export CSV
      </Button>
    </Paper>
  );
}

/** The admin Client List page: live lead cards with search, filters, sort and CSV export. */
/**
 * The options a multiple select chose: MUI hands over an array (typed as the
 * text field's string) or, after browser autofill, comma-separated text;
 * anything not among `options` is dropped. Keeps the order chosen.
 */
function selectedOf<T extends string>(value: unknown, options: readonly T[]): T[] {
  const chosen: unknown[] = Array.isArray(value) ? value : String(value).split(',');
  return chosen.filter((c): c is T => (options as readonly unknown[]).includes(c));
}

export function ClientsPage() {
  const leads = useLiveLeads();
  const dates = useStudioDateFormat();
  const orders = useLiveOrders();
  const subscriptions = useLiveSubscriptions();
  // Cart orders and subscriptions by address: each card finds its client's (none while they load).
  const byClient = useMemo(() => hostingByClient(orders.data, subscriptions.data), [orders.data, subscriptions.data]);
  // The client whose orders are open, by address: the dialog follows the live lists.
  const [openHosting, setOpenHosting] = useState<{ name: string; email: string } | null>(null);
  const [filters, setFilters] = useState<ClientFilters>(DEFAULT_CLIENT_FILTERS);
  // Typing stays responsive on long lists; the grid catches up a frame later.
  const search = useDeferredValue(filters.search);
  const visible = useMemo(() => applyClientFilters(leads.data, { ...filters, search }), [leads.data, filters, search]);
  const filtering = hasActiveFilters(filters);

  const exportCsv = () => downloadCsv(buildClientsCsv(visible), clientsCsvFileName());

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 0.5 }}>
        Client List
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Everyone who has contacted the studio or bought hosting, live.
      </Typography>
      {leads.status === 'loading' ? (
        <Loading />
      ) : leads.status === 'error' ? (
        <Alert severity="error">Could not load clients: {leads.error?.message}</Alert>
      ) : leads.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">
            No clients yet - Clients will appear here when they submit the contact form.
          </Typography>
        </Paper>
      ) : (
        <>
          <Toolbar filters={filters} onChange={setFilters} onExport={exportCsv} exportDisabled={visible.length === 0} />
          <Typography variant="body2" color="text.secondary" role="status" aria-live="polite" sx={{ mb: 2 }}>
            {filtering
              ? `Showing ${visible.length} of ${leads.data.length} clients`
              : `${leads.data.length} ${leads.data.length === 1 ? 'client' : 'clients'}`}
          </Typography>
          {visible.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                No clients match your filters
              </Typography>
              <Button variant="outlined" onClick={() => setFilters(clearFilters(filters))}>
                Clear filters
              </Button>
            </Paper>
          ) : (
            <PagedCardGrid key={JSON.stringify({ ...filters, search })} label="Clients" items={visible} noun="clients">
              {(l) => (
                <ClientCard
                  key={l.id}
                  lead={l}
                  hosting={hostingOf(byClient, l.email)}
                  day={dates.day}
                  onOpenHosting={() => setOpenHosting({ name: l.name, email: l.email })}
                />
              )}
            </PagedCardGrid>
          )}
        </>
      )}
      <HostingCustomers orders={orders} />
      <ClientHostingDialog
        name={openHosting?.name ?? ''}
        hosting={openHosting ? (hostingOf(byClient, openHosting.email) ?? { orders: [], subscriptions: [] }) : null}
        onClose={() => setOpenHosting(null)}
      />
    </Box>
  );
}

/** Every cart order, paid or not (a paid order's buyer is also a client card above). */
function HostingCustomers({ orders }: { orders: LiveList<OrderView> }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="hosting-customers" sx={{ p: 2, mt: 4 }}>
      <Typography id="hosting-customers" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Hosting customers
      </Typography>
      {orders.status === 'loading' ? (
        <Loading label="Loading orders..." />
      ) : orders.status === 'error' ? (
        <Alert severity="error">Could not load orders: {orders.error?.message}</Alert>
      ) : (
        <OrdersTable orders={orders.data} />
      )}
    </Paper>
  );
}
