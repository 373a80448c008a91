/** Projects board API: create, moves, stage actions, lead sync both ways, outbox, guards. */
import { beforeAll, describe, expect, it } from 'vitest';
import { adminIdToken, api, db, userIdToken } from '../helpers.js';

let token: string;
let userToken: string;

async function leadWithProject(): Promise<{ leadId: string; projectId: string }> {
  const lead = await api('POST', '/api/leads', {
    token,
    body: { name: 'Project Client', email: 'project.client@example.com', subject: 'Site', message: 'Build it' },
  });
  const leadId = (lead.json as { id: string }).id;
  await db.collection('leads').doc(leadId).update({ status: 'Set Up' });
  const p = await api('POST', '/api/projects', {
    token,
    body: { name: 'Client site', client: 'Project Client', leadId },
  });
  expect(p.status).toBe(201);
  return { leadId, projectId: (p.json as { id: string }).id };
}

const status = async (c: string, id: string) => (await db.collection(c).doc(id).get()).get('status');

beforeAll(async () => {
  token = await adminIdToken();
  userToken = await userIdToken();
});

describe('POST /api/projects', () => {
  it('validates with the spec messages and defaults', async () => {
    const bad = await api('POST', '/api/projects', { token, body: { estimatedHours: 1.2 } });
    expect(bad.status).toBe(400);
    expect((bad.json as { fields: object }).fields).toMatchObject({
      name: 'Project name is required',
      client: 'Client name is required',
      estimatedHours: 'Use steps of 0.5 hours',
    });
    const ok = await api('POST', '/api/projects', { token, body: { name: 'P', client: 'C' } });
    expect(ok.json).toMatchObject({ success: true, message: 'Project Created' });
    const stored = (
      await db
        .collection('projects')
        .doc((ok.json as { id: string }).id)
        .get()
    ).data()!;
    expect(stored).toMatchObject({
      status: 'Set up',
      priority: 'Medium',
      projectType: 'Web Project',
      maintenanceSubscriptionPaid: false,
    });
  });
});

