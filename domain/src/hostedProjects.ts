/**
 * Hosted-project ("Replit") quote tool: the project shape, the analysis model and the
 * tool's request schemas (spec §2 "Hosted-project quote tool", §3 "Hosted project
 * (demo)" and "Analysis result", §5 "Hosted-project quote form", §7 /api/replit/*,
 * §9 "Hosted-project quotes use a 30% deposit, default rate 75 per hour, default
 * file count 15").
 *
 * The hosting platform has no public API, so the server makes projects up: a
 * deterministic sample catalogue per username, kept beside the server's slice
 * (functions/src/features/hosted-projects/demoCatalogue.ts), not here.
 *
 * ## Analysis model
 * The spec gives none; this is the studio's own, kept simple enough to explain
 * line by line (every step is also returned as a human-readable `reasons` entry).
 * Hours are computed in integer hundredths of an hour, so every estimate is exact
 * and has at most 2 decimals.
 *
 *     hours = 4 h base (setup, review, handover)
 *           + fileCount × per-file hours of the language:
 *               HTML 0.75; React, Vue, Python 1.00; Node.js, Next.js 1.25;
 *               any other language 1.00
 *           + 4 h when the project is deployed (Live)
 *           + per detected feature: database 8 h, api 6 h, auth 6 h,
 *               payment 10 h, ai 12 h (each feature counts once)
 *
 * Features are detected from keywords in file paths and in the free-text feature
 * list. Text is split into words (on punctuation, camelCase and letter/digit
 * boundaries, then lowercased) and a feature is detected when one word equals one
 * of its keywords (`HOSTED_FEATURE_KEYWORDS`); whole words avoid false hits such as
 * "ai" inside "main" or "email".
 *
 * Complexity follows the hours: High at 60 h or more, Medium at 25 h or more,
 * otherwise Low.
 *
 * Money is integer cents. total = hours × hourly rate, rounded half-up to whole
 * dollars (quotes read as round numbers; the error is under $0.50). deposit = 30%
 * of the total, rounded half-up to the cent (exact, since totals are whole
 * dollars); final = total − deposit, so deposit + final = total always.
 *
 * Bounds (`HOSTED_LIMITS`): 0–1000 files for the model (the form asks for at least
 * 1), rates of $1–$1000 per hour. The largest possible quote (1,300 h at $1000)
 * is $1,300,000.00, inside the spec's money (10,2) and hours (8,2) precision.
 */
import { z } from 'zod';
import { LIMITS } from './constants.js';
import type { Complexity, ProjectType } from './constants.js';
import { centsToString, formatUsd } from './money.js';
import { generatedQuoteDetailsOf, splitDeposit, type GeneratedQuoteDetails } from './pricing.js';
import { requiredText } from './schemas.js';

// ---------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------

/** Languages of hosted projects (spec §3 "Hosted-project languages"). */
export const HOSTED_LANGUAGES = ['HTML', 'React', 'Next.js', 'Vue', 'Python', 'Node.js'] as const;
export type HostedLanguage = (typeof HOSTED_LANGUAGES)[number];

/** Quote form default language (spec §5). */
export const HOSTED_DEFAULT_LANGUAGE: HostedLanguage = 'React';
/** Quote form default file count (spec §5, §9). */
export const HOSTED_DEFAULT_FILE_COUNT = 15;
/** Default base hourly rate, in whole dollars as the form shows it (spec §5, §9). */
export const HOSTED_DEFAULT_RATE_DOLLARS = 75;
/** Deposit share of a hosted-project quote, in percent (spec §9). */
export const HOSTED_DEPOSIT_PERCENT = 30;

/**
 * Size bounds of the hosted-project tool (the spec gives none):
 * - username: demo username length (characters);
 * - projectId / projectTitle / language / clientName: text lengths (characters);
 * - minFileCount / maxFileCount: file count accepted by the form (the model accepts 0 too);
 * - maxFeatures / featureLength: items in, and characters per item of, the features list;
 * - minRateDollars / maxRateDollars: base hourly rate in dollars (the model takes cents).
 */
