import { FieldValue } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  contactDocSchema,
  leadActivityDocSchema,
  noteDocSchema,
  type LeadActivityReply,
} from '@studio/domain';
import { parsedDocs } from '../../platform/converter.js';
import { notFound } from '../../platform/errors.js';
import { recordActivity } from '../../shared/activity.js';
import type { AdminActor, Deps } from '../useCase.js';

/** A note as the API shows it; createdAt is ISO, or null before the server stamped it. */
export interface NoteDto {
  id: string;
  leadId: string;
  content: string;
  createdAt: string | null;
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : null);

/** The lead's notes, newest first (each parsed: domain noteDocSchema; one that does not parse is left out, logged). */
export async function listNotes(deps: Deps, leadId: string): Promise<NoteDto[]> {
  const snap = await deps.db
    .collection(COLLECTIONS.notes)
    .where('leadId', '==', leadId)
    .orderBy('createdAt', 'desc')
    .get();
  return parsedDocs(snap, noteDocSchema, 'listNotes').map((n) => ({
    id: n.id,
    leadId,
    content: n.content,
    createdAt: n.createdAt?.toISOString() ?? null,
  }));
}

/** Adds a note to the lead and its "note_added" activity, in one transaction. @throws NotFound "Lead not found". */
export async function addNote(
  deps: Deps,
  input: { leadId: string; content: string },
  actor: AdminActor,
): Promise<NoteDto> {
  const { db } = deps;
  const { leadId, content } = input;
  const noteRef = db.collection(COLLECTIONS.notes).doc();
  await db.runTransaction(async (tx) => {
    const lead = await tx.get(db.collection(COLLECTIONS.leads).doc(leadId));
    if (!lead.exists) throw notFound('Lead not found');
    tx.create(noteRef, { leadId, content, createdAt: FieldValue.serverTimestamp() });
    recordActivity(db, tx, { leadId, type: 'note_added', by: actor.username });
  });
  const saved = await noteRef.get();
  return { id: noteRef.id, leadId, content, createdAt: iso(saved.get('createdAt')?.toDate()) };
}

/**
 * The lead's activity history, newest first, with `at` as ISO (each entry
 * parsed: domain leadActivityDocSchema; one that does not parse is left out, logged).
 */
export async function listActivity(deps: Deps, leadId: string): Promise<LeadActivityReply[]> {
  const snap = await deps.db
    .collection(COLLECTIONS.leadActivity)
    .where('leadId', '==', leadId)
    .orderBy('at', 'desc')
    .get();
  return parsedDocs(snap, leadActivityDocSchema, 'listActivity').map(({ leadId: _lead, at, ...entry }) => ({
    ...entry,
    at: at?.toISOString() ?? null,
  }));
}

/**
 * Contact messages, newest first, with `createdAt` as ISO (each parsed:
 * domain contactDocSchema; one that does not parse is left out, logged).
 */
export async function listContacts(deps: Deps) {
  const snap = await deps.db.collection(COLLECTIONS.contacts).orderBy('createdAt', 'desc').get();
  return parsedDocs(snap, contactDocSchema, 'listContacts').map(({ createdAt, ...contact }) => ({
    ...contact,
    createdAt: createdAt?.toISOString() ?? null,
  }));
}
