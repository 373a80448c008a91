/**
 * A lead on the board: name, subject, type, its proposal's status (Sent,
 * Viewed, Signed, Countersigned: from the board card, no listener of its own), quote, age in its stage, the
 * "needs attention" flag (after the owner's threshold, see leadAttention) and
 * its actions. `LeadCard` is the Draggable; `LeadCardView` is the card itself,
 * also rendered as the drag clone of a virtual column.
 *
 * The card is the drag handle (mouse, touch, and keyboard: Tab to it, space
 * to lift). It is a focusable `group`, not a `button`, because it holds its
 * own buttons (actions menu, quote/plan action), which Tab reaches next: a
 * button may not contain controls. Its name (leadCardLabel) holds the visible
 * text plus the status; Enter or a click opens the lead.
 */
import { memo, useContext, useState } from 'react';
import { Draggable, type DraggableProvided } from '@hello-pangea/dnd';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import GlobalStyles from '@mui/material/GlobalStyles';
import { alpha, type Theme } from '@mui/material/styles';
import NotesIcon from '@mui/icons-material/StickyNote2Outlined';
import {
  boardBadgeOf,
  boardMovesFrom,
  boardPlaceOf,
  CARD_UNREAD_MAX,
  formatUsd,
  leadAttention,
  leadCardAction,
  statusMovesFrom,
  type LeadStatus,
} from '@studio/domain';
import type { BoardLead } from '../../../shared/data/hooks';
import { MountWhenOpened } from '../../../shared/components/MountWhenOpened';
import { LEAD_STATUS_COLORS } from '../../../shared/components/leadStatus';
import { highlighted, SearchTermsContext } from './BoardSearch';

export interface LeadCardActions {
  onOpen(lead: BoardLead): void;
  onNotes(lead: BoardLead): void;
  /** Requests a move; Lost opens the dead-reason dialog. */
  onMove(lead: BoardLead, to: LeadStatus): void;
  onPlan(lead: BoardLead): void;
  onReviewQuote(lead: BoardLead): void;
  onAcceptQuote(lead: BoardLead): void;
}

/** A board move's label: the place the card goes to (see boardMovesFrom). */
function moveLabel(to: LeadStatus): string {
  const place = boardPlaceOf(to);
  return place === 'won' ? 'Won' : place === 'dead' ? 'Dead…' : to;
}

/** The card menu's moves and their labels: "Move to …" a column or bucket, then "Set status: …" for the other allowed statuses. */
function menuMoves(from: LeadStatus): [LeadStatus, string][] {
  return [
    ...boardMovesFrom(from).map((to): [LeadStatus, string] => [to, `Move to ${moveLabel(to)}`]),
    ...statusMovesFrom(from).map((to): [LeadStatus, string] => [to, `Set status: ${to}`]),
  ];
}

const ACTION_LABEL = { accept: 'Accept Quote', review: 'Review Quote', plan: 'Add Project Plan' } as const;

/**
 * The card's accessible name: name and status, subject, project type, quote
 * amount and age, e.g. "Ada Lovelace, Quoted. Website redesign. Web Project,
 * $1,200.00. 3 days in this stage".
 */
export function leadCardLabel(lead: BoardLead, ageHint: string): string {
  const amount = lead.quoteAmountCents != null ? `, ${formatUsd(lead.quoteAmountCents)}` : '';
  const proposal = lead.proposal ? ` Proposal ${lead.proposal}.` : '';
  const unread = lead.unread > 0 ? ` ${unreadText(lead.unread)}.` : '';
  return `${lead.name}, ${lead.status}. ${lead.subject}. ${lead.projectType}${amount}.${proposal}${unread} ${ageHint}`;
}

/** The unread client messages a card counts (domain CARD_UNREAD_MAX at most), as shown: "3", "99+". */
const unreadCount = (n: number) => (n >= CARD_UNREAD_MAX ? `${CARD_UNREAD_MAX}+` : String(n));
/** The same in words, for the card's name and tooltip: "3 unread messages". */
const unreadText = (n: number) => `${unreadCount(n)} unread message${n === 1 ? '' : 's'}`;

/** The tint of a proposal's status on a card: sent or viewed (waiting for the client), signed, countersigned. */
const PROPOSAL_COLOR = { Sent: 'info', Viewed: 'info', Signed: 'warning', Countersigned: 'success' } as const;

