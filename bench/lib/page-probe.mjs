/**
 * In-page instrumentation for the dashboard figures, installed with Playwright's
 * addInitScript before any app code runs. It changes nothing in the app:
 *
 * 1. Firestore listener traffic. The web SDK talks to Firestore over WebChannel
 *    (fetch streams, or XHR when it falls back to long polling) at
 *    `/google.firestore.v1.Firestore/Listen/channel`. The probe wraps fetch and
 *    XMLHttpRequest for that URL only: request bodies give the listeners
 *    (`addTarget`, with the queried collection), response bodies (read from a
 *    tee of the stream) give every document delivered (`documentChange`, with
 *    the document's path). Documents delivered to listeners are what Firestore
 *    bills as reads; the Firestore emulator has no usage endpoint, so this is
 *    how the bench counts reads.
 * 2. Board completeness. A MutationObserver stamps performance.now() (time
 *    since navigation start) when the dashboard shell ("Welcome back") appears
 *    and when the board holds at least `expectedCards` lead cards with every
 *    column populated, and leaves performance marks `bench:dashboard-shell`
 *    and `bench:board-complete`.
 *
 * The parsing helpers are plain functions, exported for unit checks and
 * embedded into the page by their source text.
 */

const LISTEN_PATH = '/google.firestore.v1.Firestore/Listen/channel';

/** Listeners opened/closed by one WebChannel request body (form-encoded `reqN___data__` JSON messages). */
export function parseListenRequest(body) {
  const out = { add: [], remove: [] };
  if (body == null) return out;
  let text = body;
  if (typeof text !== 'string') {
    if (typeof URLSearchParams !== 'undefined' && text instanceof URLSearchParams) text = text.toString();
    else return out;
  }
  const params = new URLSearchParams(text);
  for (const [k, v] of params) {
    if (!/^req\d+___data__$/.test(k)) continue;
    let msg;
    try {
      msg = JSON.parse(v);
    } catch {
      continue;
    }
    if (msg && msg.addTarget) {
      const t = msg.addTarget;
      const from = t.query && t.query.structuredQuery && t.query.structuredQuery.from;
      const collection = from && from[0] ? from[0].collectionId : t.documents ? 'documents' : 'other';
      out.add.push({ targetId: t.targetId, collection, resume: !!(t.resumeToken || t.readTime) });
    }
    if (msg && msg.removeTarget != null) out.remove.push(msg.removeTarget);
  }
  return out;
}

/** Documents delivered in a Listen response text, as { collection: count }, plus the total. */
export function countListenDocs(text) {
  const re = /\\?"documentChange\\?"\s*:\s*\{\s*\\?"document\\?"\s*:\s*\{\s*\\?"name\\?"\s*:\s*\\?"([^"\\]+)/g;
  const byCollection = {};
  let total = 0;
  let m;
  while ((m = re.exec(text))) {
    const path = m[1].split('/documents/')[1] || '';
    const segs = path.split('/');
    const collection = segs.length >= 2 ? segs[segs.length - 2] : '?';
    byCollection[collection] = (byCollection[collection] || 0) + 1;
    total++;
  }
  return { total, byCollection };
}

