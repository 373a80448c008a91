import { COLLECTIONS, leadDocSchema, toLeadDto, type LeadDto } from '@studio/domain';
import { AppError } from '../../platform/errors.js';
import { leadConverter, parsedDocs } from '../../platform/converter.js';
import type { Deps } from '../useCase.js';

/**
 * Every lead as LeadDto, newest first (admin list). Each is parsed (domain
 * leadDocSchema); one that does not parse is left out and logged, as on the
 * live boards, so one bad document does not take the whole list down.
 */
export async function listLeads(deps: Deps): Promise<LeadDto[]> {
  const snap = await deps.db.collection(COLLECTIONS.leads).orderBy('createdAt', 'desc').get();
  return parsedDocs(snap, leadDocSchema, 'listLeads').map(({ id, ...lead }) => toLeadDto(id, lead));
}

/**
 * The lead `id` as LeadDto, as stored now (parsed with leadConverter).
 * @throws AppError NotFound "Lead not found"; ZodError when the stored lead does not parse (a logged 500).
 */
export async function readLeadDto(deps: Deps, id: string): Promise<LeadDto> {
  const saved = await deps.db.collection(COLLECTIONS.leads).doc(id).withConverter(leadConverter).get();
  const lead = saved.data();
  if (!lead) throw new AppError('NotFound', 'Lead not found');
  return toLeadDto(id, lead);
}

/** Number of leads in status New (the public counter; no lead data leaves). */
export async function countNewLeads(deps: Deps): Promise<number> {
  return (await deps.db.collection(COLLECTIONS.leads).where('status', '==', 'New').count().get()).data().count;
}
