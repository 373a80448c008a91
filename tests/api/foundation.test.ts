/** API foundation: health, contact → lead, lead count, auth and admin route guards. */
import { beforeAll, describe, expect, it } from 'vitest';
import { adminIdToken, api, countDocs, db, TEST_ADMIN, userIdToken } from '../helpers.js';

const validContact = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  projectType: 'Web Project',
  subject: 'A new site',
  message: 'Hello, I need a website.',
};

let adminToken: string;
let userToken: string;

beforeAll(async () => {
  adminToken = await adminIdToken();
  userToken = await userIdToken();
});

describe('GET /api/health', () => {
  it('answers through the Hosting rewrite, having read Firestore, with ok alone', async () => {
    const r = await api('GET', '/api/health');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ ok: true });
  });

  it('gives the details (Firestore, missing settings) to the admin only', async () => {
    expect((await api('GET', '/api/health/details')).status).toBe(401);
    expect((await api('GET', '/api/health/details', { token: userToken })).status).toBe(403);
    const r = await api('GET', '/api/health/details', { token: adminToken });
    expect(r.status).toBe(200);
    // On the emulators the configuration is complete (config.ts: local); names only, never values.
    expect(r.json).toEqual({ ok: true, firestore: 'reachable', configuration: { complete: true, missing: [] } });
  });
});

describe('POST /api/contact', () => {
  it('rejects {} naming the missing fields, and writes nothing', async () => {
    const before = [await countDocs('contacts'), await countDocs('leads')];
    const r = await api('POST', '/api/contact', { body: {} });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      error: 'Validation failed',
      fields: {
        name: 'Name is required',
        email: 'Please enter a valid email address',
        subject: 'Subject is required',
        message: 'Message is required',
      },
    });
    expect([await countDocs('contacts'), await countDocs('leads')]).toEqual(before);
  });

  it('rejects unknown keys (a visitor cannot set the status)', async () => {
    const before = await countDocs('leads');
    const r = await api('POST', '/api/contact', { body: { ...validContact, status: 'Complete' } });
    expect(r.status).toBe(400);
    expect((r.json as { fields: object }).fields).toEqual({ status: 'Unknown field' });
    expect(await countDocs('leads')).toBe(before);
  });

  it('rejects malformed JSON and oversized bodies with 4xx', async () => {
    expect((await api('POST', '/api/contact', { rawBody: '{"name":' })).status).toBe(400);
    const huge = await api('POST', '/api/contact', { body: { ...validContact, message: 'x'.repeat(200_000) } });
    expect(huge.status).toBe(413);
  });

  it('stores a contact and a New lead; the new-lead count grows by one', async () => {
    const newLeads = async () => (await db.collection('leads').where('status', '==', 'New').count().get()).data().count;
    const before = await newLeads();
    const r = await api('POST', '/api/contact', { body: validContact });
    expect(r.status).toBe(201);
    expect(await newLeads()).toBe(before + 1);
    // The API's count: each instance reuses it for up to LEAD_COUNT_TTL_MS (5 s).
    await expect
      .poll(async () => ((await api('GET', '/api/leads/count')).json as { newLeadsCount: number }).newLeadsCount, {
        timeout: 10_000,
        interval: 500,
      })
      .toBe(before + 1);

    const leads = (await api('GET', '/api/leads', { token: adminToken })).json as Array<Record<string, unknown>>;
    expect(leads[0]).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      status: 'New',
      projectType: 'Web Project',
      quoteAmount: null,
    });
  });
});

describe('POST /api/auth/login', () => {
  it('answers 401 "Invalid credentials" alike for a wrong password, an unknown user and a malformed body', async () => {
    for (const body of [
      { ...TEST_ADMIN, password: 'wrong-password' },
      { username: 'nobody-here', password: 'whatever-pass' },
      {},
    ]) {
      const r = await api('POST', '/api/auth/login', { body });
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ error: 'Invalid credentials' });
    }
  });

  it('refuses a valid user without the admin claim', async () => {
    // userIdToken() created visitor@example.com; its username form is not an admin email, so
    // sign-in with that email as username fails too.
    const r = await api('POST', '/api/auth/login', { body: { username: 'visitor', password: 'visitor-pass' } });
    expect(r.status).toBe(401);
  });

  it('returns a custom token and the username for the admin', async () => {
    const r = await api('POST', '/api/auth/login', { body: TEST_ADMIN });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true, user: { username: 'test-admin' }, customToken: expect.any(String) });
  });
});

describe('session routes', () => {
  it('GET /api/auth/me: 401 without a session, 403 for a non-admin, the username for the admin', async () => {
    expect((await api('GET', '/api/auth/me')).status).toBe(401);
    expect((await api('GET', '/api/auth/me', { token: 'not-a-token' })).status).toBe(401);
    expect((await api('GET', '/api/auth/me', { token: userToken })).status).toBe(403);
    const r = await api('GET', '/api/auth/me', { token: adminToken });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ success: true, user: { username: 'test-admin' } });
  });

  it('POST /api/auth/logout revokes the session', async () => {
    // Its own admin: revocation applies to every token of the user.
    const token = await adminIdToken({ username: 'logout-admin', password: 'logout-admin-pass' });
    expect((await api('GET', '/api/auth/me', { token })).status).toBe(200);
    // Revocation compares whole seconds: a token issued in the revoking second stays valid.
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await api('POST', '/api/auth/logout', { token })).status).toBe(200);
    expect((await api('GET', '/api/auth/me', { token })).status).toBe(401);
  });
});

describe('admin routes refuse the wrong caller', () => {
  const routes: Array<[string, string, unknown?]> = [
    ['GET', '/api/leads'],
    ['GET', '/api/contacts'],
    ['POST', '/api/leads', validContact],
  ];
  it.each(routes)('%s %s: 401 anonymous, 403 non-admin, 2xx admin', async (method, path, body) => {
    expect((await api(method, path, { body })).status).toBe(401);
    expect((await api(method, path, { body, token: userToken })).status).toBe(403);
    const ok = await api(method, path, { body, token: adminToken });
    expect(ok.status).toBeGreaterThanOrEqual(200);
    expect(ok.status).toBeLessThan(300);
  });

  it('POST /api/leads validates like the contact form and defaults the project type', async () => {
    const bad = await api('POST', '/api/leads', { token: adminToken, body: { name: '' } });
    expect(bad.status).toBe(400);
    const { projectType: _omit, ...withoutType } = validContact;
    const r = await api('POST', '/api/leads', { token: adminToken, body: { ...withoutType, name: 'Added By Admin' } });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ name: 'Added By Admin', projectType: 'Web Project', status: 'New' });
  });
});
