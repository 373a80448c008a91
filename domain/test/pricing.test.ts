import { describe, expect, it } from 'vitest';
import { COMPLEXITIES, PROJECT_TYPES, SERVICE_PLAN_TYPES } from '../src/constants.js';
import type { Complexity, ProjectType } from '../src/constants.js';
import {
  computeQuote,
  DEFAULT_ESTIMATED_HOURS,
  DEFAULT_HOURLY_RATE_CENTS,
  detectFeatureMultipliers,
  FEATURE_MULTIPLIERS,
  formatHours,
  HOURLY_RATES_CENTS,
  hourlyRateCents,
  hoursToHundredths,
  renderQuoteText,
  roundQuoteTotalCents,
  SERVICE_PLAN_MONTHLY_CENTS,
  splitDeposit,
  quoteAdjustmentsNote,
  toGeneratedQuoteDetails,
} from '../src/pricing.js';

const groups = (text: string | null | undefined) => detectFeatureMultipliers(text).map((m) => m.group);

describe('hourly rate table (spec §9)', () => {
  const cells: [ProjectType, Complexity, number][] = [
    ['Web Project', 'Low', 7500],
    ['Web Project', 'Medium', 9500],
    ['Web Project', 'High', 12500],
    ['Brand/Logo Design', 'Low', 5000],
    ['Brand/Logo Design', 'Medium', 7500],
    ['Brand/Logo Design', 'High', 10000],
    ['Product Design', 'Low', 8500],
    ['Product Design', 'Medium', 11000],
    ['Product Design', 'High', 14000],
    ['AI Automation', 'Low', 10000],
    ['AI Automation', 'Medium', 13000],
    ['AI Automation', 'High', 16500],
  ];

  it('covers every type × complexity exactly once', () => {
    expect(cells).toHaveLength(PROJECT_TYPES.length * COMPLEXITIES.length);
    for (const t of PROJECT_TYPES) expect(Object.keys(HOURLY_RATES_CENTS[t]).sort()).toEqual([...COMPLEXITIES].sort());
  });

  it.each(cells)('%s / %s → %i cents/h, base = 40 h × rate', (projectType, complexity, cents) => {
    expect(hourlyRateCents(projectType, complexity)).toBe(cents);
    const q = computeQuote({ projectType, complexity });
    expect(q.hourlyRateCents).toBe(cents);
    expect(q.rateSource).toBe('table');
    expect(q.baseCents).toBe(40 * cents);
  });
});

describe('defaults', () => {
  it('no input: 95 $/h, 40 h, no multipliers', () => {
    const q = computeQuote();
    expect(DEFAULT_HOURLY_RATE_CENTS).toBe(9500);
    expect(DEFAULT_ESTIMATED_HOURS).toBe(40);
    expect(q).toMatchObject({
      projectType: null,
      complexity: null,
      hourlyRateCents: 9500,
      rateSource: 'default',
      estimatedHoursHundredths: 4000,
      baseCents: 380000,
      multipliers: [],
      unroundedCents: 380000,
      totalCents: 380000,
      adjustmentsCents: 0,
      depositPercent: 50,
      depositCents: 190000,
      finalCents: 190000,
    });
  });

  it.each([
    [{ projectType: 'AI Automation' as const }],
    [{ complexity: 'High' as const }],
    [{ projectType: null, complexity: null }],
    [{ projectType: 'Product Design' as const, complexity: undefined }],
  ])('a missing type or complexity uses the default rate: %j', (input) => {
    expect(computeQuote(input)).toMatchObject({ hourlyRateCents: 9500, rateSource: 'default' });
  });

  it('null hours means default, 0 hours means zero', () => {
    expect(computeQuote({ estimatedHours: null }).estimatedHoursHundredths).toBe(4000);
    expect(computeQuote({ estimatedHours: 0 })).toMatchObject({
      estimatedHoursHundredths: 0,
      baseCents: 0,
      totalCents: 0,
      depositCents: 0,
      finalCents: 0,
    });
  });

  it('an explicit rate in cents wins over the table', () => {
    const q = computeQuote({
      projectType: 'Web Project',
      complexity: 'High',
      hourlyRateCents: 8000,
      estimatedHours: 10,
    });
    expect(q).toMatchObject({ hourlyRateCents: 8000, rateSource: 'override', baseCents: 80000, totalCents: 80000 });
    expect(computeQuote({ hourlyRateCents: 0 })).toMatchObject({ rateSource: 'override', totalCents: 0 });
  });
});

