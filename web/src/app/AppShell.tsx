/**
 * The whole app with its providers (one MUI theme, baseline CSS, toasts),
 * given a router and the emotion cache (shared/lib/styleCache). Shared by the browser entry (`main.tsx`, BrowserRouter) and
 * the build-time prerender of the landing page (`prerender.tsx`,
 * StaticRouter), so the HTML the server writes and the tree the browser
 * hydrates are the same.
 */
import { StrictMode, Suspense, type ComponentType, type ReactNode } from 'react';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { ToastProvider } from '../shared/components/Toast';
import { Committed } from '../shared/components/Committed';
import { theme } from '../shared/theme';
import { App } from './App';

export function AppShell({
  router: Router,
  styleCache,
  onReady,
}: {
  router: ComponentType<{ children: ReactNode }>;
  /** The server's or the browser's cache: both use the same key, so the class names match. */
  styleCache: EmotionCache;
  /**
   * Called once the app below the hydration boundary has committed (hydrated on the prerendered
   * landing, rendered elsewhere), after its own effects; a still-dehydrated island below it keeps
   * its HTML (features/landing Island). Browser only.
   */
  onReady?: () => void;
}) {
  return (
    <StrictMode>
      <CacheProvider value={styleCache}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <ToastProvider>
            <Router>
              {/* Hydration boundary: on the prerendered landing, React hydrates everything below
                the providers as low-priority work in 5 ms slices (a dehydrated Suspense boundary
                hydrates at offscreen priority) instead of one long main-thread task. */}
              <Suspense>
                <App />
                {onReady && <Committed onCommit={onReady} />}
              </Suspense>
            </Router>
          </ToastProvider>
        </ThemeProvider>
      </CacheProvider>
    </StrictMode>
  );
}
