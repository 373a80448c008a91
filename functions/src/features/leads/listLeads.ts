import { COLLECTIONS, reviveDates, toLeadDto, type LeadDto, type LeadRecord } from '@studio/domain';
import type { Deps } from '../useCase.js';

/** Every lead as LeadDto, newest first (admin list). */
export async function listLeads(deps: Deps): Promise<LeadDto[]> {
  const snap = await deps.db.collection(COLLECTIONS.leads).orderBy('createdAt', 'desc').get();
  return snap.docs.map((d) => toLeadDto(d.id, reviveDates(d.data()) as LeadRecord));
}

/** The lead `id` as LeadDto, as stored now. */
export async function readLeadDto(deps: Deps, id: string): Promise<LeadDto> {
  const saved = await deps.db.collection(COLLECTIONS.leads).doc(id).get();
  return toLeadDto(id, reviveDates(saved.data()!) as LeadRecord);
}

/** Number of leads in status New (the public counter; no lead data leaves). */
export async function countNewLeads(deps: Deps): Promise<number> {
  return (await deps.db.collection(COLLECTIONS.leads).where('status', '==', 'New').count().get()).data().count;
}
