/**
 * The leads slice's Firestore access: `leads`, their `notes` and the
 * `contacts` messages, read through domain leadDocSchema / noteDocSchema /
 * contactDocSchema (platform/converter.ts), and written only after the same
 * schemas checked them (checkedDoc for a new document, checkedUpdate for an
 * update). The only store opening `leads`: other slices read and write leads through leads/index.ts. The
 * board's projection is leadBoardStore.ts, which reads leads through this file.
 */
import type {
  DocumentData,
  DocumentReference,
  Firestore,
  QueryDocumentSnapshot,
  Transaction,
  WriteBatch,
} from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  contactDocSchema,
  leadDocFieldsSchema,
  leadDocSchema,
  noteDocSchema,
  type ContactDoc,
  type NoteDoc,
  type StoredLeadDoc,
} from '@studio/domain';
import * as logger from 'firebase-functions/logger';
import {
  checkedDoc,
  checkedUpdate,
  leadConverter,
  parsedDocs,
  zodConverter,
  type StoredUpdate,
  type StoredWrite,
} from '../../platform/converter.js';

const leads = (db: Firestore) => db.collection(COLLECTIONS.leads);

/** `leads/{id}` (unparsed: for writes and ids). */
export const leadRef = (db: Firestore, id: string) => leads(db).doc(id);

/** A new lead's ref (its id chosen now). */
export const newLeadRef = (db: Firestore) => leads(db).doc();

/** Every lead as stored, unparsed (the board's rebuild projects each one with storedBoardCard). */
export async function allLeadSnapshots(db: Firestore): Promise<QueryDocumentSnapshot[]> {
  return (await leads(db).get()).docs;
}

/**
 * The leads `ids` that exist and parse (one getAll per 300), by id; one that does not parse is left out, logged
 * under `label`.
 */
export async function readLeadsById(db: Firestore, ids: string[], label: string): Promise<Map<string, StoredLeadDoc>> {
  const out = new Map<string, StoredLeadDoc>();
  for (let i = 0; i < ids.length; i += 300) {
    const refs = ids.slice(i, i + 300).map((id) => leadRef(db, id));
    if (!refs.length) continue;
    for (const d of await db.getAll(...refs)) {
      if (!d.exists) continue;
      const parsed = leadDocSchema.safeParse(d.data());
      if (parsed.success) out.set(d.id, parsed.data);
      else
        logger.error(`${label}: a stored lead does not parse; left out`, {
          path: d.ref.path,
          issues: parsed.error.issues,
        });
    }
  }
  return out;
}

/** Lead `id` parsed with leadDocSchema; null when absent or when it does not parse (the caller then does without). */
export async function readLeadLenient(db: Firestore, id: string): Promise<StoredLeadDoc | null> {
  const parsed = leadDocSchema.safeParse((await leadRef(db, id).get()).data());
  return parsed.success ? parsed.data : null;
}

/** The newest `limit` leads of `email` (as given), newest first, each parsed (one that does not parse is left out, logged under `label`). */
export async function newestLeadsOfEmail(
  db: Firestore,
  email: string,
  limit: number,
  label: string,
): Promise<Array<StoredLeadDoc & { id: string }>> {
  const snap = await leads(db).where('email', '==', email).orderBy('createdAt', 'desc').limit(limit).get();
  return parsedDocs(snap, leadDocSchema, label);
}

/** The ids of the newest `limit` leads stored under `email` (as given), newest first (no lead data is read). */
export async function newestLeadIdsOfEmail(db: Firestore, email: string, limit: number): Promise<string[]> {
  const snap = await leads(db).where('email', '==', email).orderBy('createdAt', 'desc').limit(limit).select().get();
  return snap.docs.map((d) => d.id);
}

/** Every lead quoted from a hosted project (with a `replitProjectId`), parsed, with its id (bad ones left out, logged under `label`). */
export async function hostedProjectLeads(db: Firestore, label: string) {
  const snap = await leads(db).where('replitProjectId', '!=', null).get();
  return parsedDocs(snap, leadDocSchema, label);
}

/** The lead `id` as stored (parsed: leadConverter), undefined when absent. @throws ZodError when it does not parse. */
export async function readLead(db: Firestore, id: string): Promise<StoredLeadDoc | undefined> {
  return (await leadRef(db, id).withConverter(leadConverter).get()).data();
}

/**
 * The lead a trigger was handed (`snap`, its written or deleted state) parsed with leadDocSchema: undefined when
 * there is none (deleted), else zod's result (the caller logs one that does not parse).
 */
export function parseLeadSnapshot(snap: { data(): DocumentData | undefined } | undefined) {
  const data = snap?.data();
  return data === undefined ? undefined : leadDocSchema.safeParse(data);
}

/** Every lead, newest first, each parsed (one that does not parse is left out, logged). */
export async function listLeadDocs(db: Firestore): Promise<Array<StoredLeadDoc & { id: string }>> {
  return parsedDocs(await leads(db).orderBy('createdAt', 'desc').get(), leadDocSchema, 'listLeads');
}

