/**
 * Browser entry. `/` arrives prerendered (scripts/prerender.mjs writes the
 * landing's HTML and critical CSS into dist/index.html), so it is hydrated;
 * every other route gets the empty shell (dist/app.html) and renders here.
 */
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppShell } from './app/AppShell';
import { preloadAdminApp, preloadLandingPage } from './app/App';
import { reloadIfRedeployed } from './shared/lib/staleBuild';
import { hydrationStarts } from './shared/lib/hydration';
import { createBrowserStyleCache } from './shared/lib/styleCache';

// A lazy chunk that failed to load through Vite's preload helper (a redeploy
// replaced it): reload once if the site now serves another build. Chunks
// imported without the helper reach the same check through the lazy parts' ErrorBoundary (onChunkError).
window.addEventListener('vite:preloadError', () => void reloadIfRedeployed());

declare global {
  interface Window {
    /** Set by the landing's boot script (web/scripts/boot.js): `ready()` replays the clicks and keys it held. */
    studioBoot?: { ready(): void };
  }
}

/** Tells the landing's boot script, if any, that the app owns the page now. */
const appReady = () => window.studioBoot?.ready();

const container = document.getElementById('root')!;
function render() {
  // Created before the first render, after the prerendered <style> tags it takes over.
  const styleCache = createBrowserStyleCache();
  if (container.hasChildNodes() && window.location.pathname === '/') {
    hydrationStarts();
    // Hydrating in a transition lets React yield to the browser every few
    // milliseconds, so the landing's hydration is many short tasks instead of
    // one long one that blocks input (Total Blocking Time). A click or key
    // that arrives meanwhile is held by the boot script until appReady.
    startTransition(() => {
      hydrateRoot(container, <AppShell router={BrowserRouter} styleCache={styleCache} onReady={appReady} />);
    });
  } else {
    // Replaces any prerendered markup (e.g. /index.html opened by name, whose boot script also waits for appReady).
    createRoot(container).render(<AppShell router={BrowserRouter} styleCache={styleCache} onReady={appReady} />);
  }
}

if (window.location.pathname.startsWith('/admin/')) {
  // A signed-in page opened directly (reload, bookmark): its chunks and the
  // Firestore chunk start downloading now, beside the admin chunk, rather than
  // after it has loaded and evaluated.
  void import('./app/admin/lazyPages')
    .then((m) => m.adminPageAt(window.location.pathname)?.preload())
    .catch(() => undefined); // a failure shows when the page renders
  // The first render waits for the admin chunk (a failure renders anyway: the route's boundary shows it).
  preloadAdminApp().then(render, render);
} else if (window.location.pathname === '/') {
  // The landing's chunk, fetched beside the entry: hydrating before it is there would
  // suspend the page. A failure renders anyway: the route's boundary shows it.
  preloadLandingPage().then(render, render);
} else {
  render();
}
