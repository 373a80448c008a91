/**
 * The pipeline board (spec §2, §4 "Moving a lead"): six columns plus the Won
 * and Dead buckets, drag and drop by @hello-pangea/dnd (mouse, touch and
 * keyboard: space to lift, arrows to move). A drop on Won sets Complete; a
 * drop on Dead asks for a reason first.
 *
 * A column holding more than VIRTUALIZE_AFTER cards becomes a virtual list
 * (react-window, @hello-pangea/dnd's `mode="virtual"` with a drag clone): a
 * scroll box of fixed height that renders only the cards in view, so a board
 * of thousands of leads stays smooth. Shorter columns stay plain lists. While
 * the board search is on, a column keeps its mode (useLaneMode), a virtual one
 * as tall as the few cards it then shows.
 *
 * While a card is dragged with the mouse or by touch, a bar fixed to the
 * bottom of the screen offers Won and Dead Leads as drop targets too, so they
 * are in reach wherever the card started (the buckets sit below the board).
 * A keyboard drag moves between neighbouring places and has the card menu's
 * moves, so it gets no bar. On phones the columns sit side by side in a
 * region that scrolls sideways on its own, never the page.
 */
import { memo, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  DragDropContext,
  Droppable,
  type BeforeCapture,
  type DragStart,
  type DragUpdate,
  type DraggableChildrenFn,
  type DroppableProvided,
  type DroppableStateSnapshot,
  type DropResult,
  type ResponderProvided,
} from '@hello-pangea/dnd';
import { List, type ListImperativeAPI, type RowComponentProps } from 'react-window';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import { alpha, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { BOARD_COLUMNS, DEAD_STATUS, groupLeadsForBoard, WON_STATUS, type LeadStatus } from '@studio/domain';
import type { BoardLead } from '../../../shared/data/hooks';
import { useClock } from '../../../shared/lib/useClock';
import {
  dragInstructions,
  dropAnnouncement,
  liftAnnouncement,
  overAnnouncement,
} from '../../../shared/lib/dragAnnouncements';
import {
  LEAD_CARD_GAP,
  LEAD_CARD_HEIGHTS,
  LeadCard,
  LeadCardStyles,
  LeadCardView,
  leadCardHeight,
  type LeadCardActions,
} from './LeadCard';

const WON = 'bucket-won';
const DEAD = 'bucket-dead';
/** The drop bar's targets (shown during a pointer drag): the same places as the buckets. */
const BAR_WON = 'bar-won';
const BAR_DEAD = 'bar-dead';
/** The place a drop target stands for: the bar's targets are the buckets'. */
const placeOf = (droppableId: string) =>
  droppableId === BAR_WON ? WON : droppableId === BAR_DEAD ? DEAD : droppableId;
/** A drop target's name as the board shows it. */
const placeName = (droppableId: string) => {
  const place = placeOf(droppableId);
  return place === WON ? 'Won' : place === DEAD ? 'Dead Leads' : place;
};
const LEAD_DRAG_INSTRUCTIONS = dragInstructions('lead');

/** Columns with more cards than this render as virtual lists. */
export const VIRTUALIZE_AFTER = 40;
/** Height of a virtual column's scroll box. */
const VIRTUAL_HEIGHT = 'min(70vh, 720px)';
/** Cards rendered beyond the visible ones (the library needs at least 1). */
const OVERSCAN = 4;

interface CardsProps {
  leads: BoardLead[];
  now: Date;
  attentionDays: number;
  actions: LeadCardActions;
}

/** What an empty column says. */
function EmptyLane() {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
      No leads
    </Typography>
  );
}

function PlainCards({
  provided,
  snapshot,
  leads,
  now,
  attentionDays,
  actions,
}: CardsProps & { provided: DroppableProvided; snapshot: DroppableStateSnapshot }) {
  return (
    <Box ref={provided.innerRef} {...provided.droppableProps} sx={{ flexGrow: 1, minHeight: 60 }}>
      {leads.map((l, i) => (
        <LeadCard key={l.id} lead={l} index={i} now={now} attentionDays={attentionDays} actions={actions} />
      ))}
      {provided.placeholder}
      {leads.length === 0 && !snapshot.isDraggingOver && <EmptyLane />}
    </Box>
  );
}

