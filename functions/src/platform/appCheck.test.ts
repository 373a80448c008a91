/**
 * App Check's enforcement decision (config.ts appCheckPolicy) and the
 * middleware's answers (platform/appCheck.ts): a real project always verifies
 * and fails closed (503, logged) without the web app's id; a demo project is off
 * unless switched on, then accepts only its debug token.
 */
import type { NextFunction, Request, Response } from 'express';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const error = vi.fn();
const warn = vi.fn();
const info = vi.fn();
vi.mock('firebase-functions/logger', () => ({ error, warn, info, log: info, debug: info, write: info }));

const { loadConfig, NotConfigured, setConfigForTests, NOT_CONFIGURED } = await import('../config.js');
const { appCheckVerdict, requireAppCheck, setAppCheckVerifierForTests, APP_CHECK_REFUSED } =
  await import('./appCheck.js');
const { AppError } = await import('./errors.js');

const REAL = { GCLOUD_PROJECT: 'studio-prod' };
const APP_ID = '1:123:web:abc';

describe('the enforcement decision', () => {
  it('a real project always verifies, whatever the variables say, and never reads the debug token', () => {
    const c = loadConfig({ ...REAL, APP_CHECK_APP_ID: APP_ID, APP_CHECK_ENFORCE: 'false', APP_CHECK_DEBUG_TOKEN: 't' });
    expect(c.appCheck).toEqual({ mode: 'verify', appId: APP_ID });
    // The emulator's own flag on a real project changes nothing either.
    expect(loadConfig({ ...REAL, APP_CHECK_APP_ID: APP_ID, FUNCTIONS_EMULATOR: 'true' }).appCheck.mode).toBe('verify');
  });

  it('a real project without the web app id is unconfigured and names it missing', () => {
    const c = loadConfig(REAL);
    expect(c.appCheck).toEqual({ mode: 'unconfigured', missing: ['APP_CHECK_APP_ID'] });
    expect(c.missing).toContain('APP_CHECK_APP_ID');
  });

  it('a demo project is off by default, and enforces its debug token when switched on', () => {
    expect(loadConfig({ GCLOUD_PROJECT: 'demo-studio', APP_CHECK_DEBUG_TOKEN: 't' }).appCheck).toEqual({ mode: 'off' });
    expect(loadConfig({ GCLOUD_PROJECT: 'demo-studio', APP_CHECK_ENFORCE: 'yes' }).appCheck).toEqual({ mode: 'off' });
    expect(
      loadConfig({ GCLOUD_PROJECT: 'demo-studio', APP_CHECK_ENFORCE: 'true', APP_CHECK_DEBUG_TOKEN: 't' }).appCheck,
    ).toEqual({ mode: 'debug-token', debugToken: 't' });
    const noToken = loadConfig({ GCLOUD_PROJECT: 'demo-studio', APP_CHECK_ENFORCE: 'true' });
    expect(noToken.appCheck).toEqual({ mode: 'unconfigured', missing: ['APP_CHECK_DEBUG_TOKEN'] });
    expect(noToken.missing).toEqual([]);
  });
});

describe('appCheckVerdict', () => {
  const verify = { mode: 'verify', appId: APP_ID } as const;
  const refusedBy =
    (code: string, message = 'bad') =>
    () =>
      Promise.reject(Object.assign(new Error(message), { code }));

  it('verify: passes a token of the web app, refuses another app, a bad or expired token and none', async () => {
    const ok = () => Promise.resolve({ appId: APP_ID });
    expect(await appCheckVerdict(verify, 'jwt', ok)).toBe('pass');
    expect(await appCheckVerdict(verify, 'jwt', () => Promise.resolve({ appId: '1:123:ios:x' }))).toBe('refuse');
    expect(await appCheckVerdict(verify, 'jwt', refusedBy('app-check/invalid-argument'))).toBe('refuse');
    expect(await appCheckVerdict(verify, 'jwt', refusedBy('app-check/app-check-token-expired'))).toBe('refuse');
    expect(await appCheckVerdict(verify, undefined, ok)).toBe('refuse');
  });

  it('verify: a check that could not run (keys out of reach, no project) throws instead of refusing', async () => {
    const keys = refusedBy('app-check/invalid-argument', 'Error fetching Json Web Keys: offline');
    await expect(appCheckVerdict(verify, 'jwt', keys)).rejects.toThrow('Error fetching');
    await expect(appCheckVerdict(verify, 'jwt', refusedBy('app-check/invalid-credential'))).rejects.toThrow();
  });

  it('debug-token: only the configured token passes; off passes anything', async () => {
    const debug = { mode: 'debug-token', debugToken: 'the-token' } as const;
    expect(await appCheckVerdict(debug, 'the-token')).toBe('pass');
    expect(await appCheckVerdict(debug, 'the-token2')).toBe('refuse');
    expect(await appCheckVerdict(debug, undefined)).toBe('refuse');
    expect(await appCheckVerdict({ mode: 'off' }, undefined)).toBe('pass');
  });
});

