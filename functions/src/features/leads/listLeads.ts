import { toLeadDto, type LeadDto } from '@studio/domain';
import { AppError } from '../../platform/errors.js';
import type { Deps } from '../useCase.js';
import { countLeadsIn, listLeadDocs, readLead } from './leadStore.js';

/**
 * Every lead as LeadDto, newest first (admin list). Each is parsed (domain
 * leadDocSchema); one that does not parse is left out and logged, as on the
 * live boards, so one bad document does not take the whole list down.
 */
export async function listLeads(deps: Deps): Promise<LeadDto[]> {
  return (await listLeadDocs(deps.db)).map(({ id, ...lead }) => toLeadDto(id, lead));
}

/**
 * The lead `id` as LeadDto, as stored now (parsed with leadConverter).
 * @throws AppError NotFound "Lead not found"; ZodError when the stored lead does not parse (a logged 500).
 */
export async function readLeadDto(deps: Deps, id: string): Promise<LeadDto> {
  const lead = await readLead(deps.db, id);
  if (!lead) throw new AppError('NotFound', 'Lead not found');
  return toLeadDto(id, lead);
}

/** Number of leads in status New (the public counter; no lead data leaves). */
export async function countNewLeads(deps: Deps): Promise<number> {
  return countLeadsIn(deps.db, 'New');
}