describe('hours', () => {
  it.each([
    [40, 4000],
    [40.5, 4050],
    [40.35, 4035],
    [0.01, 1],
    [0, 0],
    [1234.56, 123456],
  ])('%d h → %i hundredths', (hours, hundredths) => expect(hoursToHundredths(hours)).toBe(hundredths));

  it.each([-1, -0.01, Number.NaN, Number.POSITIVE_INFINITY, 1.005, 0.001])('rejects %d', (hours) => {
    expect(() => hoursToHundredths(hours)).toThrow(RangeError);
  });

  it.each([
    [4000, '40'],
    [4050, '40.5'],
    [4025, '40.25'],
    [1, '0.01'],
    [0, '0'],
  ])('formats %i hundredths as %s', (h, text) => expect(formatHours(h)).toBe(text));

  it('multiplies fractional hours exactly', () => {
    // 40.35 h × $95 = $3,833.25; 1.15 h × $100 = $115 (float: 1.15 * 100 = 114.99999999999999)
    expect(computeQuote({ estimatedHours: 40.35 }).baseCents).toBe(383325);
    expect(computeQuote({ estimatedHours: 1.15, hourlyRateCents: 10000 }).baseCents).toBe(11500);
    expect(computeQuote({ estimatedHours: 0.29, hourlyRateCents: 10000 }).baseCents).toBe(2900);
  });
});

describe('feature multipliers: all 8 subsets compound (base 40 h × $100 = $4,000)', () => {
  it.each([
    ['landing page only', [], 400000, 400000],
    ['needs a database', ['database/api'], 480000, 480000],
    ['Stripe checkout', ['payment/stripe'], 520000, 520000],
    ['AI chatbot', ['ai/automation'], 560000, 560000],
    ['api with payment', ['database/api', 'payment/stripe'], 624000, 625000],
    ['database and automation', ['database/api', 'ai/automation'], 672000, 670000],
    ['payment automation', ['payment/stripe', 'ai/automation'], 728000, 730000],
    ['AI, Stripe and an API', ['database/api', 'payment/stripe', 'ai/automation'], 873600, 875000],
  ] as const)('%j → %j', (detectedFeatures, expectedGroups, unrounded, total) => {
    const q = computeQuote({ hourlyRateCents: 10000, detectedFeatures });
    expect(q.baseCents).toBe(400000);
    expect(q.multipliers.map((m) => m.group)).toEqual(expectedGroups);
    expect(q.unroundedCents).toBe(unrounded);
    expect(q.totalCents).toBe(total);
    expect(q.adjustmentsCents).toBe(total - 400000);
    expect(q.depositCents + q.finalCents).toBe(total);
  });

  it('records group, matched word, factor and running amounts', () => {
    const q = computeQuote({ hourlyRateCents: 10000, detectedFeatures: 'AI, Stripe and an API' });
    expect(
      q.multipliers.map(({ group, keyword, matched, factor, beforeCents, afterCents }) => ({
        group,
        keyword,
        matched,
        factor,
        beforeCents,
        afterCents,
      })),
    ).toEqual([
      { group: 'database/api', keyword: 'api', matched: 'API', factor: '1.2', beforeCents: 400000, afterCents: 480000 },
      {
        group: 'payment/stripe',
        keyword: 'stripe',
        matched: 'Stripe',
        factor: '1.3',
        beforeCents: 480000,
        afterCents: 624000,
      },
      { group: 'ai/automation', keyword: 'ai', matched: 'AI', factor: '1.4', beforeCents: 624000, afterCents: 873600 },
    ]);
  });

  it('factors are the integer ratios 12/10, 13/10, 14/10', () => {
    expect(FEATURE_MULTIPLIERS.map((r) => [r.numerator, r.denominator, r.factor])).toEqual([
      [12, 10, '1.2'],
      [13, 10, '1.3'],
      [14, 10, '1.4'],
    ]);
  });
});

