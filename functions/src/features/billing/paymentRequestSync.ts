/**
 * Issues and settles a lead's deposit and final payment requests
 * (features/billing/paymentRequests.ts) after every write of `leads/{leadId}`,
 * whoever made it (quote acceptance, a payment, the scheduler). Retried on
 * failure; the sync is idempotent. Leads with nothing to request cost no read.
 * A lead that does not parse (domain leadDocSchema) is logged and left
 * without requests: a retry could not fix it, and the next write re-runs this.
 * The trigger itself is declared in index.ts (`issuePaymentRequests`).
 */
import type { Change, DocumentSnapshot, FirestoreEvent } from 'firebase-functions/v2/firestore';
import * as logger from 'firebase-functions/logger';
import { leadPaymentRequests } from '@studio/domain';
import { db } from '../../platform/firebase.js';
import { syncPaymentRequests } from './paymentRequests.js';
import { parseLeadSnapshot } from '../leads/index.js';

/** Issues or settles the written lead's payment requests, when it has any due. */
export async function syncLeadPaymentRequests(
  event: FirestoreEvent<Change<DocumentSnapshot> | undefined, { leadId: string }>,
): Promise<void> {
  const after = parseLeadSnapshot(event.data?.after);
  if (!after) return;
  if (!after.success) {
    logger.error('paymentRequests: stored lead does not parse', {
      leadId: event.params.leadId,
      issues: after.error.issues,
    });
    return;
  }
  if (leadPaymentRequests(event.params.leadId, after.data).length === 0) return;
  await syncPaymentRequests(db, event.params.leadId);
}
