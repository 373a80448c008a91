/*
 * The prerendered landing's boot script. web/scripts/prerender.mjs copies it to
 * dist/assets/boot-<hash>.js, with __ENTRY__ replaced by the app's entry URL,
 * and dist/index.html loads it in place of the entry (the CSP allows no inline
 * script). Plain browser JavaScript, run as a module before any app code.
 *
 * 1. Loads the app once the page has painted: the entry is added when the
 *    browser reports the first contentful paint (a `paint` PerformanceObserver
 *    entry, emitted once the frame is on screen; an animation frame alone comes
 *    before it). A hidden tab never paints, and a browser without paint timing
 *    or a page that never reports it gets the entry after 3 s at the latest.
 *    A browser runs a parsed page's module scripts before its first paint when
 *    they are already there, so without this the hero would wait for the app.
 *
 * 2. Holds the clicks that land on a button before the app has hydrated: a
 *    prerendered button does nothing until React owns it, so such a click
 *    (a tap, or Enter or Space on a focused button) is stopped here and
 *    clicked again once the hydrating pass has committed, when the app calls
 *    `window.studioBoot.hydrated()` (web/src/main.tsx). Links and fields are
 *    left alone: they work without the app.
 */
(() => {
  const LOAD_AT_LATEST_MS = 3000;
  let loading = false;
  const load = () => {
    if (loading) return;
    loading = true;
    const s = document.createElement('script');
    s.type = 'module';
    s.crossOrigin = '';
    s.src = '__ENTRY__';
    document.head.append(s);
  };

  const held = [];
  const hold = (e) => {
    const button = e.target instanceof Element ? e.target.closest('button, [role="button"]') : null;
    if (!button) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    if (!held.includes(button)) held.push(button);
    load(); // a click is a reason not to wait for the paint
  };
  document.addEventListener('click', hold, true);
  window.studioBoot = {
    hydrated() {
      document.removeEventListener('click', hold, true);
      for (const button of held.splice(0)) if (button.isConnected) button.click();
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
