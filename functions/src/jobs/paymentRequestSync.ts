/**
 * Issues and settles a lead's deposit and final payment requests
 * (services/paymentRequests.ts) after every write of `leads/{leadId}`,
 * whoever made it (quote acceptance, a payment, the scheduler). Retried on
 * failure; the sync is idempotent. Leads with nothing to request cost no read.
 * A lead that does not parse (domain leadDocSchema) is logged and left
 * without requests: a retry could not fix it, and the next write re-runs this.
 * A factory, so index.ts creates it after setGlobalOptions.
 */
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import * as logger from 'firebase-functions/logger';
import { leadDocSchema, leadPaymentRequests } from '@studio/domain';
import { db } from '../firebase.js';
import { syncPaymentRequests } from '../services/paymentRequests.js';

export function paymentRequestTrigger() {
  return onDocumentWritten({ document: 'leads/{leadId}', retry: true }, async (event) => {
    const data = event.data?.after.data();
    if (!data) return;
    const after = leadDocSchema.safeParse(data);
    if (!after.success) {
      logger.error('paymentRequests: stored lead does not parse', {
        leadId: event.params.leadId,
        issues: after.error.issues,
      });
      return;
    }
    if (leadPaymentRequests(event.params.leadId, after.data).length === 0) return;
    await syncPaymentRequests(db, event.params.leadId);
  });
}