export const HOSTED_LIMITS = {
  username: 40,
  projectId: 120,
  projectTitle: LIMITS.subject,
  language: 40,
  clientName: LIMITS.name,
  minFileCount: 1,
  maxFileCount: 1_000,
  maxFeatures: 20,
  featureLength: 60,
  minRateDollars: 1,
  maxRateDollars: 1_000,
} as const;

/** Features the analysis detects, in reporting order. */
export const HOSTED_FEATURES = ['database', 'api', 'auth', 'payment', 'ai'] as const;
export type HostedFeature = (typeof HOSTED_FEATURES)[number];

/** Whole words that reveal a feature in a file path or a feature description (lowercase). */
export const HOSTED_FEATURE_KEYWORDS: Readonly<Record<HostedFeature, readonly string[]>> = {
  database: [
    'database',
    'databases',
    'db',
    'sql',
    'sqlite',
    'postgres',
    'postgresql',
    'mysql',
    'mongo',
    'mongodb',
    'mongoose',
    'prisma',
    'drizzle',
    'supabase',
    'firestore',
    'redis',
    'models',
    'migrations',
  ],
  api: ['api', 'apis', 'routes', 'endpoints', 'endpoint', 'graphql', 'trpc', 'controllers', 'webhook', 'webhooks'],
  auth: [
    'auth',
    'authentication',
    'login',
    'logout',
    'signin',
    'signup',
    'session',
    'sessions',
    'passport',
    'jwt',
    'oauth',
    'nextauth',
  ],
  payment: [
    'payment',
    'payments',
    'pay',
    'stripe',
    'checkout',
    'billing',
    'paypal',
    'invoice',
    'invoices',
    'subscription',
    'subscriptions',
  ],
  ai: [
    'ai',
    'openai',
    'llm',
    'gpt',
    'chatgpt',
    'chatbot',
    'anthropic',
    'claude',
    'gemini',
    'langchain',
    'embedding',
    'embeddings',
    'prompt',
    'prompts',
    'automation',
  ],
};

const FEATURE_LABELS: Readonly<Record<HostedFeature, string>> = {
  database: 'Database',
  api: 'API',
  auth: 'Authentication',
  payment: 'Payments',
  ai: 'AI',
};

/**
 * The analysis model's numbers (see the module docstring). Hours are in
 * hundredths of an hour (`…Centihours`) so the arithmetic stays in integers.
 */
export const HOSTED_MODEL = {
  baseCentihours: 400,
  perFileCentihours: { HTML: 75, React: 100, 'Next.js': 125, Vue: 100, Python: 100, 'Node.js': 125 } as Readonly<
    Record<HostedLanguage, number>
  >,
  otherLanguagePerFileCentihours: 100,
  deploymentCentihours: 400,
  featureCentihours: { database: 800, api: 600, auth: 600, payment: 1000, ai: 1200 } as Readonly<
    Record<HostedFeature, number>
  >,
  /** Complexity is High at or above this many hours. */
  highFromHours: 60,
  /** Complexity is Medium at or above this many hours (and below highFromHours). */
  mediumFromHours: 25,
} as const;

// ---------------------------------------------------------------------------
// Projects
// ---------------------------------------------------------------------------

/** A live deployment of a hosted project. */
export interface HostedDeployment {
  status: 'live';
  /** Public address of the deployment. */
  url: string;
}

/**
 * A hosted project (spec §3 "Hosted project (demo)").
 * `deployment` is null when the project is not deployed (no Live badge).
 */
export interface HostedProject {
  /** `demo:{username}:{slug}`; the server resolves it (hosted-projects demoCatalogue `findDemoProject`). */
  id: string;
  /** Lowercase letters, digits and dashes. */
  slug: string;
  title: string;
  lang: HostedLanguage;
  /** File paths relative to the project root. */
  files: string[];
  deployment: HostedDeployment | null;
  /** `https://replit.com/@{username}/{slug}`. */
  url: string;
  /** ISO 8601. */
  timeUpdated: string;
}

