/**
 * Every /api reply has the shape of its domain reply schema (domain
 * replies.ts), the one the web's API client parses with: a reply the schema
 * refuses would reach the page as a ReplyShapeError. The compiler holds the
 * server's sendReply calls to each schema's type; these runs hold the values
 * (money formats, enums, ISO dates) to it. Lists leave out a stored document
 * that does not parse, and say so in the log.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Timestamp } from 'firebase-admin/firestore';
import {
  contactsReply,
  emailLogReply,
  healthReply,
  leadNoteReply,
  leadReply,
  leadsReply,
  linksRevokedReply,
  newLeadCountReply,
  projectCreatedReply,
  projectPlanAddedReply,
  projectsReply,
  promoReply,
  promosReply,
  quoteAcceptedByAdminReply,
  quoteApprovedReply,
  successReply,
} from '@studio/domain';
import { adminIdToken, api, db } from '../helpers.js';

let token: string;

beforeAll(async () => {
  token = await adminIdToken();
});

/** Calls the route as the admin and parses its reply with `schema`, after checking the status. */
async function reply<S extends z.ZodType>(
  schema: S,
  method: string,
  path: string,
  status: number,
  body?: unknown,
): Promise<z.output<S>> {
  const r = await api(method, path, { token, body });
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.json)}`).toBe(status);
  return schema.parse(r.json);
}

const visitor = {
  name: 'Reply Shape',
  email: 'reply.shape@example.com',
  projectType: 'Web Project',
  subject: 'Shapes',
  message: 'Every reply parses.',
};

describe('lead replies', () => {
  it('contact, count, create, move, notes, lists and contacts parse with their schemas', async () => {
    expect((await api('POST', '/api/contact', { body: visitor })).status).toBe(201);
    successReply.parse(
      (await api('POST', '/api/contact', { body: { ...visitor, email: 'reply.two@example.com' } })).json,
    );
    newLeadCountReply.parse((await api('GET', '/api/leads/count')).json);

    const lead = await reply(leadReply, 'POST', '/api/leads', 201, visitor);
    expect(lead).toMatchObject({ status: 'New', quoteAmount: null });
    const moved = await reply(leadReply, 'PUT', `/api/leads/${lead.id}`, 200, { status: 'Contacted' });
    expect(moved.status).toBe('Contacted');
    const note = await reply(leadNoteReply, 'POST', `/api/leads/${lead.id}/notes`, 201, { content: 'Called back' });
    expect(note.content).toBe('Called back');

    const leads = await reply(leadsReply, 'GET', '/api/leads', 200);
    expect(leads.some((l) => l.id === lead.id)).toBe(true);
    const contacts = await reply(contactsReply, 'GET', '/api/contacts', 200);
    expect(contacts.find((c) => c.email === visitor.email)).toMatchObject({ subject: 'Shapes', phone: null });
  });

  it('leaves a stored contact that does not parse out of GET /api/contacts', async () => {
    const bad = db.collection('contacts').doc();
    await bad.set({ name: 42, email: 'broken@example.com', createdAt: Timestamp.now() });
    const contacts = await reply(contactsReply, 'GET', '/api/contacts', 200);
    expect(contacts.some((c) => c.id === bad.id)).toBe(false);
    await bad.delete();
  });
});

describe('quote replies', () => {
  it('project plan, approval, link revocation and the admin acceptance parse with their schemas', async () => {
    const lead = await reply(leadReply, 'POST', '/api/leads', 201, { ...visitor, email: 'reply.quote@example.com' });
    await reply(leadReply, 'PUT', `/api/leads/${lead.id}`, 200, { status: 'Contacted' });
    const plan = {
      complexity: 'Medium',
      timeline: '6 weeks',
      requirements: 'Online shop with product pages',
      estimatedHours: 40,
    };
    const added = await reply(projectPlanAddedReply, 'POST', `/api/leads/${lead.id}/project-plan`, 201, plan);
    expect(added.quoteDetails.hourlyRate).toBe('95.00');
    const approved = await reply(quoteApprovedReply, 'POST', `/api/leads/${lead.id}/quote/approve`, 200, {});
    expect(approved.acceptanceUrl).toContain(lead.id);
    const revoked = await reply(linksRevokedReply, 'POST', `/api/leads/${lead.id}/quote/revoke-link`, 200, {});
    expect(revoked.revoked).toBe(1);
    const accepted = await reply(quoteAcceptedByAdminReply, 'POST', `/api/leads/${lead.id}/quote/accept`, 200, {});
    expect(accepted.projectId).not.toBe('');
  });
});

describe('project replies', () => {
  it('create, list and move parse with their schemas; a project that does not parse is left out of the list', async () => {
    const created = await reply(projectCreatedReply, 'POST', '/api/projects', 201, { name: 'Shapes', client: 'C' });
    const moved = await reply(successReply, 'PUT', `/api/projects/${created.id}`, 200, { status: 'Production' });
    expect(moved.message).toBe('Project Updated');
    const bad = db.collection('projects').doc();
    await bad.set({ name: 'No status', createdAt: Timestamp.now() });
    const projects = await reply(projectsReply, 'GET', '/api/projects', 200);
    expect(projects.find((p) => p.id === created.id)).toMatchObject({ status: 'Production', priority: 'Medium' });
    expect(projects.some((p) => p.id === bad.id)).toBe(false);
    await bad.delete();
  });
});

describe('promo code replies', () => {
  it('create, update, list and delete parse with their schemas', async () => {
    const code = `SHAPE${Date.now() % 100000}`;
    const body = { code, discountType: 'percentage', discountValue: 10, validFrom: new Date().toISOString() };
    const created = await reply(promoReply, 'POST', '/api/promo-codes', 201, body);
    expect(created.discountValue).toBe('10.00');
    const updated = await reply(promoReply, 'PUT', `/api/promo-codes/${code}`, 200, {
      discountType: 'fixed',
      discountValue: 25,
    });
    expect(updated.discountValue).toBe('25.00');
    expect((await reply(promosReply, 'GET', '/api/promo-codes', 200)).some((p) => p.code === code)).toBe(true);
    await reply(successReply, 'DELETE', `/api/promo-codes/${code}`, 200);
  });
});

describe('operations replies', () => {
  it('health and the email log parse with their schemas', async () => {
    expect(healthReply.parse((await api('GET', '/api/health')).json).ok).toBe(true);
    await reply(emailLogReply, 'GET', '/api/email-log?limit=20', 200);
  });
});
