/*
 * The prerendered landing's boot script. web/scripts/prerender.mjs inlines it
 * (without this header comment) in dist/index.html as
 * `<script type="module" data-boot data-entry="…" data-preloads="…">`, in
 * place of the entry: `data-entry` is the app's entry URL and `data-preloads`
 * the landing page's chunk URLs, separated by spaces. Its text never changes
 * with a build, so the CSP allows it by one hash (firebase.json script-src,
 * web/scripts/boot-script.mjs). Inline, it costs the page no request before
 * its first paint. Plain browser JavaScript, run as a module before any app
 * code.
 *
 * 1. Loads the app once the page has painted: the entry (and, as modulepreload
 *    links, the landing page's chunks) is added when the
 *    browser reports the first contentful paint (a `paint` PerformanceObserver
 *    entry, emitted once the frame is on screen; an animation frame alone comes
 *    before it). A hidden tab never paints, and a browser without paint timing
 *    or a page that never reports it gets the entry after 3 s at the latest.
 *    A browser runs a parsed page's module scripts before its first paint when
 *    they are already there, so without this the hero would wait for the app.
 *
 * 2. Holds what the visitor does before the app has hydrated: a prerendered
 *    button or carousel does nothing until React owns it. A click on a button
 *    (a tap, or Enter or Space on a focused button) is stopped here and clicked
 *    again, and a key press (not Tab, not typing in a field) is dispatched
 *    again, in the order they came, once the app owns the page (its hydrating
 *    pass has committed; or its first render, when the page is rendered
 *    afresh, e.g. /index.html opened by name): the app calls
 *    `window.studioBoot.ready()` (web/src/app/AppShell.tsx onReady, from
 *    web/src/main.tsx). A key's default action (scrolling,
 *    a button's click) is left to the browser now. Links and fields are left
 *    alone: they work without the app. An event aimed at a section that is
 *    still an island is held there again (features/landing Island.tsx).
 */
(() => {
  const LOAD_AT_LATEST_MS = 3000;
  const { entry, preloads } = document.querySelector('script[data-boot]').dataset;
  let loading = false;
  const load = () => {
    if (loading) return;
    loading = true;
    const s = document.createElement('script');
    s.type = 'module';
    s.crossOrigin = '';
    s.src = entry;
    document.head.append(s);
    // The landing page's own chunks, which the entry imports on `/`: fetched now, not once it has run.
    for (const href of preloads.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  };

  /** Replays of the events held so far, in the order they came. */
  const held = [];
  const holdClick = (e) => {
    const button = e.target instanceof Element ? e.target.closest('button, [role="button"]') : null;
    if (!button) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    held.push(() => button.isConnected && button.click());
    load(); // a click is a reason not to wait for the paint
  };
  const holdKey = (e) => {
    const target = e.target;
    if (!(target instanceof HTMLElement) || e.key === 'Tab') return;
    if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    e.stopImmediatePropagation();
    const copy = new KeyboardEvent(e.type, e); // an event is a valid init dictionary of its own kind
    held.push(() => target.isConnected && target.dispatchEvent(copy));
    load();
  };
  document.addEventListener('click', holdClick, true);
  document.addEventListener('keydown', holdKey, true);
  window.studioBoot = {
    ready() {
      document.removeEventListener('click', holdClick, true);
      document.removeEventListener('keydown', holdKey, true);
      for (const replay of held.splice(0)) replay();
    },
  };

  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  const paintTiming = (PerformanceObserver.supportedEntryTypes || []).includes('paint');
  if (document.visibilityState === 'hidden' || painted() || !paintTiming) return load();
  new PerformanceObserver((list, observer) => {
    if (!painted()) return;
    observer.disconnect();
    setTimeout(load);
  }).observe({ type: 'paint' });
  setTimeout(load, LOAD_AT_LATEST_MS);
})();
