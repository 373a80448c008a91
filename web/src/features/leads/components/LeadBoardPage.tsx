/**
 * The lead board: the CRM dashboard at /admin/dashboard (spec §2 "CRM dashboard", §4, §9): greeting, header buttons,
 * summary tiles, the Insights charts (a lazy chunk), the "needs attention"
 * setting, the drag-and-drop pipeline with Won and Dead buckets, and the lead
 * dialogs. The board, tiles, Insights and header read the leads' cards from
 * one live listener on the `lead_board` projection (shared/data/hooks
 * useLiveBoard); the dialogs that need a whole lead read it while open.
 */
import { memo, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import {
  dashboardTiles,
  type DeadReason,
  formatUsd,
  groupLeadsForBoard,
  leadSearchText,
  searchTextMatches,
  type LeadStatus,
  quoteAcceptedByAdminReply,
  quotePendingReview,
  searchTerms,
  type Tile,
} from '@studio/domain';
import { Loading } from '../../../shared/components/PageState';
import {
  useLiveBoard,
  useLivePromoCodes,
  useLiveQuoteQueue,
  type BoardLead,
  type LeadView,
} from '../../../shared/data/hooks';
import { useAdminSession } from '../../auth';
import { LeadBoard } from './LeadBoard';
import { AttentionSetting } from './AttentionSetting';
import { BoardSearch, SearchTermsContext } from './BoardSearch';
import { InsightsPanel } from './InsightsPanel';
import { useAttentionDays, useInsightsOpen } from '../hooks/boardSettings';
import { useLeadMoves } from '../hooks/useLeadMoves';
import type { LeadCardActions } from './LeadCard';
import { api, errorMessage } from '../../../shared/lib/api';
import { useToast } from '../../../shared/components/Toast';
import { MountWhenOpened } from '../../../shared/components/MountWhenOpened';
import { lazyNamed } from '../../../shared/lib/lazyNamed';
import { EditQuoteDialog, ProjectPlanDialog, QuoteReviewDialog } from '../../quotes';
import { PromoCodesDialog } from '../../promo';
import { useStudioTimeZone } from '../../settings';
import { useReceivables } from '../../../shared/data/receivables';

// The dialogs (forms, zod, pickers) are chunks of their own, loaded and mounted on first open.
const MarkDeadDialog = lazyNamed(() => import('./MarkDeadDialog'), 'MarkDeadDialog');
const DeadLeadsDialog = lazyNamed(() => import('./DeadLeadsDialog'), 'DeadLeadsDialog');
const LeadDetailDialog = lazyNamed(() => import('./LeadDetailDialog'), 'LeadDetailDialog');
const NotesDialog = lazyNamed(() => import('./NotesDialog'), 'NotesDialog');
const AddLeadDialog = lazyNamed(() => import('./AddLeadDialog'), 'AddLeadDialog');
const ConfirmDialog = lazyNamed(() => import('../../../shared/components/ConfirmDialog'), 'ConfirmDialog');

type Open =
  | { kind: 'none' }
  | { kind: 'dead' | 'detail' | 'notes' | 'plan' | 'accept'; lead: BoardLead }
  // `queueLeadId`: the review it was opened from (one lead's, or the whole queue when absent), to go back to.
  | { kind: 'editQuote'; lead: LeadView; queueLeadId?: string }
  | { kind: 'quotes'; leadId?: string }
  | { kind: 'deadList' | 'addLead' | 'promos' };

/** What the closed Insights panel gets: it renders no chart, so a move need not re-render it. */
const NO_LEADS: BoardLead[] = [];

/*
 * The parts of the page around the board are memoized: a move changes the
 * leads, and only what shows them (two tiles, two lanes, the moved card)
 * should render again.
 */

const LeadBoardHeader = memo(function LeadBoardHeader({
  username,
  pendingQuotes,
  promoCount,
  onOpen,
}: {
  username: string;
  /** Quotes waiting for review (the red badge). */
  pendingQuotes: number;
  promoCount: number;
  onOpen(open: Open): void;
}) {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 3 }}
    >
      <Box>
        <Typography variant="h4" component="h1">
          Welcome back, {username}
        </Typography>
        <Typography color="text.secondary">Your lead pipeline, live.</Typography>
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" onClick={() => onOpen({ kind: 'quotes' })}>
          {pendingQuotes > 0 ? (
            <Badge badgeContent={pendingQuotes} color="error" sx={{ '& .MuiBadge-badge': { right: -12 } }}>
              Quote Review
            </Badge>
          ) : (
            'Quote Review'
          )}
        </Button>
        <Button variant="outlined" onClick={() => onOpen({ kind: 'promos' })}>
          Promo Codes ({promoCount})
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => onOpen({ kind: 'addLead' })}>
          Add Lead
        </Button>
      </Stack>
    </Stack>
  );
});

