/**
 * lookupAuthAccount against a stand-in for Identity Toolkit's accounts:lookup: a redacted password hash (what
 * Auth answers without the hash-config permission, and the Admin SDK reads as "no password") or a password
 * time means a password; an email-link account has neither. On a real project it calls Google with the Admin
 * app's OAuth2 token; on the emulator with its "owner" token.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const getAccessToken = vi.fn(async () => ({ access_token: 'ya29.token', expires_in: 3600 }));
vi.mock('firebase-admin/app', () => ({ getApp: () => ({ options: { credential: { getAccessToken } } }) }));
vi.mock('./firebase.js', () => ({}));

const { loadConfig, setConfigForTests } = await import('../config.js');
const { lookupAuthAccount, resetAuthAccountsForTests } = await import('./authAccounts.js');

/** Answers every fetch with `body` (200), recording the calls. */
function stubLookup(users: object[] | undefined, status = 200) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(users ? { users } : {}), { status });
  });
  return calls;
}

const emailLinkUser = {
  localId: 'u1',
  email: 'client@example.com',
  emailVerified: true,
  emailLinkSignin: true,
  providerUserInfo: [{ providerId: 'password', email: 'client@example.com' }],
};

describe('lookupAuthAccount', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setConfigForTests(undefined);
    resetAuthAccountsForTests();
    getAccessToken.mockClear();
  });

  it('on a real project: POSTs accounts:lookup at Google with the Admin credential, and reads an email-link account', async () => {
    setConfigForTests(loadConfig({ GCLOUD_PROJECT: 'studio-prod', FUNCTION_TARGET: 'api' }));
    const calls = stubLookup([emailLinkUser]);
    await expect(lookupAuthAccount('u1')).resolves.toEqual({
      uid: 'u1',
      hasPassword: false,
      providerIds: ['password'],
      hasPhone: false,
    });
    expect(calls[0]!.url).toBe('https://identitytoolkit.googleapis.com/v1/projects/studio-prod/accounts:lookup');
    expect(new Headers(calls[0]!.init?.headers).get('authorization')).toBe('Bearer ya29.token');
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual({ localId: ['u1'] });
    await lookupAuthAccount('u1');
    expect(getAccessToken).toHaveBeenCalledTimes(1); // the token is kept until shortly before it ends
  });

  it('a redacted hash, a password time, a phone and other providers are all read', async () => {
    setConfigForTests(loadConfig({ GCLOUD_PROJECT: 'studio-prod', FUNCTION_TARGET: 'api' }));
    stubLookup([{ ...emailLinkUser, passwordHash: 'UkVEQUNURUQ=' }]);
    expect((await lookupAuthAccount('u1'))?.hasPassword).toBe(true);
    stubLookup([{ ...emailLinkUser, passwordUpdatedAt: 1_700_000_000_000 }]);
    expect((await lookupAuthAccount('u1'))?.hasPassword).toBe(true);
    stubLookup([
      {
        ...emailLinkUser,
        phoneNumber: '+15555550100',
        providerUserInfo: [{ providerId: 'password' }, { providerId: 'google.com' }, { providerId: 'phone' }],
      },
    ]);
    expect(await lookupAuthAccount('u1')).toMatchObject({
      hasPhone: true,
      providerIds: ['password', 'google.com', 'phone'],
    });
  });

  it('no such account is null; an error answer throws (the portal then answers 500, nothing read)', async () => {
    setConfigForTests(loadConfig({ GCLOUD_PROJECT: 'studio-prod', FUNCTION_TARGET: 'api' }));
    stubLookup(undefined);
    await expect(lookupAuthAccount('gone')).resolves.toBeNull();
    stubLookup(undefined, 403);
    await expect(lookupAuthAccount('u1')).rejects.toThrow(/403/);
  });

  it('on the emulators: the Auth emulator with its owner token, no Google credential', async () => {
    setConfigForTests(loadConfig({ GCLOUD_PROJECT: 'demo-studio', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }));
    const calls = stubLookup([emailLinkUser]);
    await lookupAuthAccount('u1');
    expect(calls[0]!.url).toBe(
      'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/projects/demo-studio/accounts:lookup',
    );
    expect(new Headers(calls[0]!.init?.headers).get('authorization')).toBe('Bearer owner');
    expect(getAccessToken).not.toHaveBeenCalled();
  });
});
