/**
 * Money (route /admin/money): the books, read live from Firestore with one
 * listener per list (invoices, payment requests, orders, payments held for
 * review). The page never reads the whole ledger, so its first render does
 * not grow with it: the ledger table listens to the newest pages only (or to
 * the chosen client's entries), and the rest comes from running totals the
 * server keeps with each entry: revenue from the month totals
 * (`ledger_months`), what is due from each document's sums (`ledgerCents`),
 * and what a payment can still refund from its entry's `refundedCents`. The
 * CSV export reads the whole ledger once, on demand.
 *
 * - Outstanding invoices and payment requests with what is still due (from
 *   their ledger sums, domain documentBalance) and their ageing buckets (current,
 *   1–30, 31–60, 61–90, 90+ days past due); an admin's invoice can be voided
 *   (nothing paid on it) or written off.
 * - Revenue by month: cash received (payments less refunds and lost
 *   disputes) as a chart, with the numbers and their total in a table beside it.
 * - The ledger: payments, refunds with their credit notes (the refund's
 *   document, with its PDF, on the refund's row), disputes and write-offs,
 *   signed as the CSV signs them (domain ledgerRows): cash + or −, a
 *   write-off or a dispute as a figure that is not cash; Refund on a payment.
 * - Payments held for review (a currency or amount that was not what was owed).
 * - Hosting subscriptions (status, next renewal) with Cancel at period end,
 *   and test mode's Renew now / Fail renewal.
 * - Hosting orders from the cart: a buyer is a customer with or without a lead.
 * - A filter by client (typed name or email), and the ledger as a formula-safe
 *   CSV whose cash column sums to the cash received.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import { ScrollTable } from '../../../shared/components/ScrollTable';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { formatUsd, LEDGER_ENTRY_LABELS, ledgerRows, type AgeingBucket } from '@studio/domain';
import { Loading } from '../../../shared/components/PageState';
import { useFirestore } from 'reactfire';
import {
  fetchLedger,
  useLiveInvoices,
  useLiveLedger,
  useLiveLedgerMonths,
  useLiveOrders,
  useLivePaymentRequests,
  useLivePaymentsToReview,
  useLiveSubscriptions,
} from '../../../shared/data/moneyHooks';
import { csvFileName, downloadCsv } from '../../../shared/lib/csv';
import { useClock } from '../../../shared/lib/useClock';
import { DocumentDownloadButton } from '../../../shared/components/DocumentDownload';
import { hasEInvoice } from '../../../shared/lib/documentLinks';
import {
  ageingTotals,
  cashReceived,
  clientLabel,
  customers,
  isClient,
  ledgerCsv,
  ledgerFigure,
  matchesClient,
  outstanding,
  BUCKET_LABELS,
  revenue,
  signedUsd,
  type ClientOption,
} from '../money';
import { OrdersTable } from './OrdersTable';
import { CloseInvoiceDialog, type CloseTarget } from './CloseInvoiceDialog';
import { RefundDialog, type RefundTarget } from './RefundDialog';
import { SubscriptionsTable } from './SubscriptionsTable';
import { useStudioDateFormat, useStudioTimeZone } from '../../settings';

const RevenueChart = lazy(() => import('./RevenueChart'));

/** A cell shown from `sm` up; at 390 px its content is in the first cell instead. */
const FROM_SM = { display: { xs: 'none', sm: 'table-cell' } } as const;
/** Shown below `sm` only. */
const XS_ONLY = { display: { sm: 'none' } } as const;

const ROWS_PER_PAGE = 25;

/** A section with a heading that names it (a labelled region). */
function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 1.5, sm: 2 }, mb: 3 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** An outstanding document's ageing bucket, and its state when it says more than "Open" ("Overdue 40 days"). */
function AgeChips({ bucket, label }: { bucket: AgeingBucket; label: string }) {
  return (
    <>
      <Chip size="small" label={BUCKET_LABELS[bucket]} />
      {label !== 'Open' && (
        <Chip
          size="small"
          sx={{ ml: 0.5 }}
          color={label.startsWith('Overdue') ? 'error' : 'default'}
          variant="outlined"
          label={label}
        />
      )}
    </>
  );
}