function installProbe(opts, parseListenRequest, countListenDocs) {
  const st = {
    targets: [],
    removed: [],
    streams: [],
    shellAt: null,
    completeAt: null,
    completeFrameAt: null,
    boardDataAt: null, // last chunk from the server carrying board documents
    opts,
  };
  window.__bench = st;
  const isListen = (url) => String(url).includes(opts.listenPath);
  const noteBody = (body) => {
    try {
      const r = parseListenRequest(body);
      for (const a of r.add) st.targets.push({ ...a, t: performance.now() });
      st.removed.push(...r.remove);
    } catch {
      // not ours to break
    }
  };

  const origFetch = window.fetch;
  window.fetch = async function (input, init) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input && input.url;
    if (!isListen(url)) return origFetch.apply(this, arguments);
    if (init && init.body) noteBody(init.body);
    else if (typeof Request !== 'undefined' && input instanceof Request && input.method !== 'GET') {
      // The WebChannel passes `new Request(url, { body })`: read a clone's body.
      try {
        noteBody(await input.clone().text());
      } catch {
        // unreadable body: the listener is still counted by its documents
      }
    }
    const res = await origFetch.apply(this, arguments);
    if (!res.body) return res;
    const [mine, theirs] = res.body.tee();
    const s = { via: 'fetch', text: '' };
    st.streams.push(s);
    (async () => {
      const reader = mine.getReader();
      const dec = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const chunk = dec.decode(value, { stream: true });
        if (chunk.includes(opts.boardPath)) st.boardDataAt = performance.now();
        s.text += chunk;
      }
    })().catch(() => {});
    return new Response(theirs, { status: res.status, statusText: res.statusText, headers: res.headers });
  };

  const origOpen = XMLHttpRequest.prototype.open;
  const origSend = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url) {
    this.__benchListen = isListen(url);
    return origOpen.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function (body) {
    if (this.__benchListen) {
      if (body) noteBody(body);
      const s = { via: 'xhr', text: '' };
      st.streams.push(s);
      const grab = () => {
        try {
          if (this.readyState >= 3 && this.responseText.length > s.text.length) {
            if (this.responseText.slice(s.text.length).includes(opts.boardPath)) st.boardDataAt = performance.now();
            s.text = this.responseText;
          }
        } catch {
          // binary or unreadable
        }
      };
      this.addEventListener('readystatechange', grab);
      this.addEventListener('progress', grab);
    }
    return origSend.apply(this, arguments);
  };

  st.reads = () => {
    const byCollection = {};
    let total = 0;
    for (const s of st.streams) {
      const c = countListenDocs(s.text);
      total += c.total;
      for (const [k, v] of Object.entries(c.byCollection)) byCollection[k] = (byCollection[k] || 0) + v;
    }
    const listeners = {};
    for (const t of st.targets) listeners[t.collection] = (listeners[t.collection] || 0) + 1;
    return { total, byCollection, listeners, removed: st.removed.length, streams: st.streams.length };
  };

  // A column's lead count is its data-count (long columns are virtualized, so not every card is in the DOM).
  const countIn = (sel) => {
    const el = document.querySelector(sel);
    return el && el.hasAttribute('data-count')
      ? Number(el.getAttribute('data-count'))
      : document.querySelectorAll(`${sel} [data-testid="lead-card"]`).length;
  };
  st.board = () => {
    const columns = {};
    for (const c of opts.columns) columns[c] = countIn(`[data-testid="column-${c}"]`);
    const won = countIn('[data-testid="bucket-won"]');
    const deadLabel = document.querySelector('[data-testid="bucket-dead"] [aria-label$="dead leads"]');
    const dead = deadLabel ? parseInt(deadLabel.getAttribute('aria-label'), 10) : null;
    return {
      columns,
      won,
      dead,
      cards: Object.values(columns).reduce((a, b) => a + b, won),
      renderedCards: document.querySelectorAll('[data-testid="lead-card"]').length,
    };
  };

  if (opts.expectedCards == null) return;
  const check = () => {
    if (st.completeAt != null) return;
    if (st.shellAt == null) {
      const h1 = document.querySelector('h1');
      if (h1 && h1.textContent && h1.textContent.startsWith('Welcome back')) {
        st.shellAt = performance.now();
        performance.mark('bench:dashboard-shell');
      }
    }
    const onBoard = opts.columns.reduce(
      (n, c) => n + countIn(`[data-testid="column-${c}"]`),
      countIn('[data-testid="bucket-won"]'),
    );
    if (onBoard < opts.expectedCards) return;
    for (const c of opts.columns)
      if (!document.querySelector(`[data-testid="column-${c}"] [data-testid="lead-card"]`)) return;
    st.completeAt = performance.now();
    performance.mark('bench:board-complete');
    requestAnimationFrame(() => {
      st.completeFrameAt = performance.now();
    });
    observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * Source of the init script. `expectedCards`: lead cards the complete board
 * shows (six columns + Won); null to count Firestore traffic only.
 */
export function probeScript({ expectedCards = null, columns }) {
  const opts = { expectedCards, columns, listenPath: LISTEN_PATH, boardPath: '/documents/lead_board/' };
  return `(${installProbe.toString()})(${JSON.stringify(opts)}, ${parseListenRequest.toString()}, ${countListenDocs.toString()});`;
}
