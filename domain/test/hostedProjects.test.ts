import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../src/schemas.js';
import {
  analyzeHostedFacts,
  analyzeHostedProject,
  analyzeHostedQuoteForm,
  canonicalHostedLanguage,
  complexityForHours,
  detectHostedFeatures,
  HOSTED_ADJUSTMENTS_NOTE,
  HOSTED_FEATURES,
  HOSTED_LANGUAGES,
  HOSTED_LIMITS,
  HOSTED_MODEL,
  hostedAnalyzeRequestSchema,
  hostedComplexityLevel,
  hostedDepositSplit,
  hostedGeneratedQuoteDetails,
  hostedProjectType,
  hostedQuoteFormSchema,
  hostedUsernameSchema,
  isDeployed,
  rateDollarsToCents,
  toHostedQuoteDto,
} from '../src/hostedProjects.js';
import type { HostedProjectFacts } from '../src/hostedProjects.js';

const RATE = 7500; // $75/h in cents

/** React, 15 files, not deployed, no features: the form's defaults. */
const plain: HostedProjectFacts = { language: 'React', fileCount: 15, hasDeployment: false };
const hours = (facts: Partial<HostedProjectFacts>, rate = RATE) =>
  analyzeHostedFacts({ ...plain, ...facts }, rate).quote.estimatedHours;

describe('analysis model: hours', () => {
  it('defaults (React, 15 files, not deployed) give 4 + 15 = 19 h, Low, $1,425', () => {
    const r = analyzeHostedFacts(plain, RATE);
    expect(r.quote).toEqual({
      estimatedHours: 19,
      totalCents: 142_500,
      depositCents: 42_750,
      finalCents: 99_750,
      hourlyRateCents: RATE,
    });
    expect(r.analysis).toMatchObject({
      complexity: 'Low',
      fileCount: 15,
      language: 'React',
      hasDeployment: false,
      features: [],
    });
  });

  it('zero files leave the 4 h base', () => expect(hours({ fileCount: 0 })).toBe(4));

  it.each([
    ['HTML', 4 + 10 * 0.75],
    ['React', 14],
    ['Vue', 14],
    ['Python', 14],
    ['Node.js', 4 + 10 * 1.25],
    ['Next.js', 4 + 10 * 1.25],
    ['Rust', 14],
  ])('language %s: 10 files → %d h', (language, expected) => expect(hours({ language, fileCount: 10 })).toBe(expected));

  it('matches languages ignoring case and punctuation, and keeps unlisted ones as given', () => {
    expect(canonicalHostedLanguage('nextjs')).toBe('Next.js');
    expect(canonicalHostedLanguage(' NODE.JS ')).toBe('Node.js');
    expect(canonicalHostedLanguage('Rust')).toBeNull();
    expect(analyzeHostedFacts({ ...plain, language: 'nextjs' }, RATE).analysis.language).toBe('Next.js');
    const rust = analyzeHostedFacts({ ...plain, language: ' Rust ' }, RATE).analysis;
    expect(rust.language).toBe('Rust');
    expect(rust.reasons.join('\n')).toMatch(/unlisted language/);
  });

  it('each file adds the per-file hours', () => {
    expect(hours({ fileCount: 16 }) - hours({ fileCount: 15 })).toBe(1);
    expect(hours({ language: 'HTML', fileCount: 16 }) - hours({ language: 'HTML', fileCount: 15 })).toBe(0.75);
  });

  it('deployment adds 4 h', () => {
    expect(hours({ hasDeployment: true }) - hours({ hasDeployment: false })).toBe(4);
    expect(analyzeHostedFacts({ ...plain, hasDeployment: true }, RATE).analysis.hasDeployment).toBe(true);
  });

  it.each([
    ['database', 8],
    ['api', 6],
    ['auth', 6],
    ['payment', 10],
    ['ai', 12],
  ] as const)('feature %s adds %d h', (feature, add) => {
    const r = analyzeHostedFacts({ ...plain, features: [feature] }, RATE);
    expect(r.analysis.features).toEqual([feature]);
    expect(r.quote.estimatedHours).toBe(19 + add);
    expect(HOSTED_MODEL.featureCentihours[feature]).toBe(add * 100);
  });

  it('features add up, each counted once, whether from files or the features list', () => {
    const r = analyzeHostedFacts(
      {
        ...plain,
        files: ['server/stripe.ts', 'server/payments.ts', 'lib/db.ts'],
        features: ['Stripe checkout', 'OpenAI assistant'],
      },
      RATE,
    );
    expect(r.analysis.features).toEqual(['database', 'payment', 'ai']);
    expect(r.quote.estimatedHours).toBe(19 + 8 + 10 + 12);
  });

  it('hours always have at most 2 decimals', () => {
    for (let fileCount = 0; fileCount <= 200; fileCount += 7) {
      for (const language of HOSTED_LANGUAGES) {
        const h = hours({ language, fileCount, hasDeployment: fileCount % 2 === 0 });
        expect(Number(h.toFixed(2))).toBe(h);
      }
    }
  });

  it('explains every step', () => {
    const r = analyzeHostedFacts({ ...plain, hasDeployment: true, files: ['api/users.ts'] }, RATE);
    expect(r.analysis.reasons).toEqual([
      'Base setup, review and handover: 4 h',
      '15 React files × 1 h: +15 h',
      'Deployed (Live), hosting and release setup: +4 h',
      'API detected ("api" in "api/users.ts"): +6 h',
      'Complexity Medium: 29 h is at least 25 h and under 60 h',
      'Total: 29 h × $75.00/h = $2,175.00 (rounded to the nearest dollar)',
      'Deposit 30%: $652.50; final payment $1,522.50',
    ]);
  });
});