/**
 * A virtual list's row: one card, or the empty room a card dragged in needs
 * at the end. The side padding keeps cards inside the box the library
 * measures from the (whole-pixel) scroll width; without it a keyboard move
 * into the column finds no target.
 */
function VirtualRow({
  index,
  style,
  ariaAttributes,
  leads,
  now,
  attentionDays,
  actions,
}: RowComponentProps<CardsProps>) {
  const lead = leads[index];
  if (!lead) return <div style={style} aria-hidden />;
  return (
    <div style={{ ...style, paddingInline: 4, boxSizing: 'border-box' }} {...ariaAttributes}>
      <LeadCard
        lead={lead}
        index={index}
        now={now}
        attentionDays={attentionDays}
        actions={actions}
        height={leadCardHeight(lead)}
      />
    </div>
  );
}

const rowHeight = (index: number, { leads }: CardsProps) => {
  const lead = leads[index];
  return (lead ? leadCardHeight(lead) : LEAD_CARD_HEIGHTS.withAction) + LEAD_CARD_GAP;
};
const rowKey = (index: number, { leads }: CardsProps) => leads[index]?.id ?? 'drop-room';

/** VIRTUAL_HEIGHT in px for the first render (the list then follows its box with a ResizeObserver). */
const virtualHeightPx = () => Math.min(window.innerHeight * 0.7, 720);

function VirtualCards({
  provided,
  snapshot,
  ...cards
}: CardsProps & { provided: DroppableProvided; snapshot: DroppableStateSnapshot }) {
  // The droppable is the list's own scroll box (react-window's outer element). The list sizes
  // itself from its style and a ResizeObserver, so its first render forces no layout.
  const { innerRef } = provided;
  const listRef = useCallback((api: ListImperativeAPI | null) => innerRef(api?.element ?? null), [innerRef]);
  const { leads, now, attentionDays, actions } = cards;
  const rowProps = useMemo(() => ({ leads, now, attentionDays, actions }), [leads, now, attentionDays, actions]);
  // No placeholder in a virtual list: an extra empty row makes room for a card dragged in.
  const rowCount = leads.length + (snapshot.isUsingPlaceholder ? 1 : 0);
  const [defaultHeight] = useState(virtualHeightPx);
  // A column kept virtual while a search shows few of its cards is as tall as they are, not a tall empty box.
  let height = VIRTUAL_HEIGHT;
  if (leads.length <= VIRTUALIZE_AFTER) {
    let px = 0;
    for (let i = 0; i < rowCount; i++) px += rowHeight(i, rowProps);
    height = `min(${VIRTUAL_HEIGHT}, ${Math.max(px, 60)}px)`;
  }
  const list = (
    <List
      {...provided.droppableProps}
      listRef={listRef}
      data-testid="virtual-cards"
      // Fixed height: react-window's List also grows in a flex column (flex-grow 1), and the lane is
      // a flex column as tall as the board's tallest lane, so a long plain lane would stretch it.
      style={{ height, flexGrow: 0, flexShrink: 0 }}
      defaultHeight={defaultHeight}
      rowComponent={VirtualRow}
      rowProps={rowProps}
      rowCount={rowCount}
      rowHeight={rowHeight}
      rowKey={rowKey}
      overscanCount={OVERSCAN}
    />
  );
  if (leads.length > 0 || snapshot.isDraggingOver) return list;
  return (
    <>
      {list}
      <EmptyLane />
    </>
  );
}

/** Card ages are whole days: the board's clock ticks once a minute. */
const CLOCK_TICK_MS = 60_000;

/**
 * `groupLeadsForBoard` with each group's array kept from the previous render
 * while it holds the same leads, so a move re-renders only the two lanes it
 * touches (lanes and cards are memoized).
 */