/**
 * True when a project's `deployment` value means "deployed": `true` or any
 * non-null object. `false`, null and undefined mean not deployed.
 */
export function isDeployed(deployment: unknown): boolean {
  return deployment === true || (typeof deployment === 'object' && deployment !== null);
}

/** Demo usernames: 1–40 letters, digits, dashes or underscores (after trimming). */
export const HOSTED_USERNAME_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

// ---------------------------------------------------------------------------
// Analysis
// ---------------------------------------------------------------------------

/** Analysis part of the result (spec §3 "Analysis result": analysis.complexity). */
export interface HostedAnalysis {
  complexity: Complexity;
  fileCount: number;
  /** The canonical language name when known (e.g. "nextjs" → "Next.js"), else the trimmed input. */
  language: string;
  hasDeployment: boolean;
  /** Detected features, in `HOSTED_FEATURES` order. */
  features: HostedFeature[];
  /** One line per step of the estimate, in order. */
  reasons: string[];
}

/** Quote part of the result (spec §3: quote.estimatedHours, total, depositAmount). */
export interface HostedQuote {
  /** Hours, at most 2 decimals. */
  estimatedHours: number;
  /** Whole-dollar total, in cents. */
  totalCents: number;
  /** 30% of the total, in cents. */
  depositCents: number;
  /** totalCents − depositCents. */
  finalCents: number;
  /** The rate used, in cents per hour. */
  hourlyRateCents: number;
}

export interface HostedAnalysisResult {
  analysis: HostedAnalysis;
  quote: HostedQuote;
}

/** What the model needs to know about a project (from a project, or from the quote form). */
export interface HostedProjectFacts {
  /** Any language name; the six of `HOSTED_LANGUAGES` are matched ignoring case and punctuation. */
  language: string;
  /** Integer, 0–1000. */
  fileCount: number;
  hasDeployment: boolean;
  /** File paths scanned for feature keywords. */
  files?: readonly string[] | undefined;
  /** Free-text features (e.g. "Stripe checkout", "database"), scanned for feature keywords. */
  features?: readonly string[] | undefined;
}

/** A project as `analyzeHostedProject` accepts it: a HostedProject, or any record with these fields. */
export interface HostedProjectLike {
  lang: string;
  files: readonly string[];
  /** true, or an object, means deployed; see `isDeployed`. */
  deployment?: HostedDeployment | boolean | null | undefined;
}

/** Splits text into lowercase words on punctuation, camelCase and letter/digit boundaries. */
function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-zA-Z])([0-9])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const KEYWORD_FEATURE = new Map<string, HostedFeature>(
  HOSTED_FEATURES.flatMap((f) => HOSTED_FEATURE_KEYWORDS[f].map((k) => [k, f] as const)),
);

interface Detection {
  feature: HostedFeature;
  keyword: string;
  source: string;
}

function detect(texts: readonly string[]): Detection[] {
  const found = new Map<HostedFeature, Detection>();
  for (const source of texts) {
    for (const word of words(source)) {
      const feature = KEYWORD_FEATURE.get(word);
      if (feature && !found.has(feature)) found.set(feature, { feature, keyword: word, source });
    }
  }
  return HOSTED_FEATURES.filter((f) => found.has(f)).map((f) => found.get(f)!);
}

/**
 * Features revealed by file paths or feature descriptions, in `HOSTED_FEATURES`
 * order, each once: `["app/api/stripe.ts", "Login"]` → `["api", "auth", "payment"]`.
 */
export function detectHostedFeatures(texts: readonly string[]): HostedFeature[] {
  return detect(texts).map((d) => d.feature);
}

/** The canonical name of a hosted language ("next.js", "NextJS" → "Next.js"), or null if unlisted. */
export function canonicalHostedLanguage(language: string): HostedLanguage | null {
  const key = language.toLowerCase().replace(/[^a-z0-9]/g, '');
  return HOSTED_LANGUAGES.find((l) => l.toLowerCase().replace(/[^a-z0-9]/g, '') === key) ?? null;
}

