/**
 * Keeps the CRM board's projection current (features/leads/leadBoardStore.ts): a v2
 * Firestore trigger on every write of `leads/{leadId}`. Retried on a
 * transient failure (the sync is idempotent and reads the lead as it is
 * now). After the card, it folds the board's changes documents into its
 * shards when enough have gathered; a shard Firestore refuses for good (full)
 * is logged as an error and not retried: the fold marks the board as needing
 * a rebuild, which the dashboard shows. The trigger itself is declared in
 * index.ts (`syncLeadBoard`).
 */
import type { Change, DocumentSnapshot, FirestoreEvent } from 'firebase-functions/v2/firestore';
import { EVENTS, logEvent } from '../../platform/log.js';
import { db } from '../../platform/firebase.js';
import { foldLeadBoardIfDue, syncBoardCard } from './leadBoardStore.js';

/** Brings the board card of the written lead up to date, then folds the board's changes if due. */
export async function syncLeadBoardCard(
  event: FirestoreEvent<Change<DocumentSnapshot> | undefined, { leadId: string }>,
): Promise<void> {
  const leadId = event.params.leadId;
  await syncBoardCard(db, leadId);
  if ((await foldLeadBoardIfDue(db)) === 'rejected') {
    logEvent(
      EVENTS.boardCardRefused,
      'syncLeadBoard: Firestore refused a board shard (it is likely full); the board needs a rebuild with more shards (npm run board:rebuild -- --shards N)',
      { leadId },
    );
  }
}
