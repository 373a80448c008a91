/** The portal's message threads and messages, kept live for the lead's details (./liveQuery.ts). */
import { useMemo } from 'react';
import { collection, limitToLast, orderBy, query, where, type QuerySnapshot } from 'firebase/firestore';
import { useFirestore } from 'reactfire';
import {
  COLLECTIONS,
  messageDocSchema,
  messageThreadDocSchema,
  THREAD_MESSAGES_SHOWN,
  type MessageDoc,
  type MessageThreadDoc,
} from '@studio/domain';
import { parsedDocs, useLiveQuery, type LiveList } from './liveQuery';

/** A portal message thread (domain messageThreadDocSchema) with its id. */
export type MessageThreadView = MessageThreadDoc & { id: string };

/** The message threads of the client `email` (lowercased), newest message first, kept live while `email` is set. */
export function useLiveMessageThreads(email: string | null): LiveList<MessageThreadView> {
  const firestore = useFirestore();
  const q = useMemo(
    () => (email ? query(collection(firestore, COLLECTIONS.messageThreads), where('email', '==', email)) : null),
    [firestore, email],
  );
  return useLiveQuery(q, threadsOf);
}

const threadsOf = (snap: QuerySnapshot): MessageThreadView[] =>
  parsedDocs(messageThreadDocSchema, snap).sort(
    (a, b) => (b.lastMessageAt?.getTime() ?? 0) - (a.lastMessageAt?.getTime() ?? 0),
  );

/** A portal message (domain messageDocSchema) with its id. */
export type MessageView = MessageDoc & { id: string };

/** The newest THREAD_MESSAGES_SHOWN messages of thread `threadId`, oldest first, kept live while it is set. */
export function useLiveThreadMessages(threadId: string | null): LiveList<MessageView> {
  const firestore = useFirestore();
  const q = useMemo(
    () =>
      threadId
        ? query(
            collection(firestore, COLLECTIONS.messages),
            where('threadId', '==', threadId),
            orderBy('at'),
            limitToLast(THREAD_MESSAGES_SHOWN),
          )
        : null,
    [firestore, threadId],
  );
  return useLiveQuery(q, messagesOf);
}

const messagesOf = (snap: QuerySnapshot): MessageView[] => parsedDocs(messageDocSchema, snap);
