import { expect, type APIRequestContext } from '@playwright/test';
import { DEV_ADMIN } from '../../../scripts/dev-admin.js';

/** An ID token of the dev admin, for admin API calls (POST /api/auth/login, then the Auth emulator). `ip` is the test client header (rate-limit bucket) to send. */
export async function adminToken(request: APIRequestContext, ip: string): Promise<string> {
  const login = await request.post('/api/auth/login', { data: DEV_ADMIN, headers: { 'x-studio-test-client': ip } });
  expect(login.status()).toBe(200);
  const { customToken } = (await login.json()) as { customToken: string };
  const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
  const res = await request.post(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=test`,
    {
      data: { token: customToken, returnSecureToken: true },
    },
  );
  const { idToken } = (await res.json()) as { idToken?: string };
  expect(idToken).toBeTruthy();
  return idToken!;
}

/**
 * Through the admin API: a new lead named `name`, moved to Contacted, with a
 * project plan whose quote the server computes (awaiting review); with
 * `approve`, the quote approved too (with `contractTemplateId`, with that
 * contract). Returns the lead's id and, when approved, the client's acceptance
 * path (/quote-acceptance?leadId=…&token=…).
 */
export async function quotedLead(
  request: APIRequestContext,
  name: string,
  nextIp: () => string,
  approve = false,
  contractTemplateId?: string,
): Promise<{ id: string; acceptancePath: string | null }> {
  const token = await adminToken(request, nextIp());
  const headers = () => ({ authorization: `Bearer ${token}`, 'x-studio-test-client': nextIp() });
  const created = await request.post('/api/leads', {
    headers: headers(),
    data: {
      name,
      email: 'quoted.lead@example.com',
      subject: 'Keyboard quote',
      message: 'A site we can use without a mouse.',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await request.put(`/api/leads/${id}`, { headers: headers(), data: { status: 'Contacted' } })).status()).toBe(
    200,
  );
  const plan = {
    complexity: 'Medium',
    timeline: '4 weeks',
    requirements: 'Accessible booking pages',
    estimatedHours: 30,
  };
  expect((await request.post(`/api/leads/${id}/project-plan`, { headers: headers(), data: plan })).status()).toBe(201);
  if (!approve) return { id, acceptancePath: null };
  const approved = await request.post(`/api/leads/${id}/quote/approve`, {
    headers: headers(),
    data: contractTemplateId ? { contractTemplateId } : {},
  });
  expect(approved.status()).toBe(200);
  const url = new URL(((await approved.json()) as { acceptanceUrl: string }).acceptanceUrl, 'http://base.invalid');
  return { id, acceptancePath: url.pathname + url.search };
}