describe('feature detection', () => {
  it('matches whole words on punctuation and camelCase boundaries', () => {
    expect(detectHostedFeatures(['src/api/weatherApi.js'])).toEqual(['api']);
    expect(detectHostedFeatures(['src/hooks/useAuth.ts'])).toEqual(['auth']);
    expect(detectHostedFeatures(['lib/OpenAIClient.ts'])).toEqual(['ai']);
    expect(detectHostedFeatures(['APIClient.ts'])).toEqual(['api']);
    expect(detectHostedFeatures(['prisma/schema.prisma', 'instance/data.db'])).toEqual(['database']);
    expect(detectHostedFeatures(['gpt4.py'])).toEqual(['ai']);
  });

  it('does not match keywords inside other words', () => {
    expect(
      detectHostedFeatures([
        'main.py',
        'email.js',
        'tailwind.config.js',
        'src/router/index.js',
        'rapid.ts',
        'apiary.md',
      ]),
    ).toEqual([]);
  });

  it('reports features in a fixed order, each once', () => {
    expect(
      detectHostedFeatures(['AI chatbot', 'Stripe billing', 'login', 'REST API', 'Postgres database', 'api']),
    ).toEqual([...HOSTED_FEATURES]);
  });

  it('counts "automation" as ai (as the project-plan quote does)', () =>
    expect(detectHostedFeatures(['Email automation'])).toEqual(['ai']));
});

describe('complexity thresholds', () => {
  it.each([
    [0, 'Low'],
    [24.99, 'Low'],
    [25, 'Medium'],
    [59.99, 'Medium'],
    [60, 'High'],
    [1000, 'High'],
  ] as const)('%d h → %s', (h, expected) => expect(complexityForHours(h)).toBe(expected));

  it.each([
    [20, 24, 'Low'],
    [21, 25, 'Medium'],
    [55, 59, 'Medium'],
    [56, 60, 'High'],
  ] as const)('React with %d files → %d h → %s', (fileCount, h, complexity) => {
    const r = analyzeHostedFacts({ ...plain, fileCount }, RATE);
    expect(r.quote.estimatedHours).toBe(h);
    expect(r.analysis.complexity).toBe(complexity);
  });

  it('deployment or a feature can move a project across a threshold', () => {
    expect(analyzeHostedFacts({ ...plain, fileCount: 17 }, RATE).analysis.complexity).toBe('Low'); // 21 h
    expect(analyzeHostedFacts({ ...plain, fileCount: 17, hasDeployment: true }, RATE).analysis.complexity).toBe(
      'Medium',
    ); // 25 h
    expect(analyzeHostedFacts({ ...plain, fileCount: 44, features: ['ai'] }, RATE).analysis.complexity).toBe('High'); // 60 h
  });

  it('reads anything other than High or Medium as Low', () => {
    expect(hostedComplexityLevel('High')).toBe('High');
    expect(hostedComplexityLevel('Medium')).toBe('Medium');
    for (const v of ['Low', 'high', 'Extreme', '', null, undefined, 3, {}])
      expect(hostedComplexityLevel(v)).toBe('Low');
  });
});

