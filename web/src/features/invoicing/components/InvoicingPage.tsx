/**
 * Invoicing (spec §2 "Invoicing", route /admin/invoicing): a card for every
 * lead in an invoicing status (domain INVOICING_STATUSES), read live with the
 * page's one leads listener, plus one invoices listener and one payment
 * requests listener for each card's numbered documents (INV-YYYY-NNNN, with
 * PDF, e-invoice (CII XML) and receipt downloads), and one listener for the ledger's refunds,
 * disputes and write-offs, shown under the document they changed. What a card
 * says about money is the lead's account statement (domain leadStatement):
 * "Paid in full" only when no document of the project owes anything and no
 * quote stage is still to be billed; each document's state ("Overdue 40
 * days", "Due", "Paid") and what is owed; "Pay Now" takes the statement's next
 * payable item (the most overdue document first) through the Complete Payment
 * dialog, and "Invoice" opens the Create Invoice dialog. Dates are days on the
 * studio's clock (settings time zone).
 * Empty state: "No projects ready for invoicing".
 */
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PaymentIcon from '@mui/icons-material/Payment';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { documentBalance, formatUsd, leadStatement, statementStateText, type StatementLine } from '@studio/domain';
import { Loading } from '../../../shared/components/PageState';
import { useLiveInvoicingLeads, type LeadView } from '../../../shared/data/hooks';
import {
  useLiveInvoices,
  useLiveLedgerAdjustments,
  useLivePaymentRequests,
  type InvoiceView,
  type LedgerEntryView,
} from '../../../shared/data/moneyHooks';
import { DocumentDownloadButton } from '../../../shared/components/DocumentDownload';
import { hasEInvoice } from '../../../shared/lib/documentLinks';
import { PaymentMarkers } from './PaymentMarkers';

/** A numbered document on a card: an admin's invoice or a deposit / final payment request. */
type BillingRow = Pick<
  InvoiceView,
  | 'id'
  | 'leadId'
  | 'number'
  | 'description'
  | 'amountCents'
  | 'status'
  | 'dueDate'
  | 'paidAt'
  | 'paymentIntentId'
  | 'ledgerCents'
  | 'createdAt'
  | 'issuedAt'
> &
  ({ kind: 'invoice'; purpose?: undefined } | { kind: 'request'; purpose: 'deposit' | 'final' });

/** What Pay Now charges: the statement's next payable item, an admin invoice or the lead's next quote stage. */
type PayTarget = { leadId: string; invoiceId: string | null };
import { LEAD_STATUS_COLORS } from '../../../shared/components/leadStatus';
import { CompletePaymentDialog } from './CompletePaymentDialog';
import { CreateInvoiceDialog } from './CreateInvoiceDialog';
import { useStudioDateFormat } from '../../settings';
import type { StudioDateFormat } from '../../../shared/lib/studioDates';
import { PagedCardGrid } from '../../../shared/components/CardGrid';

const validDate = (d: unknown): d is Date => d instanceof Date && !Number.isNaN(d.getTime());
const money = (cents: number | null | undefined) => (cents == null ? '—' : formatUsd(cents));
const STATE_COLORS: Readonly<Record<StatementLine['state'], 'success' | 'default' | 'warning' | 'error'>> = {
  paid: 'success',
  refunded: 'warning',
  open: 'default',
  overdue: 'error',
  void: 'warning',
  written_off: 'warning',
};

function AmountRow({ label, cents, paid }: { label: string; cents: number | null | undefined; paid?: boolean }) {
  return (
    <Stack
      direction="row"
      component="li"
      sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, py: 0.25 }}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        {paid && <CheckCircleIcon color="success" sx={{ fontSize: 16 }} titleAccess="Paid" />}
        <Typography variant="body2" fontWeight={600}>
          {money(cents)}
        </Typography>
      </Stack>
    </Stack>
  );
}

/** What changed a document after it was paid: its refunds, disputes and write-offs (domain documentBalance). */
function Adjustments({ row, entries }: { row: BillingRow; entries: readonly LedgerEntryView[] }) {
  if (entries.length === 0) return null;
  const b = documentBalance(row.amountCents, entries);
  const notes = entries.filter((e) => e.type === 'credit_note' && e.number).map((e) => e.number);
  return (
    <Stack
      direction="row"
      useFlexGap
      // A refund lists every credit note: on a phone its chip wraps onto more lines instead of leaving the card.
      sx={{
        flexWrap: 'wrap',
        gap: 0.5,
        mt: 0.5,
        '& .MuiChip-root': { maxWidth: '100%', height: 'auto', minHeight: 24 },
        '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.25 },
      }}
      data-testid="invoice-adjustments"
    >
      {b.refundedCents > 0 && (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          label={`Refunded ${formatUsd(b.refundedCents)}${notes.length ? ` · ${notes.join(', ')}` : ''}`}
        />
      )}
      {b.disputedCents > 0 && <Chip size="small" color="error" label={`Disputed ${formatUsd(b.disputedCents)}`} />}
      {b.writtenOffCents > 0 && (
        <Chip size="small" color="error" variant="outlined" label={`Written off ${formatUsd(b.writtenOffCents)}`} />
      )}
    </Stack>
  );
}

