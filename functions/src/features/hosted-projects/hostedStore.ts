/**
 * The hosted-projects slice's typed store. It owns no collection: it creates
 * leads quoted from a hosted project and syncs their deployment flags, so it
 * reads and writes `leads` through the leads slice (leads/index.ts: writes
 * checked with domain leadDocSchema's fields first, lists through parsedDocs, a
 * lead that does not parse left out and logged).
 */
import type { Firestore, WriteBatch } from 'firebase-admin/firestore';
import { createLeadIn, hostedProjectLeads, leadRef, newLeadRef as newLead, updateLeadIn } from '../leads/index.js';

/** A new lead's ref, not yet written. */
export const newLeadRef = (db: Firestore) => newLead(db);

/** Creates lead `id` in `batch`, checked with leadDocSchema's fields. */
export function createLeadInBatch(db: Firestore, batch: WriteBatch, id: string, doc: Record<string, unknown>): void {
  createLeadIn(batch, leadRef(db, id), doc);
}

/** Every lead quoted from a hosted project (with a `replitProjectId`), parsed, with its id. */
export const hostedLeads = (db: Firestore) => hostedProjectLeads(db, 'hosted-projects: leads');

/** Updates lead `id` in `batch`, the plain fields checked with leadDocSchema's fields (partial). */
export function updateLeadInBatch(db: Firestore, batch: WriteBatch, id: string, fields: Record<string, unknown>): void {
  updateLeadIn(batch, leadRef(db, id), fields);
}