describe('quote money', () => {
  it('rounds the total half-up to whole dollars', () => {
    // 4 + 15 × 0.75 = 15.25 h at $75 = $1,143.75 → $1,144
    expect(analyzeHostedFacts({ ...plain, language: 'HTML' }, RATE).quote.totalCents).toBe(114_400);
    // 15.25 h at $1.98 = $30.195 → $30
    expect(analyzeHostedFacts({ ...plain, language: 'HTML' }, 198).quote.totalCents).toBe(3_000);
    // 19 h at $1.50 = $28.50 → $29 (half up)
    expect(analyzeHostedFacts(plain, 150).quote.totalCents).toBe(2_900);
    // 19 h at $1.51 = $28.69 → $29; at $1.47 = $27.93 → $28
    expect(analyzeHostedFacts(plain, 151).quote.totalCents).toBe(2_900);
    expect(analyzeHostedFacts(plain, 147).quote.totalCents).toBe(2_800);
  });

  it('deposit is 30% and deposit + final = total, for many projects and rates', () => {
    for (const rate of [100, 101, 7_500, 9_950, 12_345, 100_000]) {
      for (let fileCount = 0; fileCount <= 1_000; fileCount += 37) {
        for (const language of HOSTED_LANGUAGES) {
          const { quote } = analyzeHostedFacts(
            { language, fileCount, hasDeployment: fileCount % 3 === 0, features: ['stripe'] },
            rate,
          );
          expect(Number.isSafeInteger(quote.totalCents) && quote.totalCents % 100 === 0).toBe(true);
          expect(quote.depositCents + quote.finalCents).toBe(quote.totalCents);
          expect(quote.depositCents).toBe(Math.round(quote.totalCents * 0.3));
          expect(quote.hourlyRateCents).toBe(rate);
        }
      }
    }
  });

  it('splits any total, rounding the deposit half-up to the cent', () => {
    expect(hostedDepositSplit(142_500)).toEqual({ depositCents: 42_750, finalCents: 99_750 });
    expect(hostedDepositSplit(5)).toEqual({ depositCents: 2, finalCents: 3 }); // 1.5 → 2
    expect(hostedDepositSplit(1)).toEqual({ depositCents: 0, finalCents: 1 });
    expect(hostedDepositSplit(0)).toEqual({ depositCents: 0, finalCents: 0 });
    expect(() => hostedDepositSplit(-1)).toThrow(RangeError);
    expect(() => hostedDepositSplit(1.5)).toThrow(RangeError);
  });

  it('scales with the rate', () => {
    const at75 = analyzeHostedFacts(plain, 7_500).quote;
    const at150 = analyzeHostedFacts(plain, 15_000).quote;
    expect(at150.estimatedHours).toBe(at75.estimatedHours);
    expect(at150.totalCents).toBe(2 * at75.totalCents);
    expect(at150.depositCents).toBe(2 * at75.depositCents);
    for (let cents = 100; cents <= 20_000; cents += 173) {
      const q = analyzeHostedFacts(plain, cents).quote;
      expect(Math.abs(q.totalCents - 19 * cents)).toBeLessThanOrEqual(50);
    }
  });

  it('stays inside decimals (10,2) at the largest inputs', () => {
    const { quote } = analyzeHostedFacts(
      { language: 'Next.js', fileCount: 1_000, hasDeployment: true, features: ['db api auth stripe ai'] },
      100_000,
    );
    expect(quote.estimatedHours).toBe(1_300);
    expect(quote.totalCents).toBe(130_000_000);
    expect(quote.totalCents).toBeLessThan(10_000_000_000);
  });

  it('formats the quote as 2-decimal strings', () => {
    expect(toHostedQuoteDto(analyzeHostedFacts(plain, RATE).quote)).toEqual({
      estimatedHours: 19,
      total: '1425.00',
      depositAmount: '427.50',
      finalAmount: '997.50',
      hourlyRate: '75.00',
    });
  });

  it('converts form dollars to cents', () => {
    expect(rateDollarsToCents(75)).toBe(7_500);
    expect(rateDollarsToCents(82.55)).toBe(8_255);
    expect(() => rateDollarsToCents(Number.NaN)).toThrow(RangeError);
  });
});