/** Space between cards in a column, in px. */
export const LEAD_CARD_GAP = 8;

/**
 * Card heights in a virtual column, where rows need a known size (px, without
 * the gap): the natural height of the layout below (1 px borders, 12 px
 * padding, the 24 + 20 px name and subject lines, 8 + 24 px chip row, and
 * 8 + 31 px action button) with a little room to spare. A card rendered with
 * `height` is clipped to it and its chip row never wraps.
 */
export const LEAD_CARD_HEIGHTS = { plain: 104, withAction: 144 } as const;

/** The card's fixed height in a virtual column (see LEAD_CARD_HEIGHTS). */
export function leadCardHeight(lead: BoardLead): number {
  return leadCardAction(lead) ? LEAD_CARD_HEIGHTS.withAction : LEAD_CARD_HEIGHTS.plain;
}

export interface LeadCardViewProps {
  lead: BoardLead;
  now: Date;
  /** Days unchanged after which an open lead is flagged (the owner's setting). */
  attentionDays: number;
  actions: LeadCardActions;
  /** The Draggable's (or the drag clone's) props. */
  provided: DraggableProvided;
  isDragging: boolean;
  /** Fixed height for virtual columns (see leadCardHeight); natural height when absent. */
  height?: number;
}

/**
 * The cards' look, written once for the whole board (render <LeadCardStyles />
 * once where cards show): plain elements with class names, the variants as
 * data attributes. A board renders dozens of cards at a time; built from MUI
 * components (Card, Stack, Box, Typography, Chip, Tooltip, IconButton,
 * Button) each card cost ~15 styled components, and a styled root still
 * serialized and hashed its rules per card: the largest part of the board's
 * first render (measured). The rules follow the theme and MUI's outlined
 * Card, small Chip, small IconButton and small Button.
 */
