/**
 * The browser's one way to call /api (spec §7): JSON in and out, credentials
 * included, no retries. Admin calls carry the Firebase ID token as a Bearer
 * token, supplied by the admin bundle through setTokenProvider (the public
 * bundle never loads Firebase).
 */

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

type TokenProvider = () => Promise<string | null>;
let tokenProvider: TokenProvider | null = null;

/** Registers how admin requests get their ID token (called by the admin app). */
export function setTokenProvider(provider: TokenProvider | null): void {
  tokenProvider = provider;
}

/**
 * Calls `method path` with an optional JSON body and returns the parsed reply.
 * @throws ApiError on a non-2xx reply; TypeError when the network fails.
 */
export async function apiRequest<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const token = tokenProvider ? await tokenProvider() : null;
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(path, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const err = (data ?? {}) as { error?: string; fields?: Record<string, string> };
    throw new ApiError(res.status, err.error ?? (text || res.statusText), err.fields);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body ?? {}),
  put: <T>(path: string, body: unknown) => apiRequest<T>('PUT', path, body),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};

/** The server's message of an error, or `fallback` (spec §8 "with the message or ..."). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage || fallback;
  return fallback;
}
