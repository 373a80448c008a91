import { FieldValue } from 'firebase-admin/firestore';
import { newLeadRecord, type LeadDto, type NewLead } from '@studio/domain';
import { recordActivity } from '../../shared/activity.js';
import type { AdminActor, Deps } from '../useCase.js';
import { readLeadDto } from './listLeads.js';
import { createLeadIn, newLeadRef } from './leadStore.js';

/** A lead the admin enters by hand: status New, source "admin", with its "created" activity, in one batch. */
export async function createLead(deps: Deps, input: NewLead, actor: AdminActor): Promise<LeadDto> {
  const { db } = deps;
  const ref = newLeadRef(db);
  const now = FieldValue.serverTimestamp();
  const batch = db.batch();
  createLeadIn(batch, ref, { ...newLeadRecord(input), source: 'admin', createdAt: now, updatedAt: now });
  recordActivity(db, batch, { leadId: ref.id, type: 'created', to: 'New', by: actor.username });
  await batch.commit();
  return readLeadDto(deps, ref.id);
}
