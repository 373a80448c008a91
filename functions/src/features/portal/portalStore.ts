/**
 * The portal's Firestore access (the slice's only store): the leads of a
 * verified address (through the leads slice), their projects (through the projects slice), invoices and
 * payment requests (through billing), one project or invoice by id, and the invitation's writes (outbox email and
 * activity entry in one batch). Reads parse with the domain schemas.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, type ProjectDoc, type StoredLeadDoc } from '@studio/domain';
import { newestLeadIdsOfEmail, readLead as readLeadOf } from '../leads/index.js';
import {
  invoicesOfLeads as billedInvoicesOfLeads,
  paymentRequestsOfLeads as billedRequestsOfLeads,
  readInvoiceOrRequest as readBilled,
} from '../billing/index.js';
import { projectsOfLeads as projectsOfLeadsIn, readProjectDoc } from '../projects/index.js';
import { enqueueEmail, type OutboxEmail } from '../../shared/outbox.js';
import { recordActivity, type ActivityEntry } from '../../shared/activity.js';

/** The newest leads of one address the portal weighs (reads per request stay bounded). */
export const MAX_PORTAL_LEADS = 50;

/** The ids of the leads stored under `email` (lowercased), newest first, at most MAX_PORTAL_LEADS. */
export async function leadIdsOfEmail(db: Firestore, email: string): Promise<string[]> {
  return newestLeadIdsOfEmail(db, email, MAX_PORTAL_LEADS);
}

/** The projects of `leadIds` (through the projects slice), each with its id. */
export const projectsOfLeads = (db: Firestore, leadIds: string[]) =>
  projectsOfLeadsIn(db, leadIds, `portal ${COLLECTIONS.projects}`);

/** The admin invoices of `leadIds` (through billing), each with its id. */
export const invoicesOfLeads = (db: Firestore, leadIds: string[]) =>
  billedInvoicesOfLeads(db, leadIds, `portal ${COLLECTIONS.invoices}`);

/** The deposit and final payment requests of `leadIds` (through billing), each with its id. */
export const paymentRequestsOfLeads = (db: Firestore, leadIds: string[]) =>
  billedRequestsOfLeads(db, leadIds, `portal ${COLLECTIONS.paymentRequests}`);

/** Project `id`, or null. @throws ZodError (a logged 500) when it does not parse. */
export const readProject = (db: Firestore, id: string): Promise<ProjectDoc | null> => readProjectDoc(db, id);

/** Invoice `id`: an admin invoice, else a payment request, or null (billing readInvoiceOrRequest). */
export const readInvoiceOrRequest = readBilled;

/** Lead `id` (parsed), or null. */
export async function readLead(db: Firestore, id: string): Promise<StoredLeadDoc | null> {
  return (await readLeadOf(db, id)) ?? null;
}

/** Writes the invitation email and its activity entry together (one batch): neither is stored without the other. */
export async function writeInvitation(db: Firestore, email: OutboxEmail, activity: ActivityEntry): Promise<void> {
  const batch = db.batch();
  enqueueEmail(db, batch, email);
  recordActivity(db, batch, activity);
  await batch.commit();
}
