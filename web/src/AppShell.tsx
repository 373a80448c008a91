/**
 * The whole app with its providers (one MUI theme, baseline CSS, toasts),
 * given a router. Shared by the browser entry (`main.tsx`, BrowserRouter) and
 * the build-time prerender of the landing page (`prerender.tsx`,
 * StaticRouter), so the HTML the server writes and the tree the browser
 * hydrates are the same.
 */
import { StrictMode, type ComponentType, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { ToastProvider } from './components/Toast';
import { theme } from './theme';
import { App } from './App';

export function AppShell({ router: Router }: { router: ComponentType<{ children: ReactNode }> }) {
  return (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastProvider>
          <Router>
            <App />
          </Router>
        </ToastProvider>
      </ThemeProvider>
    </StrictMode>
  );
}