function InvoiceList({
  invoices,
  lines,
  adjustments,
  dates,
}: {
  invoices: BillingRow[];
  /** Each document's statement line, by `kind/id`. */
  lines: ReadonlyMap<string, StatementLine>;
  adjustments: ReadonlyMap<string, LedgerEntryView[]>;
  /** Days on the studio's clock (settings useStudioDateFormat). */
  dates: StudioDateFormat;
}) {
  return (
    <Box component="section" aria-label="Invoices">
      <Typography variant="overline" color="text.secondary" component="h3">
        Invoices
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
        {invoices.map((inv) => {
          const line = lines.get(`${inv.kind}/${inv.id}`);
          const owed = line && line.owedCents > 0 && line.owedCents !== inv.amountCents ? line.owedCents : null;
          return (
            // The description wraps in full (up to 200 characters); the amount, status and downloads keep one
            // cluster that moves under it when the card is too narrow for both.
            <Stack
              key={inv.id}
              component="li"
              direction="row"
              useFlexGap
              sx={{
                alignItems: 'center',
                justifyContent: 'space-between',
                flexWrap: 'wrap',
                columnGap: 1,
                rowGap: 0.5,
              }}
              data-testid="invoice-row"
            >
              <Box sx={{ minWidth: 0, flex: '1 1 12rem' }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {inv.number && <strong>{inv.number} · </strong>}
                  {inv.description}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {line?.owedCents === 0 && validDate(inv.paidAt)
                    ? `Paid ${dates.day(inv.paidAt)}`
                    : validDate(inv.dueDate)
                      ? `Due ${dates.day(inv.dueDate)}`
                      : 'Sent'}
                </Typography>
                <Adjustments row={inv} entries={adjustments.get(`${inv.kind}/${inv.id}`) ?? []} />
              </Box>
              <Stack
                direction="row"
                useFlexGap
                sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, ml: 'auto', maxWidth: '100%' }}
              >
                <Typography variant="body2" fontWeight={600}>
                  {formatUsd(inv.amountCents)}
                  {owed !== null && ` · ${formatUsd(owed)} due`}
                </Typography>
                {line && (
                  <Chip
                    size="small"
                    label={statementStateText(line)}
                    color={STATE_COLORS[line.state]}
                    variant={line.state === 'paid' ? 'filled' : 'outlined'}
                    data-testid="invoice-state"
                  />
                )}
                {inv.number && (
                  <DocumentDownloadButton
                    kind={inv.kind}
                    id={inv.id}
                    text="PDF"
                    label={`PDF of invoice ${inv.number}`}
                  />
                )}
                {inv.number && hasEInvoice(inv.kind) && (
                  <DocumentDownloadButton
                    kind={inv.kind}
                    id={inv.id}
                    format="xml"
                    text="CII XML"
                    label={`CII XML of invoice ${inv.number}`}
                  />
                )}
                {inv.status === 'paid' && inv.paymentIntentId && (
                  <DocumentDownloadButton
                    kind="receipt"
                    id={inv.paymentIntentId}
                    text="Receipt"
                    label={`Receipt for ${inv.number ?? inv.description}`}
                  />
                )}
              </Stack>
            </Stack>
          );
        })}
      </Box>
    </Box>
  );
}

