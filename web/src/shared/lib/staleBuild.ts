/**
 * Recovery from a redeploy under an open tab. Chunks are named by content
 * hash and a deploy replaces them, so a tab opened before it fails to load
 * its next lazy page or dialog (the old chunk is a 404). When a chunk fails,
 * reloadIfRedeployed() asks the server which build it serves now (the entry
 * script named by /app.html, fetched past every cache) and reloads the page
 * once if that is another build than the one running.
 *
 * No loop: it reloads at most once per served build (the build's entry is
 * kept in sessionStorage, so it survives the reload), and never when the
 * served build is the running one: a chunk that fails offline, or a broken
 * deploy's missing chunk after the reload, shows the page's error instead.
 */

/** sessionStorage key: the served build's entry script this tab last reloaded for. */
export const RELOADED_FOR_BUILD_KEY = 'studio:reloaded-for-build';

/**
 * The entry script (`src` of the `<script type="module">`) of a page's HTML:
 * it names the build, as Vite hashes it by content; null when there is none.
 * The landing's boot script (`data-boot`, web/scripts/prerender.mjs) is not
 * the entry: it adds the entry after the first paint.
 */
export function entryScriptOf(html: string): string | null {
  for (const m of html.matchAll(/<script\b([^>]*)>/gi)) {
    const attrs = m[1] ?? '';
    if (!/\btype\s*=\s*["']module["']/i.test(attrs)) continue;
    if (/\bdata-boot\b/i.test(attrs)) continue; // the landing's boot script, which only adds the entry
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(attrs);
    if (src) return src[1]!;
  }
  return null;
}

/** The entry script this page runs (see entryScriptOf). */
function runningEntry(): string | null {
  return document.querySelector('script[type="module"][src]:not([data-boot])')?.getAttribute('src') ?? null;
}

/** The entry script of the build the site serves now, or null when it cannot be told (offline, error). */
async function servedEntry(): Promise<string | null> {
  try {
    const res = await fetch('/app.html', { cache: 'no-store' });
    return res.ok ? entryScriptOf(await res.text()) : null;
  } catch {
    return null;
  }
}

let checking: Promise<boolean> | null = null;

/**
 * After a lazy chunk failed to load: reloads the page when the site now
 * serves another build than this page's, once per served build (see the
 * module doc). Concurrent calls share one check.
 * @returns whether a reload was started
 */
export function reloadIfRedeployed(): Promise<boolean> {
  checking ??= (async () => {
    const running = runningEntry();
    const served = await servedEntry();
    if (!running || !served || served === running) return false;
    try {
      if (window.sessionStorage.getItem(RELOADED_FOR_BUILD_KEY) === served) return false;
      window.sessionStorage.setItem(RELOADED_FOR_BUILD_KEY, served);
    } catch {
      return false; // no sessionStorage: no guard against a loop, so no reload
    }
    window.location.reload();
    return true;
  })().finally(() => {
    checking = null;
  });
  return checking;
}
