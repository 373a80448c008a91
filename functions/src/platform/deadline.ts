/**
 * Request deadlines that never contradict the datastore: a 503 always means nothing was written.
 *
 * A request still unanswered after its deadline gets 503 + Retry-After
 * instead of hanging while Firestore is unreachable. A 503 must mean "nothing
 * was written", so the deadline and the writes coordinate through the
 * request's async context:
 * - once the deadline has passed, no write starts: batch commits (batches and
 *   single-document writes), transaction attempts and transaction commits
 *   throw DeadlineExceeded first;
 * - a commit already under way is never cut off: the deadline then leaves the
 *   answer to the handler, which gets the commit's real outcome within the
 *   Firestore call budget (FIRESTORE_TIMEOUT_MS, platform/firebase.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler, Response } from 'express';
import { Transaction, WriteBatch, type Firestore } from 'firebase-admin/firestore';

interface RequestScope {
  /** The deadline has passed: no write may start. */
  expired: boolean;
  /** Commits under way. */
  writing: number;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** Thrown instead of starting a write after the request's deadline; answered 503 (http.ts). */
export class DeadlineExceeded extends Error {
  constructor() {
    super('Request deadline passed before the write started; nothing was written.');
  }
}

function startWrite(): RequestScope | undefined {
  const s = scope.getStore();
  if (s?.expired) throw new DeadlineExceeded();
  return s;
}

async function tracked<T>(s: RequestScope | undefined, write: () => Promise<T>): Promise<T> {
  if (!s) return write();
  s.writing++;
  try {
    return await write();
  } finally {
    s.writing--;
  }
}

let guarded = false;

/** Transaction#commit: internal to the SDK (not in its types), but what every transaction attempt ends with. */
type Committable = { commit(): Promise<unknown> };

/**
 * Makes `db`'s writes respect the request deadline (see the module doc):
 * patches WriteBatch#commit (batches and single-document writes), the SDK's
 * Transaction#commit, and `db.runTransaction`, checked at the start of every
 * attempt. Outside a request (jobs, triggers) nothing changes. Idempotent.
 * @throws Error at startup if the SDK no longer has Transaction#commit.
 */
export function guardWrites(db: Firestore): void {
  if (guarded) return;
  guarded = true;
  for (const proto of [WriteBatch.prototype, Transaction.prototype] as unknown as Committable[]) {
    const commit = proto.commit;
    if (typeof commit !== 'function') throw new Error('guardWrites: this Firestore SDK has no commit() to guard');
    proto.commit = function (this: Committable) {
      const s = startWrite();
      return tracked(s, () => commit.call(this));
    };
  }
  const run = db.runTransaction.bind(db);
  db.runTransaction = ((update, options) => {
    startWrite();
    return run((tx) => {
      startWrite();
      return update(tx);
    }, options);
  }) as Firestore['runTransaction'];
}

/**
 * Express middleware: after `ms` milliseconds an unanswered request gets
 * `onExpired(res)` (the 503), unless a commit is under way, in which case the
 * handler answers with the commit's outcome. Either way no write starts after
 * the deadline.
 */
export function requestDeadline(ms: number, onExpired: (res: Response) => void): RequestHandler {
  return (_req, res, next) => {
    const s: RequestScope = { expired: false, writing: 0 };
    const timer = setTimeout(() => {
      s.expired = true;
      if (s.writing === 0 && !res.headersSent) onExpired(res);
    }, ms);
    res.on('close', () => clearTimeout(timer));
    scope.run(s, next);
  };
}