function InvoicingCard({
  lead,
  invoices,
  adjustments,
  dates,
  onPay,
  onInvoice,
}: {
  lead: LeadView;
  invoices: BillingRow[];
  adjustments: ReadonlyMap<string, LedgerEntryView[]>;
  /** Days on the studio's clock; its zone also counts the statement's days late. */
  dates: StudioDateFormat;
  onPay(target: PayTarget): void;
  onInvoice(): void;
}) {
  const { timeZone } = dates;
  const statement = useMemo(
    () => leadStatement({ leadId: lead.id, lead, documents: invoices, now: new Date(), timeZone }),
    [lead, invoices, timeZone],
  );
  const lines = useMemo(
    () => new Map(statement.lines.map((l) => [`${l.document.kind}/${l.document.id}`, l])),
    [statement],
  );
  const stagePaid = (purpose: 'deposit' | 'final') => {
    const line = statement.lines.find((l) => l.document.purpose === purpose);
    return line ? line.balance.paidCents > 0 && line.owedCents === 0 : false;
  };
  const next = statement.next;
  const payTarget: PayTarget | null = !next
    ? null
    : next.line?.document.kind === 'invoice'
      ? { leadId: lead.id, invoiceId: next.line.document.id }
      : { leadId: lead.id, invoiceId: null };
  return (
    <Card
      component="article"
      aria-label={`Invoicing ${lead.name}`}
      data-testid="invoicing-card"
      sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}
    >
      {/* One column that may shrink below its content's width (a grid column's minimum is otherwise the
          content's), so nothing in the card can push past its edge. */}
      <CardContent
        sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5, flexGrow: 1, alignContent: 'start' }}
      >
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
              {lead.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {lead.subject} · {lead.projectType}
            </Typography>
          </Box>
          <Chip
            size="small"
            label={lead.status}
            color={LEAD_STATUS_COLORS[lead.status] ?? 'default'}
            aria-label={`Status: ${lead.status}`}
            sx={{ flexShrink: 0 }}
          />
        </Stack>
        <Box component="ul" aria-label="Amounts" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          <AmountRow label="Quote" cents={lead.quoteAmountCents} />
          <AmountRow label="Deposit" cents={lead.depositAmountCents} paid={stagePaid('deposit')} />
          <AmountRow label="Final payment" cents={lead.finalAmountCents} paid={stagePaid('final')} />
        </Box>
        <PaymentMarkers lead={lead} statement={statement} dates={dates} />
        {invoices.length > 0 && (
          <>
            <Divider />
            <InvoiceList invoices={invoices} lines={lines} adjustments={adjustments} dates={dates} />
          </>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, gap: 1, flexWrap: 'wrap' }}>
        {payTarget && (
          <Button
            variant="contained"
            startIcon={<PaymentIcon />}
            onClick={() => onPay(payTarget)}
            aria-label={`Pay Now for ${lead.name}`}
          >
            Pay Now
          </Button>
        )}
        <Button
          variant="outlined"
          startIcon={<ReceiptLongIcon />}
          onClick={onInvoice}
          aria-label={`Invoice ${lead.name}`}
        >
          Invoice
        </Button>
      </CardActions>
    </Card>
  );
}

type Open = { kind: 'pay'; leadId: string; invoiceId: string | null } | { kind: 'invoice'; leadId: string } | null;

/** The admin Invoicing page: live cards of accepted projects with Pay Now and Invoice. */
export function InvoicingPage() {
  const leads = useLiveInvoicingLeads();
  const invoices = useLiveInvoices();
  const requests = useLivePaymentRequests();
  const ledgerAdjustments = useLiveLedgerAdjustments();
  // Days on the studio's clock, and the zone the statements count days late in.
  const dates = useStudioDateFormat();
  const [open, setOpen] = useState<Open>(null);

  const cards = leads.data; // the query holds only leads in an invoicing status
  const invoicesByLead = useMemo(() => {
    const m = new Map<string, BillingRow[]>();
    // Deposit and final payment requests first (in number order), then the admin's invoices.
    const rows: BillingRow[] = [
      ...requests.data.map((r): BillingRow => ({ ...r, kind: 'request' })).reverse(),
      ...invoices.data.map((i): BillingRow => ({ ...i, kind: 'invoice' })),
    ];
    for (const row of rows) m.set(row.leadId, [...(m.get(row.leadId) ?? []), row]);
    return m;
  }, [invoices.data, requests.data]);
  const adjustments = useMemo(() => {
    const m = new Map<string, LedgerEntryView[]>();
    for (const e of ledgerAdjustments.data)
      if (e.documentKind && e.documentId) {
        const key = `${e.documentKind}/${e.documentId}`;
        m.set(key, [...(m.get(key) ?? []), e]);
      }
    return m;
  }, [ledgerAdjustments.data]);
  const find = (kind: 'pay' | 'invoice') =>
    open?.kind === kind ? (cards.find((l) => l.id === open.leadId) ?? null) : null;
  const close = () => setOpen(null);

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 0.5 }}>
        Invoicing
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Deposits, final payments and invoices of accepted projects, live.
      </Typography>
      {/* The cards wait for all three lists: invoice rows arriving after a card is drawn would push the
          cards below it down, under the admin's pointer. */}
      {[leads, invoices, requests].some((list) => list.status === 'loading') ? (
        <Loading label="Loading invoicing..." />
      ) : leads.status === 'error' ? (
        <Alert severity="error">Could not load projects: {leads.error?.message}</Alert>
      ) : cards.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">No projects ready for invoicing</Typography>
        </Paper>
      ) : (
        <>
          {(invoices.status === 'error' || requests.status === 'error') && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              Sent invoices could not be loaded; amounts and payments below are up to date.
            </Alert>
          )}
          <PagedCardGrid label="Projects ready for invoicing" items={cards} noun="projects">
            {(l) => (
              <InvoicingCard
                key={l.id}
                lead={l}
                invoices={invoicesByLead.get(l.id) ?? []}
                adjustments={adjustments}
                dates={dates}
                onPay={(target) => setOpen({ kind: 'pay', ...target })}
                onInvoice={() => setOpen({ kind: 'invoice', leadId: l.id })}
              />
            )}
          </PagedCardGrid>
        </>
      )}
      <CompletePaymentDialog
        lead={find('pay')}
        invoiceId={open?.kind === 'pay' ? open.invoiceId : null}
        onClose={close}
      />
      <CreateInvoiceDialog lead={find('invoice')} onClose={close} />
    </Box>
  );
}
