/**
 * The hosted-projects slice's typed store. It owns no collection: it creates
 * leads quoted from a hosted project and syncs their deployment flags, so it
 * reads and writes `leads` through the leads slice's schema (domain
 * leadDocSchema, leadConverter): writes checked with it first, lists through
 * parsedDocs (a lead that does not parse is left out and logged).
 */
import type { Firestore, WriteBatch } from 'firebase-admin/firestore';
import { COLLECTIONS, leadDocSchema } from '@studio/domain';
import { checkedDoc, checkedUpdate, parsedDocs } from '../../platform/converter.js';

const leads = (db: Firestore) => db.collection(COLLECTIONS.leads);

/** A new lead's ref, not yet written. */
export const newLeadRef = (db: Firestore) => leads(db).doc();

/** Creates lead `id` in `batch`, checked with leadDocSchema. */
export function createLeadInBatch(db: Firestore, batch: WriteBatch, id: string, doc: Record<string, unknown>): void {
  batch.create(leads(db).doc(id), checkedDoc(leadDocSchema, doc));
}

/** Every lead quoted from a hosted project (with a `replitProjectId`), parsed, with its id. */
export async function hostedLeads(db: Firestore) {
  const snap = await leads(db).where('replitProjectId', '!=', null).get();
  return parsedDocs(snap, leadDocSchema, 'hosted-projects: leads');
}

/** Updates lead `id` in `batch`, the plain fields checked with leadDocSchema's fields (partial). */
export function updateLeadInBatch(db: Firestore, batch: WriteBatch, id: string, fields: Record<string, unknown>): void {
  batch.update(leads(db).doc(id), checkedUpdate(leadDocSchema, fields));
}