const leadCardStyles = (theme: Theme) => {
  const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', margin: 0 } as const;
  const focusRing = { outline: `2px solid ${theme.palette.primary.main}` };
  return {
    '.lead-card': {
      position: 'relative',
      boxSizing: 'border-box',
      padding: theme.spacing(1.5),
      marginBottom: LEAD_CARD_GAP,
      overflow: 'hidden',
      cursor: 'grab',
      color: theme.palette.text.primary,
      backgroundColor: theme.palette.background.paper,
      border: `1px solid ${theme.palette.divider}`,
      borderLeft: '4px solid transparent',
      borderRadius: theme.shape.borderRadius,
      '&[data-stale]': { borderLeftColor: theme.palette.warning.main },
      '&[data-dragging]': { boxShadow: theme.shadows[6] },
      '&[data-fixed]': { marginBottom: 0 },
      '&:focus-visible': { ...focusRing, outlineOffset: 0 },
      '&[data-fixed]:focus-visible': { outlineOffset: -2 },
      '& .lc-head, & .lc-meta': { display: 'flex', alignItems: 'center', gap: theme.spacing(1), minWidth: 0 },
      '& .lc-head': { alignItems: 'flex-start', gap: 0 },
      '& .lc-meta': { marginTop: theme.spacing(1), flexWrap: 'wrap', rowGap: theme.spacing(0.5) },
      '&[data-fixed] .lc-meta': { flexWrap: 'nowrap' },
      '& .lc-titles': { minWidth: 0, flexGrow: 1 },
      '& .lc-name': { ...theme.typography.body1, ...ellipsis, fontWeight: 700 },
      // A card of natural height shows a long name in full on up to two lines (a virtual column's fixed-height
      // card keeps one line; the full name is its tooltip).
      '&:not([data-fixed]) .lc-name': {
        whiteSpace: 'normal',
        overflowWrap: 'anywhere',
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
      },
      '& .lc-subject': { ...theme.typography.body2, ...ellipsis, color: theme.palette.text.secondary },
      '& .lc-chip': {
        ...theme.typography.body2,
        ...ellipsis,
        fontSize: theme.typography.pxToRem(13),
        lineHeight: '24px',
        height: 24,
        padding: '0 8px',
        minWidth: 0,
        flexShrink: 1,
        borderRadius: 12,
        backgroundColor: theme.palette.action.selected,
      },
      // The status of a lead shown in a place of another name (boardBadgeOf), coloured as the status chips elsewhere.
      // Text in the primary text colour (contrast on every tint); the status colour on the border and background.
      '& .lc-badge': {
        ...theme.typography.caption,
        ...ellipsis,
        fontWeight: 700,
        lineHeight: '20px',
        padding: '0 6px',
        flexShrink: 0,
        borderRadius: 10,
        border: '1px solid',
        color: theme.palette.text.primary,
      },
      ...Object.fromEntries(
        (['error', 'warning', 'info', 'success'] as const).map((c) => [
          `& .lc-badge[data-color=${c}]`,
          { borderColor: theme.palette[c].main, backgroundColor: alpha(theme.palette[c].main, 0.12) },
        ]),
      ),
      '& .lc-quote': { ...theme.typography.body2, ...ellipsis, fontWeight: 600, flexShrink: 0 },
      // Read by screen readers, not shown (MUI's visuallyHidden).
      '& .lc-sr': {
        border: 0,
        clip: 'rect(0 0 0 0)',
        height: 1,
        margin: -1,
        overflow: 'hidden',
        padding: 0,
        position: 'absolute',
        whiteSpace: 'nowrap',
        width: 1,
      },
      '& .lc-age': {
        ...theme.typography.caption,
        marginLeft: 'auto',
        flexShrink: 0,
        color: theme.palette.text.secondary,
      },
      '&[data-stale] .lc-age': { color: theme.palette.warning.dark, fontWeight: 700 },
      // What the board search matched.
      '& mark': { color: 'inherit', backgroundColor: alpha(theme.palette.warning.light, 0.45), borderRadius: 2 },
      '& button': { font: 'inherit', margin: 0, cursor: 'pointer', '&:focus-visible': focusRing },
      '& .lc-menu': {
        display: 'inline-flex',
        flexShrink: 0,
        padding: 5,
        border: 0,
        borderRadius: '50%',
        color: theme.palette.action.active,
        background: 'none',
        '&:hover': { backgroundColor: theme.palette.action.hover },
        '& svg': { width: 20, height: 20, fill: 'currentColor' },
      },
      '& .lc-action': {
        ...theme.typography.button,
        display: 'block',
        width: '100%',
        marginTop: theme.spacing(1),
        padding: '3px 9px',
        fontSize: theme.typography.pxToRem(13),
        lineHeight: 1.75,
        borderRadius: theme.shape.borderRadius,
        color: theme.palette.primary.main,
        backgroundColor: 'transparent',
        border: `1px solid ${alpha(theme.palette.primary.main, 0.5)}`,
        '&:hover': {
          backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.hoverOpacity),
          borderColor: theme.palette.primary.main,
        },
        '&[data-variant=contained]': {
          color: theme.palette.primary.contrastText,
          backgroundColor: theme.palette.primary.main,
          borderColor: theme.palette.primary.main,
        },
        '&[data-variant=contained]:hover': { backgroundColor: theme.palette.primary.dark },
      },
    },
  };
};

/** The cards' stylesheet (see leadCardStyles); render it once per board. */
export const LeadCardStyles = memo(function LeadCardStyles() {
  return <GlobalStyles styles={leadCardStyles} />;
});

/** The "more" glyph of @mui/icons-material's MoreVert, drawn without an SvgIcon component per card. */
const MORE_VERT_PATH =
  'M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2';

