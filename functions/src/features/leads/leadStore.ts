/**
 * The leads slice's Firestore access: `leads`, their `notes` and the
 * `contacts` messages, read through domain leadDocSchema / noteDocSchema /
 * contactDocSchema (platform/converter.ts), and written only after the same
 * schemas checked them (checkedDoc for a new document, checkedUpdate for an
 * update). The board's projection is leadBoardStore.ts.
 */
import type { DocumentData, DocumentReference, Firestore, Transaction, WriteBatch } from 'firebase-admin/firestore';
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
import { checkedDoc, checkedUpdate, leadConverter, parsedDocs, zodConverter } from '../../platform/converter.js';
import { boardMetaRef } from './leadBoardStore.js';

/** `leads/{id}` (unparsed: for writes and ids). */
export const leadRef = (db: Firestore, id: string) => db.collection(COLLECTIONS.leads).doc(id);

/** A new lead's ref (its id chosen now). */
export const newLeadRef = (db: Firestore) => db.collection(COLLECTIONS.leads).doc();

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
  return parsedDocs(
    await db.collection(COLLECTIONS.leads).orderBy('createdAt', 'desc').get(),
    leadDocSchema,
    'listLeads',
  );
}

/** The newest lead (by createdAt), parsed, or null when there is none. @throws ZodError when it does not parse. */
export async function readNewestLead(db: Firestore): Promise<StoredLeadDoc | null> {
  const snap = await db
    .collection(COLLECTIONS.leads)
    .withConverter(leadConverter)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .get();
  return snap.docs[0]?.data() ?? null;
}

/** The id of the newest lead stored under `email` (as given: leads store it in lower case), null when none. */
export async function newestLeadIdOfEmail(db: Firestore, email: string): Promise<string | null> {
  const snap = await db
    .collection(COLLECTIONS.leads)
    .where('email', '==', email)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .select()
    .get();
  return snap.docs[0]?.id ?? null;
}

/** Number of leads in `status` (an aggregation: no lead data is read). */
export async function countLeadsIn(db: Firestore, status: string): Promise<number> {
  return (await db.collection(COLLECTIONS.leads).where('status', '==', status).count().get()).data().count;
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

/** Updates the lead `id` with `data` (outside a transaction). @throws ZodError when a field does not match leadDocFieldsSchema. */
export async function updateLead(db: Firestore, id: string, data: DocumentData): Promise<void> {
  await leadRef(db, id).update(checkedUpdate(leadDocFieldsSchema, data));
}

/** Whether the lead `id` exists, read in `tx`. */
export async function leadExistsIn(tx: Transaction, db: Firestore, id: string): Promise<boolean> {
  return (await tx.get(leadRef(db, id))).exists;
}

/**
 * The lead `id` as stored (its raw fields, undefined when absent: the caller
 * parses them with leadDocSchema) and the board's `_meta` snapshot, read
 * together in `tx` (the board move's first read).
 */
export async function readLeadAndBoardMetaIn(tx: Transaction, db: Firestore, id: string) {
  const [leadSnap, metaSnap] = await tx.getAll(leadRef(db, id), boardMetaRef(db));
  return { stored: leadSnap!.data() as DocumentData | undefined, metaSnap: metaSnap! };
}

/** Creates the lead `data` at `ref` in `tx` (a transaction or batch). @throws ZodError when it does not match leadDocFieldsSchema. */
export function createLeadIn(tx: Transaction | WriteBatch, ref: DocumentReference, data: DocumentData): void {
  (tx as WriteBatch).create(ref, checkedDoc(leadDocFieldsSchema, data));
}

/** Updates the lead at `ref` with `data` in `tx`. @throws ZodError when a field does not match leadDocFieldsSchema. */
export function updateLeadIn(tx: Transaction | WriteBatch, ref: DocumentReference, data: DocumentData): void {
  (tx as Transaction).update(ref, checkedUpdate(leadDocFieldsSchema, data));
}

/** A new note's ref. */
export const newNoteRef = (db: Firestore) => db.collection(COLLECTIONS.notes).doc();

/** Creates the note `data` at `ref` in `tx`. @throws ZodError when it does not match noteDocSchema. */
export function createNoteIn(tx: Transaction, ref: DocumentReference, data: DocumentData): void {
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
export function createContactIn(tx: Transaction, ref: DocumentReference, data: DocumentData): void {
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
