/**
 * Shared helpers for the integration tests. They run inside
 * `firebase emulators:exec` (npm test), which sets the emulator hosts.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldPath, getFirestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { createAdminUser } from '../functions/src/features/auth/adminUsers.js';

/** The header through which a test names its own rate-limit bucket (demo- projects only). */
export const TEST_CLIENT_HEADER = 'x-studio-test-client';

export const PROJECT_ID = process.env.GCLOUD_PROJECT ?? 'demo-studio';
export const BASE_URL = process.env.STUDIO_BASE_URL ?? 'http://127.0.0.1:5000';
const AUTH_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

if (!process.env.FIRESTORE_EMULATOR_HOST) throw new Error('integration tests need the emulators: run `npm test`');

export const adminApp = getApps().find((a) => a.name === 'tests') ?? initializeApp({ projectId: PROJECT_ID }, 'tests');
export const db = getFirestore(adminApp);
export const adminAuth = getAuth(adminApp);

/** Signs in on the Auth emulator's REST API and returns an ID token. */
async function identityToolkit(method: string, body: object): Promise<string> {
  const res = await fetch(`http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=test`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  const json = (await res.json()) as { idToken?: string; error?: unknown };
  if (!json.idToken) throw new Error(`${method} failed: ${JSON.stringify(json.error)}`);
  return json.idToken;
}

export const TEST_ADMIN = { username: 'test-admin', password: 'test-admin-pass' };

/**
 * A fresh ID token of `admin`, obtained through POST /api/auth/login. The
 * account is created (or re-passworded) only when the login fails: setting a
 * password revokes every token issued before it, in an earlier second, and the
 * Auth emulator's verifyIdToken always checks revocation, so re-passwording on
 * each call ended the tokens a test still held (a second device's, a
 * beforeAll's) whenever two calls straddled a second.
 */
export async function adminIdToken(admin: { username: string; password: string } = TEST_ADMIN): Promise<string> {
  const login = () => api('POST', '/api/auth/login', { body: admin });
  let res = await login();
  if (res.status === 401) {
    await createAdminUser({ auth: adminAuth, db }, { ...admin, update: true });
    res = await login();
  }
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return identityToolkit('signInWithCustomToken', { token: (res.json as { customToken: string }).customToken });
}

/**
 * A user with a password and no custom claim: made through the Admin SDK (Auth's blocking function refuses
 * a password sign-up through the REST API, functions/src/features/auth/signUpGuard.ts), then signed in by
 * password, as anyone holding such an account could. Later calls sign the same user in.
 */
export async function userIdToken(email = 'visitor@example.com', password = 'visitor-pass'): Promise<string> {
  try {
    return await identityToolkit('signInWithPassword', { email, password });
  } catch (e) {
    if (!/EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/.test(String((e as Error).message))) throw e;
  }
  await adminAuth.createUser({ email, password }).catch((e: { code?: string }) => {
    if (e.code !== 'auth/email-already-exists') throw e;
  });
  return identityToolkit('signInWithPassword', { email, password });
}

export interface ApiResponse {
  status: number;
  json: unknown;
  headers: Headers;
}

/** Calls the API through the Hosting emulator, like the browser does (or at `opts.baseUrl`). */
export async function api(
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; rawBody?: string; headers?: Record<string, string>; baseUrl?: string } = {},
): Promise<ApiResponse> {
  // Each call has its own rate-limit bucket unless the test names one, so per-IP limits only bite in the
  // tests that aim at them. The API honours this header on a demo- project only (functions/src/http.ts clientIp).
  const headers: Record<string, string> = { [TEST_CLIENT_HEADER]: randomUUID(), ...opts.headers };
  if (opts.body !== undefined || opts.rawBody !== undefined) headers['content-type'] ??= 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${opts.baseUrl ?? BASE_URL}${path}`, {
    method,
    headers,
    body: opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json, headers: res.headers };
}

/**
 * The stored windows of one rate-limit key: limiter `limiterName`, key `key`
 * (platform/rateLimiterFirestore.ts names them sha256("rl:name:key")_window).
 */
export async function limitWindows(limiterName: string, key: string): Promise<QueryDocumentSnapshot[]> {
  const id = createHash('sha256').update(`rl:${limiterName}:${key}`).digest('hex');
  const col = db.collection('rate_limits');
  const docs = await col
    .where(FieldPath.documentId(), '>=', col.doc(`${id}_`))
    .where(FieldPath.documentId(), '<', col.doc(`${id}_~`))
    .get();
  return docs.docs;
}

/** Number of documents in a collection (Admin SDK). */
export async function countDocs(collection: string): Promise<number> {
  return (await db.collection(collection).count().get()).data().count;
}

/**
 * Polls `read` every 200 ms until it returns a value (not undefined, null or
 * false) and returns it: for what a Firestore trigger writes a moment after
 * the write that fired it.
 * @throws Error naming `what` after `timeoutMs` (20 s by default, within the tests' 30 s timeout)
 */
export async function eventually<T>(
  read: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Starts the API's Express app in this process on a free port (for a stand-in
 * configuration the emulator's functions cannot have). Imported on call, so a
 * test can set its environment or configuration first.
 */
export async function startInProcessApp(): Promise<{ base: string; close: () => void }> {
  const { createApp } = await import('../functions/src/app.js');
  const server = createApp().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/**
 * The version a save of `settings/{doc}` must send back, read as the admin
 * page reads it (GET /api/settings/{doc}).
 * @throws Error when the GET does not answer 200
 */
export async function settingsVersion(doc: 'studio' | 'automations', token: string): Promise<number> {
  const res = await api('GET', `/api/settings/${doc}`, { token });
  if (res.status !== 200) throw new Error(`GET /api/settings/${doc}: ${res.status}`);
  return (res.json as { version: number }).version;
}

/** A file as the site serves it: status, content type and disposition, and its bytes. */
export interface Download {
  status: number;
  type: string | null;
  disposition: string | null;
  body: Buffer;
}

/** GET `path` from the site (BASE_URL) with `headers`, as raw bytes (a PDF, an XML, a CSV). */
export async function download(path: string, headers: Record<string, string> = {}): Promise<Download> {
  const res = await fetch(`${BASE_URL}${path}`, { headers });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    body: Buffer.from(await res.arrayBuffer()),
  };
}
