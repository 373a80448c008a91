import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  existingAdminAccountRefusal,
  PORTAL_ACCOUNT_REFUSED,
  PORTAL_SIGN_IN_REFUSED,
  portalSignInRefusal,
  signUpAllowed,
  loginDelayAfterRevocationMs,
  MAX_LOGIN_DELAY_MS,
  revocationSeconds,
  sessionRevoked,
} from '../src/auth.js';
import { adminSessionDocSchema } from '../src/storedDocuments.js';

describe('existingAdminAccountRefusal: admin:create updates only a password-only admin', () => {
  const admin = { claims: { admin: true, username: 'owner' }, providerIds: ['password'] };

  it('lets an admin that signs in by password alone be re-passworded', () => {
    expect(existingAdminAccountRefusal('owner', admin)).toBeNull();
  });

  it('refuses an account without the admin claim (signed up by anyone), naming the safe path', () => {
    for (const claims of [undefined, null, {}, { admin: 'true' }, { username: 'owner' }]) {
      const refusal = existingAdminAccountRefusal('owner', { claims, providerIds: ['password'] });
      expect(refusal).toMatch(/^The account "owner" exists but is not an admin/);
      expect(refusal).toContain('Delete the account');
      expect(refusal).toContain('without --update');
    }
  });

  it('refuses an admin with any other sign-in method linked, naming the methods', () => {
    const refusal = existingAdminAccountRefusal('owner', { ...admin, providerIds: ['password', 'google.com'] });
    expect(refusal).toMatch(/can also sign in with google\.com/);
    expect(refusal).toContain('Delete the account');
    expect(existingAdminAccountRefusal('owner', { ...admin, providerIds: ['phone'] })).toMatch(/phone/);
  });

  it('an outsider account with a linked IdP is refused for the missing claim first', () => {
    expect(
      existingAdminAccountRefusal('owner', { claims: undefined, providerIds: ['password', 'google.com'] }),
    ).toMatch(/is not an admin/);
  });
});

describe('ending sessions: the revocation time and the tokens it ends', () => {
  const R = 1_790_000_000; // a revocation, in whole seconds

  it('stores the revocation in whole seconds, rounded down like auth_time', () => {
    expect(revocationSeconds(R * 1000)).toBe(R);
    expect(revocationSeconds(R * 1000 + 999)).toBe(R);
  });

  it('ends a session signed in before the revocation or in its very second, not one signed in after', () => {
    expect(sessionRevoked(R - 3600, R)).toBe(true);
    expect(sessionRevoked(R, R)).toBe(true); // auth_time cannot tell before from after within the second
    expect(sessionRevoked(R + 1, R)).toBe(false);
    expect(sessionRevoked(R - 3600, null)).toBe(false); // never logged out
  });

  it('a login in the second of a revocation waits for the next second, so its own sign-in is not ended', () => {
    for (const ms of [0, 1, 500, 999]) {
      const now = R * 1000 + ms;
      const delay = loginDelayAfterRevocationMs(R, now);
      expect(delay).toBe(1000 - ms);
      expect(sessionRevoked(revocationSeconds(now + delay), R)).toBe(false);
    }
  });

  it('no wait without a revocation or after its second; never more than one second', () => {
    expect(loginDelayAfterRevocationMs(null, R * 1000)).toBe(0);
    expect(loginDelayAfterRevocationMs(R, (R + 1) * 1000)).toBe(0);
    expect(loginDelayAfterRevocationMs(R, (R + 60) * 1000)).toBe(0);
    expect(loginDelayAfterRevocationMs(R + 3600, R * 1000)).toBe(MAX_LOGIN_DELAY_MS);
  });

  it('the stored document holds whole, non-negative seconds', () => {
    expect(adminSessionDocSchema.parse({ revokedAtSeconds: R })).toEqual({ revokedAtSeconds: R });
    for (const bad of [{}, { revokedAtSeconds: R + 0.5 }, { revokedAtSeconds: -1 }, { revokedAtSeconds: String(R) }])
      expect(adminSessionDocSchema.safeParse(bad).success).toBe(false);
  });
});

describe('portal accounts: only an email link creates one, and the portal takes nothing else', () => {
  it('a sign-up is allowed by email link only', () => {
    expect(signUpAllowed('emailLink')).toBe(true);
    for (const method of ['password', 'google.com', 'phone', 'anonymous', 'EMAILLINK', '', null, undefined])
      expect(signUpAllowed(method)).toBe(false);
  });

  const emailLink = { tokenProvider: 'password', hasPassword: false, providerIds: ['password'], hasPhone: false };

  it('an email-link session of an account with nothing else is taken (Firebase names its token "password")', () => {
    expect(portalSignInRefusal(emailLink)).toBeNull();
    expect(portalSignInRefusal({ ...emailLink, tokenProvider: 'emailLink' })).toBeNull();
    expect(portalSignInRefusal({ ...emailLink, providerIds: [] })).toBeNull();
  });

  it('a token of another kind of sign-in is refused', () => {
    for (const tokenProvider of ['custom', 'anonymous', 'google.com', 'phone', 'saml.x', ''])
      expect(portalSignInRefusal({ ...emailLink, tokenProvider })).toBe(PORTAL_SIGN_IN_REFUSED);
  });

  it('an account with a password, a phone or another provider is refused, whatever its token', () => {
    const provider = fc.constantFrom('password', 'emailLink', 'custom', 'google.com');
    const account = fc.record({
      tokenProvider: provider,
      hasPassword: fc.boolean(),
      hasPhone: fc.boolean(),
      providerIds: fc.array(fc.constantFrom('password', 'google.com', 'phone', 'apple.com'), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(account, (s) => {
        const tainted = s.hasPassword || s.hasPhone || s.providerIds.some((p) => p !== 'password');
        const refusal = portalSignInRefusal(s);
        if (s.tokenProvider === 'custom' || s.tokenProvider === 'google.com')
          expect(refusal).toBe(PORTAL_SIGN_IN_REFUSED);
        else expect(refusal).toBe(tainted ? PORTAL_ACCOUNT_REFUSED : null);
      }),
    );
  });
});
