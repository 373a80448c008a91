/**
 * admin:create against the Auth emulator: an account someone else signed up
 * at an admin's address is never given the admin claim, with or without a
 * second sign-in method linked, and `--update` re-passwords only a
 * password-only admin (domain existingAdminAccountRefusal). Auth's blocking
 * function now refuses such a sign-up through the REST API; these accounts are
 * planted through the Admin SDK, as one made before it was deployed would be.
 * admin:create asks for 12 characters and answers --help.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { usernameToEmail } from '@studio/domain';
import { AdminUserError, createAdminUser } from '../../functions/src/features/auth/adminUsers.js';
import { adminAuth, api, db } from '../helpers.js';

const AUTH_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const ROOT = join(import.meta.dirname, '..', '..');

/** One call of the Auth emulator's REST API (Identity Toolkit), as an outsider makes it. */
async function identityToolkit(method: string, body: object): Promise<{ idToken: string; localId: string }> {
  const res = await fetch(`http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=test`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  const json = (await res.json()) as { idToken?: string; localId?: string; error?: unknown };
  if (!json.idToken || !json.localId) throw new Error(`${method} failed: ${JSON.stringify(json.error)}`);
  return { idToken: json.idToken, localId: json.localId };
}

/** Links a Google sign-in to the account of `idToken` (the emulator takes unsigned IdP claims). */
async function linkGoogle(idToken: string, sub: string): Promise<void> {
  const claims = JSON.stringify({ sub, email: `${sub}@outsider.example`, email_verified: true });
  await identityToolkit('signInWithIdp', {
    idToken,
    requestUri: 'http://localhost',
    postBody: new URLSearchParams({ providerId: 'google.com', id_token: claims }).toString(),
  });
}

const freshName = () => `probe-${randomUUID().slice(0, 8)}`;
/** An outsider's password account at `username`'s address, signed in: planted, as the REST sign-up is refused. */
async function signUp(username: string, password: string) {
  await adminAuth.createUser({ email: usernameToEmail(username), password });
  return identityToolkit('signInWithPassword', { email: usernameToEmail(username), password });
}
const login = (username: string, password: string) =>
  api('POST', '/api/auth/login', { body: { username, password } }).then((r) => r.status);

describe('admin:create refuses accounts it did not make admin', () => {
  it('an outsider signs up an admin address and links Google: --update refuses it and leaves it untouched', async () => {
    const username = freshName();
    const outsider = await signUp(username, 'outsider-pass');
    await linkGoogle(outsider.idToken, `g-${username}`);
    const before = await adminAuth.getUser(outsider.localId);
    expect(before.providerData.map((p) => p.providerId).sort()).toEqual(['google.com', 'password']);

    const attempt = createAdminUser({ auth: adminAuth, db }, { username, password: 'owner-new-pass', update: true });
    await expect(attempt).rejects.toBeInstanceOf(AdminUserError);
    await expect(attempt).rejects.toThrow(/exists but is not an admin.*Delete the account.*without --update/);

    const after = await adminAuth.getUser(outsider.localId);
    expect(after.customClaims ?? {}).not.toHaveProperty('admin');
    expect(after.passwordHash).toBe(before.passwordHash);
    expect((await db.collection('users').doc(outsider.localId).get()).exists).toBe(false);
    expect(await login(username, 'owner-new-pass')).toBe(401);
  });

  it('a password-only account someone else signed up is refused too, also without --update', async () => {
    const username = freshName();
    const outsider = await signUp(username, 'outsider-pass');
    for (const update of [true, false]) {
      await expect(
        createAdminUser({ auth: adminAuth, db }, { username, password: 'owner-new-pass', update }),
      ).rejects.toThrow(/exists but is not an admin/);
    }
    expect((await adminAuth.getUser(outsider.localId)).customClaims ?? {}).not.toHaveProperty('admin');
  });

  it('an admin with a second sign-in method linked is refused; a password-only admin is re-passworded', async () => {
    const username = freshName();
    const uid = await createAdminUser({ auth: adminAuth, db }, { username, password: 'first-pass-1' });
    // Re-passwording a password-only admin is what --update is for.
    await createAdminUser({ auth: adminAuth, db }, { username, password: 'second-pass-2', update: true });
    expect(await login(username, 'second-pass-2')).toBe(200);

    const session = await identityToolkit('signInWithPassword', {
      email: usernameToEmail(username),
      password: 'second-pass-2',
    });
    await linkGoogle(session.idToken, `g-${username}`);
    await expect(
      createAdminUser({ auth: adminAuth, db }, { username, password: 'third-pass-3', update: true }),
    ).rejects.toThrow(/can also sign in with google\.com.*Delete the account/);
    expect(await login(username, 'second-pass-2')).toBe(200);
    expect((await adminAuth.getUser(uid)).customClaims).toMatchObject({ admin: true, username });
  });

  it('npm run admin:create -- --update exits 1 on the outsider account and names the safe path', async () => {
    const username = freshName();
    const outsider = await signUp(username, 'outsider-pass');
    await linkGoogle(outsider.idToken, `g-${username}`);
    const run = promisify(execFile)(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      ['scripts/admin-create.ts', '--username', username, '--password', 'owner-new-pass', '--update'],
      { cwd: ROOT, env: process.env },
    );
    const failed = await run.then(
      () => null,
      (e: { code?: number; stderr?: string }) => e,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(/^admin:create: The account ".+" exists but is not an admin/);
    expect(failed?.stderr).toContain('Delete the account');
    expect((await adminAuth.getUser(outsider.localId)).customClaims ?? {}).not.toHaveProperty('admin');
  });

  it('a password shorter than 12 characters is refused, and nothing is created', async () => {
    const username = freshName();
    await expect(createAdminUser({ auth: adminAuth, db }, { username, password: 'eleven-char' })).rejects.toThrow(
      'Password must be at least 12 characters.',
    );
    await expect(adminAuth.getUserByEmail(usernameToEmail(username))).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
  });

  it('npm run admin:create -- --help prints the usage and exits 0, touching nothing', async () => {
    const { stdout } = await promisify(execFile)(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      ['scripts/admin-create.ts', '--help'],
      { cwd: ROOT, env: process.env },
    );
    expect(stdout).toMatch(/^usage: npm run admin:create -- --username U --password P/);
    expect(stdout).toContain('at least 12 characters');
  });
});
