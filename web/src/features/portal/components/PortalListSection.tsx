/**
 * One list section of the portal (Documents, Files): a heading, then loading,
 * error-with-retry, empty or the list, and an optional notice above it (a
 * failed download). usePortalList loads the items as the signed-in client.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { User } from 'firebase/auth';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A list's state: the items once loaded, or an error. */
export interface PortalListState<T> {
  items: T[] | null;
  error: boolean;
}

/** Loads `fetchItems(user)` now and on `reload()`; failures are logged as `what` and shown as errors. */
export function usePortalList<T>(user: User, fetchItems: (user: User) => Promise<T[]>, what: string) {
  const [state, setState] = useState<PortalListState<T>>({ items: null, error: false });
  const reload = useCallback(() => {
    setState({ items: null, error: false });
    fetchItems(user).then(
      (items) => setState({ items, error: false }),
      (e: unknown) => {
        console.error(`portal: ${what} could not be loaded`, e);
        setState({ items: null, error: true });
      },
    );
  }, [user, fetchItems, what]);
  useEffect(reload, [reload]);
  return [state, reload] as const;
}

export function PortalListSection<T>({
  id,
  title,
  state,
  onRetry,
  failedText,
  loadingText,
  emptyText,
  notice,
  children,
}: {
  id: string;
  title: string;
  state: PortalListState<T>;
  onRetry(): void;
  failedText: string;
  loadingText: string;
  emptyText: string;
  notice?: ReactNode;
  /** The list's items (`li` elements). */
  children(items: T[]): ReactNode;
}) {
  const { items, error } = state;
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      {notice}
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Try again
            </Button>
          }
        >
          {failedText}
        </Alert>
      ) : !items ? (
        <Typography role="status" color="text.secondary">
          {loadingText}
        </Typography>
      ) : items.length === 0 ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {children(items)}
        </Stack>
      )}
    </Box>
  );
}

/** The layout of one row's card content: text on the left, its action on the right (stacked on a phone). */
export const rowSx = {
  display: 'flex',
  flexDirection: { xs: 'column', sm: 'row' },
  gap: 1,
  alignItems: { sm: 'center' },
  justifyContent: 'space-between',
  '&:last-child': { pb: 2 },
} as const;
