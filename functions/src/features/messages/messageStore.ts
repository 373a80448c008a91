/**
 * The messages slice's Firestore access: `message_threads` (one document per
 * conversation, with each side's unread count) and `messages` (append-only,
 * each naming its thread), and the lead's `unreadMessages` (its board card
 * shows it), read and written through the leads slice. A message, its thread's counters, the lead's count, the other
 * side's email and the activity entry are written in one transaction: none
 * is stored without the others. Reads parse with the domain schemas.
 */
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  messageDocSchema,
  messageThreadDocSchema,
  type MessageAuthor,
  type MessageDoc,
  type MessageThreadDoc,
} from '@studio/domain';
import { checkedDoc, checkedUpdate, parsedDocs, zodConverter } from '../../platform/converter.js';
import { readLeadIn, setUnreadMessagesIn } from '../leads/index.js';
import { enqueueEmail, type OutboxEmail } from '../../shared/outbox.js';
import { recordActivity, type ActivityEntry } from '../../shared/activity.js';

const threadConverter = zodConverter(messageThreadDocSchema);

const threadRef = (db: Firestore, id: string) =>
  db.collection(COLLECTIONS.messageThreads).doc(id).withConverter(threadConverter);

/** Thread `id` as stored, or null before its first message. @throws ZodError when it does not parse (a logged 500). */
export async function readThread(db: Firestore, id: string): Promise<MessageThreadDoc | null> {
  return (await threadRef(db, id).get()).data() ?? null;
}

/** Every stored thread of the client `email` (lowercased), each with its id (bad ones left out, logged). */
export async function threadsOfEmail(db: Firestore, email: string): Promise<Array<MessageThreadDoc & { id: string }>> {
  const snap = await db.collection(COLLECTIONS.messageThreads).where('email', '==', email).get();
  return parsedDocs(snap, messageThreadDocSchema, 'threadsOfEmail');
}

/** The newest `count` messages of thread `threadId`, oldest first, each with its id. */
export async function messagesOf(
  db: Firestore,
  threadId: string,
  count: number,
): Promise<Array<MessageDoc & { id: string }>> {
  const snap = await db
    .collection(COLLECTIONS.messages)
    .where('threadId', '==', threadId)
    .orderBy('at', 'desc')
    .limit(count)
    .get();
  return parsedDocs(snap, messageDocSchema, 'messagesOf').reverse();
}

/** A thread as its first message creates it (the counters start at 0). */
export type NewThread = Pick<MessageThreadDoc, 'kind' | 'email' | 'leadId' | 'projectId' | 'title'>;

/** One message to write (writeMessage). */
export interface MessageWrite {
  threadId: string;
  /** The thread's fields, used when this is its first message. */
  thread: NewThread;
  from: MessageAuthor;
  /** The admin's username, or "client". */
  by: string;
  text: string;
  /** The other side's notice (never the text itself), or null when there is nobody to tell. */
  email: OutboxEmail | null;
  /** The lead's history entry; its leadId is replaced by the thread's lead. */
  activity: Omit<ActivityEntry, 'leadId'>;
}

/** The lead's history entry for a message from `from` in the thread titled `title`, written by `by`. */
export function messageActivity(from: MessageAuthor, title: string, by: string): MessageWrite['activity'] {
  return from === 'client'
    ? { type: 'message_from_client', detail: `Client message in "${title}"`, by }
    : { type: 'message_to_client', detail: `Message to the client in "${title}"`, by };
}

/**
 * Writes one message in a transaction: the message, its thread (created on
 * the first message), the unread counters, the notice email and the activity
 * entry. A client's message adds one to the owner's unread count, on the
 * thread and on its lead (the card's badge); the owner's adds one to the
 * client's and marks the thread read by the owner (they answered it).
 * @returns the new message's id.
 */
export async function writeMessage(db: Firestore, w: MessageWrite): Promise<string> {
  const messageRef = db.collection(COLLECTIONS.messages).doc();
  await db.runTransaction(async (tx) => {
    const tRef = threadRef(db, w.threadId);
    const stored = (await tx.get(tRef)).data() ?? null;
    const leadId = stored?.leadId ?? w.thread.leadId;
    const read = await readLeadIn(tx, db, leadId);
    const leadUnread = read?.lead.unreadMessages ?? 0;
    const ownerUnread = stored?.unreadByOwner ?? 0;
    const counters =
      w.from === 'client'
        ? { unreadByOwner: ownerUnread + 1, unreadByClient: stored?.unreadByClient ?? 0 }
        : { unreadByOwner: 0, unreadByClient: (stored?.unreadByClient ?? 0) + 1 };
    const threadFields = { ...counters, lastMessageAt: FieldValue.serverTimestamp() };
    if (stored) tx.update(tRef, checkedUpdate(messageThreadDocSchema, threadFields));
    else
      tx.create(
        tRef.withConverter(null),
        checkedDoc(messageThreadDocSchema, {
          // The thread's own fields only: callers pass the resolved thread, which carries its id too.
          kind: w.thread.kind,
          email: w.thread.email,
          leadId: w.thread.leadId,
          projectId: w.thread.projectId,
          title: w.thread.title,
          ...threadFields,
          createdAt: FieldValue.serverTimestamp(),
        }),
      );
    if (read) {
      const unread = w.from === 'client' ? leadUnread + 1 : Math.max(0, leadUnread - ownerUnread);
      if (unread !== leadUnread) setUnreadMessagesIn(tx, read.ref, unread);
    }
    tx.create(
      messageRef,
      checkedDoc(messageDocSchema, {
        threadId: w.threadId,
        leadId,
        from: w.from,
        text: w.text,
        by: w.by,
        at: FieldValue.serverTimestamp(),
      }),
    );
    if (w.email) enqueueEmail(db, tx, { ...w.email, leadId });
    recordActivity(db, tx, { ...w.activity, leadId });
  });
  return messageRef.id;
}

/**
 * Marks thread `threadId` read by `reader`: its unread count for that side
 * goes to 0; for the owner, the thread's lead's count drops by as many. Does
 * nothing for a thread not yet written or already read.
 */
export async function markThreadRead(db: Firestore, threadId: string, reader: MessageAuthor): Promise<void> {
  await db.runTransaction(async (tx) => {
    const tRef = threadRef(db, threadId);
    const stored = (await tx.get(tRef)).data();
    if (!stored) return;
    if (reader === 'client') {
      if (stored.unreadByClient > 0) tx.update(tRef, checkedUpdate(messageThreadDocSchema, { unreadByClient: 0 }));
      return;
    }
    if (stored.unreadByOwner === 0) return;
    const read = await readLeadIn(tx, db, stored.leadId);
    tx.update(tRef, checkedUpdate(messageThreadDocSchema, { unreadByOwner: 0 }));
    if (read) setUnreadMessagesIn(tx, read.ref, Math.max(0, (read.lead.unreadMessages ?? 0) - stored.unreadByOwner));
  });
}