function useBoardGroups(leads: BoardLead[]) {
  const previous = useRef<ReturnType<typeof groupLeadsForBoard<BoardLead>> | null>(null);
  return useMemo(() => {
    const next = groupLeadsForBoard(leads);
    const before = previous.current;
    const keep = (a: BoardLead[], b: BoardLead[] | undefined) =>
      b && a.length === b.length && a.every((l, i) => l === b[i]) ? b : a;
    if (before) {
      for (const c of BOARD_COLUMNS) next.columns[c] = keep(next.columns[c], before.columns[c]);
      next.won = keep(next.won, before.won);
      next.dead = keep(next.dead, before.dead);
    }
    previous.current = next;
    return next;
  }, [leads]);
}

/**
 * Whether a column is a virtual list: `long` (more than VIRTUALIZE_AFTER cards), except that while the
 * board search is on a column keeps the mode it had. Switching mode remounts the column's drop target and
 * every card in it; a search narrowing thousands of leads to a few would do that in each long column at
 * once, on the keystroke the owner is waiting for.
 */
function useLaneMode(long: boolean, searching: boolean): boolean {
  const [mode, setMode] = useState(long);
  if (!searching && mode !== long) setMode(long);
  return searching ? mode : long;
}

/**
 * The board's layout and columns, written once (as the cards' LeadCardStyles): a search or a move re-renders
 * the seven columns and the grids around them, and plain elements with class names cost no style work then.
 * The columns and the Dead Leads bucket follow MUI's outlined Paper and subtitle1 Typography; the one a card is
 * dragged over is tinted.
 */
