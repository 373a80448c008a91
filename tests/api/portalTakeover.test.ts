/**
 * The portal takeover a probe found, step by step, on the Auth emulator with the Functions emulator's
 * blocking function registered: someone signs a client's address up with a password before the client's
 * first email link; the link verifies the address on that account and keeps the password; the password
 * then gave a verified token that read the client's portal. Now:
 * - Auth refuses the password sign-up (features/auth/signUpGuard.ts `guardSignUp`, beforeUserCreated);
 * - and for an account planted anyway (made through the Admin SDK, as one made before the function was
 *   deployed), the portal refuses the password's token and the client's own email-link token (403, domain
 *   PORTAL_ACCOUNT_REFUSED) and records no sign-in, until the account is deleted and the client's next link
 *   makes a clean one;
 * - a token of another kind (a custom token) and an email-link account with Google linked are refused too.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COLLECTIONS,
  PORTAL_ACCOUNT_REFUSED,
  PORTAL_SIGN_IN_REFUSED,
  portalOverviewReply,
  SIGN_UP_REFUSED,
} from '@studio/domain';
import { adminAuth, api, db } from '../helpers.js';
import { projectDoc, storeLead } from '../fixtures.js';
import { emailLinkIdToken } from '../portalLinks.js';

const AUTH_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

/** The parts of an Auth REST reply these steps read. */
interface AuthReply {
  idToken?: string;
  error?: { message?: string };
}

/** One call of the Auth REST API with the public key, as anyone can make it: the reply's JSON and status. */
async function identityToolkit(method: string, body: object): Promise<{ status: number; json: AuthReply }> {
  const res = await fetch(`http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=test`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  return { status: res.status, json: (await res.json()) as AuthReply };
}

/** The ID token of a password sign-in. @throws when Auth refuses it */
async function passwordToken(email: string, password: string): Promise<string> {
  const { json } = await identityToolkit('signInWithPassword', { email, password });
  if (!json.idToken) throw new Error(`signInWithPassword failed: ${JSON.stringify(json.error)}`);
  return String(json.idToken);
}

/** The claims of an ID token (unverified: only to show what the probe saw). */
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    email_verified?: boolean;
    firebase: { sign_in_provider: string };
  };

/** Whether the portal recorded a first sign-in for `email` (a doc keyed by its hash, or an activity entry on its lead). */
async function signInRecorded(email: string, leadId: string): Promise<boolean> {
  const { createHash } = await import('node:crypto');
  const key = createHash('sha256').update(email).digest('hex');
  const doc = await db.collection(COLLECTIONS.portalSignIns).doc(key).get();
  const entries = await db
    .collection(COLLECTIONS.leadActivity)
    .where('leadId', '==', leadId)
    .where('type', '==', 'portal_signed_in')
    .get();
  return doc.exists || !entries.empty;
}

const client = `takeover-${randomUUID()}@example.com`;
const ATTACKER_PASSWORD = 'attacker-pass-1';
let leadId: string;
let projectId: string;

beforeAll(async () => {
  leadId = await storeLead(db, { email: client, name: 'Takeover Target' });
  const project = db.collection('projects').doc();
  await project.set(projectDoc({ leadId, name: 'Target site', client: 'Takeover Target' }));
  projectId = project.id;
});

describe('the portal takeover, step by step', () => {
  it('step 1: a password sign-up at the client’s address is refused by Auth, and no account exists', async () => {
    const { status, json } = await identityToolkit('signUp', { email: client, password: ATTACKER_PASSWORD });
    expect(status).toBeGreaterThanOrEqual(400);
    expect(json.idToken).toBeUndefined();
    expect(String(json.error?.message)).toContain('BLOCKING_FUNCTION_ERROR_RESPONSE');
    expect(String(json.error?.message)).toContain(SIGN_UP_REFUSED);
    await expect(adminAuth.getUserByEmail(client)).rejects.toMatchObject({ code: 'auth/user-not-found' });
  });

  it('a planted password account: its token is refused, before and after the client’s link verifies it', async () => {
    // As an account made before the blocking function was deployed would be.
    const planted = await adminAuth.createUser({ email: client, password: ATTACKER_PASSWORD });

    const unverified = await passwordToken(client, ATTACKER_PASSWORD);
    expect((await api('GET', '/api/portal/overview', { token: unverified })).status).toBe(403);

    // The client signs in by email link: the same account, now verified, and the password kept.
    const clientToken = await emailLinkIdToken(client);
    const account = await adminAuth.getUser(planted.uid);
    expect(account.emailVerified).toBe(true);
    expect(account.passwordHash).toBeTruthy();

    const attacker = await passwordToken(client, ATTACKER_PASSWORD);
    expect(claimsOf(attacker)).toMatchObject({ email_verified: true, firebase: { sign_in_provider: 'password' } });
    for (const path of ['/api/portal/overview', `/api/portal/projects/${projectId}`, '/api/portal/subscriptions']) {
      const res = await api('GET', path, { token: attacker });
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ error: PORTAL_ACCOUNT_REFUSED });
    }
    // The client's own email-link token of that account is refused as well: whoever set the password could
    // sign in as them.
    const own = await api('GET', '/api/portal/overview', { token: clientToken });
    expect(own.status).toBe(403);
    expect(own.json).toEqual({ error: PORTAL_ACCOUNT_REFUSED });
    expect(await signInRecorded(client, leadId)).toBe(false);

    // The studio's remedy (docs/operations.md): delete the account; the client's next link makes a clean one.
    await adminAuth.deleteUser(planted.uid);
    const fresh = await emailLinkIdToken(client);
    const res = await api('GET', '/api/portal/overview', { token: fresh });
    expect(res.status).toBe(200);
    expect(portalOverviewReply.parse(res.json).projects.map((p) => p.id)).toEqual([projectId]);
    await expect(passwordToken(client, ATTACKER_PASSWORD)).rejects.toThrow();
  });

  it('a custom token for a clean email-link account is not an email-link session: 403', async () => {
    const email = `custom-${randomUUID()}@example.com`;
    await emailLinkIdToken(email);
    const { uid } = await adminAuth.getUserByEmail(email);
    const { json } = await identityToolkit('signInWithCustomToken', { token: await adminAuth.createCustomToken(uid) });
    const token = String(json.idToken);
    expect(claimsOf(token)).toMatchObject({ email_verified: true, firebase: { sign_in_provider: 'custom' } });
    const res = await api('GET', '/api/portal/overview', { token });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: PORTAL_SIGN_IN_REFUSED });
  });

  it('an email-link account with another sign-in method linked (Google) is refused', async () => {
    const email = `linked-${randomUUID()}@example.com`;
    const token = await emailLinkIdToken(email);
    expect((await api('GET', '/api/portal/overview', { token })).status).toBe(200);
    const claims = JSON.stringify({ sub: `g-${randomUUID()}`, email: `other-${randomUUID()}@example.com` });
    const linked = await identityToolkit('signInWithIdp', {
      idToken: token,
      requestUri: 'http://localhost',
      postBody: new URLSearchParams({ providerId: 'google.com', id_token: claims }).toString(),
    });
    expect(linked.json.idToken).toBeTruthy();
    // The email-link token, now of an account Google signs in to as well.
    const res = await api('GET', '/api/portal/overview', { token });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: PORTAL_ACCOUNT_REFUSED });
    // And the Google sign-in's own token is not an email-link session.
    const google = await api('GET', '/api/portal/overview', { token: String(linked.json.idToken) });
    expect(google.status).toBe(403);
    expect(google.json).toEqual({ error: PORTAL_SIGN_IN_REFUSED });
  });
});