describe('lead fields of a hosted quote', () => {
  it('writes generatedQuoteDetails (spec §3) with the whole-dollar rounding as the adjustment', () => {
    // 19 h × $82.50 = $1,567.50 → $1,568: adjustment +$0.50; deposit 30% = $470.40.
    const result = analyzeHostedFacts(plain, 8_250);
    expect(hostedGeneratedQuoteDetails(result)).toEqual({
      quoteAmount: '1568.00',
      depositAmount: '470.40',
      finalAmount: '1097.60',
      hourlyRate: '82.50',
      estimatedHours: 19,
      breakdown: {
        baseCost: '1567.50',
        adjustments: '0.50',
        totalCost: '1568.00',
        depositAmount: '470.40',
        finalAmount: '1097.60',
      },
      adjustmentsNote: HOSTED_ADJUSTMENTS_NOTE,
    });
    // 15.25 h at $1.98 = $30.195 → base $30.20 (half-up to the cent), total $30: adjustment −$0.20.
    const down = hostedGeneratedQuoteDetails(analyzeHostedFacts({ ...plain, language: 'HTML' }, 198));
    expect(down).toMatchObject({
      quoteAmount: '30.00',
      estimatedHours: 15.25,
      breakdown: { baseCost: '30.20', adjustments: '-0.20', totalCost: '30.00' },
    });
  });

  it("carries the hosted model's own explanation: rounding to the dollar, no plan multipliers or $50 rounding", () => {
    // Database, API and payments detected: the model adds hours for them, it multiplies nothing.
    const result = analyzeHostedFacts(
      { ...plain, features: ['Postgres database', 'REST API', 'Stripe payments'] },
      8_250,
    );
    const { adjustmentsNote, breakdown } = hostedGeneratedQuoteDetails(result);
    expect(breakdown.adjustments).not.toBe('0.00');
    expect(adjustmentsNote).toBe('Adjustments: hours × rate, rounded to the nearest dollar.');
    expect(adjustmentsNote).not.toMatch(/%|\$50/);
  });

  it('types a lead "AI Automation" only when the analysis found AI', () => {
    expect(hostedProjectType(analyzeHostedFacts(plain, RATE))).toBe('Web Project');
    expect(hostedProjectType(analyzeHostedFacts({ ...plain, features: ['ai'] }, RATE))).toBe('AI Automation');
  });
});

describe('analysis input checks', () => {
  it.each([0, 99, 100_001, 75.5, Number.NaN])('rejects rate %d cents', (rate) =>
    expect(() => analyzeHostedFacts(plain, rate)).toThrow(RangeError),
  );

  it.each([-1, 1.5, 1_001])('rejects fileCount %d', (fileCount) =>
    expect(() => analyzeHostedFacts({ ...plain, fileCount }, RATE)).toThrow(RangeError),
  );

  it('rejects oversize lists and language', () => {
    expect(() => analyzeHostedFacts({ ...plain, features: Array(21).fill('x') }, RATE)).toThrow(RangeError);
    expect(() => analyzeHostedFacts({ ...plain, files: Array(1_001).fill('a.js') }, RATE)).toThrow(RangeError);
    expect(() => analyzeHostedFacts({ ...plain, language: 'x'.repeat(41) }, RATE)).toThrow(RangeError);
    expect(() => analyzeHostedProject({ lang: 'React', files: Array(1_001).fill('a.js') }, RATE)).toThrow(RangeError);
  });
});

describe('analyzeHostedProject', () => {
  it('uses files.length, the deployment and the file names', () => {
    const project = {
      lang: 'Next.js',
      files: ['app/page.tsx', 'app/api/checkout/route.ts', 'lib/db.ts', 'README.md'],
      deployment: { status: 'live' as const, url: 'https://x.replit.app' },
    };
    const r = analyzeHostedProject(project, RATE);
    expect(r.analysis).toMatchObject({
      fileCount: 4,
      language: 'Next.js',
      hasDeployment: true,
      features: ['database', 'api', 'payment'],
    });
    expect(r.quote.estimatedHours).toBe(4 + 4 * 1.25 + 4 + 8 + 6 + 10);
  });

  it('accepts extra feature texts', () => {
    const r = analyzeHostedProject({ lang: 'React', files: ['src/App.jsx'], deployment: null }, RATE, ['User login']);
    expect(r.analysis.features).toEqual(['auth']);
    expect(r.analysis.hasDeployment).toBe(false);
  });

  it('treats true or an object as deployed, anything else as not', () => {
    expect(isDeployed(true)).toBe(true);
    expect(isDeployed({ status: 'live', url: 'u' })).toBe(true);
    for (const v of [false, null, undefined, 'yes', 1]) expect(isDeployed(v)).toBe(false);
  });

  it('matches the same facts given through the quote form', () => {
    const form = hostedQuoteFormSchema.parse({
      projectId: 'p',
      projectTitle: 'T',
      clientName: 'Ada',
      clientEmail: 'ada@example.com',
      hasDeployment: true,
      features: ['Stripe'],
    });
    expect(analyzeHostedQuoteForm(form)).toEqual(
      analyzeHostedFacts({ ...plain, hasDeployment: true, features: ['Stripe'] }, RATE),
    );
  });
});

