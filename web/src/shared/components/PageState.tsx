/**
 * Shared page states: a centred loading line, and the boundary every lazy
 * route renders in (`LazyPage`): "Loading..." while its chunk downloads, and a
 * short error with a Reload button when the chunk cannot be fetched (for
 * example after a deploy replaced it, or offline).
 */
import { Suspense, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { reloadIfRedeployed } from '../lib/staleBuild';

export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 10 }}
    >
      {/* Decorative: the status text beside it is what assistive technology reads. */}
      <CircularProgress size={22} aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}

/**
 * The `onError` of every lazy part's ErrorBoundary (react-error-boundary), run
 * once, on the failure: logs it, and if the chunk is gone because the site was
 * redeployed, reloads the page once onto the new build (shared/lib/staleBuild.ts).
 * The boundary then renders its fallback, so one part's failure never blanks the whole app.
 */
export function onChunkError(error: unknown, info: ErrorInfo): void {
  console.error('a lazy part failed to load', error, info.componentStack);
  void reloadIfRedeployed();
}

/** A page's (or a page part's) load failure, with a Reload button. */
function LoadFailed({ message }: { message: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8, px: 2 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      >
        {message}
      </Alert>
    </Box>
  );
}

const PAGE_LOAD_FAILED = 'This page could not be loaded. Check your connection and reload.';

/**
 * The boundary of a lazy route (or a lazy part of a page, with its own
 * `errorMessage`): `Loading` while its chunk downloads, a Reload prompt if it fails.
 */
export function LazyPage({
  children,
  label,
  errorMessage = PAGE_LOAD_FAILED,
}: {
  children: ReactNode;
  label?: string;
  errorMessage?: string;
}) {
  return (
    <ErrorBoundary fallback={<LoadFailed message={errorMessage} />} onError={onChunkError}>
      <Suspense fallback={<Loading label={label} />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** A lazy route's element: `<Page />` in its own <LazyPage> boundary, keyed `key` so each route gets a fresh one. */
export function lazyRoute(key: string, Page: ComponentType) {
  return (
    <LazyPage key={key}>
      <Page />
    </LazyPage>
  );
}

/**
 * The element of a lazy route whose page is prerendered (the landing `/`): a
 * Reload prompt if its chunk fails, but no Suspense boundary of its own, so
 * its hydration commits with the app's (the boot script replays held clicks
 * and keys only then). The page must be preloaded before hydration (main.tsx);
 * a navigation to it, being a transition, keeps the previous page until its chunk is in.
 */
export function prerenderedRoute(key: string, Page: ComponentType) {
  return (
    <ErrorBoundary key={key} fallback={<LoadFailed message={PAGE_LOAD_FAILED} />} onError={onChunkError}>
      <Page />
    </ErrorBoundary>
  );
}
