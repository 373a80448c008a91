/**
 * Toasts: a title and an optional description (spec §8 wording), one at a
 * time, newest wins. Bottom right on wide screens, top centre on phones. `useToast()` returns `toast({ title, description, severity, action })`.
 * A toast with an `action` (an Undo) stays up twice as long, so there is time to reach it.
 */
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import CloseIcon from '@mui/icons-material/Close';
import { usePhone } from '../lib/usePhone';

export interface ToastOptions {
  title: string;
  description?: string;
  severity?: 'success' | 'error' | 'info' | 'warning';
  /** A button in the toast (e.g. "Undo"); clicking it closes the toast, then runs `onAction`. */
  action?: { label: string; onAction(): void };
}

type ToastFn = (t: ToastOptions) => void;
const ToastContext = createContext<ToastFn>(() => undefined);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<Toast | null>(null);
  const [open, setOpen] = useState(false);
  const toast = useCallback<ToastFn>((t) => {
    setCurrent({ ...t, key: Date.now() });
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return (
    <ToastContext.Provider value={toast}>
      {children}
      {/* Mounted with the first toast: until then no media-query listener (whose first
          answer would re-render this provider while the prerendered landing hydrates). */}
      {current && <ToastSnackbar toast={current} open={open} onClose={close} />}
    </ToastContext.Provider>
  );
}

type Toast = ToastOptions & { key: number };

function ToastSnackbar({ toast, open, onClose }: { toast: Toast; open: boolean; onClose: () => void }) {
  // On phones dialogs fill the screen and keep their buttons at the bottom: toast at the top there.
  const phone = usePhone({ noSsr: true });
  return (
    <Snackbar
      key={toast.key}
      open={open}
      autoHideDuration={toast.action ? 10_000 : 5000}
      onClose={(_e, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={phone ? { vertical: 'top', horizontal: 'center' } : { vertical: 'bottom', horizontal: 'right' }}
    >
      <Alert
        role={toast.severity === 'error' ? 'alert' : 'status'}
        severity={toast.severity ?? 'success'}
        variant="filled"
        onClose={onClose}
        action={
          toast.action && (
            <>
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  onClose();
                  toast.action!.onAction();
                }}
                sx={{ fontWeight: 700, textDecoration: 'underline' }}
              >
                {toast.action.label}
              </Button>
              <IconButton color="inherit" size="small" aria-label="Close" onClick={onClose}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </>
          )
        }
        sx={{ minWidth: 280, maxWidth: 'min(420px, calc(100vw - 16px))' }}
      >
        <AlertTitle sx={{ mb: toast.description ? 0.5 : 0 }}>{toast.title}</AlertTitle>
        {toast.description}
      </Alert>
    </Snackbar>
  );
}

/** The toast function of the nearest ToastProvider. */
export function useToast(): ToastFn {
  return useContext(ToastContext);
}
