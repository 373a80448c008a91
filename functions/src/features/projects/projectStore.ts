/**
 * The projects slice's Firestore access, the only store opening `projects`: read through domain
 * storedProjectDocSchema / projectDocSchema, and every project write
 * checked against storedProjectDocSchema (checkedDoc for a new project,
 * checkedUpdate for an update). Their leads are read and written through the
 * leads slice (leads/index.ts).
 */
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  projectDocSchema,
  storedProjectDocSchema,
  type ProjectDoc,
  type ProjectStatus,
  type StoredProjectDoc,
} from '@studio/domain';
import {
  checkedDoc,
  checkedUpdate,
  parsedDocs,
  zodConverter,
  type StoredWrite,
  type StoredUpdate,
} from '../../platform/converter.js';

const projectConverter = zodConverter(storedProjectDocSchema);

/** A project as read: its ref and its stored fields. */
export interface ReadProject {
  ref: DocumentReference;
  project: StoredProjectDoc;
}

const projects = (db: Firestore) => db.collection(COLLECTIONS.projects);

/** A new project's ref. */
export const newProjectRef = (db: Firestore) => projects(db).doc();

/** The project `id` read in `tx` (parsed), null when absent. @throws ZodError when it does not parse (a logged 500). */
export async function readProjectIn(tx: Transaction, db: Firestore, id: string): Promise<ReadProject | null> {
  const ref = projects(db).doc(id);
  const project = (await tx.get(ref.withConverter(projectConverter))).data();
  return project ? { ref, project } : null;
}

/** The project at `ref` read in `tx` (parsed), null when absent. @throws ZodError when it does not parse. */
export async function readProjectAtIn(tx: Transaction, ref: DocumentReference): Promise<ReadProject | null> {
  const project = (await tx.get(ref.withConverter(projectConverter))).data();
  return project ? { ref, project } : null;
}

/** The lead's (first) project read in `tx` (parsed), null when it has none. @throws ZodError when it does not parse. */
export async function readLeadProjectIn(tx: Transaction, db: Firestore, leadId: string): Promise<ReadProject | null> {
  const snap = await tx.get(projects(db).withConverter(projectConverter).where('leadId', '==', leadId).limit(1));
  const doc = snap.docs[0];
  return doc ? { ref: projects(db).doc(doc.id), project: doc.data() } : null;
}

/** Every project, newest first, each parsed as the lists show it (one that does not parse is left out, logged). */
export async function listProjectDocs(db: Firestore): Promise<Array<ProjectDoc & { id: string }>> {
  return parsedDocs(await projects(db).orderBy('createdAt', 'desc').get(), projectDocSchema, 'listProjects');
}

/** The refs of the projects in one of `statuses` (the scheduled countdown's candidates; re-read in each move). */
export async function projectRefsIn(db: Firestore, statuses: ProjectStatus[]): Promise<DocumentReference[]> {
  return (await projects(db).where('status', 'in', statuses).get()).docs.map((d) => d.ref);
}

/** Firestore's cap on the values of one `in` filter. */
const IN_CHUNK = 30;

/**
 * The projects of `leadIds` (one `in` query per 30 ids, in turn), each parsed (projectDocSchema) with its id; one
 * that does not parse is left out, logged under `label`.
 */
export async function projectsOfLeads(
  db: Firestore,
  leadIds: readonly string[],
  label: string,
): Promise<Array<ProjectDoc & { id: string }>> {
  const out: Array<ProjectDoc & { id: string }> = [];
  for (let i = 0; i < leadIds.length; i += IN_CHUNK) {
    const snap = await projects(db)
      .where('leadId', 'in', leadIds.slice(i, i + IN_CHUNK))
      .get();
    out.push(...parsedDocs(snap, projectDocSchema, label));
  }
  return out;
}

/** Project `id` parsed with projectDocSchema, or null when absent. @throws ZodError (a logged 500) when it does not parse. */
export async function readProjectDoc(db: Firestore, id: string): Promise<ProjectDoc | null> {
  return (await projects(db).doc(id).withConverter(zodConverter(projectDocSchema)).get()).data() ?? null;
}

/**
 * The projects held for proposal `proposalId`'s countersignature (`countersignPending`), read in `tx`, each with its
 * ref. @throws ZodError when one does not parse with projectDocSchema.
 */
export async function projectsHeldForIn(
  tx: Transaction,
  db: Firestore,
  proposalId: string,
): Promise<Array<{ ref: DocumentReference; project: ProjectDoc }>> {
  const snap = await tx.get(projects(db).where('countersignPending', '==', proposalId));
  return snap.docs.map((d) => ({ ref: d.ref, project: projectDocSchema.parse(d.data()) }));
}

/** Creates the project `data` at `ref` in `tx`. @throws ZodError when it does not match storedProjectDocSchema. */
export function createProjectIn(
  tx: Transaction,
  ref: DocumentReference,
  data: StoredWrite<typeof storedProjectDocSchema>,
): void {
  tx.create(ref, checkedDoc(storedProjectDocSchema, data));
}

/** Updates the project at `ref` with `data` in `tx`. @throws ZodError when a field does not match storedProjectDocSchema. */
export function updateProjectIn(
  tx: Transaction,
  ref: DocumentReference,
  data: StoredUpdate<typeof storedProjectDocSchema>,
): void {
  tx.update(ref, checkedUpdate(storedProjectDocSchema, data));
}
