/**
 * A confirmation before an action that cannot be taken back in one click: the
 * question as the title, what will happen as a list, and the action's own
 * verb on the confirm button (never a bare "OK"), with "Keep" / "Back" as the
 * way out. Escape or a click outside cancels. While `busy` both buttons wait.
 */
import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. "Cancel project Website?"; it names the dialog. */
  title: string;
  /** What confirming does, one consequence a line. */
  consequences: readonly ReactNode[];
  /** The confirm button's label: the action itself ("Cancel Project"). */
  confirmLabel: string;
  /** The way out's label (default "Back"). */
  cancelLabel?: string;
  /** `error` for an action that destroys or ends something. */
  tone?: 'error' | 'primary';
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** The shared confirmation dialog (see the module comment). */
export function ConfirmDialog({
  open,
  title,
  consequences,
  confirmLabel,
  cancelLabel = 'Back',
  tone = 'error',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onCancel()}
      aria-labelledby="confirm-title"
      aria-describedby="confirm-consequences"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="confirm-title" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-consequences" component="ul" sx={{ pl: 2.5, m: 0, overflowWrap: 'anywhere' }}>
          {consequences.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          {cancelLabel}
        </Button>
        <Button variant="contained" color={tone} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
