/**
 * Lead activity history: what changed, when and by whom, written by
 * the server for every status move and quote event, in the same transaction or
 * batch as the change itself. Collection `lead_activity`, admin-readable.
 */
import { COLLECTIONS, retentionEnd } from '@studio/domain';
import {
  FieldValue,
  type DocumentReference,
  type Firestore,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { createActivityEntry } from './activityStore.js';

export type ActivityType =
  | 'created'
  | 'status_changed'
  | 'marked_dead'
  | 'revived'
  | 'note_added'
  | 'quote_event'
  | 'invoice_sent'
  | 'payment_received'
  | 'payment_review'
  | 'refund'
  | 'dispute'
  | 'invoice_closed'
  | 'reminder_sent'
  | 'reminder_skipped'
  | 'portal_invited'
  | 'portal_signed_in'
  | 'file_uploaded'
  | 'file_visibility_changed'
  | 'file_removed'
  | 'file_downloaded'
  | 'message_from_client'
  | 'message_to_client';

export interface ActivityEntry {
  leadId: string;
  type: ActivityType;
  /** Status before and after, for moves. */
  from?: string | null;
  to?: string | null;
  /** Free detail, e.g. the dead reason. */
  detail?: string | null;
  /** Username of the admin, or "client" / "system". */
  by: string;
}

/** Adds an activity entry to `tx` (a transaction or batch). Returns its ref. @throws ZodError on an entry that does not match (domain leadActivityDocSchema). */
export function recordActivity(db: Firestore, tx: Transaction | WriteBatch, entry: ActivityEntry): DocumentReference {
  return createActivityEntry(db, tx, {
    leadId: entry.leadId,
    type: entry.type,
    from: entry.from ?? null,
    to: entry.to ?? null,
    detail: entry.detail ?? null,
    by: entry.by,
    at: FieldValue.serverTimestamp(),
    expireAt: retentionEnd(COLLECTIONS.leadActivity, new Date()),
  });
}
