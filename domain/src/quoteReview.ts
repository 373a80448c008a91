/**
 * Quote review state (spec §2 "Quote Review" button and queue; §4 "Quote
 * review"). Its own module, free of zod, so the dashboard's first render
 * does not evaluate the form schemas of ./quotes.ts.
 */
import { DEAD_STATUS, type LeadStatus } from './constants.js';

export const QUOTE_REVIEW_STATUSES = ['Pending', 'Approved', 'Needs Revision'] as const;
export type QuoteReviewStatus = (typeof QUOTE_REVIEW_STATUSES)[number];

/** Review states in which a quote waits for the owner (the Quote Review queue). */
export const QUOTE_AWAITING_REVIEW = ['Pending', 'Needs Revision'] as const satisfies readonly QuoteReviewStatus[];

type QuoteReviewFields = { status: LeadStatus; quoteReviewStatus?: QuoteReviewStatus | null; quoteAccepted?: boolean };

/**
 * True when a lead's quote waits in the Quote Review queue (spec §2): Pending
 * or Needs Revision, not accepted, and the lead not dead (a dead lead's quote
 * cannot be approved; revived, it waits again).
 */
export function quoteAwaitsReview(lead: QuoteReviewFields): boolean {
  return (
    (QUOTE_AWAITING_REVIEW as readonly (string | null | undefined)[]).includes(lead.quoteReviewStatus) &&
    !lead.quoteAccepted &&
    lead.status !== DEAD_STATUS
  );
}

/** True when the Quote Review button's red badge counts the lead: its quote awaits review and is Pending (spec §2). */
export function quotePendingReview(lead: QuoteReviewFields): boolean {
  return lead.quoteReviewStatus === 'Pending' && quoteAwaitsReview(lead);
}
