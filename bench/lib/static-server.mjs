/**
 * A tiny compressed static server for the built SPA, used for the Lighthouse
 * run: the Hosting emulator serves files uncompressed, while production
 * Firebase Hosting serves Brotli/gzip, so Lighthouse would otherwise measure a
 * page that no user gets.
 *
 * Behaviour, following firebase.json's "hosting" block:
 * - files of `dist` (hosting.public); names starting with "." are ignored;
 * - Brotli (quality 11) or gzip (level 9) by Accept-Encoding for text types,
 *   precompressed once at start; Vary: Accept-Encoding;
 * - the SPA fallback of the `"source": "**"` rewrite (/app.html, the shell;
 *   `/` itself is the prerendered /index.html) for any path that is not a file;
 * - the headers of hosting.headers (glob `source`, later rules win for the same key);
 * - /api/**: proxied to `apiOrigin` when given (e.g. the Hosting emulator),
 *   otherwise answered 503 (the landing's new-lead count then fails silently).
 * Listens on 127.0.0.1 only.
 *
 * Run alone: node bench/lib/static-server.mjs [--dist web/dist] [--port 4173] [--api http://127.0.0.1:5000]
 */
import { createServer, request as httpRequest } from 'node:http';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zc, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(import.meta.url), '..', '..', '..');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
  '.ico',
]);

/** Converts a Firebase Hosting glob (`**`, `*`, `?`, `{a,b}`) to an anchored RegExp. */
export function globToRegExp(glob) {
  let re = '';
  let depth = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*') {
      if (glob[i + 1] === '*') {
        re += '.*';
        i++;
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '{') {
      re += '(?:';
      depth++;
    } else if (c === '}' && depth > 0) {
      re += ')';
      depth--;
    } else if (c === ',' && depth > 0) re += '|';
    else re += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** The "hosting" block of firebase.json. */
export function hostingConfig(firebaseJsonPath = join(ROOT, 'firebase.json')) {
  return JSON.parse(readFileSync(firebaseJsonPath, 'utf8')).hosting ?? {};
}

/** The hosting header rules as [{ re, headers }]. */
export function hostingHeaderRules(hosting = hostingConfig()) {
  return (hosting.headers ?? []).map((r) => ({ re: globToRegExp(r.source), headers: r.headers }));
}

/** The destination of hosting's catch-all rewrite (`"source": "**"`), e.g. "/app.html". */
export function spaFallback(hosting = hostingConfig()) {
  return (hosting.rewrites ?? []).find((r) => r.source === '**')?.destination ?? '/index.html';
}

/** Headers for `path` from the rules, later rules overriding earlier ones per key. */
export function headersFor(path, rules) {
  const out = {};
  for (const r of rules) if (r.re.test(path)) for (const h of r.headers) out[h.key] = h.value;
  return out;
}

function walk(dir, base = dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue; // hosting.ignore "**/.*"
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, base, out);
    else out.push(p);
  }
  return out;
}

function compress(entry) {
  if (entry.br) return;
  entry.br = brotliCompressSync(entry.raw, {
    params: { [zc.BROTLI_PARAM_QUALITY]: 11, [zc.BROTLI_PARAM_SIZE_HINT]: entry.raw.length },
  });
  entry.gzip = gzipSync(entry.raw, { level: 9 });
}

/** Loads every file of `dist` with its Brotli and gzip forms. */
function loadFiles(dist) {
  const files = new Map();
  for (const p of walk(dist)) {
    const urlPath = `/${relative(dist, p).split(sep).join('/')}`;
    const ext = extname(p).toLowerCase();
    const raw = readFileSync(p);
    const entry = {
      raw,
      type: TYPES[ext] ?? 'application/octet-stream',
      compressible: COMPRESSIBLE.has(ext) && raw.length > 256,
    };
    // Source maps are never loaded by the page: compressed on first request only.
    if (entry.compressible && ext !== '.map') compress(entry);
    files.set(urlPath, entry);
  }
  return files;
}

/** Picks br, else gzip, from an Accept-Encoding header (q=0 excluded). */
function pickEncoding(accept = '') {
  const ok = new Set(
    accept
      .split(',')
      .map((s) => s.trim().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([e]) => e.toLowerCase()),
  );
  if (ok.has('br')) return 'br';
  if (ok.has('gzip')) return 'gzip';
  return null;
}

/**
 * Starts the server. Resolves to { url, port, close(), stats } where stats
 * counts responses per encoding.
 * @param {{ dist: string, port?: number, apiOrigin?: string | null, firebaseJson?: string }} opts
 */
export async function startStaticServer({ dist, port = 0, apiOrigin = null, firebaseJson } = {}) {
  if (!existsSync(join(dist, 'index.html')))
    throw new Error(`static server: ${dist} has no index.html (build the web app first)`);
  const files = loadFiles(dist);
  const hosting = hostingConfig(firebaseJson);
  const rules = hostingHeaderRules(hosting);
  const fallback = spaFallback(hosting);
  if (!files.has(fallback))
    throw new Error(`static server: ${dist} has no ${fallback} (the SPA fallback; build the web app first)`);
  const stats = { br: 0, gzip: 0, identity: 0, fallback: 0, api: 0 };

  const server = createServer((req, res) => {
    let path;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (path === '/api' || path.startsWith('/api/')) {
      stats.api++;
      if (!apiOrigin) {
        res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        res.end(JSON.stringify({ error: 'The API is not served by the bench static server.' }));
        return;
      }
      const target = new URL(req.url ?? '/', apiOrigin);
      const up = httpRequest(
        target,
        { method: req.method, headers: { ...req.headers, host: target.host } },
        (upRes) => {
          res.writeHead(upRes.statusCode ?? 502, upRes.headers);
          upRes.pipe(res);
        },
      );
      up.on('error', () => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'Bad gateway' }));
      });
      req.pipe(up);
      return;
    }
    let file = files.get(path);
    if (!file && path.endsWith('/')) file = files.get(`${path}index.html`);
    if (!file) {
      file = files.get(fallback); // rewrite "**" → the shell
      stats.fallback++;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const headers = { 'content-type': file.type, ...headersFor(path, rules) };
    let body = file.raw;
    if (file.compressible) {
      compress(file);
      headers.vary = 'Accept-Encoding';
      const enc = pickEncoding(req.headers['accept-encoding']);
      if (enc && file[enc]) {
        headers['content-encoding'] = enc;
        body = file[enc];
        stats[enc]++;
      } else stats.identity++;
    } else stats.identity++;
    headers['content-length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });

  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', ok);
  });
  const actual = server.address().port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    stats,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections?.();
        server.close(() => ok());
      }),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name, dflt) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : dflt;
  };
  const s = await startStaticServer({
    dist: resolve(arg('dist', join(ROOT, 'web', 'dist'))),
    port: Number(arg('port', 4173)),
    apiOrigin: arg('api', null),
  });
  console.log(`bench static server: ${s.url}/ (Ctrl-C to stop)`);
}
