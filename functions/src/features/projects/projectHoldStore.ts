/**
 * Projects held for the owner's countersignature (domain proposals.ts
 * countersignHoldError): a proposal signed while Settings › Proposals holds
 * Set up creates its project in "Quote Accepted" with `countersignPending`
 * naming the proposal; the countersignature releases it into Set up.
 */
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS, projectDocSchema } from '@studio/domain';
import { recordActivity } from '../../shared/activity.js';

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
  const snap = await tx.get(db.collection(COLLECTIONS.projects).where('countersignPending', '==', proposalId));
  const held = snap.docs.map((d) => ({ ref: d.ref, project: projectDocSchema.parse(d.data()) }));
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
