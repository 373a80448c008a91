/**
 * The runtime's own HTTP server, around the api function: the Functions
 * Framework (`@google-cloud/functions-framework`, which Cloud Functions runs
 * as deployed) and the Functions emulator each build an Express app that
 * parses the body (body-parser) before calling the function, and has no error
 * handler of its own. A malformed JSON body therefore never reaches the api's
 * Express app (app.ts, http.ts errorHandler): Express's default handler
 * answers it with an HTML page carrying the stack trace and the server's
 * paths, and the emulator's app also sends `X-Powered-By: Express` on every
 * reply. Neither runtime offers a hook, so index.ts calls
 * `guardRuntimeServers()` at load, before the runtime builds its server, and
 * the runtime's app gets, as it is handed to `http.createServer`:
 * - `x-powered-by` disabled;
 * - a last error handler that answers as the api does (http.ts): a 4xx
 *   (malformed or too large body) as 400-499 `{ error: "Malformed request body" }`,
 *   anything else 500 `{ error: "Internal server error" }`, JSON, no stack.
 * Only an app that looks like Express (`use`, `handle`, `disable`) is touched;
 * any other server is left as it is. No SDK imports, so index.ts stays light.
 */
import http from 'node:http';

/** The api's reply to a body it cannot parse (http.ts errorHandler says the same). */
export const MALFORMED_BODY = 'Malformed request body';

/** The api's reply to an unexpected error. */
export const INTERNAL_ERROR = 'Internal server error';

/** What this module needs of an Express app (the runtime's, whichever Express version it carries). */
interface ExpressLike {
  (req: http.IncomingMessage, res: http.ServerResponse): void;
  use(handler: (err: unknown, req: unknown, res: http.ServerResponse, next: unknown) => void): unknown;
  handle: unknown;
  disable(setting: string): unknown;
}

const isExpressApp = (listener: unknown): listener is ExpressLike =>
  typeof listener === 'function' &&
  typeof (listener as Partial<ExpressLike>).use === 'function' &&
  typeof (listener as Partial<ExpressLike>).handle === 'function' &&
  typeof (listener as Partial<ExpressLike>).disable === 'function';

/**
 * The runtime app's last error handler: the status of a client error (body-parser's 400 or 413) with the api's
 * JSON error, else 500; never the error's text or stack.
 */
export function runtimeErrorReply(err: unknown): { status: number; body: { error: string } } {
  const s = (err as { status?: unknown } | null)?.status;
  const status = typeof s === 'number' && s >= 400 && s < 500 ? s : 500;
  return { status, body: { error: status === 500 ? INTERNAL_ERROR : MALFORMED_BODY } };
}

/** Adds the guard to a runtime's Express app (see the module comment). */
export function guardRuntimeApp(app: ExpressLike): void {
  app.disable('x-powered-by');
  app.use((err, _req, res, _next) => {
    const { status, body } = runtimeErrorReply(err);
    if (status === 500) console.error('runtime: unhandled error before the api', err);
    if (res.headersSent) return void res.end();
    res.statusCode = status;
    res.removeHeader('X-Powered-By');
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.end(JSON.stringify(body));
  });
}

let guarded = false;

/** Guards every Express app later handed to `http.createServer` (see the module comment). Idempotent. */
export function guardRuntimeServers(): void {
  if (guarded) return;
  guarded = true;
  const original = http.createServer;
  const patched = function (this: unknown, ...args: unknown[]) {
    const listener = args.find((a) => typeof a === 'function');
    if (isExpressApp(listener)) guardRuntimeApp(listener);
    return (original as (...a: unknown[]) => http.Server).apply(this, args);
  };
  http.createServer = patched as typeof http.createServer;
}
