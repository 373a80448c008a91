import { describe, expect, it } from 'vitest';
import { existingAdminAccountRefusal } from '../src/auth.js';

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