describe('feature word matching', () => {
  it.each([
    'email',
    'rapid',
    'paint',
    'maintain',
    'capital',
    'detail',
    'said',
    'paid',
    'Thailand',
    'OpenAI',
    'apiary',
    'databank',
    'prepayment',
    'striped',
    'automated',
    'automate',
    'A.I.',
    'e-mail',
    'Rapid email campaigns to maintain paint prepayment capital in Thailand, automated via OpenAI',
  ])('%j matches nothing', (text) => expect(detectFeatureMultipliers(text)).toEqual([]));

  it.each([
    ['DATABASE', 'database/api'],
    ['Api', 'database/api'],
    ['PAYMENT', 'payment/stripe'],
    ['sTrIpE', 'payment/stripe'],
    ['Ai', 'ai/automation'],
    ['AUTOMATION', 'ai/automation'],
  ])('is case-insensitive: %j → %s', (text, group) => expect(groups(text)).toEqual([group]));

  it.each([
    ['APIs', 'database/api', 'APIs'],
    ['Databases', 'database/api', 'Databases'],
    ['api-first design', 'database/api', 'api'],
    ['an api_key', 'database/api', 'api'],
    ['(database)', 'database/api', 'database'],
    ['recurring payments', 'payment/stripe', 'payments'],
    ["Stripe's checkout", 'payment/stripe', 'Stripe'],
    ['Pay via Stripe.', 'payment/stripe', 'Stripe'],
    ['AI-powered search', 'ai/automation', 'AI'],
    ['AIs', 'ai/automation', 'AIs'],
    ['workflow automations', 'ai/automation', 'automations'],
    ['ai/automation', 'ai/automation', 'ai'],
    ['chat\nAI\tbot', 'ai/automation', 'AI'],
  ])('plural "s", hyphens and punctuation: %j → %s via %j', (text, group, matched) => {
    const found = detectFeatureMultipliers(text);
    expect(found.map((m) => [m.group, m.matched])).toEqual([[group, matched]]);
  });

  it('applies each group at most once, reporting its first match', () => {
    const found = detectFeatureMultipliers('API, database, APIs and more API');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ group: 'database/api', keyword: 'api', matched: 'API' });
    const q = computeQuote({ hourlyRateCents: 10000, detectedFeatures: 'AI automation AI automations' });
    expect(q.multipliers).toHaveLength(1);
    expect(q.unroundedCents).toBe(560000);
  });

  it('applies groups in the fixed rule order, whatever the text order', () => {
    expect(groups('AI with Stripe payments and a database')).toEqual([
      'database/api',
      'payment/stripe',
      'ai/automation',
    ]);
  });

  it.each([null, undefined, '', '   ', '---'])('empty text %j → none', (text) =>
    expect(detectFeatureMultipliers(text)).toEqual([]),
  );
});

describe('rounding to the nearest $50, ties up', () => {
  it.each([
    [0, 0],
    [1, 0],
    [2499, 0],
    [2500, 5000],
    [4999, 5000],
    [5000, 5000],
    [249999, 250000],
    [252499, 250000],
    [252500, 255000],
    [252501, 255000],
    [254999, 255000],
    [255000, 255000],
    [257499, 255000],
    [257500, 260000],
  ])('%i cents → %i', (cents, rounded) => expect(roundQuoteTotalCents(cents)).toBe(rounded));

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects %d', (cents) => {
    expect(() => roundQuoteTotalCents(cents)).toThrow(RangeError);
  });

  it.each([
    [252499, 250000, -2499],
    [252500, 255000, 2500],
    [252501, 255000, 2499],
  ])('in a quote: base %i → total %i (adjustments %i)', (rate, total, adjustments) => {
    const q = computeQuote({ estimatedHours: 1, hourlyRateCents: rate });
    expect(q).toMatchObject({
      baseCents: rate,
      unroundedCents: rate,
      totalCents: total,
      adjustmentsCents: adjustments,
    });
    expect(q.rounding).toEqual({ unitCents: 5000, mode: 'half-up', deltaCents: total - rate });
  });

  it('a tie produced by a multiplier rounds up', () => {
    // 25 h × $77.50 = $1,937.50; × 1.2 = $2,325.00 → $2,350
    const q = computeQuote({ estimatedHours: 25, hourlyRateCents: 7750, detectedFeatures: 'REST API' });
    expect([q.baseCents, q.unroundedCents, q.totalCents]).toEqual([193750, 232500, 235000]);
  });

  it('rounds to whole cents half-up at each step', () => {
    // 0.5 h × 101 ¢ = 50.5 ¢ → 51 ¢
    expect(computeQuote({ estimatedHours: 0.5, hourlyRateCents: 101 }).baseCents).toBe(51);
    // 0.05 h × 100 ¢ = 5 ¢; × 1.3 = 6.5 ¢ → 7 ¢
    const q = computeQuote({ estimatedHours: 0.05, hourlyRateCents: 100, detectedFeatures: 'stripe' });
    expect([q.baseCents, q.unroundedCents, q.totalCents]).toEqual([5, 7, 0]);
  });
});