/**
 * Complexity for an hour estimate: High at 60 h or more, Medium at 25 h or more,
 * otherwise Low (see `HOSTED_MODEL`).
 */
export function complexityForHours(hours: number): Complexity {
  if (hours >= HOSTED_MODEL.highFromHours) return 'High';
  if (hours >= HOSTED_MODEL.mediumFromHours) return 'Medium';
  return 'Low';
}

/**
 * Reads a complexity value as the UI does (spec §3 "Analysis result"): "High" and
 * "Medium" are themselves; anything else (including "Low", null, unknown text) is Low.
 */
export function hostedComplexityLevel(value: unknown): Complexity {
  return value === 'High' || value === 'Medium' ? value : 'Low';
}

/**
 * Splits a total into the HOSTED_DEPOSIT_PERCENT (30%) deposit and the remainder (spec §9), in cents: the one
 * deposit rule, pricing.ts splitDeposit (half-up to the cent; deposit + final = total) at the hosted share.
 * @throws RangeError when totalCents is not a non-negative safe integer.
 */
export function hostedDepositSplit(totalCents: number): { depositCents: number; finalCents: number } {
  return splitDeposit(totalCents, HOSTED_DEPOSIT_PERCENT);
}

/**
 * Converts a form rate in dollars (at most 2 decimals, e.g. 75 or 82.5) to cents.
 * @throws RangeError when the value is not a finite number.
 */
export function rateDollarsToCents(dollars: number): number {
  if (typeof dollars !== 'number' || !Number.isFinite(dollars))
    throw new RangeError(`rate must be a finite number, got ${dollars}`);
  return Math.round(dollars * 100);
}

/** Formats hundredths of an hour: 1925 → "19.25", 1500 → "15", 75 → "0.75". */
function hoursText(centihours: number): string {
  return String(centihours / 100);
}

function checkRateCents(baseHourlyRateCents: number): void {
  const min = HOSTED_LIMITS.minRateDollars * 100;
  const max = HOSTED_LIMITS.maxRateDollars * 100;
  if (!Number.isSafeInteger(baseHourlyRateCents) || baseHourlyRateCents < min || baseHourlyRateCents > max) {
    throw new RangeError(`baseHourlyRateCents must be an integer from ${min} to ${max}, got ${baseHourlyRateCents}`);
  }
}

/**
 * Runs the analysis model (module docstring) on project facts.
 *
 * @param facts language, file count, deployment, and file paths / feature texts to scan.
 * @param baseHourlyRateCents integer cents per hour, 100–100000 ($1–$1000).
 * @returns `{ analysis, quote }`; hours have at most 2 decimals, money is integer cents.
 * @throws RangeError when fileCount is not an integer 0–1000, the rate is out of
 *   range or not an integer, there are more than 1000 files or 20 features, or the
 *   language is longer than 40 characters.
 */