/** One summary tile of spec §9 (count and total of a group of leads, in cents). */
const SummaryTile = memo(function SummaryTile({
  label,
  count,
  totalCents,
  detail,
}: Pick<Tile, 'label' | 'count' | 'totalCents' | 'detail'>) {
  return (
    <Card component="section" aria-label={label}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" fontWeight={800}>
          {count}
        </Typography>
        <Typography variant="body2">{formatUsd(totalCents)}</Typography>
        {detail && (
          <Typography variant="body2" color="error">
            {detail}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
});

/**
 * The quote review with the whole leads it shows, read only while it is open or one of its quotes is being
 * edited (`live`), so it comes back as it left (the board has their cards only).
 */
function QuoteReview({
  open,
  live,
  leadId,
  onClose,
  onEdit,
}: {
  open: boolean;
  live: boolean;
  leadId?: string;
  onClose(): void;
  onEdit(lead: LeadView): void;
}) {
  const queue = useLiveQuoteQueue(live, leadId);
  return (
    <QuoteReviewDialog
      open={open}
      leads={queue.data}
      loading={queue.status === 'loading'}
      error={queue.error?.message}
      onClose={onClose}
      onEdit={onEdit}
    />
  );
}

/**
 * The terms of `search` (domain searchTerms), the same array while they are the same words: a space typed
 * after a word changes nothing the cards highlight, so it re-renders none of them.
 */
function useStableTerms(search: string): readonly string[] {
  const previous = useRef<readonly string[]>([]);
  return useMemo(() => {
    const next = searchTerms(search);
    const before = previous.current;
    if (next.length === before.length && next.every((t, i) => t === before[i])) return before;
    previous.current = next;
    return next;
  }, [search]);
}

/**
 * The search box and the pipeline it filters. The typed search is this component's state, not the page's: a
 * keystroke re-renders the box and the board, never the tiles, header or dialogs around them.
 *
 * Which leads show follows each keystroke at once; the cards' highlights follow at low priority. A deferred
 * filter is interrupted by every next key of a fast typist, so the whole change (unmounting the dozens of cards
 * in view) was left for after the last key; filtered at once, each key pays its own narrowing, which is nothing
 * while every lead still matches (the same array: the board is not rendered again). Re-marking every card in
 * view is the costly part of a keystroke on a full board, and that is what waits.
 */
const SearchableBoard = memo(function SearchableBoard({
  leads,
  actions,
  attentionDays,
  onShowDead,
}: {
  leads: BoardLead[];
  actions: LeadCardActions;
  attentionDays: number;
  onShowDead(): void;
}) {
  const [search, setSearch] = useState('');
  const terms = useStableTerms(search);
  const highlightTerms = useDeferredValue(terms);
  // Each lead's search text is folded when the board changes, not at every keystroke.
  const searchTexts = useMemo(() => leads.map(leadSearchText), [leads]);
  const found = useMemo(() => {
    if (!terms.length) return leads;
    const matching = leads.filter((_, i) => searchTextMatches(searchTexts[i]!, terms));
    // Every lead matching (the first letters typed, often) leaves the board as it was.
    return matching.length === leads.length ? leads : matching;
  }, [leads, searchTexts, terms]);
  return (
    <>
      <BoardSearch value={search} onChange={setSearch} shown={found.length} total={leads.length} />
      <SearchTermsContext.Provider value={highlightTerms}>
        <LeadBoard
          leads={found}
          searching={terms.length > 0}
          actions={actions}
          attentionDays={attentionDays}
          onShowDead={onShowDead}
        />
      </SearchTermsContext.Provider>
    </>
  );
});

export function LeadBoardPage() {
  const { username } = useAdminSession();
  const live = useLiveBoard();
  const promos = useLivePromoCodes();
  const { leads, move } = useLeadMoves(live.data);
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const [attentionDays, setAttentionDays] = useAttentionDays();
  const [insightsOpen, setInsightsOpen] = useInsightsOpen();
  const showDead = useCallback(() => setOpen({ kind: 'deadList' }), []);
  const close = () => setOpen({ kind: 'none' });

  // Open Invoices is what the open documents owe (the ledger's), asked again when the board changes.
  const receivables = useReceivables(live.data, useStudioTimeZone());
  const tiles = useMemo(() => dashboardTiles(leads, receivables), [leads, receivables]);
  const dead = useMemo(() => groupLeadsForBoard(leads).dead, [leads]);
  const pendingQuotes = useMemo(() => leads.filter(quotePendingReview).length, [leads]);
  const toast = useToast();

  const actions = useMemo<LeadCardActions>(
    () => ({
      onOpen: (lead) => setOpen({ kind: 'detail', lead }),
      onNotes: (lead) => setOpen({ kind: 'notes', lead }),
      onMove: (lead: BoardLead, to: LeadStatus) =>
        to === 'Lost' ? setOpen({ kind: 'dead', lead }) : void move(lead, to),
      onPlan: (lead) => setOpen({ kind: 'plan', lead }),
      onReviewQuote: (lead) => setOpen({ kind: 'quotes', leadId: lead.id }),
      // Accepting on the client's behalf starts the project and asks for money: confirmed first.
      onAcceptQuote: (lead) => setOpen({ kind: 'accept', lead }),
    }),
    [move],
  );
  const [accepting, setAccepting] = useState(false);
  const acceptQuote = async (lead: BoardLead) => {
    setAccepting(true);
    try {
      await api.post(`/api/leads/${lead.id}/quote/accept`, {}, quoteAcceptedByAdminReply);
      toast({
        title: 'Quote Accepted',
        description: `${lead.name}'s quote is accepted; project created in Set up.`,
      });
    } catch (e) {
      toast({
        title: 'Error',
        description: errorMessage(e, 'Failed to accept quote and create project'),
        severity: 'error',
      });
    } finally {
      setAccepting(false);
      close();
    }
  };

  return (
    <Box>
      <LeadBoardHeader
        username={username}
        pendingQuotes={pendingQuotes}
        promoCount={promos.data.length}
        onOpen={setOpen}
      />

      {live.status === 'loading' ? (
        <Loading label="Loading dashboard..." />
      ) : live.status === 'error' ? (
        <Alert severity="error">Could not load leads: {live.error?.message}</Alert>
      ) : (
        <>
          {live.needsRebuild && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              The board needs a rebuild: some leads could not be added to it. Run npm run board:rebuild with more shards
              (see the operations guide).
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, mb: 3 }}>
            {tiles.map((t) => (
              <SummaryTile key={t.key} label={t.label} count={t.count} totalCents={t.totalCents} detail={t.detail} />
            ))}
          </Box>
          <InsightsPanel open={insightsOpen} onOpenChange={setInsightsOpen} leads={insightsOpen ? leads : NO_LEADS} />
          <AttentionSetting days={attentionDays} onChange={setAttentionDays} />
          <SearchableBoard leads={leads} actions={actions} attentionDays={attentionDays} onShowDead={showDead} />
        </>
      )}

      <MountWhenOpened open={open.kind === 'dead'}>
        <MarkDeadDialog
          lead={open.kind === 'dead' ? open.lead : null}
          onCancel={close}
          onConfirm={(reason: DeadReason) => {
            if (open.kind === 'dead') void move(open.lead, 'Lost', { deadReason: reason });
            close();
          }}
        />
      </MountWhenOpened>
      <MountWhenOpened open={open.kind === 'accept'}>
        <ConfirmDialog
          open={open.kind === 'accept'}
          title={`Accept the quote for ${open.kind === 'accept' ? open.lead.name : ''}?`}
          consequences={[
            "You accept the quote on the client's behalf; it is recorded as accepted by you, and the client's quote link can no longer be used.",
            'The lead moves to Set Up and a project is created in Set up.',
            'Payment is requested from the client: the deposit, or the whole quote without one.',
          ]}
          confirmLabel="Accept Quote"
          tone="primary"
          busy={accepting}
          onCancel={close}
          onConfirm={() => open.kind === 'accept' && void acceptQuote(open.lead)}
        />
      </MountWhenOpened>
      <MountWhenOpened open={open.kind === 'deadList'}>
        <DeadLeadsDialog
          open={open.kind === 'deadList'}
          leads={dead}
          onClose={close}
          onRevive={(lead) => void move(lead, 'New', { successTitle: 'Lead Revived' })}
          onDetails={(lead) => setOpen({ kind: 'detail', lead })}
        />
      </MountWhenOpened>
      <MountWhenOpened open={open.kind === 'detail'}>
        <LeadDetailDialog
          lead={open.kind === 'detail' ? (leads.find((l) => l.id === open.lead.id) ?? open.lead) : null}
          onClose={close}
          onNotes={(lead) => setOpen({ kind: 'notes', lead })}
        />
      </MountWhenOpened>
      <MountWhenOpened open={open.kind === 'notes'}>
        <NotesDialog lead={open.kind === 'notes' ? open.lead : null} onClose={close} />
      </MountWhenOpened>
      <MountWhenOpened open={open.kind === 'addLead'}>
        <AddLeadDialog open={open.kind === 'addLead'} onClose={close} />
      </MountWhenOpened>
      <MountWhenOpened open={open.kind === 'quotes'}>
        <QuoteReview
          open={open.kind === 'quotes'}
          live={open.kind === 'quotes' || open.kind === 'editQuote'}
          leadId={open.kind === 'quotes' ? open.leadId : open.kind === 'editQuote' ? open.queueLeadId : undefined}
          onClose={close}
          onEdit={(lead) =>
            setOpen({ kind: 'editQuote', lead, queueLeadId: open.kind === 'quotes' ? open.leadId : undefined })
          }
        />
      </MountWhenOpened>
      <MountWhenOpened open={open.kind === 'editQuote'}>
        <EditQuoteDialog
          lead={open.kind === 'editQuote' ? open.lead : null}
          onClose={() => setOpen({ kind: 'quotes', leadId: open.kind === 'editQuote' ? open.queueLeadId : undefined })}
        />
      </MountWhenOpened>
      <MountWhenOpened open={open.kind === 'plan'}>
        <ProjectPlanDialog lead={open.kind === 'plan' ? open.lead : null} onClose={close} />
      </MountWhenOpened>
      <MountWhenOpened open={open.kind === 'promos'}>
        <PromoCodesDialog open={open.kind === 'promos'} onClose={close} codes={promos} />
      </MountWhenOpened>
    </Box>
  );
}
