/**
 * The pipeline board (spec §2, §4 "Moving a lead"): six columns plus the Won
 * and Dead buckets, drag and drop by @hello-pangea/dnd (mouse, touch and
 * keyboard: space to lift, arrows to move). A drop on Won sets Complete; a
 * drop on Dead asks for a reason first.
 */
import { useMemo } from 'react';
import { DragDropContext, Droppable, type DropResult } from '@hello-pangea/dnd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BOARD_COLUMNS, groupLeadsForBoard, type LeadStatus } from '@studio/domain';
import type { LeadView } from '../data/hooks';
import { LeadCard, type LeadCardActions } from './LeadCard';

const WON = 'bucket-won';
const DEAD = 'bucket-dead';

function Lane({ id, title, leads, now, actions, footer }: { id: string; title: string; leads: LeadView[]; now: Date; actions: LeadCardActions; footer?: React.ReactNode }) {
  return (
    <Droppable droppableId={id}>
      {(provided, snapshot) => (
        <Paper
          component="section"
          aria-label={title}
          data-testid={id.startsWith('bucket') ? id : `column-${id}`}
          variant="outlined"
          sx={{ p: 1.5, bgcolor: snapshot.isDraggingOver ? 'primary.50' : 'grey.50', borderColor: snapshot.isDraggingOver ? 'primary.main' : 'divider', minHeight: 160, display: 'flex', flexDirection: 'column' }}
        >
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
            <Typography variant="subtitle1" component="h2" fontWeight={700}>
              {title}
            </Typography>
            <Chip size="small" label={leads.length} aria-label={`${leads.length} leads`} />
          </Stack>
          <Box ref={provided.innerRef} {...provided.droppableProps} sx={{ flexGrow: 1, minHeight: 60 }}>
            {leads.map((l, i) => (
              <LeadCard key={l.id} lead={l} index={i} now={now} actions={actions} />
            ))}
            {provided.placeholder}
            {leads.length === 0 && !snapshot.isDraggingOver && (
              <Typography variant="body2" color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                No leads
              </Typography>
            )}
          </Box>
          {footer}
        </Paper>
      )}
    </Droppable>
  );
}

export function LeadBoard({ leads, actions, onShowDead }: { leads: LeadView[]; actions: LeadCardActions; onShowDead(): void }) {
  const board = useMemo(() => groupLeadsForBoard(leads), [leads]);
  const now = useMemo(() => new Date(), [leads]);

  const onDragEnd = (r: DropResult) => {
    if (!r.destination || r.destination.droppableId === r.source.droppableId) return;
    const lead = leads.find((l) => l.id === r.draggableId);
    if (!lead) return;
    const dest = r.destination.droppableId;
    const to: LeadStatus = dest === WON ? 'Complete' : dest === DEAD ? 'Lost' : (dest as LeadStatus);
    actions.onMove(lead, to);
  };

  return (
    <DragDropContext onDragEnd={onDragEnd}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(6, minmax(0, 1fr))' }, mb: 3 }}>
        {BOARD_COLUMNS.map((c) => (
          <Lane key={c} id={c} title={c} leads={board.columns[c]} now={now} actions={actions} />
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Lane id={WON} title="Won" leads={board.won} now={now} actions={actions} />
        <Droppable droppableId={DEAD}>
          {(provided, snapshot) => (
            <Paper
              component="section"
              aria-label="Dead Leads"
              data-testid={DEAD}
              variant="outlined"
              ref={provided.innerRef}
              {...provided.droppableProps}
              sx={{ p: 1.5, minHeight: 160, bgcolor: snapshot.isDraggingOver ? 'error.50' : 'grey.50', borderColor: snapshot.isDraggingOver ? 'error.main' : 'divider' }}
            >
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
                <Typography variant="subtitle1" component="h2" fontWeight={700}>
                  Dead Leads
                </Typography>
                <Chip size="small" color="error" variant="outlined" label={board.dead.length} aria-label={`${board.dead.length} dead leads`} />
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                Drop a lead here to mark it dead.
              </Typography>
              <Button size="small" onClick={onShowDead}>
                View Dead Leads
              </Button>
              <Box sx={{ display: 'none' }}>{provided.placeholder}</Box>
            </Paper>
          )}
        </Droppable>
      </Box>
    </DragDropContext>
  );
}