export function analyzeHostedFacts(facts: HostedProjectFacts, baseHourlyRateCents: number): HostedAnalysisResult {
  checkRateCents(baseHourlyRateCents);
  const { fileCount, hasDeployment } = facts;
  if (!Number.isSafeInteger(fileCount) || fileCount < 0 || fileCount > HOSTED_LIMITS.maxFileCount) {
    throw new RangeError(`fileCount must be an integer from 0 to ${HOSTED_LIMITS.maxFileCount}, got ${fileCount}`);
  }
  const files = facts.files ?? [];
  const featureTexts = facts.features ?? [];
  if (files.length > HOSTED_LIMITS.maxFileCount)
    throw new RangeError(`at most ${HOSTED_LIMITS.maxFileCount} files can be analyzed`);
  if (featureTexts.length > HOSTED_LIMITS.maxFeatures)
    throw new RangeError(`at most ${HOSTED_LIMITS.maxFeatures} features can be analyzed`);
  const rawLanguage = String(facts.language ?? '').trim();
  if (rawLanguage.length > HOSTED_LIMITS.language)
    throw new RangeError(`language must be at most ${HOSTED_LIMITS.language} characters`);

  const known = canonicalHostedLanguage(rawLanguage);
  const language = known ?? rawLanguage;
  const perFile = known ? HOSTED_MODEL.perFileCentihours[known] : HOSTED_MODEL.otherLanguagePerFileCentihours;
  const reasons: string[] = [];

  let centihours = HOSTED_MODEL.baseCentihours;
  reasons.push(`Base setup, review and handover: ${hoursText(HOSTED_MODEL.baseCentihours)} h`);

  const fileHours = fileCount * perFile;
  centihours += fileHours;
  const languageLabel = known ? language : `${language || 'Unknown language'} (unlisted language)`;
  reasons.push(
    `${fileCount} ${languageLabel} file${fileCount === 1 ? '' : 's'} × ${hoursText(perFile)} h: +${hoursText(fileHours)} h`,
  );

  if (hasDeployment) {
    centihours += HOSTED_MODEL.deploymentCentihours;
    reasons.push(`Deployed (Live), hosting and release setup: +${hoursText(HOSTED_MODEL.deploymentCentihours)} h`);
  } else {
    reasons.push('Not deployed: +0 h');
  }

  const detections = detect([...files, ...featureTexts]);
  for (const d of detections) {
    const add = HOSTED_MODEL.featureCentihours[d.feature];
    centihours += add;
    reasons.push(
      `${FEATURE_LABELS[d.feature]} detected ("${d.keyword}" in ${JSON.stringify(d.source)}): +${hoursText(add)} h`,
    );
  }

  const estimatedHours = centihours / 100;
  const complexity = complexityForHours(estimatedHours);
  const rule =
    complexity === 'High'
      ? `at least ${HOSTED_MODEL.highFromHours} h`
      : complexity === 'Medium'
        ? `at least ${HOSTED_MODEL.mediumFromHours} h and under ${HOSTED_MODEL.highFromHours} h`
        : `under ${HOSTED_MODEL.mediumFromHours} h`;
  reasons.push(`Complexity ${complexity}: ${hoursText(centihours)} h is ${rule}`);

  // centihours × cents/hour = hundredths of a cent; round half-up to whole dollars.
  const totalCents = Math.floor((centihours * baseHourlyRateCents + 5_000) / 10_000) * 100;
  const { depositCents, finalCents } = hostedDepositSplit(totalCents);
  reasons.push(
    `Total: ${hoursText(centihours)} h × ${formatUsd(baseHourlyRateCents)}/h = ${formatUsd(totalCents)} (rounded to the nearest dollar)`,
  );
  reasons.push(
    `Deposit ${HOSTED_DEPOSIT_PERCENT}%: ${formatUsd(depositCents)}; final payment ${formatUsd(finalCents)}`,
  );

  return {
    analysis: { complexity, fileCount, language, hasDeployment, features: detections.map((d) => d.feature), reasons },
    quote: { estimatedHours, totalCents, depositCents, finalCents, hourlyRateCents: baseHourlyRateCents },
  };
}

/**
 * Analyzes a hosted project (POST /api/replit/analyze-project, spec §7): the
 * file count is `files.length`, the project is deployed when `isDeployed(deployment)`,
 * and features are detected from file paths plus the optional `extraFeatures` texts.
 *
 * @param baseHourlyRateCents integer cents per hour, 100–100000 ($1–$1000).
 * @returns `{ analysis, quote }` as `analyzeHostedFacts`.
 * @throws RangeError as `analyzeHostedFacts` (e.g. more than 1000 files, bad rate).
 */
export function analyzeHostedProject(
  project: HostedProjectLike,
  baseHourlyRateCents: number,
  extraFeatures: readonly string[] = [],
): HostedAnalysisResult {
  return analyzeHostedFacts(
    {
      language: project.lang,
      fileCount: project.files.length,
      hasDeployment: isDeployed(project.deployment),
      files: project.files,
      features: extraFeatures,
    },
    baseHourlyRateCents,
  );
}

