/**
 * The books' self-check as a daily job (`booksCheck` in index.ts): the same
 * check as `npm run books:check` (features/billing/checkBooks.ts), run on the
 * real project so a mismatch reaches a person through its alert
 * (`ledger.mismatch`, platform/log.ts) instead of waiting for someone to run
 * the script. Read-only: it reads every billable document, payment and ledger
 * entry once.
 */
import type { JobDeps } from '../schedules.js';
import { checkBooks } from './checkBooks.js';
import { EVENTS, logEvent } from '../../platform/log.js';

/** Mismatches quoted in the alert's log entry; `npm run books:check` lists them all. */
export const MISMATCHES_LOGGED = 20;

/**
 * Checks the books once (as they stand: `_now` is the scheduled job's clock, unused); logs one `ledger.mismatch`
 * event when any balance disagrees with the ledger.
 */
export async function runBooksCheck({ db }: JobDeps, _now?: Date): Promise<{ mismatches: number; documents: number }> {
  const report = await checkBooks(db);
  if (report.mismatches.length > 0) {
    logEvent(EVENTS.ledgerMismatch, `books: ${report.mismatches.length} mismatches`, {
      count: report.mismatches.length,
      mismatches: report.mismatches.slice(0, MISMATCHES_LOGGED),
    });
  }
  return { mismatches: report.mismatches.length, documents: report.documents };
}