/** The newest lead (by createdAt), parsed, or null when there is none. @throws ZodError when it does not parse. */
export async function readNewestLead(db: Firestore): Promise<StoredLeadDoc | null> {
  const snap = await leads(db).withConverter(leadConverter).orderBy('createdAt', 'desc').limit(1).get();
  return snap.docs[0]?.data() ?? null;
}

/** The id of the newest lead stored under `email` (as given: leads store it in lower case), null when none. */
export async function newestLeadIdOfEmail(db: Firestore, email: string): Promise<string | null> {
  return (await newestLeadIdsOfEmail(db, email, 1))[0] ?? null;
}

/** Number of leads in `status` (an aggregation: no lead data is read). */
export async function countLeadsIn(db: Firestore, status: string): Promise<number> {
  return (await leads(db).where('status', '==', status).count().get()).data().count;
}

/** A lead as read: its ref, id and stored fields (domain leadDocSchema). */
export interface ReadLead {
  ref: DocumentReference;
  id: string;
  lead: StoredLeadDoc;
}

/** The lead `id` read in `tx` (parsed), null when absent. @throws ZodError when it does not parse (a logged 500). */
export async function readLeadIn(tx: Transaction, db: Firestore, id: string): Promise<ReadLead | null> {
  const ref = leadRef(db, id);
  const lead = (await tx.get(ref.withConverter(leadConverter))).data();
  return lead ? { ref, id, lead } : null;
}

/** A lead as a write names it: leadDocFieldsSchema's fields (converter.ts StoredWrite). */
export type LeadWriteFields = StoredWrite<typeof leadDocFieldsSchema>;
/** A lead update: LeadWriteFields, and dotted paths by computed key (converter.ts StoredUpdate). */
export type LeadUpdateFields = StoredUpdate<typeof leadDocFieldsSchema>;

/** Updates the lead `id` with `data` (outside a transaction). @throws ZodError when a field does not match leadDocFieldsSchema. */
export async function updateLead(db: Firestore, id: string, data: LeadUpdateFields): Promise<void> {
  await leadRef(db, id).update(checkedUpdate(leadDocFieldsSchema, data));
}

/**
 * Sets the unread message count of the lead at `ref` (its board card's badge: a whole number from 0) in `tx`.
 * @throws ZodError when `count` does not match leadDocFieldsSchema.
 */
export function setUnreadMessagesIn(tx: Transaction, ref: DocumentReference, count: number): void {
  tx.update(ref, checkedUpdate(leadDocFieldsSchema, { unreadMessages: count }));
}

/** Whether the lead `id` exists, read in `tx`. */
export async function leadExistsIn(tx: Transaction, db: Firestore, id: string): Promise<boolean> {
  return (await tx.get(leadRef(db, id))).exists;
}

/** Creates the lead `data` at `ref` in `tx` (a transaction or batch). @throws ZodError when it does not match leadDocFieldsSchema. */
export function createLeadIn(tx: Transaction | WriteBatch, ref: DocumentReference, data: LeadWriteFields): void {
  (tx as WriteBatch).create(ref, checkedDoc(leadDocFieldsSchema, data));
}

/** Updates the lead at `ref` with `data` in `tx`. @throws ZodError when a field does not match leadDocFieldsSchema. */
export function updateLeadIn(tx: Transaction | WriteBatch, ref: DocumentReference, data: LeadUpdateFields): void {
  (tx as Transaction).update(ref, checkedUpdate(leadDocFieldsSchema, data));
}

/** A new note's ref. */
export const newNoteRef = (db: Firestore) => db.collection(COLLECTIONS.notes).doc();

/** Creates the note `data` at `ref` in `tx`. @throws ZodError when it does not match noteDocSchema. */
export function createNoteIn(tx: Transaction, ref: DocumentReference, data: StoredWrite<typeof noteDocSchema>): void {
  tx.create(ref, checkedDoc(noteDocSchema, data));
}

/** The note at `ref` as stored (parsed), undefined when absent. */
export async function readNote(ref: DocumentReference): Promise<NoteDoc | undefined> {
  return (await ref.withConverter(zodConverter(noteDocSchema)).get()).data();
}

/** The lead's notes, newest first, each parsed (one that does not parse is left out, logged). */
export async function listNoteDocs(db: Firestore, leadId: string): Promise<Array<NoteDoc & { id: string }>> {
  const snap = await db.collection(COLLECTIONS.notes).where('leadId', '==', leadId).orderBy('createdAt', 'desc').get();
  return parsedDocs(snap, noteDocSchema, 'listNotes');
}

/** A new contact message's ref. */
export const newContactRef = (db: Firestore) => db.collection(COLLECTIONS.contacts).doc();

/** Creates the contact message `data` at `ref` in `tx`. @throws ZodError when it does not match contactDocSchema. */
export function createContactIn(
  tx: Transaction,
  ref: DocumentReference,
  data: StoredWrite<typeof contactDocSchema>,
): void {
  tx.create(ref, checkedDoc(contactDocSchema, data));
}

/** Every contact message, newest first, each parsed (one that does not parse is left out, logged). */
export async function listContactDocs(db: Firestore): Promise<Array<ContactDoc & { id: string }>> {
  return parsedDocs(
    await db.collection(COLLECTIONS.contacts).orderBy('createdAt', 'desc').get(),
    contactDocSchema,
    'listContacts',
  );
}
