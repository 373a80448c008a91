/**
 * The frame every form dialog shares: a Dialog holding a <form noValidate>
 * with its title (the dialog's accessible name), the fields, and Cancel plus
 * a submit button disabled while submitting. The form's fields and
 * react-hook-form's `handleSubmit(...)` come from the caller.
 */
import type { FormEventHandler, ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SxProps, Theme } from '@mui/material/styles';

export interface FormDialogProps {
  open: boolean;
  onClose(): void;
  /** Id of the title, which names the dialog (aria-labelledby). */
  titleId: string;
  title: ReactNode;
  /** The form's submit handler, e.g. `handleSubmit(submit)`. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  submitLabel: string;
  /** The submit button's text while submitting (default: submitLabel). */
  submittingLabel?: string;
  /** Cancel is disabled while submitting (the dialog cannot be left mid-request). */
  lockWhileSubmitting?: boolean;
  fullScreen?: boolean;
  actionsSx?: SxProps<Theme>;
  children: ReactNode;
}

export function FormDialog({
  open,
  onClose,
  titleId,
  title,
  onSubmit,
  submitting,
  submitLabel,
  submittingLabel,
  lockWhileSubmitting = false,
  fullScreen,
  actionsSx,
  children,
}: FormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions sx={actionsSx}>
          <Button onClick={onClose} disabled={lockWhileSubmitting && submitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={submitting}>
            {submitting && submittingLabel ? submittingLabel : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
