/**
 * The portal's Firestore access (the slice's only store): the leads of a
 * verified address, their projects, invoices and payment requests, one
 * project or invoice by id, and the invitation's writes (outbox email and
 * activity entry in one batch). Reads parse with the domain schemas.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { z } from 'zod';
import {
  COLLECTIONS,
  invoiceDocSchema,
  paymentRequestDocSchema,
  projectDocSchema,
  type InvoiceDoc,
  type PaymentRequestDoc,
  type ProjectDoc,
  type StoredLeadDoc,
} from '@studio/domain';
import { leadConverter, parsedDocs, zodConverter } from '../../platform/converter.js';
import { enqueueEmail, type OutboxEmail } from '../../shared/outbox.js';
import { recordActivity, type ActivityEntry } from '../../shared/activity.js';

/** The newest leads of one address the portal weighs (reads per request stay bounded). */
export const MAX_PORTAL_LEADS = 50;
/** Firestore's cap on the values of one `in` filter. */
const IN_CHUNK = 30;

const projectConverter = zodConverter(projectDocSchema);
const invoiceConverter = zodConverter(invoiceDocSchema);
const paymentRequestConverter = zodConverter(paymentRequestDocSchema);

/** The ids of the leads stored under `email` (lowercased), newest first, at most MAX_PORTAL_LEADS. */
export async function leadIdsOfEmail(db: Firestore, email: string): Promise<string[]> {
  const snap = await db
    .collection(COLLECTIONS.leads)
    .where('email', '==', email)
    .orderBy('createdAt', 'desc')
    .limit(MAX_PORTAL_LEADS)
    .select()
    .get();
  return snap.docs.map((d) => d.id);
}

/** The documents of `collection` whose `leadId` is one of `leadIds`, parsed with `schema` (bad ones left out, logged). */
async function byLeads<S extends z.ZodType<object>>(
  db: Firestore,
  collection: string,
  schema: S,
  leadIds: string[],
): Promise<Array<z.output<S> & { id: string }>> {
  const out: Array<z.output<S> & { id: string }> = [];
  for (let i = 0; i < leadIds.length; i += IN_CHUNK) {
    const snap = await db
      .collection(collection)
      .where('leadId', 'in', leadIds.slice(i, i + IN_CHUNK))
      .get();
    out.push(...parsedDocs(snap, schema, `portal ${collection}`));
  }
  return out;
}

/** The projects of `leadIds`, each with its id. */
export const projectsOfLeads = (db: Firestore, leadIds: string[]) =>
  byLeads(db, COLLECTIONS.projects, projectDocSchema, leadIds);

/** The admin invoices of `leadIds`, each with its id. */
export const invoicesOfLeads = (db: Firestore, leadIds: string[]) =>
  byLeads(db, COLLECTIONS.invoices, invoiceDocSchema, leadIds);

/** The deposit and final payment requests of `leadIds`, each with its id. */
export const paymentRequestsOfLeads = (db: Firestore, leadIds: string[]) =>
  byLeads(db, COLLECTIONS.paymentRequests, paymentRequestDocSchema, leadIds);

/** Project `id`, or null. @throws ZodError (a logged 500) when it does not parse. */
export async function readProject(db: Firestore, id: string): Promise<ProjectDoc | null> {
  return (await db.collection(COLLECTIONS.projects).doc(id).withConverter(projectConverter).get()).data() ?? null;
}

/** Invoice `id`: an admin invoice, else a payment request, or null. */
export async function readInvoiceOrRequest(
  db: Firestore,
  id: string,
): Promise<{ kind: 'invoice'; doc: InvoiceDoc } | { kind: 'request'; doc: PaymentRequestDoc } | null> {
  const [inv, req] = await Promise.all([
    db.collection(COLLECTIONS.invoices).doc(id).withConverter(invoiceConverter).get(),
    db.collection(COLLECTIONS.paymentRequests).doc(id).withConverter(paymentRequestConverter).get(),
  ]);
  const invoice = inv.data();
  if (invoice) return { kind: 'invoice', doc: invoice };
  const request = req.data();
  return request ? { kind: 'request', doc: request } : null;
}

/** Lead `id` (parsed), or null. */
export async function readLead(db: Firestore, id: string): Promise<StoredLeadDoc | null> {
  return (await db.collection(COLLECTIONS.leads).doc(id).withConverter(leadConverter).get()).data() ?? null;
}

/** Writes the invitation email and its activity entry together (one batch): neither is stored without the other. */
export async function writeInvitation(db: Firestore, email: OutboxEmail, activity: ActivityEntry): Promise<void> {
  const batch = db.batch();
  enqueueEmail(db, batch, email);
  recordActivity(db, batch, activity);
  await batch.commit();
}
