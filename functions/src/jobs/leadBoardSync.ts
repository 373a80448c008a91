/**
 * Keeps the CRM board's projection current (services/leadBoard.ts): a v2
 * Firestore trigger on every write of `leads/{leadId}`. Retried on failure
 * (the sync is idempotent and reads the lead as it is now). A factory, so
 * index.ts creates it after setGlobalOptions.
 */
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { db } from '../firebase.js';
import { syncBoardCard } from '../services/leadBoard.js';

export function leadBoardTrigger() {
  return onDocumentWritten({ document: 'leads/{leadId}', retry: true }, async (event) => {
    await syncBoardCard(db, event.params.leadId);
  });
}