/**
 * Analyzes a validated quote form (POST /api/replit/create-quote-from-project):
 * its language, fileCount, hasDeployment and features, at its baseHourlyRate
 * (dollars, converted to cents). Throws RangeError only for values the schema
 * already rejects.
 */
export function analyzeHostedQuoteForm(form: HostedQuoteForm): HostedAnalysisResult {
  return analyzeHostedFacts(
    {
      language: form.language,
      fileCount: form.fileCount,
      hasDeployment: form.hasDeployment,
      features: form.features ?? [],
    },
    rateDollarsToCents(form.baseHourlyRate),
  );
}

/** A hosted quote as the API carries it (see toHostedQuoteDto). */
export interface HostedQuoteDto {
  estimatedHours: number;
  total: string;
  depositAmount: string;
  finalAmount: string;
  hourlyRate: string;
}

/**
 * The quote as the API and UI carry money (spec §3: decimals 10,2 as strings):
 * `{ estimatedHours: 19, total: "1425.00", depositAmount: "427.50", finalAmount: "997.50", hourlyRate: "75.00" }`.
 */
export function toHostedQuoteDto(quote: HostedQuote): HostedQuoteDto {
  return {
    estimatedHours: quote.estimatedHours,
    total: centsToString(quote.totalCents),
    depositAmount: centsToString(quote.depositCents),
    finalAmount: centsToString(quote.finalCents),
    hourlyRate: centsToString(quote.hourlyRateCents),
  };
}

/**
 * Project type of a lead created from a hosted project: every hosted project is
 * code, so "Web Project", except "AI Automation" when the analysis detected AI.
 */
export function hostedProjectType(result: HostedAnalysisResult): ProjectType {
  return result.analysis.features.includes('ai') ? 'AI Automation' : 'Web Project';
}

/**
 * Why a hosted quote's total differs from hours × rate: the model's only
 * adjustment is rounding to whole dollars (no feature multiplier, no $50
 * rounding: features add hours, see the module docstring).
 */
export const HOSTED_ADJUSTMENTS_NOTE = 'Adjustments: hours × rate, rounded to the nearest dollar.';

/**
 * The lead's generatedQuoteDetails (spec §3) for a hosted quote: baseCost is
 * hours × rate to the cent (half-up), totalCost the model's whole-dollar total,
 * adjustments = total − base (the rounding to whole dollars, under $0.50 either way),
 * explained by HOSTED_ADJUSTMENTS_NOTE.
 */
export function hostedGeneratedQuoteDetails({ quote }: HostedAnalysisResult): GeneratedQuoteDetails {
  const centihours = Math.round(quote.estimatedHours * 100);
  const baseCents = Math.floor((centihours * quote.hourlyRateCents + 50) / 100);
  return generatedQuoteDetailsOf({ ...quote, baseCents }, quote.estimatedHours, HOSTED_ADJUSTMENTS_NOTE);
}

/** One lead's result in the POST /api/replit/sync-project-status reply (spec §7). */
export interface ProjectStatusUpdate {
  leadId: string;
  name: string;
  projectId: string;
  /** The demo project's title, or null when the id names no demo project (e.g. a manual quote). */
  projectTitle: string | null;
  /** True when the id names a demo project and the lead was updated. */
  synced: boolean;
  /** Whether the project is deployed (Live); null when unknown. */
  deployed: boolean | null;
  deploymentUrl: string | null;
  /** True when `replitDeployed` differs from what the lead had before. */
  changed: boolean;
}

// ---------------------------------------------------------------------------
// Schemas (spec §5 "Hosted-project quote form"; strict: unknown keys rejected)
// ---------------------------------------------------------------------------

export const CLIENT_EMAIL_MESSAGE = 'Valid email is required';

/** Hourly rate in dollars: 1–1000 with at most 2 decimals; default 75. */
const hourlyRateField = z
  .number({ error: 'Rate must be a number' })
  .min(HOSTED_LIMITS.minRateDollars, 'Rate must be positive')
  .max(HOSTED_LIMITS.maxRateDollars, `Rate must be at most ${HOSTED_LIMITS.maxRateDollars} per hour`)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Rate must have at most 2 decimals')
  .default(HOSTED_DEFAULT_RATE_DOLLARS);