describe('deposit and final payment', () => {
  it.each([
    [0, 50, 0, 0],
    [1, 50, 1, 0],
    [101, 50, 51, 50],
    [12345, 50, 6173, 6172],
    [99999, 50, 50000, 49999],
    [255000, 50, 127500, 127500],
    [10001, 30, 3000, 7001],
    [5, 30, 2, 3],
    [100, 30, 30, 70],
    [999, 0, 0, 999],
    [999, 100, 999, 0],
  ])('%i cents at %i%% → deposit %i + final %i', (total, percent, deposit, final) => {
    expect(splitDeposit(total, percent)).toEqual({ depositCents: deposit, finalCents: final });
  });

  it('defaults to 50%', () => expect(splitDeposit(101)).toEqual({ depositCents: 51, finalCents: 50 }));

  it('deposit + final === total for every total and percent', () => {
    for (const percent of [0, 1, 30, 33, 50, 67, 99, 100]) {
      for (let total = 0; total <= 3001; total += 7) {
        const { depositCents, finalCents } = splitDeposit(total, percent);
        expect(depositCents + finalCents).toBe(total);
        expect(Number.isInteger(depositCents) && depositCents >= 0 && finalCents >= 0).toBe(true);
        expect(Math.abs(depositCents - (total * percent) / 100)).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it.each([
    [-1, 50],
    [1.5, 50],
    [Number.NaN, 50],
    [100, -1],
    [100, 101],
    [100, 12.5],
  ])('rejects total %d / percent %d', (total, percent) =>
    expect(() => splitDeposit(total, percent)).toThrow(RangeError),
  );
});

describe('quote invariants', () => {
  it('holds for a grid of hours, rates and features', () => {
    const features = ['', 'api', 'stripe', 'ai', 'api stripe', 'api ai', 'stripe ai', 'api stripe ai'];
    for (const estimatedHours of [0, 0.01, 0.5, 7.25, 40, 123.45]) {
      for (const hourlyRateCents of [0, 1, 999, 7550, 9500, 16500, 33333]) {
        for (const detectedFeatures of features) {
          const q = computeQuote({ estimatedHours, hourlyRateCents, detectedFeatures });
          expect(q.totalCents % 5000).toBe(0);
          expect(Math.abs(q.totalCents - q.unroundedCents)).toBeLessThanOrEqual(2500);
          expect(q.rounding.deltaCents).toBe(q.totalCents - q.unroundedCents);
          expect(q.adjustmentsCents).toBe(q.totalCents - q.baseCents);
          expect(q.depositCents + q.finalCents).toBe(q.totalCents);
          for (const v of [q.baseCents, q.unroundedCents, q.totalCents, q.depositCents, q.finalCents])
            expect(Number.isSafeInteger(v)).toBe(true);
        }
      }
    }
  });
});

describe('input errors', () => {
  it.each([
    [{ estimatedHours: -1 }],
    [{ estimatedHours: Number.NaN }],
    [{ estimatedHours: Number.POSITIVE_INFINITY }],
    [{ estimatedHours: 1.234 }],
    [{ hourlyRateCents: -1 }],
    [{ hourlyRateCents: 95.5 }],
    [{ hourlyRateCents: Number.NaN }],
    [{ hourlyRateCents: Number.POSITIVE_INFINITY }],
    [{ projectType: 'Hacking' as ProjectType }],
    [{ complexity: 'Extreme' as Complexity }],
    [{ projectType: 'Hacking' as ProjectType, hourlyRateCents: 9500 }],
    [{ hourlyRateCents: Number.MAX_SAFE_INTEGER }],
  ])('throws RangeError for %j', (input) => expect(() => computeQuote(input)).toThrow(RangeError));
});

describe('explanation', () => {
  const q = computeQuote({
    projectType: 'Web Project',
    complexity: 'Medium',
    estimatedHours: 40,
    detectedFeatures: 'REST API, Stripe payments',
  });

  it('renders how the price was built', () => {
    expect(renderQuoteText(q)).toBe(
      [
        'Quote total: $5,950.00',
        'Base: 40 h × $95.00/h (Web Project, Medium) = $3,800.00',
        '× 1.2 database/api ("API") = $4,560.00',
        '× 1.3 payment/stripe ("Stripe") = $5,928.00',
        'Rounded to the nearest $50 (halves up): $5,928.00 → $5,950.00',
        'Adjustments: +$2,150.00',
        'Deposit (50%): $2,975.00',
        'Final payment: $2,975.00',
      ].join('\n'),
    );
  });

  it('renders a custom rate, fractional hours, no multipliers and a negative adjustment', () => {
    const text = renderQuoteText(computeQuote({ estimatedHours: 40.5, hourlyRateCents: 9432 }));
    // 40.5 × $94.32 = $3,819.96 → $3,800
    expect(text.split('\n')).toEqual([
      'Quote total: $3,800.00',
      'Base: 40.5 h × $94.32/h (custom rate) = $3,819.96',
      'Feature multipliers: none',
      'Rounded to the nearest $50 (halves up): $3,819.96 → $3,800.00',
      'Adjustments: -$19.96',
      'Deposit (50%): $1,900.00',
      'Final payment: $1,900.00',
    ]);
    expect(renderQuoteText(computeQuote())).toContain('(default rate)');
  });

  it('builds generatedQuoteDetails (spec §3)', () => {
    const details = toGeneratedQuoteDetails(q);
    expect(details).toEqual({
      quoteAmount: '5950.00',
      depositAmount: '2975.00',
      finalAmount: '2975.00',
      hourlyRate: '95.00',
      estimatedHours: 40,
      breakdown: {
        baseCost: '3800.00',
        adjustments: '2150.00',
        totalCost: '5950.00',
        depositAmount: '2975.00',
        finalAmount: '2975.00',
      },
      adjustmentsNote:
        'Adjustments: hours × rate with database or API +20%, payments +30%, rounded to the nearest $50.',
    });
    expect(JSON.parse(JSON.stringify(details))).toEqual(details);
  });

  it('explains the adjustments with what this quote applied, and nothing it did not', () => {
    expect(quoteAdjustmentsNote(computeQuote({ detectedFeatures: 'an AI chatbot' }))).toBe(
      'Adjustments: hours × rate with AI or automation +40%, rounded to the nearest $50.',
    );
    const plain = toGeneratedQuoteDetails(computeQuote({ estimatedHours: 40.5, hourlyRateCents: 9432 }));
    expect(plain.adjustmentsNote).toBe('Adjustments: hours × rate, rounded to the nearest $50.');
    expect(plain.adjustmentsNote).not.toMatch(/%/);
  });

  it('keeps fractional hours and negative adjustments in generatedQuoteDetails', () => {
    const details = toGeneratedQuoteDetails(computeQuote({ estimatedHours: 40.5, hourlyRateCents: 9432 }));
    expect(details).toMatchObject({ estimatedHours: 40.5, hourlyRate: '94.32', quoteAmount: '3800.00' });
    expect(details.breakdown).toMatchObject({ baseCost: '3819.96', adjustments: '-19.96' });
  });
});

describe('service plans (spec §9)', () => {
  it('prices every plan type monthly in cents', () => {
    expect(Object.keys(SERVICE_PLAN_MONTHLY_CENTS).sort()).toEqual([...SERVICE_PLAN_TYPES].sort());
    expect(SERVICE_PLAN_MONTHLY_CENTS).toEqual({
      Hosting: 2900,
      'Hosting & 2hr maintenance': 7500,
      'Hosting & 8hr maintenance': 24900,
    });
  });
});
