/**
 * Leads (spec §7): the public new-lead count; the admin list, create, update
 * (board moves, dead marking, revive, detail edits), notes and activity.
 */
import { Router } from 'express';
import { LRUCache } from 'lru-cache';
import { FieldValue } from 'firebase-admin/firestore';
import {
  appendNoteLine,
  deadReasonLine,
  LEAD_MOVES,
  LEAD_TO_PROJECT,
  leadMoveError,
  leadUpdateSchema,
  newLeadRecord,
  newLeadSchema,
  noteSchema,
  reviveDates,
  toLeadDto,
  type LeadMoveFacts,
  type LeadRecord,
} from '@studio/domain';
import { COLLECTIONS, db } from '../firebase.js';
import { HttpError, parseBody } from '../http.js';
import { requireAdmin, type AdminLocals } from '../session.js';
import { recordActivity } from '../services/activity.js';
import { syncProjectFromLead } from '../services/projectSync.js';
import { config } from '../config.js';
import { PAYMENT_COLLECTIONS } from '../services/payments.js';

export const leadsRouter = Router();

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : null);

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
  fetchMethod: async () => (await db.collection(COLLECTIONS.leads).where('status', '==', 'New').count().get()).data().count,
});

/** GET /api/leads/count → { newLeadsCount }: leads in status New, at most LEAD_COUNT_TTL_MS old (public; no lead data leaves). */
leadsRouter.get('/leads/count', async (_req, res) => {
  res.json({ newLeadsCount: await newLeadCount.fetch('New') });
});

leadsRouter.use(['/leads', '/contacts'], requireAdmin);

/** GET /api/leads (admin) → LeadDto[], newest first. */
leadsRouter.get('/leads', async (_req, res) => {
  const snap = await db.collection(COLLECTIONS.leads).orderBy('createdAt', 'desc').get();
  res.json(snap.docs.map((d) => toLeadDto(d.id, reviveDates(d.data()) as LeadRecord)));
});

/** POST /api/leads (admin) {name, email, projectType, subject, message, phone?} → 201 LeadDto. */
leadsRouter.post('/leads', async (req, res) => {
  const input = parseBody(req, newLeadSchema);
  const admin = res.locals.admin as AdminLocals;
  const ref = db.collection(COLLECTIONS.leads).doc();
  const now = FieldValue.serverTimestamp();
  const batch = db.batch();
  batch.create(ref, { ...newLeadRecord(input), source: 'admin', createdAt: now, updatedAt: now });
  recordActivity(db, batch, { leadId: ref.id, type: 'created', to: 'New', by: admin.username });
  await batch.commit();
  const saved = await ref.get();
  res.status(201).json(toLeadDto(ref.id, reviveDates(saved.data()!) as LeadRecord));
});

/**
 * PUT /api/leads/{id} (admin): partial update, checked in a transaction.
 * - status moves follow LEAD_MOVES (domain/leadStatus.ts) with the lead's
 *   facts (quote accepted, money received): 409 with the reason and what to
 *   do instead otherwise;
 * - `expectedStatus` that no longer matches → 409 (someone moved it first);
 * - status Lost needs a deadReason; the line "Dead Reason: {reason} - {date}"
 *   is appended to notes; reviving (Lost → New) clears deadReason;
 * - every status move is written to the activity history;
 * - the lead's project follows (LEAD_TO_PROJECT) where the project table allows.
 * → LeadDto. 404 "Lead not found".
 */
leadsRouter.put('/leads/:id', async (req, res) => {
  const input = parseBody(req, leadUpdateSchema);
  const admin = res.locals.admin as AdminLocals;
  const ref = db.collection(COLLECTIONS.leads).doc(req.params.id as string);
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw new HttpError(404, 'Lead not found');
    const lead = snap.data() as LeadRecord;
    const projectSnap = input.status ? (await tx.get(db.collection(COLLECTIONS.projects).where('leadId', '==', ref.id).limit(1))).docs[0] ?? null : null;
    const { status, expectedStatus, deadReason, ...details } = input;
    if (expectedStatus && expectedStatus !== lead.status) {
      throw new HttpError(409, `Lead was moved to ${lead.status} in the meantime`);
    }
    const update: Record<string, unknown> = { ...stripUndefined(details), updatedAt: FieldValue.serverTimestamp() };
    if (status && status !== lead.status) {
      const refused = leadMoveError(lead.status, status, await moveFacts(tx, ref, lead, LEAD_MOVES[lead.status][status] === 'unpaid'));
      if (refused) throw new HttpError(409, refused);
      update.status = status;
      if (status === 'Lost' && deadReason) {
        update.deadReason = deadReason;
        update.notes = appendNoteLine(lead.notes, deadReasonLine(deadReason, new Date()));
        recordActivity(db, tx, { leadId: ref.id, type: 'marked_dead', from: lead.status, to: status, detail: deadReason, by: admin.username });
      } else if (lead.status === 'Lost') {
        update.deadReason = null;
        recordActivity(db, tx, { leadId: ref.id, type: 'revived', from: lead.status, to: status, by: admin.username });
      } else {
        recordActivity(db, tx, { leadId: ref.id, type: 'status_changed', from: lead.status, to: status, by: admin.username });
      }
    } else if (status) {
      throw new HttpError(409, `Lead is already ${status}`);
    }
    tx.update(ref, update);
    if (status) syncProjectFromLead(tx, projectSnap, LEAD_TO_PROJECT[status]);
  });
  const saved = await ref.get();
  res.json(toLeadDto(ref.id, reviveDates(saved.data()!) as LeadRecord));
});

