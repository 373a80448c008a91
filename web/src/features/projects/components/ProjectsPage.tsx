/**
 * Projects board (spec §2 "Projects board", §4): columns Set up, Production,
 * Beta, Launch with drag and drop (optimistic, reverted with a toast when the
 * server refuses), Maintenance, Canceled and Completed (Won) tiles with View
 * List dialogs, New Project and the details dialog. One live listener.
 *
 * Beta and Launch need their stage's details (spec §4, §5): a drop of a
 * Production card on Beta opens the Deploy to Beta dialog, a drop of a Beta
 * card on Launch the Launch dialog, with the card shown in its new column
 * while the dialog is open; the stage action completes the move, Cancel (or
 * closing the dialog) puts the card back.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  DragDropContext,
  Droppable,
  type DragStart,
  type DragUpdate,
  type DropResult,
  type ResponderProvided,
} from '@hello-pangea/dnd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import {
  PROJECT_COLUMNS,
  PROJECT_LIST_TILES,
  PROJECT_STAGE_TRIGGER,
  PROJECT_TILE_LABELS,
  type ProjectStatus,
  successReply,
} from '@studio/domain';
import { api, errorMessage } from '../../../shared/lib/api';
import { Loading } from '../../../shared/components/PageState';
import { useToast } from '../../../shared/components/Toast';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';
import { useLiveProjects, type ProjectView } from '../../../shared/data/hooks';
import { useOptimisticStatus } from '../../../shared/lib/useOptimisticStatus';
import {
  dragInstructions,
  dropAnnouncement,
  liftAnnouncement,
  overAnnouncement,
} from '../../../shared/lib/dragAnnouncements';
import { ProjectCard } from './ProjectCard';
import { NewProjectDialog } from './NewProjectDialog';
import { ProjectDetailsDialog } from './ProjectDetailsDialog';

const PROJECT_DRAG_INSTRUCTIONS = dragInstructions('project');

/** A drop on Beta or Launch waiting for its stage dialog: the project as it was before the drop. */
interface PendingDrop {
  project: ProjectView;
  to: 'Beta' | 'Launch';
  done(): void;
  canceled(): void;
}

/** The stage a drop of a project in `from` on `to` needs a dialog for, or null (a plain status move). */
function stageDialogFor(from: ProjectStatus, to: ProjectStatus): PendingDrop['to'] | null {
  if (from === 'Production' && to === 'Beta') return 'Beta';
  if (from === 'Beta' && to === 'Launch') return 'Launch';
  return null;
}

