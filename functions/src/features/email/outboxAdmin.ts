/**
 * The outbox as the admin sees it: an entry's status, failed emails with
 * Resend, a lead's emails, and the local (keyless) sender's delivery log.
 * No variables leave: they may hold sealed links.
 */
import { FieldValue } from 'firebase-admin/firestore';
import { SUPPRESSING_EMAIL_EVENTS, type OutboxDoc } from '@studio/domain';
import { listEmailLogDocs, listOutboxWhere, outboxRef, readOutboxEntryDoc, updateOutboxEntryIn } from './emailStore.js';
import { conflict, notFound } from '../../platform/errors.js';
import { enqueueEmail } from '../../shared/outbox.js';
import type { AdminActor, Deps } from '../useCase.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** An outbox entry as the admin pages list it. */
function outboxRow(d: OutboxDoc & { id: string }) {
  return {
    id: d.id,
    status: d.status,
    attempts: d.attempts,
    lastError: d.lastError,
    to: d.to,
    templateId: d.templateId,
    leadId: d.leadId,
    deliveredVia: d.deliveredVia,
    nextAttemptAt: d.status === 'PENDING' ? iso(d.nextAttemptAt) : null,
    resentAs: d.resentAs,
    createdAt: iso(d.createdAt),
    updatedAt: iso(d.updatedAt),
    sentAt: iso(d.sentAt),
  };
}

/** One entry for the test center's status panel (the list row without the list's own fields). @throws NotFound. */
export async function readOutboxEntry(deps: Deps, input: { id: string }) {
  // Parsed: one that does not parse fails the read of it (a logged 500).
  const entry = await readOutboxEntryDoc(deps.db, input.id);
  if (!entry) throw notFound('Outbox entry not found');
  const { leadId: _leadId, nextAttemptAt: _next, resentAs: _resent, ...row } = outboxRow({ ...entry, id: input.id });
  return row;
}

/** Entries in `status` (ERROR), most recently updated first, at most `limit` (one that does not parse is left out, logged). */
export async function listOutbox(deps: Deps, input: { status: 'ERROR'; limit: number }) {
  const entries = await listOutboxWhere(
    deps.db,
    { field: 'status', op: '==', value: input.status },
    'updatedAt',
    input.limit,
    'listOutbox',
  );
  return entries.map(outboxRow);
}

/**
 * The emails SendGrid reported bounced, dropped or marked as spam (the
 * Event Webhook set their `deliveryEvent`), newest first: each names the
 * address now suppressed and, in `lastError`, why. The suppression list
 * itself holds no readable address (suppressions.ts), so this is
 * where the admin sees which addresses it stops.
 */
export async function listSuppressedEmails(deps: Deps, input: { limit: number }) {
  const entries = await listOutboxWhere(
    deps.db,
    { field: 'deliveryEvent', op: 'in', value: [...SUPPRESSING_EMAIL_EVENTS] },
    'updatedAt',
    input.limit,
    'listSuppressedEmails',
  );
  return entries.map(outboxRow);
}

/** The lead's emails, newest first, at most 50 (one that does not parse is left out, logged). */
export async function listLeadEmails(deps: Deps, input: { leadId: string }) {
  const entries = await listOutboxWhere(
    deps.db,
    { field: 'leadId', op: '==', value: input.leadId },
    'createdAt',
    50,
    'listLeadEmails',
  );
  return entries.map(outboxRow);
}

/**
 * A failed (ERROR) email goes out again as a new outbox entry with the same
 * recipient, template and variables; the failed entry keeps its history and
 * points to the copy (`resentAs`).
 * @returns the copy's id. @throws NotFound; Conflict not failed, or already resent.
 */
export async function resendEmail(deps: Deps, input: { id: string }, actor: AdminActor): Promise<string> {
  const { db } = deps;
  const ref = outboxRef(db, input.id);
  return db.runTransaction(async (tx) => {
    const entry = await readOutboxEntryDoc(db, input.id, tx);
    if (!entry) throw notFound('Outbox entry not found');
    if (entry.status !== 'ERROR') throw conflict('Only a failed email can be resent');
    if (entry.resentAs) throw conflict('This email has already been resent');
    const { to, templateId, variables, leadId, orderId, attachments } = entry;
    const copy = enqueueEmail(db, tx, { to, templateId, variables, leadId, orderId, attachments });
    updateOutboxEntryIn(tx, ref, {
      resentAs: copy.id,
      resentBy: actor.username,
      resentAt: FieldValue.serverTimestamp(),
    });
    return copy.id;
  });
}

/**
 * The local delivery log, newest first, at most `limit` (each entry parsed:
 * domain emailLogDocSchema; one that does not parse is left out, logged).
 */
export async function listEmailLog(deps: Deps, input: { limit: number }) {
  return (await listEmailLogDocs(deps.db, input.limit)).map(({ id, outboxId, at, ...entry }) => ({
    id,
    outboxId: outboxId ?? id,
    ...entry,
    at: at?.toISOString() ?? null,
  }));
}
