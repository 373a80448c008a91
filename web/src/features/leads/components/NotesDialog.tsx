/**
 * Notes dialog (spec §2, §4 "Notes", §8): GET/POST /api/leads/{id}/notes,
 * newest first, one note at a time in a viewer; adding a note resets the
 * viewer to the newest note.
 */
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { leadNoteReply, type LeadNoteReply as Note, leadNotesReply, type NoteInput, noteSchema } from '@studio/domain';
import { api, ApiError, errorMessage } from '../../../shared/lib/api';
import { FormTextField } from '../../../shared/components/FormTextField';
import { useToast } from '../../../shared/components/Toast';
import type { BoardLead } from '../../../shared/data/hooks';
import { useStudioDateFormat } from '../../settings';

export function NotesDialog({ lead, onClose }: { lead: BoardLead | null; onClose(): void }) {
  const toast = useToast();
  // Note times on the studio's clock, whatever the browser's zone.
  const dates = useStudioDateFormat();
  const [notes, setNotes] = useState<Note[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [index, setIndex] = useState(0);
  const { control, handleSubmit, reset, setFocus, formState } = useForm<NoteInput>({
    resolver: zodResolver(noteSchema),
    defaultValues: { content: '' },
  });

  const load = useCallback(async (leadId: string) => {
    try {
      setNotes(await api.get(`/api/leads/${leadId}/notes`, leadNotesReply));
      setLoadError(null);
    } catch (e) {
      setLoadError(`Failed to fetch notes: ${e instanceof ApiError ? e.status : 'network error'}`);
      setNotes([]);
    }
  }, []);

  const leadId = lead?.id;
  useEffect(() => {
    if (!leadId) return;
    setNotes(null);
    setIndex(0);
    reset({ content: '' });
    void load(leadId);
  }, [leadId, load, reset]);

  const add = async ({ content }: NoteInput) => {
    if (!lead) return;
    // The note field takes the focus before the button is disabled for the request: a disabled button
    // drops the focus to the page, where Escape no longer reaches the dialog. It is ready for the next note.
    setFocus('content');
    try {
      await api.post(`/api/leads/${lead.id}/notes`, { content }, leadNoteReply);
      toast({ title: 'Note added' });
      reset({ content: '' });
      await load(lead.id);
      setIndex(0);
    } catch (e) {
      toast({
        title: 'Failed to add note',
        description: errorMessage(e, 'Please try again later.'),
        severity: 'error',
      });
    }
  };

  const current = notes?.[index];
  return (
    <Dialog open={!!lead} onClose={onClose} aria-labelledby="notes-title" fullWidth maxWidth="sm">
      <DialogTitle id="notes-title">Notes · {lead?.name}</DialogTitle>
      <DialogContent>
        {loadError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {loadError}
          </Alert>
        )}
        {notes === null ? (
          <Typography color="text.secondary">Loading...</Typography>
        ) : notes.length === 0 ? (
          !loadError && <Typography color="text.secondary">No notes yet.</Typography>
        ) : (
          <Box aria-label="Note viewer" role="group">
            <Paper variant="outlined" sx={{ p: 2, minHeight: 96 }} data-testid="current-note">
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{current?.content}</Typography>
              <Typography variant="caption" color="text.secondary">
                {current?.createdAt ? dates.dayTime(current.createdAt) : ''}
              </Typography>
            </Paper>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'center', mt: 1 }}>
              <IconButton aria-label="Newer note" disabled={index === 0} onClick={() => setIndex((i) => i - 1)}>
                <ChevronLeftIcon />
              </IconButton>
              <Typography variant="body2" aria-live="polite">
                {index + 1} of {notes.length}
              </Typography>
              <IconButton
                aria-label="Older note"
                disabled={index >= notes.length - 1}
                onClick={() => setIndex((i) => i + 1)}
              >
                <ChevronRightIcon />
              </IconButton>
            </Stack>
          </Box>
        )}
        <Box component="form" noValidate onSubmit={handleSubmit(add)} sx={{ mt: 2 }} aria-label="Add note">
          <FormTextField control={control} name="content" label="New note" multiline minRows={3} />
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Adding...' : 'Add Note'}
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
