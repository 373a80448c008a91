/** A lead on the board: name, subject, type, quote, age, attention flag, and its actions. */
import { memo, useState } from 'react';
import { Draggable } from '@hello-pangea/dnd';
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
import { ageInDays, ATTENTION_AFTER_DAYS, formatUsd, LEAD_TRANSITIONS, type LeadStatus } from '@studio/domain';
import type { LeadView } from '../data/hooks';

export interface LeadCardActions {
  onOpen(lead: LeadView): void;
  onNotes(lead: LeadView): void;
  /** Requests a move; Lost opens the dead-reason dialog. */
  onMove(lead: LeadView, to: LeadStatus): void;
  onPlan(lead: LeadView): void;
  onReviewQuote(lead: LeadView): void;
  onAcceptQuote(lead: LeadView): void;
}

function moveLabel(to: LeadStatus): string {
  if (to === 'Complete') return 'Won';
  if (to === 'Lost') return 'Dead…';
  return to;
}

export const LeadCard = memo(function LeadCard({ lead, index, now, actions }: { lead: LeadView; index: number; now: Date; actions: LeadCardActions }) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const age = lead.updatedAt instanceof Date ? ageInDays(lead.updatedAt, now) : 0;
  const stale = age >= ATTENTION_AFTER_DAYS;
  return (
    <Draggable draggableId={lead.id} index={index}>
      {(provided, snapshot) => (
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
            mb: 1,
            p: 1.5,
            cursor: 'grab',
            borderLeft: 4,
            borderLeftColor: stale ? 'warning.main' : 'transparent',
            boxShadow: snapshot.isDragging ? 6 : 0,
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
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
          <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Chip size="small" label={lead.projectType} />
            {lead.quoteAmountCents != null && (
              <Typography variant="body2" fontWeight={600}>
                {formatUsd(lead.quoteAmountCents)}
              </Typography>
            )}
            <Box sx={{ flexGrow: 1 }} />
            <Tooltip title={stale ? `No change for ${age} days: needs attention` : `${age} days in this stage`}>
              <Typography variant="caption" color={stale ? 'warning.dark' : 'text.secondary'} fontWeight={stale ? 700 : 400}>
                {stale ? '⚑ ' : ''}
                {age}d
              </Typography>
            </Tooltip>
          </Stack>
          {lead.status === 'Quoted' && lead.quoteGenerated && !lead.quoteAccepted && (
            <Button
              size="small"
              fullWidth
              variant={lead.quoteReviewStatus === 'Approved' ? 'contained' : 'outlined'}
              sx={{ mt: 1 }}
              onClick={(e) => {
                e.stopPropagation();
                if (lead.quoteReviewStatus === 'Approved') actions.onAcceptQuote(lead);
                else actions.onReviewQuote(lead);
              }}
            >
              {lead.quoteReviewStatus === 'Approved' ? 'Accept Quote' : 'Review Quote'}
            </Button>
          )}
          {lead.status === 'Contacted' && (
            <Button
              size="small"
              fullWidth
              variant="outlined"
              sx={{ mt: 1 }}
              onClick={(e) => {
                e.stopPropagation();
                if (lead.quoteGenerated) actions.onReviewQuote(lead);
                else actions.onPlan(lead);
              }}
            >
              {lead.quoteGenerated ? 'Review Quote' : 'Add Project Plan'}
            </Button>
          )}
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
        </Card>
      )}
    </Draggable>
  );
});
