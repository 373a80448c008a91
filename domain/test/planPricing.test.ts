import { describe, expect, it } from 'vitest';
import { priceProjectPlan, projectPlanSchema, quoteServicePlan, servicePlanText } from '../src/quotes.js';

describe('priceProjectPlan: the one price of a project plan (server quote and dialog preview)', () => {
  it('prices the plan by the lead type, complexity, hours and every text the multipliers read', () => {
    const plan = projectPlanSchema.parse({
      timeline: '6 weeks',
      requirements: 'Booking site with Stripe payments',
      database: 'a database of classes',
    });
    const q = priceProjectPlan('Web Project', plan);
    // $95 × 40 h = $3,800 × 1.2 (database) × 1.3 (payments) = $5,928 → $5,950.
    expect(q).toMatchObject({ hourlyRateCents: 9500, totalCents: 595000, depositCents: 297500, finalCents: 297500 });
    expect(q.multipliers.map((m) => m.group)).toEqual(['database/api', 'payment/stripe']);
  });

  it('reads texts in the phases and tech fields too, and the hours given', () => {
    const q = priceProjectPlan('AI Automation', {
      complexity: 'High',
      requirements: 'A support bot',
      estimatedHours: 10,
      phase3: 'AI triage',
    });
    // $165 × 10 h = $1,650 × 1.4 = $2,310 → $2,300.
    expect(q.totalCents).toBe(230000);
  });

  it('throws on hours the server would not take, so a preview can say so', () => {
    expect(() =>
      priceProjectPlan('Web Project', { complexity: 'Low', requirements: 'x', estimatedHours: 1.234 }),
    ).toThrow(RangeError);
  });
});

describe('the service plan of a quote', () => {
  it('is the plan type only when the quote includes one', () => {
    expect(quoteServicePlan({ includeServicePlan: true, servicePlanType: 'Hosting & 2hr maintenance' })).toBe(
      'Hosting & 2hr maintenance',
    );
    expect(quoteServicePlan({ includeServicePlan: false, servicePlanType: 'Hosting' })).toBeNull();
    expect(quoteServicePlan({ includeServicePlan: true, servicePlanType: null })).toBeNull();
  });

  it('reads with its monthly price (spec §9 "Service plans")', () => {
    expect(servicePlanText('Hosting & 2hr maintenance')).toBe('Hosting & 2hr maintenance: $75.00/month after launch');
    expect(servicePlanText('Hosting')).toBe('Hosting: $29.00/month after launch');
  });
});
