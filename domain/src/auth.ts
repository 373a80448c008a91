/**
 * Admin identity rules (spec §2 "Admin login", §6).
 * The admin signs in with a username; Firebase Auth knows users by email, so
 * every username maps to one synthetic, never-mailed address.
 */

/** Domain of the synthetic sign-in addresses. `.invalid` is reserved (RFC 2606) and never delivers mail. */
export const ADMIN_EMAIL_DOMAIN = 'admin.studio.invalid';

/** Usernames: 3–64 letters, digits, dot, dash or underscore. */
export const USERNAME_PATTERN = /^[a-zA-Z0-9._-]{3,64}$/;

/** Maps a username to its Firebase Auth email: "Admin" → "admin@admin.studio.invalid". */
export function usernameToEmail(username: string): string {
  return `${username.trim().toLowerCase()}@${ADMIN_EMAIL_DOMAIN}`;
}
