/**
 * The public contact form (spec §5 "Contact / lead creation"). One batch
 * writes the `contacts` doc and its `leads` doc (status New), so a message is
 * never half-stored.
 *
 * The visitor chooses the confirmation's recipient, so the form must not
 * become a mail relay: the confirmation names its recipient limit (domain
 * RECIPIENT_LIMITS, one per address an hour), which the outbox sender applies
 * off the request path; the lead is stored and the owner alerted every time,
 * and the templates keep visitor text out of subject lines and links
 * (domain/email.ts).
 */
import { FieldValue } from 'firebase-admin/firestore';
import { COLLECTIONS, newLeadRecord, storedContactFields, type Contact } from '@studio/domain';
import { recordActivity } from '../../services/activity.js';
import { enqueueEmail } from '../../services/outbox.js';
import { config } from '../../config.js';
import type { Deps } from '../useCase.js';

/** Stores the message and its lead, and queues the visitor's confirmation and the owner's alert, in one batch. */
export async function submitContact(deps: Deps, input: Contact): Promise<{ leadId: string }> {
  const { db } = deps;
  const now = FieldValue.serverTimestamp();
  const contactRef = db.collection(COLLECTIONS.contacts).doc();
  const leadRef = db.collection(COLLECTIONS.leads).doc();
  const batch = db.batch();
  batch.create(contactRef, {
    ...storedContactFields(input),
    leadId: leadRef.id,
    createdAt: now,
  });
  batch.create(leadRef, {
    ...newLeadRecord(input),
    source: 'contact',
    contactId: contactRef.id,
    createdAt: now,
    updatedAt: now,
  });
  recordActivity(db, batch, { leadId: leadRef.id, type: 'created', to: 'New', by: 'client' });
  // The visitor's confirmation and the owner's alert go out with the lead (same batch).
  const vars = {
    name: input.name,
    email: input.email,
    phone: input.phone ?? '',
    projectType: input.projectType,
    subject: input.subject,
    message: input.message,
  };
  enqueueEmail(db, batch, {
    to: input.email,
    templateId: 'contact-confirmation',
    leadId: leadRef.id,
    variables: { name: vars.name, projectType: vars.projectType, subject: vars.subject, message: vars.message },
    recipientLimit: 'contact-confirmation',
  });
  const owner = config().email.ownerEmail;
  if (owner) enqueueEmail(db, batch, { to: owner, templateId: 'new-lead-alert', leadId: leadRef.id, variables: vars });
  await batch.commit();
  return { leadId: leadRef.id };
}
