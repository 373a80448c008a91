/**
 * A lead on the board: name, subject, type, quote, age in its stage, the
 * "needs attention" flag (after the owner's threshold, see leadAttention) and
 * its actions. `LeadCard` is the Draggable; `LeadCardView` is the card itself,
 * also rendered as the drag clone of a virtual column.
 */
import { memo, useState } from 'react';
import { Draggable, type DraggableProvided } from '@hello-pangea/dnd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import NotesIcon from '@mui/icons-material/StickyNote2Outlined';
import { formatUsd, LEAD_TRANSITIONS, leadAttention, type LeadStatus } from '@studio/domain';
import type { BoardLead } from '../data/hooks';
import { MountWhenOpened } from '../../components/MountWhenOpened';

export interface LeadCardActions {
  onOpen(lead: BoardLead): void;
  onNotes(lead: BoardLead): void;
  /** Requests a move; Lost opens the dead-reason dialog. */
  onMove(lead: BoardLead, to: LeadStatus): void;
  onPlan(lead: BoardLead): void;
  onReviewQuote(lead: BoardLead): void;
  onAcceptQuote(lead: BoardLead): void;
}

function moveLabel(to: LeadStatus): string {
  if (to === 'Complete') return 'Won';
  if (to === 'Lost') return 'Dead…';
  return to;
}

/** The card's one action button, if any: Accept/Review Quote in Quoted, Add Project Plan/Review Quote in Contacted. */
export function leadCardAction(lead: BoardLead): 'accept' | 'review' | 'plan' | null {
  if (lead.status === 'Quoted' && lead.quoteGenerated && !lead.quoteAccepted) return lead.quoteReviewStatus === 'Approved' ? 'accept' : 'review';
  if (lead.status === 'Contacted') return lead.quoteGenerated ? 'review' : 'plan';
  return null;
}

const ACTION_LABEL = { accept: 'Accept Quote', review: 'Review Quote', plan: 'Add Project Plan' } as const;

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

export function LeadCardView({ lead, now, attentionDays, actions, provided, isDragging, height }: LeadCardViewProps) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const { ageDays: age, needsAttention: stale } = leadAttention(lead, now, attentionDays);
  const action = leadCardAction(lead);
  const fixed = height != null;
  return (
    <Card
      ref={provided.innerRef}
      {...provided.draggableProps}
      {...provided.dragHandleProps}
      component="article"
      aria-label={`Lead ${lead.name}, ${lead.status}`}
      data-testid="lead-card"
      onClick={() => actions.onOpen(lead)}
      onKeyDown={(e) => {
        // Space lifts the card for a keyboard drag (the library's); Enter opens it.
        if (e.key === 'Enter' && e.target === e.currentTarget) actions.onOpen(lead);
      }}
      sx={{
        mb: fixed ? 0 : `${LEAD_CARD_GAP}px`,
        p: 1.5,
        cursor: 'grab',
        borderLeft: 4,
        borderLeftColor: stale ? 'warning.main' : 'transparent',
        boxShadow: isDragging ? 6 : 0,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: fixed ? -2 : 0 },
        ...(fixed && { height, boxSizing: 'border-box', overflow: 'hidden' }),
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography fontWeight={700} noWrap title={lead.name}>
            {lead.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap title={lead.subject}>
            {lead.subject}
          </Typography>
        </Box>
        <IconButton
          size="small"
          aria-label={`Actions for ${lead.name}`}
          onClick={(e) => {
            e.stopPropagation();
            setMenuAnchor(e.currentTarget);
          }}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: fixed ? 'nowrap' : 'wrap', rowGap: 0.5, minWidth: 0 }}>
        <Chip size="small" label={lead.projectType} title={lead.projectType} sx={{ minWidth: 0, flexShrink: 1 }} />
        {lead.quoteAmountCents != null && (
          <Typography variant="body2" fontWeight={600} noWrap sx={{ flexShrink: 0 }}>
            {formatUsd(lead.quoteAmountCents)}
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Tooltip title={stale ? `No change for ${age} days: needs attention` : `${age} days in this stage`}>
          <Typography variant="caption" color={stale ? 'warning.dark' : 'text.secondary'} fontWeight={stale ? 700 : 400} sx={{ flexShrink: 0 }}>
            {stale ? '⚑ ' : ''}
            {age}d
          </Typography>
        </Tooltip>
      </Stack>
      {action && (
        <Button
          size="small"
          fullWidth
          variant={action === 'accept' ? 'contained' : 'outlined'}
          sx={{ mt: 1 }}
          onClick={(e) => {
            e.stopPropagation();
            if (action === 'accept') actions.onAcceptQuote(lead);
            else if (action === 'review') actions.onReviewQuote(lead);
            else actions.onPlan(lead);
          }}
        >
          {ACTION_LABEL[action]}
        </Button>
      )}
      {/* Rendered from the first open on: a card that never opens its menu does not pay for it. */}
      <MountWhenOpened open={!!menuAnchor}>
        <Menu anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)} onClick={(e) => e.stopPropagation()}>
          <MenuItem
            onClick={() => {
              setMenuAnchor(null);
              actions.onNotes(lead);
            }}
          >
            <NotesIcon fontSize="small" sx={{ mr: 1 }} /> Notes
          </MenuItem>
          {LEAD_TRANSITIONS[lead.status].map((to) => (
            <MenuItem
              key={to}
              onClick={() => {
                setMenuAnchor(null);
                actions.onMove(lead, to);
              }}
            >
              Move to {moveLabel(to)}
            </MenuItem>
          ))}
        </Menu>
      </MountWhenOpened>
    </Card>
  );
}

/*
 * A move shifts the index of the cards below it in both columns. The Draggable
 * needs the new index, but the card itself does not re-render: the library
 * keeps `provided` the same object while the card is at rest.
 */
const MemoLeadCardView = memo(LeadCardView);

/** A board card as a Draggable at `index` of its column. */
export const LeadCard = memo(function LeadCard({ index, ...view }: Omit<LeadCardViewProps, 'provided' | 'isDragging'> & { index: number }) {
  return (
    <Draggable draggableId={view.lead.id} index={index}>
      {(provided, snapshot) => <MemoLeadCardView {...view} provided={provided} isDragging={snapshot.isDragging} />}
    </Draggable>
  );
});