const validForm = {
  projectId: 'demo:alice:bakery-menu',
  projectTitle: 'Bakery Menu Site',
  language: 'HTML',
  fileCount: 10,
  hasDeployment: true,
  clientName: 'Ada Lovelace',
  clientEmail: 'Ada@Example.com',
  baseHourlyRate: 80,
  features: ['Stripe checkout'],
};

describe('hostedQuoteFormSchema', () => {
  it('accepts a full form, trimming and lowercasing the email', () => {
    expect(hostedQuoteFormSchema.parse({ ...validForm, clientEmail: ' Ada@Example.com ' })).toEqual({
      ...validForm,
      clientEmail: 'ada@example.com',
    });
  });

  it('applies the defaults: React, 15 files, not deployed, $75', () => {
    const { projectId, projectTitle, clientName, clientEmail } = validForm;
    expect(hostedQuoteFormSchema.parse({ projectId, projectTitle, clientName, clientEmail })).toEqual({
      projectId,
      projectTitle,
      clientName,
      clientEmail: 'ada@example.com',
      language: 'React',
      fileCount: 15,
      hasDeployment: false,
      baseHourlyRate: 75,
      features: undefined,
    });
  });

  it('names every missing required field with the spec messages', () => {
    expect(fieldErrors(hostedQuoteFormSchema.safeParse({}).error!)).toEqual({
      projectId: 'Project ID is required',
      projectTitle: 'Project title is required',
      clientName: 'Client name is required',
      clientEmail: 'Valid email is required',
    });
  });

  it('treats blank text as missing', () => {
    const r = hostedQuoteFormSchema.safeParse({
      ...validForm,
      projectId: ' ',
      projectTitle: '',
      language: '  ',
      clientName: '\t',
    });
    expect(fieldErrors(r.error!)).toEqual({
      projectId: 'Project ID is required',
      projectTitle: 'Project title is required',
      language: 'Language is required',
      clientName: 'Client name is required',
    });
  });

  it.each([0, -3])('fileCount %d: "File count must be positive"', (fileCount) =>
    expect(fieldErrors(hostedQuoteFormSchema.safeParse({ ...validForm, fileCount }).error!)).toEqual({
      fileCount: 'File count must be positive',
    }),
  );

  it('fileCount must be a whole number, at most 1000, and a number', () => {
    const err = (fileCount: unknown) =>
      fieldErrors(hostedQuoteFormSchema.safeParse({ ...validForm, fileCount }).error!).fileCount;
    expect(err(2.5)).toBe('File count must be a whole number');
    expect(err(HOSTED_LIMITS.maxFileCount + 1)).toBe('File count must be at most 1000');
    expect(err('15')).toBe('File count must be a number');
    expect(hostedQuoteFormSchema.parse({ ...validForm, fileCount: 1 }).fileCount).toBe(1);
    expect(hostedQuoteFormSchema.parse({ ...validForm, fileCount: 1_000 }).fileCount).toBe(1_000);
  });

  it.each([0, 0.99, -75])('baseHourlyRate %d: "Rate must be positive"', (baseHourlyRate) =>
    expect(fieldErrors(hostedQuoteFormSchema.safeParse({ ...validForm, baseHourlyRate }).error!)).toEqual({
      baseHourlyRate: 'Rate must be positive',
    }),
  );

  it('baseHourlyRate: 1–1000 dollars with at most 2 decimals', () => {
    const err = (baseHourlyRate: unknown) =>
      fieldErrors(hostedQuoteFormSchema.safeParse({ ...validForm, baseHourlyRate }).error!).baseHourlyRate;
    expect(err(1_000.01)).toBe('Rate must be at most 1000 per hour');
    expect(err(75.555)).toBe('Rate must have at most 2 decimals');
    expect(err('75')).toBe('Rate must be a number');
    expect(hostedQuoteFormSchema.parse({ ...validForm, baseHourlyRate: 1 }).baseHourlyRate).toBe(1);
    expect(hostedQuoteFormSchema.parse({ ...validForm, baseHourlyRate: 82.55 }).baseHourlyRate).toBe(82.55);
  });

  it.each(['nope', 'a@', '', 'a@b'])('clientEmail %j: "Valid email is required"', (clientEmail) =>
    expect(fieldErrors(hostedQuoteFormSchema.safeParse({ ...validForm, clientEmail }).error!)).toEqual({
      clientEmail: 'Valid email is required',
    }),
  );

  it('hasDeployment must be a boolean', () => {
    expect(fieldErrors(hostedQuoteFormSchema.safeParse({ ...validForm, hasDeployment: 'yes' }).error!)).toEqual({
      hasDeployment: 'Deployment must be true or false',
    });
  });

  it('caps features and text sizes', () => {
    const err = (patch: object) => fieldErrors(hostedQuoteFormSchema.safeParse({ ...validForm, ...patch }).error!);
    expect(err({ features: Array(21).fill('db') })).toEqual({ features: 'At most 20 features' });
    expect(err({ features: ['x'.repeat(61)] })).toEqual({ 'features.0': 'Feature must be at most 60 characters' });
    expect(err({ features: ['ok', ' '] })).toEqual({ 'features.1': 'Feature must not be blank' });
    expect(err({ features: 'db' })).toEqual({ features: 'Features must be a list' });
    expect(err({ projectTitle: 'x'.repeat(HOSTED_LIMITS.projectTitle + 1) }).projectTitle).toMatch(/at most/);
    expect(err({ projectId: 'x'.repeat(HOSTED_LIMITS.projectId + 1) }).projectId).toMatch(/at most/);
    expect(err({ clientName: 'x'.repeat(HOSTED_LIMITS.clientName + 1) }).clientName).toMatch(/at most/);
    expect(err({ language: 'x'.repeat(HOSTED_LIMITS.language + 1) }).language).toMatch(/at most/);
    expect(hostedQuoteFormSchema.parse({ ...validForm, features: Array(20).fill(' db ') }).features).toEqual(
      Array(20).fill('db'),
    );
  });

  it('rejects unknown keys', () => {
    expect(fieldErrors(hostedQuoteFormSchema.safeParse({ ...validForm, totalCents: 1 }).error!)).toEqual({
      totalCents: 'Unknown field',
    });
  });
});

