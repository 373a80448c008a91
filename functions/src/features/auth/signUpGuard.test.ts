/**
 * The sign-up guard through firebase-functions' own blocking-function wrapper, as Auth calls it: a request
 * carrying Auth's JWT (unsigned here, with the SDK's skipTokenVerification debug feature the Functions
 * emulator also sets), for each sign-in method.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';

vi.mock('firebase-functions/logger', () => ({
  error: vi.fn(),
  warn: vi.fn(),
  info: vi.fn(),
  log: vi.fn(),
  debug: vi.fn(),
}));
process.env.FIREBASE_DEBUG_MODE = 'true';
process.env.FIREBASE_DEBUG_FEATURES = JSON.stringify({ skipTokenVerification: true });
process.env.GCLOUD_PROJECT ??= 'demo-studio';

const { initializeApp, getApps } = await import('firebase-admin/app');
if (!getApps().some((a) => a.name === '[DEFAULT]')) initializeApp({ projectId: 'demo-studio' });
const { beforeUserCreated } = await import('firebase-functions/v2/identity');
const { SIGN_UP_REFUSED } = await import('@studio/domain');
const { guardSignUp } = await import('./signUpGuard.js');

const blocking = beforeUserCreated((event) => guardSignUp(event));

/** Auth's request to the blocking function for a sign-up by `method` (an unsigned JWT). */
function authRequest(method: string | undefined) {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: 'https://securetoken.google.com/demo-studio',
    aud: 'https://us-central1-demo-studio.cloudfunctions.net/guardSignUp',
    iat: now,
    exp: now + 600,
    event_id: 'e1',
    event_type: 'beforeCreate',
    sub: 'uid-1',
    user_record: {
      uid: 'uid-1',
      email: 'client@example.com',
      email_verified: method === 'emailLink',
      provider_data: [],
    },
    ...(method ? { sign_in_method: method } : {}),
  };
  return {
    method: 'POST',
    header: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : undefined),
    headers: { 'content-type': 'application/json' },
    body: { data: { jwt: `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.` } },
  };
}

/** Runs the deployed function's handler on a sign-up by `method`: its status and JSON reply. */
async function signUp(method: string | undefined) {
  let status = 200;
  let body: unknown;
  const res = {
    status(code: number) {
      status = code;
      return res;
    },
    json(value: unknown) {
      body = value;
      return res;
    },
    send(value: unknown) {
      body = value;
      return res;
    },
    setHeader: () => res,
    end: () => res,
  };
  await (blocking as unknown as (req: unknown, res: unknown) => Promise<void>)(authRequest(method), res);
  return { status, body: typeof body === 'string' ? (JSON.parse(body) as unknown) : body };
}

afterAll(() => {
  delete process.env.FIREBASE_DEBUG_MODE;
  delete process.env.FIREBASE_DEBUG_FEATURES;
});

describe('guardSignUp (beforeUserCreated)', () => {
  it('lets an email-link sign-up through, unchanged', async () => {
    expect(await signUp('emailLink')).toEqual({ status: 200, body: {} });
  });

  it.each(['password', 'google.com', 'phone', undefined])(
    'refuses a sign-up by %s with permission-denied',
    async (m) => {
      const { status, body } = await signUp(m);
      expect(status).toBe(403);
      expect(body).toEqual({ error: { status: 'PERMISSION_DENIED', message: SIGN_UP_REFUSED } });
    },
  );

  it('is registered as a beforeCreate blocking trigger', () => {
    expect(blocking.__endpoint.blockingTrigger?.eventType).toBe('providers/cloud.auth/eventTypes/user.beforeCreate');
  });
});