/**
 * What the move table reads from a lead: its quote flags, and whether money
 * was received for it (its deposit or final payment, or, only when
 * `checkPayments` and those say no, any succeeded payment naming the lead,
 * e.g. an invoice's).
 */
async function moveFacts(tx: FirebaseFirestore.Transaction, ref: FirebaseFirestore.DocumentReference, lead: FirebaseFirestore.DocumentData, checkPayments: boolean): Promise<LeadMoveFacts> {
  let paymentReceived = [lead.stripeDepositPaymentId, lead.depositPaidAt, lead.stripeFinalPaymentId, lead.finalPaidAt].some((v) => v != null && v !== '');
  if (!paymentReceived && checkPayments) {
    const paid = await tx.get(db.collection(PAYMENT_COLLECTIONS.payments).where('leadId', '==', ref.id).where('status', '==', 'succeeded').limit(1));
    paymentReceived = !paid.empty;
  }
  return { quoteGenerated: lead.quoteGenerated === true, quoteAccepted: lead.quoteAccepted === true, paymentReceived };
}

function stripUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

/** GET /api/leads/{leadId}/notes (admin) → [{ id, leadId, content, createdAt }], newest first. */
leadsRouter.get('/leads/:leadId/notes', async (req, res) => {
  const leadId = req.params.leadId as string;
  const snap = await db.collection(COLLECTIONS.notes).where('leadId', '==', leadId).orderBy('createdAt', 'desc').get();
  res.json(snap.docs.map((d) => ({ id: d.id, leadId, content: d.get('content') as string, createdAt: iso(d.get('createdAt')?.toDate()) })));
});

/** POST /api/leads/{leadId}/notes (admin) { content } → 201 note. 404 when the lead does not exist. */
leadsRouter.post('/leads/:leadId/notes', async (req, res) => {
  const { content } = parseBody(req, noteSchema);
  const admin = res.locals.admin as AdminLocals;
  const leadId = req.params.leadId as string;
  const noteRef = db.collection(COLLECTIONS.notes).doc();
  await db.runTransaction(async (tx) => {
    const lead = await tx.get(db.collection(COLLECTIONS.leads).doc(leadId));
    if (!lead.exists) throw new HttpError(404, 'Lead not found');
    tx.create(noteRef, { leadId, content, createdAt: FieldValue.serverTimestamp() });
    recordActivity(db, tx, { leadId, type: 'note_added', by: admin.username });
  });
  const saved = await noteRef.get();
  res.status(201).json({ id: noteRef.id, leadId, content, createdAt: iso(saved.get('createdAt')?.toDate()) });
});

/** GET /api/leads/{leadId}/activity (admin) → the lead's history, newest first. */
leadsRouter.get('/leads/:leadId/activity', async (req, res) => {
  const leadId = req.params.leadId as string;
  const snap = await db.collection(COLLECTIONS.leadActivity).where('leadId', '==', leadId).orderBy('at', 'desc').get();
  res.json(snap.docs.map((d) => ({ id: d.id, ...d.data(), at: iso(d.get('at')?.toDate()) })));
});

/** GET /api/contacts (admin) → contact messages, newest first. */
leadsRouter.get('/contacts', async (_req, res) => {
  const snap = await db.collection(COLLECTIONS.contacts).orderBy('createdAt', 'desc').get();
  res.json(snap.docs.map((d) => ({ id: d.id, ...d.data(), createdAt: iso(d.get('createdAt')?.toDate()) })));
});
