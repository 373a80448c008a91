/**
 * The building blocks of the admin's live hooks (./hooks.ts for the leads,
 * board, promo codes and projects; ./moneyHooks.ts for the books;
 * ./messageHooks.ts for the portal's messages): one listener per list, each
 * document parsed with its domain schema. Kept apart so a page loads only the
 * schemas of the lists it shows (the dashboard none of the billing ones).
 */
import { useEffect, useState } from 'react';
import { onSnapshot, type FirestoreError, type Query, type QuerySnapshot, type Unsubscribe } from 'firebase/firestore';
import type { z } from 'zod';
import { confirmedSnapshots } from './confirmed';
import { watchFirstSnapshot } from './stallWatch';
import { unlessSessionEnded } from './sessionCheck';

/** A live list's state: loading, its parsed documents, or the read's error (a refused read never throws). */
export interface LiveList<T> {
  status: 'loading' | 'error' | 'success';
  data: T[];
  error?: Error;
}

/**
 * onSnapshot for a page's list: `next` gets the snapshots confirmedSnapshots
 * lets through, and the listener asks for metadata changes, without which the
 * server confirming an empty list after an offline start never arrives. A
 * list that shows nothing for a while although the browser is online gets its
 * stream restarted (./stallWatch.ts). A refusal reaches `error` only while the
 * session is good (./sessionCheck.ts).
 */
export function listenToList(
  q: Query,
  next: (snap: QuerySnapshot) => void,
  error: (e: FirestoreError) => void,
): Unsubscribe {
  const settled = watchFirstSnapshot(q.firestore);
  const refused = unlessSessionEnded(error);
  const stop = onSnapshot(
    q,
    { includeMetadataChanges: true },
    confirmedSnapshots((snap: QuerySnapshot) => {
      settled();
      next(snap);
    }),
    (e) => {
      settled();
      refused(e);
    },
  );
  return () => {
    settled();
    stop();
  };
}

/** A stored document as read by the web SDK: its id and data. */
export type StoredDoc = { id: string; ref: { path: string }; data(): unknown };

/**
 * `d` parsed with `schema` (timestamps as Dates), with its id; null when it
 * does not parse, logged with console.error so the bad document can be found
 * and fixed while the rest of the board shows.
 */
export function parsedDoc<S extends z.ZodType<object>>(schema: S, d: StoredDoc): (z.output<S> & { id: string }) | null {
  const parsed = schema.safeParse(d.data());
  if (parsed.success) return { ...parsed.data, id: d.id };
  console.error(`Stored document ${d.ref.path} does not parse; left out`, parsed.error.issues);
  return null;
}

/** The documents of `snap` that parse with `schema`, in order; the others left out (parsedDoc). */
export const parsedDocs = <S extends z.ZodType<object>>(schema: S, snap: QuerySnapshot) =>
  snap.docs.flatMap((d) => parsedDoc(schema, d) ?? []);

/**
 * Keeps `q` live as `map(snapshot)`; no listener while `q` is null. A refused
 * or failed read does not throw: it comes back as `status: 'error'`. Give it
 * a memoized query and a module-level `map` (a new query listens again).
 */
export function useLiveQuery<T>(q: Query | null, map: (snap: QuerySnapshot) => T[]): LiveList<T> {
  const [state, setState] = useState<LiveList<T>>({ status: 'loading', data: [] });
  useEffect(() => {
    if (!q) return;
    setState((cur) => (cur.status === 'loading' ? cur : { status: 'loading', data: [] }));
    return listenToList(
      q,
      (snap) => setState({ status: 'success', data: map(snap) }),
      (error) => setState({ status: 'error', data: [], error }),
    );
  }, [q, map]);
  return state;
}