describe('hostedUsernameSchema', () => {
  it('trims a valid username', () =>
    expect(hostedUsernameSchema.parse({ username: ' jane_doe-1 ' })).toEqual({ username: 'jane_doe-1' }));

  it.each([{}, { username: '' }, { username: '   ' }, { username: null }])(
    '%j: "Replit username is required"',
    (body) =>
      expect(fieldErrors(hostedUsernameSchema.safeParse(body).error!)).toEqual({
        username: 'Replit username is required',
      }),
  );

  it('rejects other characters and long names', () => {
    expect(fieldErrors(hostedUsernameSchema.safeParse({ username: 'a b' }).error!).username).toBe(
      'Replit username may only contain letters, digits, dashes and underscores',
    );
    expect(fieldErrors(hostedUsernameSchema.safeParse({ username: 'x'.repeat(41) }).error!).username).toBe(
      'Replit username must be at most 40 characters',
    );
    expect(hostedUsernameSchema.safeParse({ username: 'x'.repeat(40) }).success).toBe(true);
  });

  it('rejects unknown keys', () => {
    expect(fieldErrors(hostedUsernameSchema.safeParse({ username: 'a', page: 2 }).error!)).toEqual({
      page: 'Unknown field',
    });
  });
});

describe('hostedAnalyzeRequestSchema', () => {
  it('defaults the rate to 75 dollars', () => {
    expect(hostedAnalyzeRequestSchema.parse({ projectId: 'demo:alice:bakery-menu' })).toEqual({
      projectId: 'demo:alice:bakery-menu',
      baseHourlyRate: 75,
    });
  });

  it('uses the spec messages', () => {
    expect(fieldErrors(hostedAnalyzeRequestSchema.safeParse({ baseHourlyRate: 0 }).error!)).toEqual({
      projectId: 'Project ID is required',
      baseHourlyRate: 'Rate must be positive',
    });
  });

  it('rejects unknown keys', () => {
    expect(fieldErrors(hostedAnalyzeRequestSchema.safeParse({ projectId: 'p', username: 'alice' }).error!)).toEqual({
      username: 'Unknown field',
    });
  });
});
