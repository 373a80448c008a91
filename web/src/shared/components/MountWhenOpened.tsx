/**
 * Renders a (usually lazy) dialog from the first time `open` is true, and
 * keeps it mounted afterwards so its close transition plays. Before that the
 * page pays neither the dialog's code nor its render: a page owning many
 * dialogs re-renders only the ones ever opened. The chunk loads inside a
 * Suspense boundary with no fallback (the dialog appears when it is ready).
 * A chunk that fails to load (offline, or replaced by a deploy) leaves the
 * page as it is and shows an error toast, instead of blanking the app.
 */
import { Suspense, useState, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { onChunkError } from './PageState';
import { useToast } from './Toast';

export function MountWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  const toast = useToast();
  if (open && !opened) setOpened(true);
  if (!opened && !open) return null;
  return (
    <ErrorBoundary
      fallback={null}
      onError={(error, info) => {
        onChunkError(error, info);
        toast({
          title: 'Error',
          description: 'This could not be loaded. Check your connection and reload the page.',
          severity: 'error',
        });
      }}
    >
      <Suspense fallback={null}>{children}</Suspense>
    </ErrorBoundary>
  );
}