describe('lifecycle', () => {
  it('Set up → Production → Beta (deploy) → Launch (countdown) with the lead in step and client emails queued', async () => {
    const { leadId, projectId } = await leadWithProject();
    expect((await api('PUT', `/api/projects/${projectId}`, { token, body: { status: 'Production' } })).json).toEqual({
      success: true,
      message: 'Project Updated',
    });
    expect(await status('leads', leadId)).toBe('Production');

    // Beta and Launch need their stage actions.
    expect((await api('PUT', `/api/projects/${projectId}`, { token, body: { status: 'Beta' } })).status).toBe(409);
    expect(
      (await api('POST', `/api/projects/${projectId}/deploy-to-beta`, { token, body: { deploymentUrl: '  ' } })).status,
    ).toBe(400);
    const beta = await api('POST', `/api/projects/${projectId}/deploy-to-beta`, {
      token,
      body: { deploymentUrl: 'https://beta.example.com' },
    });
    expect(beta.json).toEqual({ success: true, message: 'Deployed to Beta' });
    expect((await db.collection('projects').doc(projectId).get()).data()).toMatchObject({
      status: 'Beta',
      deploymentUrl: 'https://beta.example.com',
    });
    expect(await status('leads', leadId)).toBe('Production');

    expect(
      (await api('POST', `/api/projects/${projectId}/launch`, { token, body: { handoffType: 'domain' } })).status,
    ).toBe(400);
    expect(
      (
        await api('POST', `/api/projects/${projectId}/launch`, {
          token,
          body: { handoffType: 'files', domainUrl: 'https://x.example' },
        })
      ).status,
    ).toBe(400);
    const launch = await api('POST', `/api/projects/${projectId}/launch`, {
      token,
      body: { handoffType: 'domain', domainUrl: 'https://client.example' },
    });
    expect(launch.json).toEqual({ success: true, message: 'Project Launched (7-day countdown started)' });
    const launched = (await db.collection('projects').doc(projectId).get()).data()!;
    expect(launched).toMatchObject({ status: 'Launch', handoffType: 'domain', domainUrl: 'https://client.example' });
    expect(launched.launchDate.toMillis()).toBeGreaterThan(Date.now() - 60_000);
    expect(await status('leads', leadId)).toBe('Launch');

    const emails = (await db.collection('outbox').where('leadId', '==', leadId).get()).docs.map((d) => d.data());
    expect(emails.map((e) => e.templateId).sort()).toEqual(['beta-deployed', 'launched']);
    // The outbox trigger may already be sending them; what matters is that both were queued for the client.
    expect(
      emails.every(
        (e) => ['PENDING', 'PROCESSING', 'SUCCESS'].includes(e.status) && e.to === 'project.client@example.com',
      ),
    ).toBe(true);

    expect(
      (await api('POST', `/api/projects/${projectId}/maintenance-subscription`, { token, body: {} })).json,
    ).toEqual({ success: true, message: 'Maintenance Subscription Recorded' });
    expect((await db.collection('projects').doc(projectId).get()).get('maintenanceSubscriptionPaid')).toBe(true);
  });

  it('cancel moves the lead to Lost; a lead marked dead cancels its project', async () => {
    const a = await leadWithProject();
    await api('PUT', `/api/projects/${a.projectId}`, { token, body: { status: 'Canceled' } });
    expect(await status('leads', a.leadId)).toBe('Lost');

    const b = await leadWithProject();
    expect((await api('PUT', `/api/leads/${b.leadId}`, { token, body: { status: 'Production' } })).status).toBe(200);
    expect(await status('projects', b.projectId)).toBe('Production');
    expect(
      (await api('PUT', `/api/leads/${b.leadId}`, { token, body: { status: 'Lost', deadReason: 'Contact Canceled' } }))
        .status,
    ).toBe(200);
    expect(await status('projects', b.projectId)).toBe('Canceled');
  });

  it('undoes a cancel: back to the status it was canceled from only, and the lead follows out of Lost', async () => {
    const { leadId, projectId } = await leadWithProject();
    expect((await api('PUT', `/api/projects/${projectId}`, { token, body: { status: 'Production' } })).status).toBe(
      200,
    );
    await api('PUT', `/api/projects/${projectId}`, { token, body: { status: 'Canceled' } });
    expect(await status('leads', leadId)).toBe('Lost');
    expect((await db.collection('projects').doc(projectId).get()).get('canceledFrom')).toBe('Production');

    const undo = await api('PUT', `/api/projects/${projectId}`, {
      token,
      body: { status: 'Production', expectedStatus: 'Canceled' },
    });
    expect(undo.status).toBe(200);
    const project = (await db.collection('projects').doc(projectId).get()).data()!;
    expect(project).toMatchObject({ status: 'Production', canceledFrom: null });
    const lead = (await db.collection('leads').doc(leadId).get()).data()!;
    expect(lead).toMatchObject({ status: 'Production', deadReason: null });

    // Canceled again from Production: Beta is not where it was, so it stays refused.
    await api('PUT', `/api/projects/${projectId}`, { token, body: { status: 'Canceled' } });
    expect((await api('PUT', `/api/projects/${projectId}`, { token, body: { status: 'Beta' } })).status).toBe(409);
  });

  it('refuses stale and unknown moves, unknown projects and the wrong caller', async () => {
    const { projectId } = await leadWithProject();
    expect(
      (
        await api('PUT', `/api/projects/${projectId}`, {
          token,
          body: { status: 'Production', expectedStatus: 'Beta' },
        })
      ).status,
    ).toBe(409);
    expect((await api('PUT', `/api/projects/${projectId}`, { token, body: { status: 'Maintenance' } })).json).toEqual({
      error: 'Maintenance follows the 7-day launch countdown',
    });
    expect((await api('PUT', '/api/projects/nope', { token, body: { status: 'Production' } })).status).toBe(404);
    const routes: Array<[string, string, unknown]> = [
      ['GET', '/api/projects', undefined],
      ['POST', '/api/projects', { name: 'x', client: 'y' }],
      ['PUT', `/api/projects/${projectId}`, { status: 'Production' }],
      ['POST', `/api/projects/${projectId}/deploy-to-beta`, { deploymentUrl: 'https://x.example' }],
      ['POST', `/api/projects/${projectId}/launch`, { handoffType: 'files' }],
      ['POST', `/api/projects/${projectId}/maintenance-subscription`, {}],
    ];
    for (const [method, path, body] of routes) {
      expect((await api(method, path, { body })).status, path).toBe(401);
      expect((await api(method, path, { body, token: userToken })).status, path).toBe(403);
    }
    expect(await status('projects', projectId)).toBe('Set up');
  });
});
