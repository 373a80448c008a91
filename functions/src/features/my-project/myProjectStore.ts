/**
 * The My Project lookup's Firestore reads: a client's leads (by email, read by the leads slice) and their
 * projects (read by the projects slice), parsed with domain leadDocSchema / projectDocSchema; a document
 * that does not parse is left out, logged. The lookup writes nothing.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { ProjectDoc, StoredLeadDoc } from '@studio/domain';
import { newestLeadsOfEmail } from '../leads/index.js';
import { projectsOfLeads } from '../projects/index.js';

/** The newest `limit` leads of `email`, newest first, each parsed. */
export async function readLeadsOfEmail(
  db: Firestore,
  email: string,
  limit: number,
): Promise<Array<StoredLeadDoc & { id: string }>> {
  return newestLeadsOfEmail(db, email, limit, 'my project: lead');
}

/** The projects of `leadIds` (through the projects slice: one `in` query per 30 ids), each parsed, grouped by lead. */
export async function readProjectsOfLeads(db: Firestore, leadIds: string[]): Promise<Map<string, ProjectDoc[]>> {
  const byLead = new Map<string, ProjectDoc[]>();
  for (const { id: _id, ...p } of await projectsOfLeads(db, leadIds, 'my project: project')) {
    if (p.leadId === null) continue;
    byLead.set(p.leadId, [...(byLead.get(p.leadId) ?? []), p]);
  }
  return byLead;
}
