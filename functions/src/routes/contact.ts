/**
 * Public contact form (spec §7 POST /api/contact, §5 "Contact / lead creation").
 * One batch writes the `contacts` doc and its `leads` doc (status New), so a
 * message is never half-stored; bad input → 400 and nothing is written.
 */
import { Router } from 'express';
import { FieldValue } from 'firebase-admin/firestore';
import { contactSchema, newLeadRecord } from '@studio/domain';
import { COLLECTIONS, db } from '../firebase.js';
import { parseBody } from '../http.js';
import { recordActivity } from '../services/activity.js';

export const contactRouter = Router();

contactRouter.post('/contact', async (req, res) => {
  const input = parseBody(req, contactSchema);
  const now = FieldValue.serverTimestamp();
  const contactRef = db.collection(COLLECTIONS.contacts).doc();
  const leadRef = db.collection(COLLECTIONS.leads).doc();
  const batch = db.batch();
  batch.create(contactRef, {
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    projectType: input.projectType,
    subject: input.subject,
    message: input.message,
    leadId: leadRef.id,
    createdAt: now,
  });
  batch.create(leadRef, { ...newLeadRecord(input), source: 'contact', contactId: contactRef.id, createdAt: now, updatedAt: now });
  recordActivity(db, batch, { leadId: leadRef.id, type: 'created', to: 'New', by: 'client' });
  await batch.commit();
  res.status(201).json({ success: true, message: 'Thank you! We will respond within 24 hours.' });
});
