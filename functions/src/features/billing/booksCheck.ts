/**
 * The books' self-check as a daily job (`booksCheck` in index.ts): the same
 * check as `npm run books:check` (features/billing/checkBooks.ts), run on the
 * real project so a mismatch reaches a person through its alert
 * (`ledger.mismatch`, platform/log.ts) instead of waiting for someone to run
 * the script; then Stripe compared with the ledger over the last 35 days
 * (stripeReconcile.ts): each difference is logged in one `stripe.mismatch`
 * event saying what to do. Read-only: it reads every billable document,
 * payment and ledger entry, and lists Stripe's objects of the window.
 */
import type { JobDeps } from '../job.js';
import { checkBooks } from './checkBooks.js';
import { reconcileWithStripe, type StripeReconciliation } from './stripeReconcile.js';
import { EVENTS, logEvent } from '../../platform/log.js';
import { NotConfigured, type Config } from '../../config.js';

/** Mismatches quoted in the alert's log entry; `npm run books:check` lists them all. */
export const MISMATCHES_LOGGED = 20;

/** What a run found: the books' mismatches, and Stripe's comparison (`stripe` says how it went, in one word or count). */
export type BooksCheckSummary = {
  mismatches: number;
  documents: number;
  /** Differences with Stripe, or why none were looked for: "test mode…", "not configured", "failed". */
  stripe: number | string;
};

/**
 * Checks the books once (as they stand) and logs one `ledger.mismatch` event when any balance disagrees with the
 * ledger; then compares Stripe with the ledger over the 35 days before `now` and logs one `stripe.mismatch` event
 * naming each difference. Stripe out of reach is logged as `job.item_failed` (tried again the next day); a real
 * project without live Stripe keys skips the comparison, its settings already logged (config.ts).
 * @param cfg the configuration to take Stripe's keys from (tests); the instance's by default.
 */
export async function runBooksCheck({ db }: JobDeps, now: Date = new Date(), cfg?: Config): Promise<BooksCheckSummary> {
  const report = await checkBooks(db);
  if (report.mismatches.length > 0) {
    logEvent(EVENTS.ledgerMismatch, `books: ${report.mismatches.length} mismatches`, {
      count: report.mismatches.length,
      mismatches: report.mismatches.slice(0, MISMATCHES_LOGGED),
    });
  }
  let stripe: StripeReconciliation | string;
  try {
    stripe = await reconcileWithStripe(db, now, cfg);
  } catch (e) {
    if (e instanceof NotConfigured) stripe = 'not configured';
    else {
      logEvent(
        EVENTS.jobItemFailed,
        'books check: Stripe could not be compared with the ledger; tried again tomorrow',
        {
          job: 'booksCheck',
          error: e instanceof Error ? e.message : String(e),
        },
      );
      stripe = 'failed';
    }
  }
  if (typeof stripe !== 'string' && stripe.differences.length > 0) {
    logEvent(EVENTS.stripeMismatch, `books: ${stripe.differences.length} differences between Stripe and the ledger`, {
      count: stripe.differences.length,
      differences: stripe.differences.slice(0, MISMATCHES_LOGGED).map((d) => d.text),
    });
  }
  return {
    mismatches: report.mismatches.length,
    documents: report.documents,
    stripe: typeof stripe === 'string' ? stripe : (stripe.skipped ?? stripe.differences.length),
  };
}
