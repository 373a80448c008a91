/**
 * Keeps the CRM board's projection current (services/leadBoard.ts): a v2
 * Firestore trigger on every write of `leads/{leadId}`. Retried on a
 * transient failure (the sync is idempotent and reads the lead as it is
 * now); a card Firestore refuses for good (a full shard) is logged as an
 * error and not retried: the sync marks the board as needing a rebuild,
 * which the dashboard shows. A factory, so index.ts creates it after
 * setGlobalOptions.
 */
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import * as logger from 'firebase-functions/logger';
import { db } from '../firebase.js';
import { syncBoardCard } from '../services/leadBoard.js';

export function leadBoardTrigger() {
  return onDocumentWritten({ document: 'leads/{leadId}', retry: true }, async (event) => {
    const leadId = event.params.leadId;
    if ((await syncBoardCard(db, leadId)) === 'rejected') {
      logger.error(
        'syncLeadBoard: Firestore refused the card (its shard is likely full); the board needs a rebuild with more shards (npm run board:rebuild -- --shards N)',
        { leadId },
      );
    }
  });
}
