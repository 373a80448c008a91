/**
 * A logout reaches Firestore: after POST /api/auth/logout, the admin's ID
 * tokens issued before it (this device's and another device's) read nothing
 * through Firestore (firestore.rules compare their auth_time with the
 * revocation time logout stores in admin_sessions/{uid}), while the admin's
 * next login, even in the same second, reads again. Reads go through the
 * Firestore emulator's REST API with the token as the browser's SDK sends it.
 * Writes test-results/security-sessions.json for `npm run report:security`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS, STUDIO_SETTINGS_DOC } from '@studio/domain';
import { adminAuth, adminIdToken, api, db, PROJECT_ID, userIdToken } from '../helpers.js';

const FIRESTORE = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';
const DOCUMENTS = `http://${FIRESTORE}/v1/projects/${PROJECT_ID}/databases/(default)/documents`;
/** Its own admin: a logout ends every session of its user, and other files' tests use theirs. */
const ADMIN = { username: 'session-admin', password: 'session-admin-pass' };

/** The claims of an ID token (the emulator's are unsigned JWTs). */
const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { user_id: string; auth_time: number };

/** GET on the Firestore REST API as the holder of `token`: its status (200 read, 403 refused by the rules). */
async function read(token: string, path: string): Promise<number> {
  const res = await fetch(`${DOCUMENTS}/${path}`, { headers: { authorization: `Bearer ${token}` } });
  await res.text();
  return res.status;
}

/** What an ended session must not read: leads and settings, a list and one document each, and the board. */
const CRM_READS = [
  `${COLLECTIONS.leads}?pageSize=5`,
  `${COLLECTIONS.settings}?pageSize=5`,
  `${COLLECTIONS.settings}/${STUDIO_SETTINGS_DOC}`,
  `${COLLECTIONS.leadBoard}?pageSize=5`,
];

/** Statuses of every CRM read by `token`. */
const crmReads = (token: string) => Promise.all(CRM_READS.map((p) => read(token, p)));

const figures = { oldTokenReadsTried: 0, oldTokenReadsAllowed: 0 };

describe('a logout reaches Firestore', () => {
  it('the ID tokens issued before a logout (this device and another) read nothing; the next login reads', async () => {
    const here = await adminIdToken(ADMIN);
    const otherDevice = await adminIdToken(ADMIN);
    const uid = claims(here).user_id;
    expect(await crmReads(here)).toEqual(CRM_READS.map(() => 200));
    expect(await crmReads(otherDevice)).toEqual(CRM_READS.map(() => 200));

    expect((await api('POST', '/api/auth/logout', { token: here })).status).toBe(200);

    const stored = (await db.collection(COLLECTIONS.adminSessions).doc(uid).get()).data();
    expect(stored).toEqual({ revokedAtSeconds: expect.any(Number) });
    expect(stored!.revokedAtSeconds).toBeGreaterThanOrEqual(claims(otherDevice).auth_time);
    // Auth's revocation is the same logout: it is stored at or after Auth's own time.
    const validSince = Date.parse((await adminAuth.getUser(uid)).tokensValidAfterTime!) / 1000;
    expect(stored!.revokedAtSeconds).toBeGreaterThanOrEqual(validSince);

    const oldReads = [await crmReads(here), await crmReads(otherDevice)];
    // The figure first, so the report shows it whatever the assertions say.
    figures.oldTokenReadsTried += oldReads.flat().length;
    figures.oldTokenReadsAllowed += oldReads.flat().filter((s) => s !== 403).length;
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/security-sessions.json', JSON.stringify(figures));
    expect(oldReads).toEqual([CRM_READS.map(() => 403), CRM_READS.map(() => 403)]);
    // What the open tabs listen to: their own revocation time, still readable with the ended token.
    for (const token of [here, otherDevice]) expect(await read(token, `${COLLECTIONS.adminSessions}/${uid}`)).toBe(200);

    // The next login, straight after (likely the same second): its sign-in comes after the revocation and reads.
    const next = await adminIdToken(ADMIN);
    expect(claims(next).auth_time).toBeGreaterThan(stored!.revokedAtSeconds);
    expect(await crmReads(next)).toEqual(CRM_READS.map(() => 200));
    // The old ones stay ended.
    expect(await crmReads(otherDevice)).toEqual(CRM_READS.map(() => 403));
  });

  it('a second logout moves the revocation forward and ends the session the first one left', async () => {
    const first = await adminIdToken(ADMIN);
    const uid = claims(first).user_id;
    const before = (await db.collection(COLLECTIONS.adminSessions).doc(uid).get()).data()?.revokedAtSeconds ?? 0;
    expect(await crmReads(first)).toEqual(CRM_READS.map(() => 200));
    expect((await api('POST', '/api/auth/logout', { token: first })).status).toBe(200);
    const after = (await db.collection(COLLECTIONS.adminSessions).doc(uid).get()).data()!.revokedAtSeconds;
    expect(after).toBeGreaterThanOrEqual(before);
    expect(after).toBeGreaterThanOrEqual(claims(first).auth_time);
    expect(await crmReads(first)).toEqual(CRM_READS.map(() => 403));
  });

  it('a logout without a token, or by a non-admin, stores no revocation', async () => {
    const before = (await db.collection(COLLECTIONS.adminSessions).count().get()).data().count;
    expect((await api('POST', '/api/auth/logout', { body: {} })).status).toBe(200);
    expect((await api('POST', '/api/auth/logout', { body: {}, token: 'not-a-token' })).status).toBe(200);
    // Its own non-admin: the logout revokes that user's tokens, which other files' 403 checks use.
    const visitor = await userIdToken('session-visitor@example.com', 'session-visitor-pass');
    expect((await api('POST', '/api/auth/logout', { body: {}, token: visitor })).status).toBe(200);
    expect((await db.collection(COLLECTIONS.adminSessions).count().get()).data().count).toBe(before);
  });
});
