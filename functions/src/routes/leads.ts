/**
 * Leads (spec §7): the public new-lead count, and the admin list and create.
 */
import { Router } from 'express';
import { FieldValue } from 'firebase-admin/firestore';
import { newLeadRecord, newLeadSchema, reviveDates, toLeadDto, type LeadRecord } from '@studio/domain';
import { COLLECTIONS, db } from '../firebase.js';
import { parseBody } from '../http.js';
import { requireAdmin } from '../session.js';

export const leadsRouter = Router();

/** GET /api/leads/count → { newLeadsCount }: leads in status New (public; no lead data leaves). */
leadsRouter.get('/leads/count', async (_req, res) => {
  const snap = await db.collection(COLLECTIONS.leads).where('status', '==', 'New').count().get();
  res.set('Cache-Control', 'no-store').json({ newLeadsCount: snap.data().count });
});

/** GET /api/leads (admin) → LeadDto[], newest first. */
leadsRouter.get('/leads', requireAdmin, async (_req, res) => {
  const snap = await db.collection(COLLECTIONS.leads).orderBy('createdAt', 'desc').get();
  res.json(snap.docs.map((d) => toLeadDto(d.id, reviveDates(d.data()) as LeadRecord)));
});

/** POST /api/leads (admin) {name, email, projectType, subject, message, phone?} → 201 LeadDto. */
leadsRouter.post('/leads', requireAdmin, async (req, res) => {
  const input = parseBody(req, newLeadSchema);
  const ref = db.collection(COLLECTIONS.leads).doc();
  const now = FieldValue.serverTimestamp();
  await ref.create({ ...newLeadRecord(input), source: 'admin', createdAt: now, updatedAt: now });
  const saved = await ref.get();
  res.status(201).json(toLeadDto(ref.id, reviveDates(saved.data()!) as LeadRecord));
});

/** GET /api/contacts (admin) → contact messages, newest first. */
leadsRouter.get('/contacts', requireAdmin, async (_req, res) => {
  const snap = await db.collection(COLLECTIONS.contacts).orderBy('createdAt', 'desc').get();
  res.json(
    snap.docs.map((d) => {
      const c = reviveDates(d.data());
      return { id: d.id, ...c, createdAt: c.createdAt instanceof Date ? c.createdAt.toISOString() : null };
    }),
  );
});
