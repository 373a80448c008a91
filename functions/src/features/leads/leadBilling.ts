import { Timestamp } from 'firebase-admin/firestore';
import type { LeadBilling } from '@studio/domain';
import type { ClientBillingFields } from '@studio/domain/invoiceTax';
import { notFound } from '../../platform/errors.js';
import type { Clock, Deps } from '../useCase.js';
import { readLeadIn, updateLeadIn } from './leadStore.js';

/**
 * Sets the billing fields of lead `leadId` (`leads/{id}.billing`, LeadBilling)
 * to `fields`, as parsed by invoiceTax.ts clientBillingFieldsSchema (an EU tax
 * id already a canonical VAT id of its country), whole: a field left out is
 * cleared. Invoices issued before keep the copy they were issued with;
 * the next one bills these. Returns what was stored.
 * @throws NotFound "Lead not found".
 */
export async function setLeadBilling(
  deps: Deps,
  leadId: string,
  fields: ClientBillingFields,
  clock: Clock,
): Promise<LeadBilling> {
  const billing: LeadBilling = {
    company: fields.company,
    address: fields.address,
    country: fields.country,
    taxId: fields.taxId,
  };
  await deps.db.runTransaction(async (tx) => {
    const read = await readLeadIn(tx, deps.db, leadId);
    if (!read) throw notFound('Lead not found');
    updateLeadIn(tx, read.ref, { billing, updatedAt: Timestamp.fromDate(clock()) });
  });
  return billing;
}