const boardStyles = (theme: Theme) => ({
  '.board-pipeline': {
    display: 'grid',
    gap: theme.spacing(2),
    marginBottom: theme.spacing(3),
    // Phones: the columns side by side in their own sideways scroll region, one and a bit in view.
    gridAutoFlow: 'column',
    gridAutoColumns: 'min(80vw, 320px)',
    overflowX: 'auto',
    scrollSnapType: 'x proximity',
    paddingBottom: theme.spacing(1),
    '& > *': { scrollSnapAlign: 'start' },
    [theme.breakpoints.up('sm')]: {
      gridAutoFlow: 'row',
      gridAutoColumns: 'auto',
      gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
      overflowX: 'visible',
      scrollSnapType: 'none',
      paddingBottom: 0,
    },
    [theme.breakpoints.up('lg')]: { gridTemplateColumns: 'repeat(6, minmax(0, 1fr))' },
  },
  '.board-buckets': {
    display: 'grid',
    gap: theme.spacing(2),
    gridTemplateColumns: 'minmax(0, 1fr)',
    [theme.breakpoints.up('md')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  '.lane, .dead-bucket': {
    boxSizing: 'border-box',
    minHeight: 160,
    padding: theme.spacing(1.5),
    color: theme.palette.text.primary,
    backgroundColor: theme.palette.grey[50],
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: theme.shape.borderRadius,
  },
  '.lane': { display: 'flex', flexDirection: 'column' },
  '.lane[data-over]': {
    backgroundColor: alpha(theme.palette.primary.main, 0.06),
    borderColor: theme.palette.primary.main,
  },
  '.dead-bucket[data-over]': {
    backgroundColor: alpha(theme.palette.error.main, 0.06),
    borderColor: theme.palette.error.main,
  },
  '.lane-head': {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    marginBottom: theme.spacing(1),
  },
  '.lane-title': { ...theme.typography.subtitle1, fontWeight: 700, margin: 0 },
});

/** The board's stylesheet (see boardStyles); rendered once per board. */
const BoardStyles = memo(function BoardStyles() {
  return <GlobalStyles styles={boardStyles} />;
});

/** A column's title and lead count; memoized, as the library re-renders every column's content on each drop. */
const LaneHeader = memo(function LaneHeader({ title, count }: { title: string; count: number }) {
  return (
    <div className="lane-head">
      <h2 className="lane-title">{title}</h2>
      <Chip size="small" label={count} aria-label={`${count} leads`} />
    </div>
  );
});

const Lane = memo(function Lane({
  id,
  title,
  leads,
  now,
  attentionDays,
  actions,
  footer,
  searching,
}: CardsProps & { id: string; title: string; searching: boolean; footer?: ReactNode }) {
  const virtual = useLaneMode(leads.length > VIRTUALIZE_AFTER, searching);
  const Cards = virtual ? VirtualCards : PlainCards;
  // The card being dragged out of a virtual column is drawn as a clone (its row may scroll away).
  const renderClone = useCallback<DraggableChildrenFn>(
    (provided, snapshot, rubric) => {
      const lead = leads.find((l) => l.id === rubric.draggableId);
      return lead ? (
        <LeadCardView
          lead={lead}
          now={now}
          attentionDays={attentionDays}
          actions={actions}
          provided={provided}
          isDragging={snapshot.isDragging}
          height={leadCardHeight(lead)}
        />
      ) : (
        <div ref={provided.innerRef} {...provided.draggableProps} {...provided.dragHandleProps} />
      );
    },
    [leads, now, attentionDays, actions],
  );
  return (
    // Remounted when the column switches between plain and virtual.
    <Droppable
      key={virtual ? 'virtual' : 'plain'}
      droppableId={id}
      mode={virtual ? 'virtual' : 'standard'}
      renderClone={virtual ? renderClone : undefined}
    >
      {(provided, snapshot) => (
        <section
          className="lane"
          aria-label={title}
          data-testid={id.startsWith('bucket') ? id : `column-${id}`}
          // Leads in the column, rendered or not (long columns are virtualized); read by the benchmark.
          data-count={leads.length}
          data-over={snapshot.isDraggingOver || undefined}
        >
          <LaneHeader title={title} count={leads.length} />
          <Cards
            provided={provided}
            snapshot={snapshot}
            leads={leads}
            now={now}
            attentionDays={attentionDays}
            actions={actions}
          />
          {footer}
        </section>
      )}
    </Droppable>
  );
});

/** The Dead Leads drop target: its count and the button opening the list (a drop here asks for a reason first). */
const DeadBucket = memo(function DeadBucket({ count, onShowDead }: { count: number; onShowDead(): void }) {
  return (
    <Droppable droppableId={DEAD}>
      {(provided, snapshot) => (
        <section
          className="dead-bucket"
          aria-label="Dead Leads"
          data-testid={DEAD}
          data-over={snapshot.isDraggingOver || undefined}
          ref={provided.innerRef}
          {...provided.droppableProps}
        >
          <div className="lane-head">
            <h2 className="lane-title">Dead Leads</h2>
            <Chip size="small" color="error" variant="outlined" label={count} aria-label={`${count} dead leads`} />
          </div>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Drop a lead here to mark it dead.
          </Typography>
          <Button size="small" onClick={onShowDead}>
            View Dead Leads
          </Button>
          <Box sx={{ display: 'none' }}>{provided.placeholder}</Box>
        </section>
      )}
    </Droppable>
  );
});

/** One target of the drop bar: a compact Won or Dead Leads drop zone. */
function BarTarget({ id, label, tone }: { id: string; label: string; tone: 'success' | 'error' }) {
  return (
    <Droppable droppableId={id}>
      {(provided, snapshot) => (
        <Box
          ref={provided.innerRef}
          {...provided.droppableProps}
          data-testid={id}
          sx={{
            flex: 1,
            minWidth: 0,
            py: 2,
            px: 1,
            textAlign: 'center',
            fontWeight: 700,
            border: 2,
            borderStyle: 'dashed',
            borderRadius: 1,
            borderColor: `${tone}.main`,
            color: `${tone}.dark`,
            bgcolor: snapshot.isDraggingOver ? `${tone}.light` : 'background.paper',
          }}
        >
          {label}
          <Box sx={{ display: 'none' }}>{provided.placeholder}</Box>
        </Box>
      )}
    </Droppable>
  );
}

/** The drop bar: Won and Dead Leads fixed to the bottom of the screen while a card is dragged by pointer. */
function DropBar() {
  return (
    <Paper
      elevation={8}
      aria-hidden="true"
      sx={{
        position: 'fixed',
        left: 16,
        right: 16,
        bottom: 16,
        zIndex: 'appBar',
        p: 1,
        display: 'flex',
        gap: 1,
        maxWidth: 640,
        mx: 'auto',
      }}
    >
      <BarTarget id={BAR_WON} label="Drop here: Won" tone="success" />
      <BarTarget id={BAR_DEAD} label="Drop here: Dead Leads" tone="error" />
    </Paper>
  );
}

/**
 * The pipeline's columns over `leads`, `searching` while the board search
 * filters them. Memoized: a keystroke in the search that leaves the same leads
 * (and the search on) does not render it again; its cards follow the
 * highlights through the board search's SearchTermsContext.
 */
export const LeadBoard = memo(function LeadBoard({
  leads,
  searching,
  actions,
  onShowDead,
  attentionDays,
}: {
  leads: BoardLead[];
  searching: boolean;
  actions: LeadCardActions;
  onShowDead(): void;
  attentionDays: number;
}) {
  const board = useBoardGroups(leads);
  const now = useClock(CLOCK_TICK_MS);
  // The drop bar is mounted before the drag library measures the drop targets (onBeforeCapture runs first).
  const [pointerDrag, setPointerDrag] = useState(false);
  const onBeforeCapture = (b: BeforeCapture) => setPointerDrag(b.mode === 'FLUID');

  // Screen readers hear the lead's name and the columns (see dragAnnouncements).
  const nameOf = (id: string) => leads.find((l) => l.id === id)?.name ?? 'The lead';
  const onDragStart = (s: DragStart, p: ResponderProvided) =>
    p.announce(liftAnnouncement(nameOf(s.draggableId), placeName(s.source.droppableId)));
  const onDragUpdate = (u: DragUpdate, p: ResponderProvided) =>
    p.announce(
      overAnnouncement(
        nameOf(u.draggableId),
        placeName(u.source.droppableId),
        u.destination ? placeName(u.destination.droppableId) : null,
      ),
    );

  const onDragEnd = (r: DropResult, p: ResponderProvided) => {
    setPointerDrag(false);
    const name = nameOf(r.draggableId);
    const dest = r.destination ? placeOf(r.destination.droppableId) : null;
    p.announce(
      r.reason === 'DROP' && dest === DEAD && r.source.droppableId !== DEAD
        ? `Dropped ${name} on Dead Leads: choose a reason`
        : dropAnnouncement(
            name,
            placeName(r.source.droppableId),
            r.destination ? placeName(r.destination.droppableId) : null,
            r.reason,
          ),
    );
    if (!dest || dest === r.source.droppableId) return;
    const lead = leads.find((l) => l.id === r.draggableId);
    if (!lead) return;
    const to: LeadStatus = dest === WON ? WON_STATUS : dest === DEAD ? DEAD_STATUS : (dest as LeadStatus);
    // The moved card is re-created in its new column, and removing the focused element makes
    // the browser recalculate styles on the spot (the library has just changed its drag styles).
    // Blurring first leaves that to the next frame, where the library gives the new card focus.
    const handle = document.activeElement;
    if (handle instanceof HTMLElement && handle.getAttribute('data-rfd-drag-handle-draggable-id') === lead.id)
      handle.blur();
    actions.onMove(lead, to);
  };

  return (
    <DragDropContext
      onBeforeCapture={onBeforeCapture}
      onDragStart={onDragStart}
      onDragUpdate={onDragUpdate}
      onDragEnd={onDragEnd}
      dragHandleUsageInstructions={LEAD_DRAG_INSTRUCTIONS}
    >
      <LeadCardStyles />
      <BoardStyles />
      <div role="region" aria-label="Pipeline" data-testid="pipeline" className="board-pipeline">
        {BOARD_COLUMNS.map((c) => (
          <Lane
            key={c}
            id={c}
            title={c}
            leads={board.columns[c]}
            searching={searching}
            now={now}
            attentionDays={attentionDays}
            actions={actions}
          />
        ))}
      </div>
      <div className="board-buckets">
        <Lane
          id={WON}
          title="Won"
          leads={board.won}
          searching={searching}
          now={now}
          attentionDays={attentionDays}
          actions={actions}
        />
        <DeadBucket count={board.dead.length} onShowDead={onShowDead} />
      </div>
      {pointerDrag && <DropBar />}
    </DragDropContext>
  );
});
