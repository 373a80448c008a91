/**
 * The app's one emotion cache (MUI's styles), shared by the build-time
 * prerender of the landing (src/prerender.tsx) and the browser (src/main.tsx).
 *
 * The landing's prerendered critical CSS (~60 KB) stays where the HTML put
 * it. Emotion's own way of taking over server-rendered styles moves them: the
 * default cache, created when @emotion/react loads, moves every
 * `<style data-emotion>` without a `data-s` attribute to the end of `<head>`,
 * and hydrating a cache inserts each of its tags there again (a DOM insert
 * removes the node first, even in place). Each move makes the browser parse
 * the sheet anew and restyle the page while the entry script evaluates, which
 * the landing pays in Total Blocking Time. So the prerender writes the class
 * rules and keyframes as `<style data-prerendered="ids">`, which no emotion
 * cache looks for, and the browser's cache records those ids as inserted and
 * those tags as its own without touching the DOM.
 */
import createCache, { type EmotionCache } from '@emotion/cache';

/** The cache key: the prefix of every class name MUI generates (`studio-1x2y3z`). */
export const STYLE_KEY = 'studio';

/** One chunk of critical CSS, as `@emotion/server`'s `extractCriticalToChunks` returns it. */
export interface StyleChunk {
  /** `STYLE_KEY` for the class names' rules, `${STYLE_KEY}-global` for global styles and keyframes. */
  key: string;
  ids: string[];
  css: string;
}

/** Global styles (an emotion `Global`, e.g. CssBaseline) hydrate themselves; keyframes are taken over as class rules. */
const isGlobalStyle = (chunk: StyleChunk) =>
  chunk.key === `${STYLE_KEY}-global` && !chunk.ids.every((id) => id.startsWith('animation-'));

/**
 * The `<style>` tags for the prerendered page's `<head>`, with no space
 * between them. First the global styles, each in emotion's form
 * (`data-emotion="<key>-global <id>"`, marked `data-s` so the default cache
 * leaves it alone), which their `Global` finds and inserts before the cache's
 * first tag; then keyframes and class rules as `data-prerendered` tags, in
 * the order the cache takes them over (createBrowserStyleCache). `css` is
 * emitted as is: emotion's serializer writes no `</style>`.
 */
export function prerenderedStyleTags(chunks: readonly StyleChunk[]): string {
  const tag = (attributes: string, css: string) => `<style ${attributes}>${css}</style>`;
  return [
    ...chunks.filter(isGlobalStyle).map((c) => tag(`data-emotion="${[c.key, ...c.ids].join(' ')}" data-s=""`, c.css)),
    ...chunks.filter((c) => !isGlobalStyle(c)).map((c) => tag(`data-prerendered="${c.ids.join(' ')}"`, c.css)),
  ].join('');
}

/**
 * The cache for the prerender (no document): class names and critical CSS
 * under `STYLE_KEY`.
 */
export function createServerStyleCache(): EmotionCache {
  return createCache({ key: STYLE_KEY });
}

/**
 * The browser's cache. On a prerendered page it takes over the
 * `data-prerendered` tags where they stand: their rules count as inserted,
 * and the tags as the cache's own (a `Global` inserts before the first, new
 * rules go after the last). Elsewhere there are none.
 */
export function createBrowserStyleCache(doc: Document = document): EmotionCache {
  const cache = createCache({ key: STYLE_KEY });
  for (const tag of doc.querySelectorAll<HTMLStyleElement>('style[data-prerendered]')) {
    for (const id of (tag.dataset.prerendered ?? '').split(' ')) if (id) cache.inserted[id] = true;
    cache.sheet.tags.push(tag);
  }
  return cache;
}
