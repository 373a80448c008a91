import { FieldValue } from 'firebase-admin/firestore';
import type { LeadActivityReply } from '@studio/domain';
import { notFound } from '../../platform/errors.js';
import { recordActivity } from '../../shared/activity.js';
import { readLeadActivity } from '../../shared/activityStore.js';
import { createNoteIn, leadExistsIn, listContactDocs, listNoteDocs, newNoteRef, readNote } from './leadStore.js';
import type { AdminActor, Deps } from '../useCase.js';

/** A note as the API shows it; createdAt is ISO, or null before the server stamped it. */
export interface NoteDto {
  id: string;
  leadId: string;
  content: string;
  createdAt: string | null;
}

/** The lead's notes, newest first (each parsed: domain noteDocSchema; one that does not parse is left out, logged). */
export async function listNotes(deps: Deps, leadId: string): Promise<NoteDto[]> {
  return (await listNoteDocs(deps.db, leadId)).map((n) => ({
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
  const noteRef = newNoteRef(db);
  await db.runTransaction(async (tx) => {
    if (!(await leadExistsIn(tx, db, leadId))) throw notFound('Lead not found');
    createNoteIn(tx, noteRef, { leadId, content, createdAt: FieldValue.serverTimestamp() });
    recordActivity(db, tx, { leadId, type: 'note_added', by: actor.username });
  });
  const saved = await readNote(noteRef);
  return { id: noteRef.id, leadId, content, createdAt: saved?.createdAt?.toISOString() ?? null };
}

/**
 * The lead's activity history, newest first, with `at` as ISO (each entry
 * parsed: domain leadActivityDocSchema; one that does not parse is left out, logged).
 */
export async function listActivity(deps: Deps, leadId: string): Promise<LeadActivityReply[]> {
  return (await readLeadActivity(deps.db, leadId)).map(({ leadId: _lead, at, ...entry }) => ({
    ...entry,
    at: at?.toISOString() ?? null,
  }));
}

/**
 * Contact messages, newest first, with `createdAt` as ISO (each parsed:
 * domain contactDocSchema; one that does not parse is left out, logged).
 */
export async function listContacts(deps: Deps) {
  return (await listContactDocs(deps.db)).map(({ createdAt, ...contact }) => ({
    ...contact,
    createdAt: createdAt?.toISOString() ?? null,
  }));
}
