/**
 * The browser's one way to call /api (spec §7): JSON in and out, credentials
 * included, no retries. Admin calls carry the Firebase ID token as a Bearer
 * token, supplied by the admin bundle through setTokenProvider. The public
 * forms' calls carry an App Check token (`appCheck: true`, ./appCheck.ts),
 * the only Firebase code the public pages load, lazily.
 *
 * Every call gives a reply parser (a zod schema of @studio/domain
 * replies.ts, or any `{ parse }`): it resolves to the parsed reply and throws
 * ReplyShapeError when the reply does not match, so a 200 that is not the
 * route's answer (an HTML page from a misrouted rewrite, a half-written
 * object) never reaches a page as success. A write whose answer the page
 * ignores still checks it, with domain successReply.
 */
import { APP_CHECK_HEADER, appCheckToken } from './appCheck';

/** A non-2xx reply. `message` is "{status}: {text}" (spec §8); `serverMessage` is the server's own words. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    readonly fields?: Record<string, string>,
  ) {
    super(`${status}: ${serverMessage}`);
  }
}

/** A 2xx reply whose body does not have the shape the caller expects. */
export class ReplyShapeError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly problem: unknown,
  ) {
    super(`${method} ${path}: unexpected reply`);
  }
}

/** Parses a reply body: a zod schema, or any object with `parse` that throws on a mismatch. */
export interface ReplyParser<T> {
  parse(data: unknown): T;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Per-call options. */
export interface RequestOptions {
  /** An Idempotency-Key makes a retried write return its first result (create-invoice). */
  idempotencyKey?: string;
  /** Send the App Check token (./appCheck.ts): the public forms' writes and the client lookup. */
  appCheck?: boolean;
}

type TokenProvider = () => Promise<string | null>;
let tokenProvider: TokenProvider | null = null;

/** Registers how admin requests get their ID token (called by the admin app). */
export function setTokenProvider(provider: TokenProvider | null): void {
  tokenProvider = provider;
}

/**
 * Calls `method path` with an optional JSON body and returns the reply,
 * parsed by `reply`.
 * @throws ApiError on a non-2xx reply; ReplyShapeError when `reply` refuses the body; TypeError when the network fails.
 */
async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  reply: ReplyParser<T>,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const token = tokenProvider ? await tokenProvider() : null;
  if (token) headers.authorization = `Bearer ${token}`;
  const attestation = options.appCheck ? await appCheckToken() : null;
  if (attestation) headers[APP_CHECK_HEADER] = attestation;
  const res = await fetch(path, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const err = (data ?? {}) as { error?: string; fields?: Record<string, string> };
    throw new ApiError(res.status, err.error ?? (text || res.statusText), err.fields);
  }
  try {
    return reply.parse(data);
  } catch (e) {
    throw new ReplyShapeError(method, path, e);
  }
}

/** The /api calls by method; each reply's type comes from its parser. */
export const api = {
  get: <T>(path: string, reply: ReplyParser<T>, options?: RequestOptions) =>
    request('GET', path, undefined, reply, options),
  post: <T>(path: string, body: unknown, reply: ReplyParser<T>, options?: RequestOptions) =>
    request('POST', path, body, reply, options),
  put: <T>(path: string, body: unknown, reply: ReplyParser<T>) => request('PUT', path, body, reply),
  delete: <T>(path: string, reply: ReplyParser<T>) => request('DELETE', path, undefined, reply),
};

/** The server's message of an error, or `fallback` (spec §8 "with the message or ..."). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage || fallback;
  return fallback;
}
