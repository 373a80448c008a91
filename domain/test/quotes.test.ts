import { describe, expect, it } from 'vitest';
import { quoteAwaitsReview, quotePendingReview } from '../src/quoteReview.js';

describe('the Quote Review queue and its badge (spec §2)', () => {
  it('queues Pending and Needs Revision quotes that are not accepted', () => {
    expect(quoteAwaitsReview({ status: 'Contacted', quoteReviewStatus: 'Pending' })).toBe(true);
    expect(quoteAwaitsReview({ status: 'Contacted', quoteReviewStatus: 'Needs Revision', quoteAccepted: false })).toBe(
      true,
    );
    expect(quoteAwaitsReview({ status: 'Quoted', quoteReviewStatus: 'Approved' })).toBe(false);
    expect(quoteAwaitsReview({ status: 'Set Up', quoteReviewStatus: 'Pending', quoteAccepted: true })).toBe(false);
    expect(quoteAwaitsReview({ status: 'New', quoteReviewStatus: null })).toBe(false);
    expect(quoteAwaitsReview({ status: 'New' })).toBe(false);
  });

  it('leaves out a dead lead, whose quote cannot be approved until it is revived', () => {
    expect(quoteAwaitsReview({ status: 'Lost', quoteReviewStatus: 'Pending' })).toBe(false);
    expect(quotePendingReview({ status: 'Lost', quoteReviewStatus: 'Pending' })).toBe(false);
    expect(quotePendingReview({ status: 'New', quoteReviewStatus: 'Pending' })).toBe(true);
  });

  it('counts only Pending quotes on the badge', () => {
    expect(quotePendingReview({ status: 'Contacted', quoteReviewStatus: 'Pending' })).toBe(true);
    expect(quotePendingReview({ status: 'Contacted', quoteReviewStatus: 'Needs Revision' })).toBe(false);
  });
});
