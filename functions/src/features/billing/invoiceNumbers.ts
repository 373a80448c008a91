/**
 * Gap-free invoice numbers (domain invoiceNumbers.ts): the next number is
 * taken from `counters/invoices-YYYY` inside the transaction that stores the
 * numbered document, so a number is spent only when that document commits
 * and two documents never share one.
 *
 * Contention: every numbered document of a year writes the same counter. In
 * one instance the transactions queue on a mutex (no lock fights between
 * requests of the same instance). Across instances (the Functions emulator
 * runs one process per concurrent request) transactions on the counter abort
 * each other; the SDK's own retry waits from 1 s growing to a minute, which
 * puts a burst of 50 past the request deadline, so each run makes one
 * attempt and contention (ABORTED, or the emulator's "Transaction is invalid
 * or closed") is retried here after a random wait (retryDelayMs), up to
 * RUN_ATTEMPTS times. A failed run wrote nothing, so running again cannot
 * leave a gap; the request deadline still bounds it.
 *
 * Production Firestore aborts the younger of two contenders at once, so one
 * commits per round and short waits suffice. A lock timeout is different:
 * every transaction reading the counter held its read lock while waiting for
 * the others' to write it, and all of them are aborted together (the
 * emulator does this after about 2 s for any two overlapping runs). Retried
 * within a few hundred ms of each other they would overlap again, round
 * after round, until the deadline: after a lock timeout the wait is drawn
 * from a window of seconds (retryDelayMs), widened at each further one, so
 * the next runs start apart.
 */
import { Mutex } from 'async-mutex';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { lostToContention } from '../../platform/firestoreRetries.js';
import { counterRef, readDoc, writeCounter } from './billingStore.js';
import { invoiceCounterId, invoiceYear, nextInvoiceNumber, type NumberSeries } from '@studio/domain';

/** Transaction attempts before giving up (each one attempt; see the file comment). */
const RUN_ATTEMPTS = 100;
/** The window (ms) a retry after a first lock timeout starts in: wide against one run (tens of ms, hundreds when busy). */
export const LOCK_TIMEOUT_SPREAD_MS = 2_000;
/** The widest window (ms): doubled at each further lock timeout up to this, well inside the request deadline. */
const MAX_SPREAD_MS = 8_000;
/**
 * Random wait (ms) before the next run. `lockTimeouts`: how many of the runs so far ended in a lock timeout
 * (see the file comment); none: up to 20 + 10 ms per `attempt`, at most 250 ms; otherwise anywhere in
 * LOCK_TIMEOUT_SPREAD_MS, doubled for each further one, at most MAX_SPREAD_MS. `random` in [0, 1).
 */
export function retryDelayMs(attempt: number, lockTimeouts: number, random = Math.random): number {
  const window =
    lockTimeouts > 0
      ? Math.min(MAX_SPREAD_MS, LOCK_TIMEOUT_SPREAD_MS * 2 ** (lockTimeouts - 1))
      : Math.min(250, 20 + 10 * attempt);
  return random() * window;
}
const numbering = new Mutex();

/** Takes the next number of `now`'s year: reads the counter and writes it back in `tx`. Once per transaction, after every other read of `tx`. */
export type TakeNumber = () => Promise<string>;

/** Every contender was aborted together (see the file comment): Firestore's "Transaction lock timeout". */
const lockTimedOut = (e: unknown) => /lock timeout/i.test(String((e as { message?: unknown })?.message ?? ''));

/**
 * Runs `body` in a Firestore transaction with `take()` available to number
 * what it writes (see the file comment); `take` numbers one document of
 * `series` (invoices by default; credit notes have their own counter).
 * @returns body's result. @throws body's errors (AppError etc.) unchanged.
 */
export function runNumbered<T>(
  db: Firestore,
  now: Date,
  body: (tx: Transaction, take: TakeNumber) => Promise<T>,
  series: NumberSeries = 'invoice',
): Promise<T> {
  return numbering.runExclusive(async () => {
    let lockTimeouts = 0;
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.runTransaction(
          async (tx) => {
            const counter = counterRef(db, invoiceCounterId(invoiceYear(now), series));
            let taken = false;
            const take: TakeNumber = async () => {
              if (taken) throw new Error('One invoice number per transaction');
              taken = true;
              const next = nextInvoiceNumber((await readDoc(counter, tx))?.last, now, series);
              writeCounter(tx, counter, { year: next.year, last: next.seq, updatedAt: now });
              return next.number;
            };
            return body(tx, take);
          },
          { maxAttempts: 1 },
        );
      } catch (e) {
        if (!lostToContention(e) || attempt >= RUN_ATTEMPTS) throw e;
        if (lockTimedOut(e)) lockTimeouts++;
        await new Promise((r) => setTimeout(r, retryDelayMs(attempt, lockTimeouts)));
      }
    }
  });
}
