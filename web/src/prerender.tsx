/**
 * Build-time render of the landing page `/` (its speed budget: scripts/check-bundle.mjs; spec §2
 * "Public navigation and landing"). Server-side entry, bundled by
 * scripts/prerender.mjs and never shipped to browsers.
 *
 * `renderLanding()` resolves to the markup for `<div id="root">`, the
 * `<style>` tags of the critical CSS it uses (emotion, the app's own cache
 * key, which the browser's cache takes over where the tags stand:
 * shared/lib/styleCache). It waits for every
 * Suspense boundary (react-dom/static `prerender`) and emits no inline script
 * (the CSP has none to allow).
 */
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import createEmotionServer from '@emotion/server/create-instance';
import { AppShell } from './app/AppShell';
import { createServerStyleCache, prerenderedStyleTags } from './shared/lib/styleCache';
import { preloadLandingPage } from './app/App';

const AtLanding = ({ children }: { children: ReactNode }) => <StaticRouter location="/">{children}</StaticRouter>;

/**
 * Resolves to `html` (the markup for #root) and `styles`. React hoists a
 * preload for each eager <img> to the front of the markup; those are dropped:
 * inside #root they would break hydration, and the images they name are
 * below the fold, where a preload only competes with the page's script.
 */
export async function renderLanding(): Promise<{ html: string; styles: string }> {
  await preloadLandingPage(); // rendered directly, as the browser hydrates it (main.tsx)
  const cache = createServerStyleCache();
  const { extractCriticalToChunks } = createEmotionServer(cache);
  const { prelude } = await prerender(
    <AppShell router={AtLanding} styleCache={cache} />,
    // Never outline a large finished boundary (that too needs the inline completion script).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude as ReadableStream<Uint8Array>).text();
  const styles = prerenderedStyleTags(extractCriticalToChunks(html).styles);
  const preloads = /^(?:<link rel="preload" as="image" [^>]*>)*/.exec(html)![0];
  return { html: html.slice(preloads.length), styles };
}
