/**
 * The admin login's password check on a real project: it uses the server's own
 * key (SERVER_API_KEY), never the browser's referrer-restricted Web API key,
 * and fails closed (503, logged) when that secret is missing or refused.
 * Google's Identity Toolkit is stood in for by a stubbed fetch.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const error = vi.fn();
const warn = vi.fn();
vi.mock('firebase-functions/logger', () => ({ error, warn, info: vi.fn(), log: vi.fn(), debug: vi.fn() }));

const { loadConfig, setConfigForTests, NotConfigured } = await import('../../config.js');
const { AppError } = await import('../../platform/errors.js');
const { AUTH_PAUSED, PASSWORD_POLICY_REFUSED, verifyPassword } = await import('./passwordCheck.js');

const realProject = (env: Record<string, string> = {}) =>
  loadConfig({ GCLOUD_PROJECT: 'studio-prod', FUNCTION_TARGET: 'api', ...env });

/** Answers every fetch with `status` and `body`, recording the calls. */
function stubFetch(status: number, body: unknown) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

describe('verifyPassword on a real project', () => {
  beforeEach(() => {
    error.mockClear();
    warn.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setConfigForTests(undefined);
  });

  it('checks the password with the server key, at Identity Toolkit, and returns the uid', async () => {
    setConfigForTests(realProject({ SERVER_API_KEY: 'AIza-server', WEB_API_KEY: 'AIza-browser' }));
    const calls = stubFetch(200, { localId: 'uid-1' });
    await expect(verifyPassword('a@admin.studio.invalid', 'pw')).resolves.toBe('uid-1');
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]!.url);
    expect([url.origin, url.pathname, url.searchParams.get('key')]).toEqual([
      'https://identitytoolkit.googleapis.com',
      '/v1/accounts:signInWithPassword',
      'AIza-server',
    ]);
  });

  it('a wrong password is null, not an outage', async () => {
    setConfigForTests(realProject({ SERVER_API_KEY: 'AIza-server' }));
    stubFetch(400, { error: { message: 'INVALID_LOGIN_CREDENTIALS' } });
    await expect(verifyPassword('a@admin.studio.invalid', 'pw')).resolves.toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it('without the SERVER_API_KEY secret: 503 and an ERROR naming it, and Google is not called', async () => {
    setConfigForTests(realProject({ WEB_API_KEY: 'AIza-browser' }));
    const calls = stubFetch(200, { localId: 'uid-1' });
    const failure = await verifyPassword('a@admin.studio.invalid', 'pw').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NotConfigured);
    expect((failure as InstanceType<typeof NotConfigured>).settings).toEqual(['SERVER_API_KEY']);
    expect(calls).toHaveLength(0);
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('SERVER_API_KEY'),
      expect.objectContaining({ event: 'auth.check_failed' }),
    );
  });

  it('a key Google refuses for its referrer restriction: 503 naming SERVER_API_KEY, logged', async () => {
    setConfigForTests(realProject({ SERVER_API_KEY: 'AIza-restricted' }));
    stubFetch(403, {
      error: { message: 'API_KEY_HTTP_REFERRER_BLOCKED : Requests from referer <empty> are blocked.' },
    });
    const failure = await verifyPassword('a@admin.studio.invalid', 'pw').catch((e: unknown) => e);
    expect((failure as InstanceType<typeof NotConfigured>).settings).toEqual(['SERVER_API_KEY']);
    expect(error).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ event: 'auth.check_failed', code: 'API_KEY_HTTP_REFERRER_BLOCKED' }),
    );
  });

  it("Identity Platform's pause after repeated failures is a 429 of its own, logged at WARN, not an outage", async () => {
    setConfigForTests(realProject({ SERVER_API_KEY: 'AIza-server' }));
    stubFetch(400, {
      error: { message: 'TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled.' },
    });
    const failure = await verifyPassword('a@admin.studio.invalid', 'pw').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ kind: 'TooMany', message: AUTH_PAUSED });
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ code: 'TOO_MANY_ATTEMPTS_TRY_LATER' }),
    );
  });

  it('a password the password policy refuses is a 403 saying so, not "not configured"', async () => {
    setConfigForTests(realProject({ SERVER_API_KEY: 'AIza-server' }));
    stubFetch(400, {
      error: {
        message:
          'PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: [Password must contain at least 12 characters]',
      },
    });
    const failure = await verifyPassword('a@admin.studio.invalid', 'short-pw').catch((e: unknown) => e);
    expect(failure).toMatchObject({ kind: 'Forbidden', message: PASSWORD_POLICY_REFUSED });
    expect(error).not.toHaveBeenCalled();
  });
});