/** The admin's Money page (see the file comment). */
export function MoneyPage() {
  const firestore = useFirestore();
  const [client, setClient] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  const [refund, setRefund] = useState<RefundTarget | null>(null);
  const [closing, setClosing] = useState<CloseTarget | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  // The ledger table's entries: the newest pages up to this one and one more, so that a refund and its
  // credit note on either side of the page's end are read together (or the chosen client's entries).
  const ledger = useLiveLedger((page + 1) * ROWS_PER_PAGE + 1, client);
  const monthTotals = useLiveLedgerMonths();
  const invoices = useLiveInvoices();
  const requests = useLivePaymentRequests();
  const orders = useLiveOrders();
  // Due days and ledger dates on the studio's clock, as the PDFs and emails write them.
  const dates = useStudioDateFormat();
  const timeZone = useStudioTimeZone();
  const review = useLivePaymentsToReview();
  const subscriptions = useLiveSubscriptions();
  const now = useClock(60_000);

  const docs = useMemo(
    () => [
      ...invoices.data.map((doc) => ({ kind: 'invoice' as const, doc })),
      ...requests.data.map((doc) => ({ kind: 'request' as const, doc })),
    ],
    [invoices.data, requests.data],
  );
  const clients = useMemo(
    () =>
      customers([
        ...docs.map(({ doc }) => ({ email: doc.email, name: doc.clientName })),
        ...orders.data.map((o) => ({ email: o.clientInfo.email, name: o.clientInfo.name })),
        ...subscriptions.data.map((sub) => ({ email: sub.customerEmail, name: sub.customerName })),
      ]),
    [docs, orders.data, subscriptions.data],
  );
  const chosen = useMemo(() => clients.find((c) => c.email === client) ?? null, [clients, client]);
  const rows = useMemo(() => outstanding(docs, now, client, timeZone), [docs, now, client, timeZone]);
  const buckets = useMemo(() => ageingTotals(rows), [rows]);
  const months = useMemo(() => revenue(monthTotals.data, ledger.data, client), [monthTotals.data, ledger.data, client]);
  const clientOrders = useMemo(
    () => orders.data.filter((o) => isClient(o.clientInfo.email, client)),
    [orders.data, client],
  );
  const clientSubscriptions = useMemo(
    () => subscriptions.data.filter((sub) => isClient(sub.customerEmail, client)),
    [subscriptions.data, client],
  );
  const entryCount = client ? ledger.data.length : monthTotals.data.reduce((s, m) => s + m.entries, 0);
  // The page's entries as rows (domain ledgerRows, as the CSV has them): a refund's credit note is on its row.
  const shown = useMemo(() => {
    const onPage = new Set(ledger.data.slice(page * ROWS_PER_PAGE, (page + 1) * ROWS_PER_PAGE));
    return ledgerRows(ledger.data).filter((r) => onPage.has(r.entry));
  }, [ledger.data, page]);
  const received = cashReceived(months);
  const totalDue = rows.reduce((s, r) => s + r.amountDueCents, 0);

  const exportLedger = async () => {
    setExporting(true);
    setExportError(null);
    try {
      downloadCsv(ledgerCsv(await fetchLedger(firestore, client)), csvFileName('ledger', now));
    } catch (e) {
      setExportError(`Could not export the ledger: ${(e as Error).message}`);
    } finally {
      setExporting(false);
    }
  };

  // Only the first load holds the page; a next ledger page (a new limit, listened to again) fills in when it arrives.
  if (
    [monthTotals, invoices, requests].some((l) => l.status === 'loading') ||
    (ledger.status === 'loading' && page === 0)
  )
    return <Loading label="Loading the books..." />;
  const failed = [ledger, monthTotals, invoices, requests].find((l) => l.status === 'error');
  if (failed) return <Alert severity="error">Could not load the ledger: {failed.error?.message}</Alert>;

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 0.5 }}>
        Money
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        What is owed, received, refunded and disputed, from the ledger, live.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { sm: 'center' } }}>
        <Autocomplete<ClientOption>
          options={clients}
          value={chosen}
          getOptionLabel={clientLabel}
          isOptionEqualToValue={(a, b) => a.email === b.email}
          filterOptions={(options, { inputValue }) => options.filter((c) => matchesClient(c, inputValue))}
          onChange={(_, v) => {
            setClient(v?.email ?? null);
            setPage(0);
          }}
          sx={{ minWidth: { sm: 320 }, flex: { xs: 1, sm: 'none' } }}
          renderInput={(params) => <TextField {...params} label="Client" placeholder="All clients" />}
        />
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => void exportLedger()}
          disabled={entryCount === 0 || exporting}
        >
          {exporting ? 'Exporting...' : 'Export ledger (CSV)'}
        </Button>
      </Stack>
      {exportError && (
        <Alert severity="error" sx={{ mb: 3 }} onClose={() => setExportError(null)}>
          {exportError}
        </Alert>
      )}

      {review.data.length > 0 && (
        <Alert severity="warning" sx={{ mb: 3 }} role="status">
          <Typography fontWeight={600}>Payments held for review ({review.data.length})</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {review.data.map((p) => (
              <li key={p.id}>
                {p.id}: {p.reviewReason ?? 'does not match what is owed'}
              </li>
            ))}
          </Box>
        </Alert>
      )}

      <Section id="money-outstanding" title={`Outstanding: ${formatUsd(totalDue)}`}>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }} aria-label="Ageing">
          {buckets.map((b) => (
            <Chip
              key={b.bucket}
              data-bucket={b.bucket}
              label={`${BUCKET_LABELS[b.bucket]}: ${formatUsd(b.cents)}`}
              color={b.bucket === 'current' || b.cents === 0 ? 'default' : 'warning'}
              variant={b.cents === 0 ? 'outlined' : 'filled'}
            />
          ))}
        </Stack>
        {rows.length === 0 ? (
          <Typography color="text.secondary">Nothing is owed.</Typography>
        ) : (
          <ScrollTable label="Outstanding invoices">
            <TableHead>
              <TableRow>
                <TableCell>Number</TableCell>
                <TableCell sx={FROM_SM}>Client</TableCell>
                <TableCell sx={FROM_SM}>Due</TableCell>
                <TableCell sx={FROM_SM}>Age</TableCell>
                <TableCell align="right">Amount due</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={`${r.kind}/${r.id}`} data-testid="outstanding-row">
                  <TableCell>
                    {r.number ?? '—'}
                    <Typography variant="caption" display="block" color="text.secondary" sx={{ maxWidth: 260 }}>
                      {r.description}
                    </Typography>
                    {/* At 390 px the client, due day and age sit here, so the amount due needs no sideways scroll. */}
                    <Box sx={XS_ONLY}>
                      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                        {r.client}
                      </Typography>
                      <Typography variant="caption" display="block" color="text.secondary">
                        Due {r.dueDate ? dates.day(r.dueDate) : '—'}
                      </Typography>
                      <AgeChips bucket={r.bucket} label={r.label} />
                    </Box>
                  </TableCell>
                  <TableCell sx={{ ...FROM_SM, overflowWrap: 'anywhere' }}>{r.client}</TableCell>
                  <TableCell sx={FROM_SM}>{r.dueDate ? dates.day(r.dueDate) : '—'}</TableCell>
                  <TableCell sx={FROM_SM}>
                    <AgeChips bucket={r.bucket} label={r.label} />
                  </TableCell>
                  <TableCell align="right">{formatUsd(r.amountDueCents)}</TableCell>
                  <TableCell>
                    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                      {r.number && r.kind !== 'order' && (
                        <DocumentDownloadButton kind={r.kind} id={r.id} text="PDF" label={`PDF of ${r.number}`} />
                      )}
                      {r.number && r.kind !== 'order' && hasEInvoice(r.kind) && (
                        <DocumentDownloadButton
                          kind={r.kind}
                          id={r.id}
                          format="xml"
                          text="CII XML"
                          label={`CII XML of ${r.number}`}
                        />
                      )}
                      {/* Deposit and final requests follow the quote: only an admin's invoice is closed by hand. */}
                      {r.kind === 'invoice' &&
                        (['void', 'write-off'] as const).map((action) =>
                          action === 'void' && r.label === 'Partially paid' ? null : (
                            <Button
                              key={action}
                              size="small"
                              color="error"
                              onClick={() =>
                                setClosing({
                                  id: r.id,
                                  number: r.number,
                                  client: r.client,
                                  amountDueCents: r.amountDueCents,
                                  action,
                                })
                              }
                            >
                              {action === 'void' ? 'Void' : 'Write off'}
                            </Button>
                          ),
                        )}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </ScrollTable>
        )}
      </Section>

      <Section id="money-revenue" title="Revenue by month (cash received)">
        {months.length === 0 ? (
          <Typography color="text.secondary">No money received yet.</Typography>
        ) : (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            {/* The chart library sets aria-label on a role="none" box, which axe refuses:
                the figure and its caption name the chart instead. */}
            <Box component="figure" sx={{ flex: 2, minWidth: 0, m: 0 }}>
              <Suspense fallback={<Loading label="Loading the chart..." />}>
                <RevenueChart months={months} />
              </Suspense>
              <Typography component="figcaption" variant="caption" color="text.secondary">
                Cash received each month (payments less refunds and lost disputes), in US dollars; the table has the
                numbers.
              </Typography>
            </Box>
            <ScrollTable label="Revenue by month" sx={{ flex: 1 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Month</TableCell>
                  <TableCell align="right">Received</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {months.map((m) => (
                  <TableRow key={m.month}>
                    <TableCell>{m.month}</TableCell>
                    <TableCell align="right">{formatUsd(m.cents)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow data-testid="cash-received">
                  <TableCell component="th" scope="row">
                    Total
                  </TableCell>
                  <TableCell align="right">{formatUsd(received)}</TableCell>
                </TableRow>
              </TableFooter>
            </ScrollTable>
          </Stack>
        )}
      </Section>

      <Section id="money-ledger" title="Ledger">
        {entryCount === 0 ? (
          <Typography color="text.secondary">No money has moved yet.</Typography>
        ) : (
          <>
            <ScrollTable label="Ledger entries">
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell>Client</TableCell>
                  <TableCell>Document</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell>Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((row) => {
                  const { entry: e, creditNote: cn } = row;
                  // What the payment can still refund: its refunds so far are kept on its entry.
                  const left = e.type === 'payment' && e.paymentIntentId ? e.amountCents - e.refundedCents : 0;
                  const who = e.customerName ?? e.customerEmail ?? '—';
                  const figure = ledgerFigure(row);
                  return (
                    <TableRow key={e.id} data-testid="ledger-row" data-type={e.type}>
                      <TableCell>{dates.day(e.at)}</TableCell>
                      <TableCell>{LEDGER_ENTRY_LABELS[e.type]}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{who}</TableCell>
                      <TableCell>{[e.documentNumber, cn?.number].filter(Boolean).join(' · ') || '—'}</TableCell>
                      <TableCell align="right">
                        {figure.cents === null ? '—' : signedUsd(figure.cents)}
                        {figure.note && (
                          <Typography variant="caption" display="block" color="text.secondary">
                            {figure.note}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>
                        {cn?.number && (
                          <DocumentDownloadButton
                            kind="credit-note"
                            id={cn.id}
                            text="PDF"
                            label={`PDF of credit note ${cn.number}`}
                          />
                        )}
                        {cn?.number && (
                          <DocumentDownloadButton
                            kind="credit-note"
                            id={cn.id}
                            format="xml"
                            text="CII XML"
                            label={`CII XML of credit note ${cn.number}`}
                          />
                        )}
                        {left > 0 && (
                          <Button
                            size="small"
                            onClick={() =>
                              setRefund({
                                paymentIntentId: e.paymentIntentId!,
                                client: who,
                                documentNumber: e.documentNumber,
                                leftCents: left,
                              })
                            }
                          >
                            Refund
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </ScrollTable>
            <TablePagination
              component="div"
              count={entryCount}
              page={page}
              onPageChange={(_, p) => setPage(p)}
              rowsPerPage={ROWS_PER_PAGE}
              rowsPerPageOptions={[ROWS_PER_PAGE]}
              // The pages count entries; a refund's credit note shares its refund's row.
              labelDisplayedRows={({ from, to, count }) => `Entries ${from}–${to} of ${count}`}
            />
          </>
        )}
      </Section>

      <Section id="money-subscriptions" title="Hosting subscriptions">
        <SubscriptionsTable subscriptions={clientSubscriptions} />
      </Section>

      <Section id="money-orders" title="Hosting orders">
        <OrdersTable orders={clientOrders} />
      </Section>

      <RefundDialog target={refund} onClose={() => setRefund(null)} />
      <CloseInvoiceDialog target={closing} onClose={() => setClosing(null)} />
    </Box>
  );
}
