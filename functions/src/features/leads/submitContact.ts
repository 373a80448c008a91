/**
 * The public contact form (spec §5 "Contact / lead creation"). One
 * transaction takes the sender's rate-limit hit and writes the `contacts` doc
 * and its `leads` doc (status New), so a message is never half-stored, and a
 * refused or failed one counts nothing against the limit.
 *
 * The visitor chooses the confirmation's recipient, and nobody verifies it,
 * so the form must not become a mail relay: the confirmation is queued with
 * no variables at all, so it carries no text the visitor wrote, only a fixed
 * text and the studio's details (domain CONTACT_CONFIRMATION_VARIABLES), which
 * the outbox sender reads from the settings when it sends; and it names its
 * recipient limit (platform/rateLimits.ts `contact-confirmation`, one per
 * mailbox an hour), which the sender applies too, off the request path. The
 * lead is stored and the owner alerted (with the visitor's text) every time.
 * So the request's only read is the visitor's rate-limit windows.
 */
import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { newLeadRecord, storedContactFields, type Contact } from '@studio/domain';
import { recordActivity } from '../../shared/activity.js';
import { enqueueEmail } from '../../shared/outbox.js';
import { limiterFor, overLimit } from '../../platform/rateLimit.js';
import { config } from '../../config.js';
import type { Deps } from '../useCase.js';
import { createContactIn, createLeadIn, newContactRef, newLeadRef } from './leadStore.js';

/**
 * Stores the message and its lead, and queues the visitor's confirmation and
 * the owner's alert, in one transaction with the sender's hit on
 * the spam guard (platform/rateLimits.ts `contact`, keyed by `sender.limitKey`: platform/rateLimit.ts ipKey).
 * @returns the new lead's id.
 * @throws AppError TooMany (the limit's message, retryAfterSec) over the limit; nothing is written.
 */
export async function submitContact(
  deps: Deps,
  input: Contact,
  sender: { limitKey: string },
): Promise<{ leadId: string }> {
  const limit = limiterFor('contact', deps.db);
  try {
    return await deps.db.runTransaction(async (tx) => {
      await limit.consumeIn(tx, sender.limitKey);
      return storeContact(deps, tx, input);
    });
  } catch (e) {
    if (e instanceof RateLimiterRes) throw overLimit('contact', e);
    throw e;
  }
}

/** Adds the contact, its lead, the lead's first activity and both emails to `tx`. */
function storeContact({ db }: Deps, tx: Transaction, input: Contact): { leadId: string } {
  const now = FieldValue.serverTimestamp();
  const contactRef = newContactRef(db);
  const leadRef = newLeadRef(db);
  createContactIn(tx, contactRef, {
    ...storedContactFields(input),
    leadId: leadRef.id,
    createdAt: now,
  });
  createLeadIn(tx, leadRef, {
    ...newLeadRecord(input),
    source: 'contact',
    contactId: contactRef.id,
    createdAt: now,
    updatedAt: now,
  });
  recordActivity(db, tx, { leadId: leadRef.id, type: 'created', to: 'New', by: 'client' });
  // The visitor's confirmation and the owner's alert go out with the lead (same transaction). Only the owner's
  // alert carries what the visitor wrote; the confirmation's studio details are the sender's to fill.
  const vars = {
    name: input.name,
    email: input.email,
    phone: input.phone ?? '',
    projectType: input.projectType,
    subject: input.subject,
    message: input.message,
  };
  enqueueEmail(db, tx, {
    to: input.email,
    templateId: 'contact-confirmation',
    leadId: leadRef.id,
    variables: {},
    recipientLimit: 'contact-confirmation',
  });
  const owner = config().email.ownerEmail;
  if (owner) enqueueEmail(db, tx, { to: owner, templateId: 'new-lead-alert', leadId: leadRef.id, variables: vars });
  return { leadId: leadRef.id };
}
