/**
 * Toasts: a title and an optional description (spec §8 wording), one at a
 * time, newest wins. Bottom right on wide screens, top centre on phones. `useToast()` returns `toast({ title, description, severity })`.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

export interface ToastOptions {
  title: string;
  description?: string;
  severity?: 'success' | 'error' | 'info' | 'warning';
}

type ToastFn = (t: ToastOptions) => void;
const ToastContext = createContext<ToastFn>(() => undefined);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastOptions & { key: number }) | null>(null);
  const [open, setOpen] = useState(false);
  // On phones dialogs fill the screen and keep their buttons at the bottom: toast at the top there.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const toast = useCallback<ToastFn>((t) => {
    setCurrent({ ...t, key: Date.now() });
    setOpen(true);
  }, []);
  const value = useMemo(() => toast, [toast]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Snackbar
        key={current?.key}
        open={open}
        autoHideDuration={5000}
        onClose={(_e, reason) => reason !== 'clickaway' && setOpen(false)}
        anchorOrigin={phone ? { vertical: 'top', horizontal: 'center' } : { vertical: 'bottom', horizontal: 'right' }}
      >
        <Alert
          role={current?.severity === 'error' ? 'alert' : 'status'}
          severity={current?.severity ?? 'success'}
          variant="filled"
          onClose={() => setOpen(false)}
          sx={{ minWidth: 280, maxWidth: 420 }}
        >
          <AlertTitle sx={{ mb: current?.description ? 0.5 : 0 }}>{current?.title}</AlertTitle>
          {current?.description}
        </Alert>
      </Snackbar>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastFn {
  return useContext(ToastContext);
}