const projectIdField = requiredText('Project ID is required', HOSTED_LIMITS.projectId, 'Project ID');

/**
 * The "Generate Quote from Replit Project" form and the body of
 * POST /api/replit/create-quote-from-project (spec §5, §7).
 *
 * - projectId, projectTitle, clientName: required trimmed text (≤120, ≤200, ≤100 chars);
 * - language: required trimmed text ≤40 chars, default "React" (any language is
 *   accepted; the model knows `HOSTED_LANGUAGES`);
 * - fileCount: integer 1–1000, default 15;
 * - hasDeployment: boolean, default false;
 * - clientEmail: valid email ≤254 chars, trimmed and lowercased;
 * - baseHourlyRate: DOLLARS per hour (not cents), 1–1000, at most 2 decimals,
 *   default 75; convert with `rateDollarsToCents`;
 * - features: optional list of at most 20 non-blank texts of ≤60 chars.
 */
export const hostedQuoteFormSchema = z.strictObject({
  projectId: projectIdField,
  projectTitle: requiredText('Project title is required', HOSTED_LIMITS.projectTitle, 'Project title'),
  language: requiredText('Language is required', HOSTED_LIMITS.language, 'Language').default(HOSTED_DEFAULT_LANGUAGE),
  fileCount: z
    .number({ error: 'File count must be a number' })
    .int('File count must be a whole number')
    .min(HOSTED_LIMITS.minFileCount, 'File count must be positive')
    .max(HOSTED_LIMITS.maxFileCount, `File count must be at most ${HOSTED_LIMITS.maxFileCount}`)
    .default(HOSTED_DEFAULT_FILE_COUNT),
  hasDeployment: z.boolean({ error: 'Deployment must be true or false' }).default(false),
  clientName: requiredText('Client name is required', HOSTED_LIMITS.clientName, 'Client name'),
  clientEmail: z
    .string({ error: CLIENT_EMAIL_MESSAGE })
    .trim()
    .max(LIMITS.email, CLIENT_EMAIL_MESSAGE)
    .pipe(z.email(CLIENT_EMAIL_MESSAGE))
    .transform((v) => v.toLowerCase()),
  baseHourlyRate: hourlyRateField,
  features: z
    .array(requiredText('Feature must not be blank', HOSTED_LIMITS.featureLength, 'Feature'), {
      error: 'Features must be a list',
    })
    .max(HOSTED_LIMITS.maxFeatures, `At most ${HOSTED_LIMITS.maxFeatures} features`)
    .optional(),
});
export type HostedQuoteFormInput = z.input<typeof hostedQuoteFormSchema>;
export type HostedQuoteForm = z.output<typeof hostedQuoteFormSchema>;

/**
 * The demo username box, and the query of GET /api/replit/projects (spec §5, §7):
 * username trimmed, 1–40 letters, digits, dashes or underscores.
 */
export const hostedUsernameSchema = z.strictObject({
  username: requiredText('Replit username is required', HOSTED_LIMITS.username, 'Replit username').regex(
    HOSTED_USERNAME_PATTERN,
    'Replit username may only contain letters, digits, dashes and underscores',
  ),
});
export type HostedUsernameInput = z.infer<typeof hostedUsernameSchema>;

/**
 * Body of POST /api/replit/analyze-project (spec §7): projectId (required text
 * ≤120 chars) and baseHourlyRate in DOLLARS per hour (1–1000, default 75).
 */
export const hostedAnalyzeRequestSchema = z.strictObject({
  projectId: projectIdField,
  baseHourlyRate: hourlyRateField,
});
export type HostedAnalyzeRequestInput = z.input<typeof hostedAnalyzeRequestSchema>;
export type HostedAnalyzeRequest = z.output<typeof hostedAnalyzeRequestSchema>;
