import { describe, expect, it } from 'vitest';
import { LEAD_STATUSES, leadCardAction, type LeadStatus } from '../src/index.js';

const card = (status: LeadStatus, over: Partial<Parameters<typeof leadCardAction>[0]> = {}) => ({
  status,
  quoteGenerated: false,
  quoteAccepted: false,
  quoteReviewStatus: null,
  ...over,
});

describe('leadCardAction', () => {
  it('offers Review Quote in Quoted while the quote waits for review, and Accept Quote once approved', () => {
    expect(leadCardAction(card('Quoted', { quoteGenerated: true, quoteReviewStatus: 'Pending' }))).toBe('review');
    expect(leadCardAction(card('Quoted', { quoteGenerated: true, quoteReviewStatus: 'Needs Revision' }))).toBe(
      'review',
    );
    expect(leadCardAction(card('Quoted', { quoteGenerated: true, quoteReviewStatus: 'Approved' }))).toBe('accept');
  });

  it('offers nothing in Quoted without a quote or once it is accepted', () => {
    expect(leadCardAction(card('Quoted'))).toBeNull();
    expect(
      leadCardAction(card('Quoted', { quoteGenerated: true, quoteAccepted: true, quoteReviewStatus: 'Approved' })),
    ).toBeNull();
  });

  it('offers Add Project Plan in Contacted without a quote, and Review Quote with one', () => {
    expect(leadCardAction(card('Contacted'))).toBe('plan');
    expect(leadCardAction(card('Contacted', { quoteGenerated: true, quoteReviewStatus: 'Pending' }))).toBe('review');
  });

  it('offers nothing in any other status', () => {
    for (const status of LEAD_STATUSES.filter((s) => s !== 'Quoted' && s !== 'Contacted')) {
      expect(leadCardAction(card(status, { quoteGenerated: true, quoteReviewStatus: 'Approved' }))).toBeNull();
      expect(leadCardAction(card(status))).toBeNull();
    }
  });
});