describe('requireAppCheck', () => {
  /** Runs the middleware on a request with `header`; resolves to what it passed to next and the reply's status. */
  async function run(header?: string) {
    const req = {
      method: 'POST',
      originalUrl: '/api/contact',
      get: (name: string) => (name.toLowerCase() === 'x-firebase-appcheck' ? header : undefined),
    } as unknown as Request;
    let status: number | undefined;
    const res = {
      set: () => res,
      status: (s: number) => ((status = s), res),
      json: () => res,
    } as unknown as Response;
    const calls: unknown[] = [];
    const next = ((err?: unknown) => void calls.push(err)) as NextFunction;
    await requireAppCheck(req, res, next);
    return { passed: calls[0] as Error | undefined, called: calls.length, status };
  }

  beforeEach(() => {
    error.mockClear();
    warn.mockClear();
  });
  afterEach(() => {
    setConfigForTests(undefined);
    setAppCheckVerifierForTests(undefined);
  });

  it('production without the web app id: 503 "App Check is not configured", logged as an error', async () => {
    setConfigForTests(loadConfig(REAL));
    const { passed } = await run('some-token');
    expect(passed).toBeInstanceOf(NotConfigured);
    expect(passed!.message).toBe(NOT_CONFIGURED.appCheck);
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('App Check is not configured'),
      expect.objectContaining({ event: 'appcheck.unavailable', route: 'POST /api/contact' }),
    );
  });

  it('production: an unattested call is 401 with the message, logged at WARN; a valid token passes', async () => {
    setConfigForTests(loadConfig({ ...REAL, APP_CHECK_APP_ID: APP_ID }));
    setAppCheckVerifierForTests(async (t) => {
      if (t !== 'good') throw Object.assign(new Error('bad'), { code: 'app-check/invalid-argument' });
      return { appId: APP_ID };
    });
    const refused = (await run(undefined)).passed;
    expect(refused).toBeInstanceOf(AppError);
    expect([(refused as InstanceType<typeof AppError>).kind, refused!.message]).toEqual([
      'Unauthenticated',
      APP_CHECK_REFUSED,
    ]);
    expect((await run('forged')).passed?.message).toBe(APP_CHECK_REFUSED);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(await run('good')).toMatchObject({ passed: undefined, called: 1 });
    expect(error).not.toHaveBeenCalled();
  });

  it("production: Google's keys out of reach is a 503, logged, never a pass", async () => {
    setConfigForTests(loadConfig({ ...REAL, APP_CHECK_APP_ID: APP_ID }));
    setAppCheckVerifierForTests(() =>
      Promise.reject(Object.assign(new Error('Error fetching Json Web Keys'), { code: 'app-check/invalid-argument' })),
    );
    expect(await run('any')).toMatchObject({ called: 0, status: 503 });
    expect(error).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ event: 'appcheck.unavailable' }));
  });

  it('the emulator by default lets every call through', async () => {
    setConfigForTests(loadConfig({ GCLOUD_PROJECT: 'demo-studio' }));
    expect(await run(undefined)).toMatchObject({ passed: undefined, called: 1 });
  });
});