export function ProjectsPage() {
  const toast = useToast();
  const live = useLiveProjects();
  const [pending, setPendingState] = useState<PendingDrop | null>(null);
  const pendingRef = useRef<PendingDrop | null>(null);
  const setPending = useCallback((p: PendingDrop | null) => {
    pendingRef.current = p;
    setPendingState(p);
  }, []);
  /** Ends the pending drop: kept when its stage action succeeded, put back otherwise. */
  const settlePending = useCallback(
    (ok: boolean) => {
      const p = pendingRef.current;
      if (!p) return;
      setPending(null);
      if (ok) p.done();
      else p.canceled();
    },
    [setPending],
  );
  // The board's move (set below), for the cancel toast's Undo: it goes back through the same optimistic path.
  const moveRef = useRef<((p: ProjectView, to: ProjectStatus) => Promise<boolean>) | null>(null);
  const send = useCallback(
    async (p: ProjectView, to: ProjectStatus) => {
      const stage = stageDialogFor(p.status, to);
      if (stage) {
        // The stage dialog performs the move; its Cancel rejects, which puts the card back.
        await new Promise<void>((done, reject) =>
          setPending({ project: p, to: stage, done, canceled: () => reject(new Error('canceled')) }),
        );
        return;
      }
      try {
        await api.put(`/api/projects/${p.id}`, { status: to, expectedStatus: p.status }, successReply);
        const lead = p.leadId ? '; its lead is marked Lost' : '';
        if (to === 'Canceled')
          toast({
            title: 'Project Updated',
            description: `${p.name} is canceled${lead}.`,
            // The server lets a canceled project go back to the status it was canceled from; its lead follows.
            action: { label: 'Undo', onAction: () => void moveRef.current?.({ ...p, status: 'Canceled' }, p.status) },
          });
        else if (p.status === 'Canceled')
          toast({
            title: 'Project Updated',
            description: `${p.name} is back in ${to}${p.leadId ? ' with its lead' : ''}.`,
          });
        else toast({ title: 'Project Updated' });
      } catch (e) {
        toast({ title: 'Update Failed', description: errorMessage(e, 'Failed to update project'), severity: 'error' });
        throw e; // the card goes back at once
      }
    },
    [toast, setPending],
  );
  const { items: projects, move } = useOptimisticStatus<ProjectStatus, ProjectView>(live.data, send);
  useEffect(() => {
    moveRef.current = move;
  }, [move]);
  const [canceling, setCanceling] = useState<ProjectView | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [listOf, setListOf] = useState<ProjectStatus | null>(null);
  const [creating, setCreating] = useState(false);
  // The countdowns' clock is read again whenever the board changes, not on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `projects` is the refresh trigger, not an input
  const now = useMemo(() => new Date(), [projects]);
  const byStatus = useMemo(() => {
    const m = new Map<ProjectStatus, ProjectView[]>();
    for (const p of projects) m.set(p.status, [...(m.get(p.status) ?? []), p]);
    return m;
  }, [projects]);
  const opened = projects.find((p) => p.id === openId) ?? null;

  // Screen readers hear the project's name and the columns (see dragAnnouncements).
  const nameOf = (id: string) => projects.find((x) => x.id === id)?.name ?? 'The project';
  const onDragStart = (s: DragStart, p: ResponderProvided) =>
    p.announce(liftAnnouncement(nameOf(s.draggableId), s.source.droppableId));
  const onDragUpdate = (u: DragUpdate, p: ResponderProvided) =>
    p.announce(overAnnouncement(nameOf(u.draggableId), u.source.droppableId, u.destination?.droppableId ?? null));

  const onDragEnd = (r: DropResult, provided: ResponderProvided) => {
    provided.announce(
      dropAnnouncement(nameOf(r.draggableId), r.source.droppableId, r.destination?.droppableId ?? null, r.reason),
    );
    if (!r.destination || r.destination.droppableId === r.source.droppableId) return;
    const p = projects.find((x) => x.id === r.draggableId);
    if (p) void move(p, r.destination.droppableId as ProjectStatus);
  };

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}
      >
        <Typography variant="h4" component="h1">
          Projects
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          New Project
        </Button>
      </Stack>
      {live.status === 'loading' ? (
        <Loading label="Loading projects..." />
      ) : live.status === 'error' ? (
        <Alert severity="error">Could not load projects: {live.error?.message}</Alert>
      ) : (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
              mb: 3,
              maxWidth: 1080,
            }}
          >
            {PROJECT_LIST_TILES.map((s) => (
              <Card key={s} component="section" aria-label={PROJECT_TILE_LABELS[s]}>
                <CardContent>
                  <Typography variant="body2" color="text.secondary">
                    {PROJECT_TILE_LABELS[s]} · {PROJECT_STAGE_TRIGGER[s]}
                  </Typography>
                  <Typography variant="h5" component="p" fontWeight={800} data-testid={`project-tile-count-${s}`}>
                    {byStatus.get(s)?.length ?? 0}
                  </Typography>
                  <Button size="small" onClick={() => setListOf(s)} aria-label={`View List: ${PROJECT_TILE_LABELS[s]}`}>
                    View List
                  </Button>
                </CardContent>
              </Card>
            ))}
          </Box>
          <DragDropContext
            onDragStart={onDragStart}
            onDragUpdate={onDragUpdate}
            onDragEnd={onDragEnd}
            dragHandleUsageInstructions={PROJECT_DRAG_INSTRUCTIONS}
          >
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                // Columns may shrink below their content (a long unbroken name wraps), never widen the page.
                gridTemplateColumns: {
                  xs: 'minmax(0, 1fr)',
                  sm: 'repeat(2, minmax(0, 1fr))',
                  lg: 'repeat(4, minmax(0, 1fr))',
                },
              }}
            >
              {PROJECT_COLUMNS.map((c) => {
                const list = byStatus.get(c) ?? [];
                return (
                  <Droppable key={c} droppableId={c}>
                    {(provided, snapshot) => (
                      <Paper
                        component="section"
                        aria-label={c}
                        data-testid={`project-column-${c}`}
                        variant="outlined"
                        sx={{ p: 1.5, minHeight: 200, bgcolor: snapshot.isDraggingOver ? 'primary.50' : 'grey.50' }}
                      >
                        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
                          <Box>
                            <Typography variant="subtitle1" component="h2" fontWeight={700}>
                              {c}
                            </Typography>
                            <Typography variant="caption" color="text.secondary">
                              {PROJECT_STAGE_TRIGGER[c]}
                            </Typography>
                          </Box>
                          <Chip size="small" label={list.length} />
                        </Stack>
                        <Box ref={provided.innerRef} {...provided.droppableProps} sx={{ minHeight: 80 }}>
                          {list.map((p, i) => (
                            <ProjectCard key={p.id} project={p} index={i} now={now} onOpen={(x) => setOpenId(x.id)} />
                          ))}
                          {provided.placeholder}
                          {list.length === 0 && !snapshot.isDraggingOver && (
                            <Typography variant="body2" color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                              No projects
                            </Typography>
                          )}
                        </Box>
                      </Paper>
                    )}
                  </Droppable>
                );
              })}
            </Box>
          </DragDropContext>
        </>
      )}
      <Dialog
        open={!!listOf}
        onClose={() => setListOf(null)}
        aria-labelledby="project-list-title"
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id="project-list-title">
          {listOf && (PROJECT_TILE_LABELS as Partial<Record<ProjectStatus, string>>)[listOf]} projects
        </DialogTitle>
        <DialogContent>
          {(byStatus.get(listOf ?? 'Maintenance') ?? []).length === 0 ? (
            <Typography color="text.secondary">None yet.</Typography>
          ) : (
            <List>
              {(byStatus.get(listOf!) ?? []).map((p) => (
                <ListItem key={p.id} disablePadding>
                  <ListItemButton
                    onClick={() => {
                      setListOf(null);
                      setOpenId(p.id);
                    }}
                  >
                    <ListItemText primary={p.name} secondary={p.client} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setListOf(null)}>Close</Button>
        </DialogActions>
      </Dialog>
      <NewProjectDialog open={creating} onClose={() => setCreating(false)} />
      <ProjectDetailsDialog
        project={pending ? pending.project : opened}
        pendingStage={pending?.to}
        onStageDone={() => settlePending(true)}
        onClose={() => {
          settlePending(false);
          setOpenId(null);
        }}
        onCancelProject={(p) => {
          setOpenId(null);
          setCanceling(p);
        }}
      />
      <ConfirmDialog
        open={!!canceling}
        title={`Cancel project ${canceling?.name ?? ''}?`}
        consequences={[
          'The project leaves the board and is listed under Canceled.',
          ...(canceling?.leadId ? ['The lead will be marked Lost (dead reason "Contact Canceled").'] : []),
          'You can undo this from the message that follows.',
        ]}
        confirmLabel="Cancel Project"
        cancelLabel="Keep Project"
        onCancel={() => setCanceling(null)}
        onConfirm={() => {
          if (canceling) void move(canceling, 'Canceled');
          setCanceling(null);
        }}
      />
    </Box>
  );
}
