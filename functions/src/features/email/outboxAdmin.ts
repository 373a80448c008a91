/**
 * The outbox as the admin sees it: an entry's status, failed emails with
 * Resend, a lead's emails, and the local (keyless) sender's delivery log.
 * No variables leave: they may hold sealed links.
 */
import { FieldValue, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { z } from 'zod';
import { COLLECTIONS, emailLogDocSchema } from '@studio/domain';
import { parsedDocs } from '../../platform/converter.js';
import { conflict, notFound } from '../../errors.js';
import { enqueueEmail } from '../../services/outbox.js';
import type { AdminActor, Deps } from '../useCase.js';

/** An outbox entry's variables and lead, as the resend copies them (parsed: a malformed entry is a logged 500). */
const storedVariables = z.record(z.string(), z.string());
const storedLeadId = z.string().nullish();

const iso = (v: unknown) => (v instanceof Timestamp ? v.toDate().toISOString() : null);

/** An outbox entry as the admin pages list it. */
function outboxRow(snap: DocumentSnapshot) {
  const d = snap.data() ?? {};
  return {
    id: snap.id,
    status: d.status ?? null,
    attempts: d.attempts ?? 0,
    lastError: d.lastError ?? null,
    to: d.to ?? null,
    templateId: d.templateId ?? null,
    leadId: d.leadId ?? null,
    deliveredVia: d.deliveredVia ?? null,
    nextAttemptAt: d.status === 'PENDING' ? iso(d.nextAttemptAt) : null,
    resentAs: d.resentAs ?? null,
    createdAt: iso(d.createdAt),
    updatedAt: iso(d.updatedAt),
    sentAt: iso(d.sentAt),
  };
}

/** One entry for the test center's status panel (the list row without the list's own fields). @throws NotFound. */
export async function readOutboxEntry(deps: Deps, input: { id: string }) {
  const snap = await deps.db.collection(COLLECTIONS.outbox).doc(input.id).get();
  if (!snap.exists) throw notFound('Outbox entry not found');
  const { leadId: _leadId, nextAttemptAt: _next, resentAs: _resent, ...entry } = outboxRow(snap);
  return entry;
}

/** Entries in `status` (ERROR), most recently updated first, at most `limit`. */
export async function listOutbox(deps: Deps, input: { status: 'ERROR'; limit: number }) {
  const snap = await deps.db
    .collection(COLLECTIONS.outbox)
    .where('status', '==', input.status)
    .orderBy('updatedAt', 'desc')
    .limit(input.limit)
    .get();
  return snap.docs.map(outboxRow);
}

/** The lead's emails, newest first, at most 50. */
export async function listLeadEmails(deps: Deps, input: { leadId: string }) {
  const snap = await deps.db
    .collection(COLLECTIONS.outbox)
    .where('leadId', '==', input.leadId)
    .orderBy('createdAt', 'desc')
    .limit(50)
    .get();
  return snap.docs.map(outboxRow);
}

/**
 * A failed (ERROR) email goes out again as a new outbox entry with the same
 * recipient, template and variables; the failed entry keeps its history and
 * points to the copy (`resentAs`).
 * @returns the copy's id. @throws NotFound; Conflict not failed, or already resent.
 */
export async function resendEmail(deps: Deps, input: { id: string }, actor: AdminActor): Promise<string> {
  const { db } = deps;
  const ref = db.collection(COLLECTIONS.outbox).doc(input.id);
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('Outbox entry not found');
    if (snap.get('status') !== 'ERROR') throw conflict('Only a failed email can be resent');
    if (snap.get('resentAs')) throw conflict('This email has already been resent');
    const copy = enqueueEmail(db, tx, {
      to: String(snap.get('to') ?? ''),
      templateId: String(snap.get('templateId') ?? ''),
      variables: storedVariables.parse(snap.get('variables') ?? {}),
      leadId: storedLeadId.parse(snap.get('leadId')) ?? null,
    });
    tx.update(ref, { resentAs: copy.id, resentBy: actor.username, resentAt: FieldValue.serverTimestamp() });
    return copy.id;
  });
}

/**
 * The local delivery log, newest first, at most `limit` (each entry parsed:
 * domain emailLogDocSchema; one that does not parse is left out, logged).
 */
export async function listEmailLog(deps: Deps, input: { limit: number }) {
  const snap = await deps.db.collection(COLLECTIONS.emailLog).orderBy('at', 'desc').limit(input.limit).get();
  return parsedDocs(snap, emailLogDocSchema, 'listEmailLog').map(({ id, outboxId, at, ...entry }) => ({
    id,
    outboxId: outboxId ?? id,
    ...entry,
    at: at?.toISOString() ?? null,
  }));
}
