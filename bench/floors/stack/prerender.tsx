/**
 * Build-time render of the stack floor, the way web/src/prerender.tsx renders
 * the landing: react-dom/static `prerender` inside the site's emotion cache
 * (web/src/shared/lib/styleCache), critical CSS extracted into the `<style>`
 * tags the browser's cache takes over in place.
 */
import { prerender } from 'react-dom/static';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { createServerStyleCache, prerenderedStyleTags } from '../../../web/src/shared/lib/styleCache';
import { Floor } from './Floor';

export async function renderFloor(): Promise<{ html: string; styles: string }> {
  const cache = createServerStyleCache();
  const { extractCriticalToChunks } = createEmotionServer(cache);
  const { prelude } = await prerender(
    <CacheProvider value={cache}>
      <Floor />
    </CacheProvider>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude as ReadableStream<Uint8Array>).text();
  return { html, styles: prerenderedStyleTags(extractCriticalToChunks(html).styles) };
}
