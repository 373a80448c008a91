/**
 * Creating admin users (issue: `npm run admin:create`, and the emulator seed).
 * The Auth user carries the `admin` custom claim and its username; the `users`
 * doc holds id, username and createdAt, never a password (spec §3 "users").
 */
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import {
  ADMIN_PASSWORD_MIN_LENGTH,
  existingAdminAccountRefusal,
  USERNAME_PATTERN,
  usernameToEmail,
} from '@studio/domain';
import { saveAdminProfile } from './userStore.js';

export class AdminUserError extends Error {}

/**
 * Creates (or, with `update`, re-passwords) the admin `username`.
 * An existing account at the admin's address is updated only when it already
 * is an admin that signs in by password alone (domain
 * existingAdminAccountRefusal): an account someone signed up through the Auth
 * REST API, or one with another sign-in method linked, is refused, with or
 * without `update`, and left untouched.
 * @returns the Auth uid.
 * @throws AdminUserError on a bad username, a password under ADMIN_PASSWORD_MIN_LENGTH (12) characters, an existing admin without `update`, or an existing
 *   account that is not a password-only admin (the message names the safe path: delete it, then create).
 */
export async function createAdminUser(
  deps: { auth: Auth; db: Firestore },
  input: { username: string; password: string; update?: boolean },
): Promise<string> {
  const username = input.username.trim().toLowerCase();
  if (!USERNAME_PATTERN.test(username))
    throw new AdminUserError('Username must be 3-64 letters, digits, dots, dashes or underscores.');
  if (input.password.length < ADMIN_PASSWORD_MIN_LENGTH)
    throw new AdminUserError(`Password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`);
  const email = usernameToEmail(username);

  let uid: string;
  try {
    const existing = await deps.auth.getUserByEmail(email);
    const refused = existingAdminAccountRefusal(username, {
      claims: existing.customClaims,
      providerIds: existing.providerData.map((p) => p.providerId),
    });
    if (refused) throw new AdminUserError(refused);
    if (!input.update)
      throw new AdminUserError(`User "${username}" already exists (pass --update to set a new password).`);
    await deps.auth.updateUser(existing.uid, { password: input.password });
    uid = existing.uid;
  } catch (e) {
    if (e instanceof AdminUserError) throw e;
    if ((e as { code?: string }).code !== 'auth/user-not-found') throw e;
    uid = (await deps.auth.createUser({ email, password: input.password, displayName: username })).uid;
  }
  await deps.auth.setCustomUserClaims(uid, { admin: true, username });
  await saveAdminProfile(deps.db, uid, username);
  return uid;
}
