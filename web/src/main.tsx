/**
 * Browser entry. `/` arrives prerendered (scripts/prerender.mjs writes the
 * landing's HTML and critical CSS into dist/index.html), so it is hydrated;
 * every other route gets the empty shell (dist/app.html) and renders here.
 */
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppShell } from './AppShell';

// A signed-in page opened directly (reload, bookmark): its chunks and the
// Firestore chunk start downloading now, beside React's first render, rather
// than after the admin chunk has loaded and evaluated.
if (window.location.pathname.startsWith('/admin/')) {
  void import('./admin/lazyPages').then((m) => m.adminPageAt(window.location.pathname)?.preload()).catch(() => undefined); // a failure shows when the page renders
}

const container = document.getElementById('root')!;
const app = <AppShell router={BrowserRouter} />;
if (container.hasChildNodes() && window.location.pathname === '/') {
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app); // replaces any prerendered markup (e.g. /index.html opened by name)
}
