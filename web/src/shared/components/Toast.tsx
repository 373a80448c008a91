/**
 * Toasts: a title and an optional description (spec §8 wording), one at a
 * time, newest wins. Bottom right on wide screens, top centre on phones. `useToast()` returns `toast({ title, description, severity })`.
 */
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { usePhone } from '../lib/usePhone';

export interface ToastOptions {
  title: string;
  description?: string;
  severity?: 'success' | 'error' | 'info' | 'warning';
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
      autoHideDuration={5000}
      onClose={(_e, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={phone ? { vertical: 'top', horizontal: 'center' } : { vertical: 'bottom', horizontal: 'right' }}
    >
      <Alert
        role={toast.severity === 'error' ? 'alert' : 'status'}
        severity={toast.severity ?? 'success'}
        variant="filled"
        onClose={onClose}
        sx={{ minWidth: 280, maxWidth: 420 }}
      >
        <AlertTitle sx={{ mb: toast.description ? 0.5 : 0 }}>{toast.title}</AlertTitle>
        {toast.description}
      </Alert>
    </Snackbar>
  );
}

export function useToast(): ToastFn {
  return useContext(ToastContext);
}
