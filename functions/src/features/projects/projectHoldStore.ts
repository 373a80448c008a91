/**
 * Projects held for the owner's countersignature (domain proposals.ts
 * countersignHoldError): a proposal signed while Settings › Proposals holds
 * Set up creates its project in "Quote Accepted" with `countersignPending`
 * naming the proposal; the countersignature releases it into Set up.
 */
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { recordActivity } from '../../shared/activity.js';
import { projectsHeldForIn } from './projectStore.js';

/**
 * Reads in `tx` the projects held for proposal `proposalId` and returns the
 * writer to call after the caller's other reads: it moves each to Set up
 * (only from a status before the work: a canceled one stays canceled) and
 * clears the hold, with a line in its lead's activity.
 */
export async function readCountersignHold(
  db: Firestore,
  tx: Transaction,
  proposalId: string,
): Promise<(by: string) => number> {
  const held = await projectsHeldForIn(tx, db, proposalId);
  return (by) => {
    for (const { ref, project } of held) {
      const release = project.status === 'Quote Accepted' || project.status === 'Deposit Paid';
      tx.update(ref, {
        countersignPending: null,
        ...(release ? { status: 'Set up' } : {}),
        updatedAt: FieldValue.serverTimestamp(),
      });
      if (release && project.leadId)
        recordActivity(db, tx, {
          leadId: project.leadId,
          type: 'quote_event',
          detail: 'Proposal countersigned: the project moved to Set up',
          by,
        });
    }
    return held.length;
  };
}
