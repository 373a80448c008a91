/**
 * The lead files slice's Firestore access: `lead_files` records (domain
 * leadFileDocSchema), each write with its activity entry in one batch, and
 * the lead they belong to.
 */
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, leadFileDocSchema, type LeadFileDoc, type StoredLeadDoc } from '@studio/domain';
import { checkedDoc, checkedUpdate, parsedDocs, zodConverter } from '../../platform/converter.js';
import { readLead as readLeadOf } from '../leads/index.js';
import { recordActivity, type ActivityEntry } from '../../shared/activity.js';

/** Firestore's cap on the values of one `in` filter. */
const IN_CHUNK = 30;

const converter = zodConverter(leadFileDocSchema);
const filesCol = (db: Firestore) => db.collection(COLLECTIONS.leadFiles);

/** A new record's id (chosen before the bytes are stored, so the object path names it). */
export const newLeadFileId = (db: Firestore): string => filesCol(db).doc().id;

/** Lead `id` (parsed), or null. */
export async function readLead(db: Firestore, id: string): Promise<StoredLeadDoc | null> {
  return (await readLeadOf(db, id)) ?? null;
}

/** File record `id`, or null. @throws ZodError (a logged 500) when it does not parse. */
export async function readLeadFile(db: Firestore, id: string): Promise<LeadFileDoc | null> {
  return (await filesCol(db).doc(id).withConverter(converter).get()).data() ?? null;
}

/** The files of lead `leadId`, newest first, each with its id. */
export async function filesOfLead(db: Firestore, leadId: string) {
  const snap = await filesCol(db).where('leadId', '==', leadId).get();
  return parsedDocs(snap, leadFileDocSchema, 'lead files').sort(
    (a, b) => b.uploadedAt.getTime() - a.uploadedAt.getTime(),
  );
}

/** The files of `leadIds` shown to their client, newest first, each with its id. */
export async function visibleFilesOfLeads(db: Firestore, leadIds: string[]) {
  const out: Array<LeadFileDoc & { id: string }> = [];
  for (let i = 0; i < leadIds.length; i += IN_CHUNK) {
    const snap = await filesCol(db)
      .where('leadId', 'in', leadIds.slice(i, i + IN_CHUNK))
      .where('visibleToClient', '==', true)
      .get();
    out.push(...parsedDocs(snap, leadFileDocSchema, 'lead files'));
  }
  return out.sort((a, b) => b.uploadedAt.getTime() - a.uploadedAt.getTime());
}

/** Creates record `id` (checked against the schema; uploadedAt the server's time) with its activity entry, in one batch. */
export async function createLeadFile(
  db: Firestore,
  id: string,
  doc: Omit<LeadFileDoc, 'uploadedAt'>,
  activity: ActivityEntry,
) {
  const batch = db.batch();
  batch.create(
    filesCol(db).doc(id),
    checkedDoc(leadFileDocSchema, { ...doc, uploadedAt: FieldValue.serverTimestamp() }),
  );
  recordActivity(db, batch, activity);
  await batch.commit();
}

/** Sets record `id`'s visibility with its activity entry, in one batch. */
export async function setLeadFileVisibility(
  db: Firestore,
  id: string,
  visibleToClient: boolean,
  activity: ActivityEntry,
) {
  const batch = db.batch();
  batch.update(filesCol(db).doc(id), checkedUpdate(leadFileDocSchema, { visibleToClient }));
  recordActivity(db, batch, activity);
  await batch.commit();
}

/** Deletes record `id` with its activity entry, in one batch. */
export async function deleteLeadFile(db: Firestore, id: string, activity: ActivityEntry) {
  const batch = db.batch();
  batch.delete(filesCol(db).doc(id));
  recordActivity(db, batch, activity);
  await batch.commit();
}

/** Writes `activity` alone (a client's download: nothing else changes). */
export async function recordFileActivity(db: Firestore, activity: ActivityEntry) {
  const batch = db.batch();
  recordActivity(db, batch, activity);
  await batch.commit();
}