export function LeadCardView({ lead, now, attentionDays, actions, provided, isDragging, height }: LeadCardViewProps) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const terms = useContext(SearchTermsContext);
  const { ageDays: age, needsAttention: stale } = leadAttention(lead, now, attentionDays);
  const action = leadCardAction(lead);
  const badge = boardBadgeOf(lead.status);
  const ageHint = stale ? `No change for ${age} days: needs attention` : `${age} days in this stage`;
  return (
    <div
      ref={provided.innerRef}
      {...provided.draggableProps}
      {...provided.dragHandleProps}
      role="group"
      className="lead-card"
      aria-label={leadCardLabel(lead, ageHint)}
      data-testid="lead-card"
      data-stale={stale || undefined}
      data-dragging={isDragging || undefined}
      data-fixed={height != null || undefined}
      style={height != null ? { ...provided.draggableProps.style, height } : provided.draggableProps.style}
      onClick={(e) => {
        // The drag library keeps a mouse press from focusing the card; focus it so the dialog gives focus back to it.
        e.currentTarget.focus({ preventScroll: true });
        actions.onOpen(lead);
      }}
      onKeyDown={(e) => {
        // Space lifts the card for a keyboard drag (the library's); Enter opens it.
        if (e.key === 'Enter' && e.target === e.currentTarget) actions.onOpen(lead);
      }}
    >
      <div className="lc-head">
        <div className="lc-titles">
          <p className="lc-name" title={lead.name}>
            {highlighted(lead.name, terms)}
          </p>
          <p className="lc-subject" title={lead.subject}>
            {highlighted(lead.subject, terms)}
          </p>
        </div>
        <button
          type="button"
          className="lc-menu"
          aria-label={`Actions for ${lead.name}`}
          aria-haspopup="menu"
          aria-expanded={menuAnchor ? true : undefined}
          onClick={(e) => {
            e.stopPropagation();
            setMenuAnchor(e.currentTarget);
          }}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d={MORE_VERT_PATH} />
          </svg>
        </button>
      </div>
      <div className="lc-meta">
        <span className="lc-chip" title={lead.projectType}>
          {highlighted(lead.projectType, terms)}
        </span>
        {badge && (
          <span className="lc-badge" data-testid="lead-badge" data-color={LEAD_STATUS_COLORS[badge] ?? 'info'}>
            {badge}
          </span>
        )}
        {lead.proposal && (
          <span
            className="lc-badge"
            data-testid="lead-proposal"
            data-color={PROPOSAL_COLOR[lead.proposal]}
            title={`Proposal ${lead.proposal}`}
          >
            {lead.proposal}
          </span>
        )}
        {lead.unread > 0 && (
          <span className="lc-badge" data-testid="lead-unread" data-color="error" title={unreadText(lead.unread)}>
            ✉ {unreadCount(lead.unread)}
          </span>
        )}
        {lead.quoteAmountCents != null && <span className="lc-quote">{formatUsd(lead.quoteAmountCents)}</span>}
        <span className="lc-age" title={ageHint}>
          <span aria-hidden="true">
            {stale ? '⚑ ' : ''}
            {age}d
          </span>
          <span className="lc-sr">{ageHint}</span>
        </span>
      </div>
      {action && (
        <button
          type="button"
          className="lc-action"
          data-variant={action === 'accept' ? 'contained' : 'outlined'}
          onClick={(e) => {
            e.stopPropagation();
            if (action === 'accept') actions.onAcceptQuote(lead);
            else if (action === 'review') actions.onReviewQuote(lead);
            else actions.onPlan(lead);
          }}
        >
          {ACTION_LABEL[action]}
        </button>
      )}
      {/* Rendered from the first open on: a card that never opens its menu does not pay for it. */}
      <MountWhenOpened open={!!menuAnchor}>
        <Menu
          anchorEl={menuAnchor}
          open={!!menuAnchor}
          onClose={() => setMenuAnchor(null)}
          onClick={(e) => e.stopPropagation()}
        >
          <MenuItem
            onClick={() => {
              setMenuAnchor(null);
              actions.onNotes(lead);
            }}
          >
            <NotesIcon fontSize="small" sx={{ mr: 1 }} /> Notes
          </MenuItem>
          {menuMoves(lead.status).map(([to, label]) => (
            <MenuItem
              key={to}
              onClick={() => {
                setMenuAnchor(null);
                actions.onMove(lead, to);
              }}
            >
              {label}
            </MenuItem>
          ))}
        </Menu>
      </MountWhenOpened>
    </div>
  );
}

/*
 * A move shifts the index of the cards below it in both columns. The Draggable
 * needs the new index, but the card itself does not re-render: the library
 * keeps `provided` the same object while the card is at rest.
 */
const MemoLeadCardView = memo(LeadCardView);

/** A board card as a Draggable at `index` of its column. */
export const LeadCard = memo(function LeadCard({
  index,
  ...view
}: Omit<LeadCardViewProps, 'provided' | 'isDragging'> & { index: number }) {
  return (
    <Draggable draggableId={view.lead.id} index={index}>
      {(provided, snapshot) => <MemoLeadCardView {...view} provided={provided} isDragging={snapshot.isDragging} />}
    </Draggable>
  );
});
