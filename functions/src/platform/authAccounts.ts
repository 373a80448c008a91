/**
 * What the Admin SDK does not say about an Auth account: whether it has a password. The SDK's `getUser`
 * reads Identity Toolkit's `accounts:lookup`, but turns a redacted password hash (what Auth answers a
 * caller without the hash-config permission) into `undefined`, the same as no password, and drops
 * `passwordUpdatedAt`. So this reads `accounts:lookup` itself, with the Admin app's credential (the Auth
 * emulator's "owner" token locally).
 */
import { getApp } from 'firebase-admin/app';
import { z } from 'zod';
import { config } from '../config.js';
import './firebase.js'; // the default app, initialised once

/** An Auth account as the portal checks it (domain PortalSignIn's account half). */
export interface AuthAccount {
  uid: string;
  /** A password hash (redacted or not) or a password time is on the account. */
  hasPassword: boolean;
  /** `providerUserInfo[].providerId`: "password" for the email identity (password or email link), "google.com"... */
  providerIds: string[];
  /** A phone number is on the account. */
  hasPhone: boolean;
}

const lookupReply = z.object({
  users: z
    .array(
      z.object({
        localId: z.string(),
        passwordHash: z.string().optional(),
        passwordUpdatedAt: z.union([z.number(), z.string()]).optional(),
        phoneNumber: z.string().optional(),
        providerUserInfo: z.array(z.object({ providerId: z.string() })).optional(),
      }),
    )
    .optional(),
});

let cachedToken: { value: string; until: number } | undefined;

/** A bearer token for Identity Toolkit: the Admin app's OAuth2 token (cached until a minute before it ends). */
async function bearerToken(): Promise<string> {
  if (config().auth.emulatorHost) return 'owner';
  if (cachedToken && cachedToken.until > Date.now()) return cachedToken.value;
  const credential = getApp().options.credential;
  if (!credential) throw new Error('authAccounts: the Admin app has no credential');
  const token = await credential.getAccessToken();
  cachedToken = { value: token.access_token, until: Date.now() + (token.expires_in - 60) * 1000 };
  return token.access_token;
}

/**
 * The account `uid`, read from Identity Toolkit (`POST /v1/projects/{project}/accounts:lookup`), or null when
 * there is none. @throws Error when Auth answers otherwise than 200 or with a shape this does not read.
 */
export async function lookupAuthAccount(uid: string): Promise<AuthAccount | null> {
  const { emulatorHost } = config().auth;
  const base = emulatorHost
    ? `http://${emulatorHost}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';
  const res = await fetch(`${base}/v1/projects/${encodeURIComponent(config().projectId)}/accounts:lookup`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await bearerToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ localId: [uid] }),
  });
  if (!res.ok) throw new Error(`authAccounts: accounts:lookup answered ${res.status}`);
  const user = lookupReply.parse(await res.json()).users?.find((u) => u.localId === uid);
  if (!user) return null;
  return {
    uid,
    hasPassword: Boolean(user.passwordHash) || user.passwordUpdatedAt !== undefined,
    providerIds: (user.providerUserInfo ?? []).map((p) => p.providerId),
    hasPhone: Boolean(user.phoneNumber),
  };
}

/** Forgets the cached token (tests). */
export function resetAuthAccountsForTests(): void {
  cachedToken = undefined;
}
