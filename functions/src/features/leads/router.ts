/**
 * Leads (spec §7): the public contact form and new-lead count; the admin
 * list, create, update (board moves, dead marking, revive, detail edits),
 * notes, activity and contact messages. Handlers parse, call a use case, reply.
 */
import { Router } from 'express';
import { LRUCache } from 'lru-cache';
import {
  contactSchema,
  contactsReply,
  leadActivityReply,
  leadBillingReply,
  leadNoteReply,
  leadNotesReply,
  leadReply,
  leadsReply,
  leadUpdateSchema,
  newLeadCountReply,
  newLeadSchema,
  noteSchema,
  successReply,
} from '@studio/domain';
import { clientBillingFieldsSchema } from '@studio/domain/invoiceTax';
import { db } from '../../platform/firebase.js';
import { parseBody, parseParams, sendReply } from '../../http.js';
import { config } from '../../config.js';
import { ipKey } from '../../platform/rateLimit.js';
import { adminOf } from '../../platform/session.js';
import { systemClock, type Deps } from '../useCase.js';
import { countNewLeads, listLeads } from './listLeads.js';
import { createLead } from './createLead.js';
import { moveLead } from './moveLead.js';
import type { LeadMoveFollowers, MoveLeadDeps } from './moveFollowers.js';
import { addNote, listActivity, listContacts, listNotes } from './notes.js';
import { submitContact } from './submitContact.js';
import { setLeadBilling } from './leadBilling.js';
import { idParams, leadIdParams } from '../params.js';
import { requireAppCheck } from '../../platform/appCheck.js';

const deps: Deps = { db };

/**
 * How long (ms) an instance reuses the New-lead count. Every visitor's page
 * polls it every 30 s (spec §2), so without this each poll would run a count
 * query; with it an instance runs at most one per window, and concurrent
 * polls share it. Env LEAD_COUNT_TTL_MS overrides the default of 5 s.
 */
export const LEAD_COUNT_TTL_MS = config().leadCountTtlMs;
const newLeadCount = new LRUCache<'New', number>({
  max: 1,
  ttl: LEAD_COUNT_TTL_MS,
  fetchMethod: () => countNewLeads(deps),
});

export const leadsPublicRouter = Router();
leadsPublicRouter.use('/contact', requireAppCheck);

/**
 * POST /api/contact {name, email, projectType, subject, message, phone?} → 201; bad input → 400, over
 * the `contact` limit (platform/rateLimits.ts) → 429 with Retry-After, and nothing written.
 */
leadsPublicRouter.post('/contact', async (req, res) => {
  await submitContact(deps, parseBody(req, contactSchema), { limitKey: ipKey(req) });
  sendReply(res, successReply, { success: true, message: 'Thank you! We will respond within 24 hours.' }, 201);
});

/** GET /api/leads/count → { newLeadsCount }: leads in status New, at most LEAD_COUNT_TTL_MS old (no lead data leaves). */
leadsPublicRouter.get('/leads/count', async (_req, res) => {
  sendReply(res, newLeadCountReply, { newLeadsCount: (await newLeadCount.fetch('New')) ?? 0 });
});

/**
 * The admin's lead routes; `followers` is the projects and quotes slices' side of a board move
 * (moveFollowers.ts), which app.ts passes in.
 */
export function leadsAdminRouter(followers: LeadMoveFollowers): Router {
  const moveDeps: MoveLeadDeps = { ...deps, ...followers };
  const router = Router();

  /** GET /api/leads → LeadDto[], newest first. */
  router.get('/leads', async (_req, res) => {
    sendReply(res, leadsReply, await listLeads(deps));
  });

  /** POST /api/leads {name, email, projectType, subject, message, phone?} → 201 LeadDto. */
  router.post('/leads', async (req, res) => {
    sendReply(res, leadReply, await createLead(deps, parseBody(req, newLeadSchema), adminOf(res)), 201);
  });

  /** PUT /api/leads/{id}: partial update and board move (moveLead) → LeadDto; 404 "Lead not found", 409 refused moves. */
  router.put('/leads/:id', async (req, res) => {
    const { id } = parseParams(req, idParams);
    const input = parseBody(req, leadUpdateSchema);
    sendReply(res, leadReply, await moveLead(moveDeps, { ...input, id }, adminOf(res), systemClock));
  });

  /**
   * PUT /api/leads/{id}/billing {company?, address?, country?, taxId?} (invoiceTax.ts clientBillingFieldsSchema,
   * strict) → { success, billing }: who the lead's next invoices bill. 400 "Validation failed" with the field's
   * message (an EU tax id that is not a VAT id of its country: vatIdMessage); 404 "Lead not found".
   */
  router.put('/leads/:id/billing', async (req, res) => {
    const { id } = parseParams(req, idParams);
    const billing = await setLeadBilling(deps, id, parseBody(req, clientBillingFieldsSchema), systemClock);
    sendReply(res, leadBillingReply, { success: true, billing });
  });

  /** GET /api/leads/{leadId}/notes → [{ id, leadId, content, createdAt }], newest first. */
  router.get('/leads/:leadId/notes', async (req, res) => {
    sendReply(res, leadNotesReply, await listNotes(deps, parseParams(req, leadIdParams).leadId));
  });

  /** POST /api/leads/{leadId}/notes { content } → 201 note; 404 when the lead does not exist. */
  router.post('/leads/:leadId/notes', async (req, res) => {
    const { content } = parseBody(req, noteSchema);
    const note = await addNote(deps, { leadId: parseParams(req, leadIdParams).leadId, content }, adminOf(res));
    sendReply(res, leadNoteReply, note, 201);
  });

  /** GET /api/leads/{leadId}/activity → the lead's history, newest first. */
  router.get('/leads/:leadId/activity', async (req, res) => {
    sendReply(res, leadActivityReply, await listActivity(deps, parseParams(req, leadIdParams).leadId));
  });

  /** GET /api/contacts → contact messages, newest first. */
  router.get('/contacts', async (_req, res) => {
    sendReply(res, contactsReply, await listContacts(deps));
  });

  return router;
}
