/**
 * Issues and settles a lead's deposit and final payment requests
 * (services/paymentRequests.ts) after every write of `leads/{leadId}`,
 * whoever made it (quote acceptance, a payment, the scheduler). Retried on
 * failure; the sync is idempotent. Leads with nothing to request cost no read.
 * A factory, so index.ts creates it after setGlobalOptions.
 */
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { leadPaymentRequests, type LeadForRequests } from '@studio/domain';
import { db } from '../firebase.js';
import { syncPaymentRequests } from '../services/paymentRequests.js';

export function paymentRequestTrigger() {
  return onDocumentWritten({ document: 'leads/{leadId}', retry: true }, async (event) => {
    const after = event.data?.after.data() as LeadForRequests | undefined;
    if (!after || leadPaymentRequests(event.params.leadId, after).length === 0) return;
    await syncPaymentRequests(db, event.params.leadId);
  });
}
