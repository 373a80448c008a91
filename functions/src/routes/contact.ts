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
import { enqueueEmail } from '../services/outbox.js';

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
  // Issue 8: the visitor's confirmation and the owner's alert go out with the lead (same batch).
  const vars = { name: input.name, email: input.email, phone: input.phone ?? '', projectType: input.projectType, subject: input.subject, message: input.message };
  enqueueEmail(db, batch, { to: input.email, templateId: 'contact-confirmation', leadId: leadRef.id, variables: { name: vars.name, projectType: vars.projectType, subject: vars.subject, message: vars.message } });
  enqueueEmail(db, batch, { to: process.env.OWNER_EMAIL?.trim() || 'owner@example.com', templateId: 'new-lead-alert', leadId: leadRef.id, variables: vars });
  await batch.commit();
  res.status(201).json({ success: true, message: 'Thank you! We will respond within 24 hours.' });
});
