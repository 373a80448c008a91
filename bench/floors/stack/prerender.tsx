/**
 * Build-time render of the stack floor, the way web/src/prerender.tsx renders
 * the landing: react-dom/static `prerender` inside an emotion cache (key
 * "css"), critical CSS extracted into `<style>` tags for <head>.
 */
import { prerender } from 'react-dom/static';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { Floor } from './Floor';

export async function renderFloor(): Promise<{ html: string; styles: string }> {
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const { prelude } = await prerender(
    <CacheProvider value={cache}>
      <Floor />
    </CacheProvider>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude as ReadableStream<Uint8Array>).text();
  return { html, styles: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
}
