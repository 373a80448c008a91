/**
 * Quote pricing (spec §9 "Quote calculation", "Deposits", "Service plans",
 * "Hourly rates"; used by §4 "Add Project Plan" and "Quote review").
 *
 * Units: money is integer cents; hours are integer hundredths of an hour
 * (spec §9 precision: hours 8,2), so 40.5 h is 4050. Every step is integer
 * arithmetic; the 1.2/1.3/1.4 multipliers are applied as the ratios 12/10,
 * 13/10, 14/10.
 *
 * The calculation, in order:
 * 1. rate: the admin's explicit rate, else the table cell for project type ×
 *    complexity, else 95 $/h when either is missing. Hours default to 40.
 * 2. base = hours × rate, rounded half-up to whole cents.
 * 3. feature multipliers, in the fixed order database/api ×1.2,
 *    payment/stripe ×1.3, ai/automation ×1.4, each group at most once; the
 *    running amount is rounded half-up to whole cents after each step, so every
 *    figure in the explanation can be recomputed from the one before it.
 * 4. total = that amount rounded to the nearest $50; an exact tie ($25 over a
 *    multiple of $50) rounds UP (half-up).
 * 5. deposit = 50% of the total, rounded half-up to whole cents;
 *    final = total − deposit, so deposit + final === total always.
 *    adjustments = total − base (can be negative when rounding goes down).
 *
 * Feature words: the detected-features text is split into words at every
 * character that is not a letter or digit (spaces, punctuation, hyphens,
 * slashes, apostrophes, underscores). A word matches a keyword when it equals
 * the keyword or the keyword plus a plural "s", ignoring case. So "APIs",
 * "databases", "payments", "AI-powered", "api-first", "Stripe's" match;
 * "email", "rapid", "capital", "paint", "maintain", "OpenAI", "automated",
 * "A.I." do not.
 */
import { COMPLEXITIES, PROJECT_TYPES } from './constants.js';
import type { Complexity, ProjectType, ServicePlanType } from './constants.js';
import { centsToString, formatUsd } from './money.js';

/** Hourly rates in cents by project type and complexity (spec §9 "Hourly rates"). */
export const HOURLY_RATES_CENTS: Readonly<Record<ProjectType, Readonly<Record<Complexity, number>>>> = {
  'Web Project': { Low: 7500, Medium: 9500, High: 12500 },
  'Brand/Logo Design': { Low: 5000, Medium: 7500, High: 10000 },
  'Product Design': { Low: 8500, Medium: 11000, High: 14000 },
  'AI Automation': { Low: 10000, Medium: 13000, High: 16500 },
};

/** Rate used when project type or complexity is not given: 95 $/h, in cents (spec §9). */
export const DEFAULT_HOURLY_RATE_CENTS = 9500;
/** Hours used when none are given, in hours (spec §9). */
export const DEFAULT_ESTIMATED_HOURS = 40;
/** DEFAULT_ESTIMATED_HOURS in hundredths of an hour. */
export const DEFAULT_ESTIMATED_HOURS_HUNDREDTHS = DEFAULT_ESTIMATED_HOURS * 100;
/** Quote totals are rounded to the nearest $50, in cents (spec §9). */
export const QUOTE_ROUNDING_CENTS = 5000;
/** Deposit share of a quote, in percent (spec §9 "Deposits"). */
export const DEPOSIT_PERCENT = 50;

/** Monthly price of each admin-quote service plan, in cents (spec §9 "Service plans"). */
export const SERVICE_PLAN_MONTHLY_CENTS: Readonly<Record<ServicePlanType, number>> = {
  Hosting: 2900,
  'Hosting & 2hr maintenance': 7500,
  'Hosting & 8hr maintenance': 24900,
};

export type MultiplierGroup = 'database/api' | 'payment/stripe' | 'ai/automation';

/** One feature multiplier rule: its keywords and its factor as the integer ratio numerator/denominator. */
export interface FeatureMultiplierRule {
  group: MultiplierGroup;
  /** Lowercase whole words; "<keyword>s" matches too. */
  keywords: readonly string[];
  numerator: number;
  denominator: number;
  /** The factor as shown to people, e.g. "1.2". */
  factor: string;
}

/** The multiplier rules in the order they are applied (spec §9 "Quote calculation"). */
export const FEATURE_MULTIPLIERS: readonly FeatureMultiplierRule[] = [
  { group: 'database/api', keywords: ['database', 'api'], numerator: 12, denominator: 10, factor: '1.2' },
  { group: 'payment/stripe', keywords: ['payment', 'stripe'], numerator: 13, denominator: 10, factor: '1.3' },
  { group: 'ai/automation', keywords: ['ai', 'automation'], numerator: 14, denominator: 10, factor: '1.4' },
];

/** A multiplier group found in the features text. */
export interface FeatureMatch extends FeatureMultiplierRule {
  /** The keyword that matched, lowercase (e.g. "api"). */
  keyword: string;
  /** The first matching word as written in the text (e.g. "APIs"). */
  matched: string;
}

/** A multiplier applied to the running amount, with the amounts before and after (cents). */
export interface AppliedMultiplier extends FeatureMatch {
  beforeCents: number;
  afterCents: number;
}

/** Where the hourly rate came from. */
export type RateSource = 'override' | 'table' | 'default';

/** Input of computeQuote. Every field is optional; see computeQuote for defaults. */
export interface QuoteInput {
  projectType?: ProjectType | null;
  complexity?: Complexity | null;
  /** Hours, at most 2 decimals (e.g. 40.5). Default 40. */
  estimatedHours?: number | null;
  /** Admin override of the hourly rate, integer cents. Wins over the table. */
  hourlyRateCents?: number | null;
  /** The detected-features text the multipliers are read from. */
  detectedFeatures?: string | null;
}

/** A computed quote with every step of how it was built. Money in cents, hours in hundredths. */
export interface Quote {
  projectType: ProjectType | null;
  complexity: Complexity | null;
  hourlyRateCents: number;
  rateSource: RateSource;
  estimatedHoursHundredths: number;
  /** hours × rate, rounded half-up to whole cents. */
  baseCents: number;
  /** Applied in FEATURE_MULTIPLIERS order; empty when none matched. */
  multipliers: AppliedMultiplier[];
  /** The amount after multipliers, before rounding to $50. */
  unroundedCents: number;
  rounding: { unitCents: number; mode: 'half-up'; deltaCents: number };
  totalCents: number;
  /** total − base; negative when rounding went down and no multiplier applied. */
  adjustmentsCents: number;
  depositPercent: number;
  depositCents: number;
  finalCents: number;
}

/** The lead's generatedQuoteDetails object (spec §3); money as 2-decimal strings, hours as a number. */
export interface GeneratedQuoteDetails {
  quoteAmount: string;
  depositAmount: string;
  finalAmount: string;
  /** Dollars per hour, e.g. "95.00". */
  hourlyRate: string;
  /** Hours, e.g. 40.5. */
  estimatedHours: number;
  breakdown: {
    baseCost: string;
    adjustments: string;
    totalCost: string;
    depositAmount: string;
    finalAmount: string;
  };
  /**
   * Why the total differs from hours × rate (the adjustments), in one line, as
   * the pricing that made this total says it: the plan's multipliers and $50
   * rounding (quoteAdjustmentsNote), the hosted tool's rounding to the dollar,
   * or the studio's own price (EDITED_QUOTE_ADJUSTMENTS_NOTE).
   */
  adjustmentsNote: string;
}

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative safe integer number of cents, got ${value}`);
  }
}

/** round(numerator / denominator) with halves up, for non-negative safe integers and a positive denominator. */
function divRoundHalfUp(numerator: number, denominator: number, what: string): number {
  if (!Number.isSafeInteger(numerator)) throw new RangeError(`${what} is too large to compute exactly`);
  const quotient = Math.floor(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

/**
 * Converts hours (at most 2 decimals, e.g. 40.25) to integer hundredths (4025).
 * Throws RangeError on negative, non-finite or over-precise (3+ decimals) hours. Spec §9 precision.
 */
export function hoursToHundredths(hours: number): number {
  if (typeof hours !== 'number' || !Number.isFinite(hours) || hours < 0) {
    throw new RangeError(`hours must be a finite non-negative number, got ${hours}`);
  }
  const hundredths = Math.round(hours * 100);
  if (!Number.isSafeInteger(hundredths) || Math.abs(hours * 100 - hundredths) > 1e-6) {
    throw new RangeError(`hours must have at most 2 decimals, got ${hours}`);
  }
  return hundredths;
}

/**
 * The table hourly rate in cents for a project type and complexity (spec §9 "Hourly rates"),
 * or DEFAULT_HOURLY_RATE_CENTS (9500) when either is null/undefined.
 * Throws RangeError on a value that is not one of PROJECT_TYPES / COMPLEXITIES.
 */
export function hourlyRateCents(projectType?: ProjectType | null, complexity?: Complexity | null): number {
  if (projectType != null && !PROJECT_TYPES.includes(projectType))
    throw new RangeError(`Unknown project type: ${projectType}`);
  if (complexity != null && !COMPLEXITIES.includes(complexity))
    throw new RangeError(`Unknown complexity: ${complexity}`);
  if (projectType == null || complexity == null) return DEFAULT_HOURLY_RATE_CENTS;
  return HOURLY_RATES_CENTS[projectType][complexity];
}

/**
 * The multiplier groups whose keywords occur in `text` as whole words, case-insensitively,
 * in FEATURE_MULTIPLIERS order, each group at most once (spec §9 "Quote calculation").
 * Words are runs of letters/digits; hyphens and punctuation separate words; a trailing
 * plural "s" is allowed ("APIs"). `matched` is the group's first matching word as written.
 * Null/empty text gives []. Never throws for string/null/undefined input.
 */
export function detectFeatureMultipliers(text: string | null | undefined): FeatureMatch[] {
  if (!text) return [];
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  const found: FeatureMatch[] = [];
  for (const rule of FEATURE_MULTIPLIERS) {
    for (const word of words) {
      const lower = word.toLowerCase();
      const keyword = rule.keywords.find((k) => lower === k || lower === `${k}s`);
      if (keyword) {
        found.push({ ...rule, keyword, matched: word });
        break;
      }
    }
  }
  return found;
}

/**
 * Rounds cents to the nearest $50 (5000 cents); an exact tie ($25 over a multiple of $50)
 * rounds up: 252499 → 250000, 252500 → 255000. Throws RangeError on negative or
 * non-integer cents. Spec §9 "Quote calculation".
 */
export function roundQuoteTotalCents(cents: number): number {
  assertCents(cents, 'amount');
  return divRoundHalfUp(cents, QUOTE_ROUNDING_CENTS, 'amount') * QUOTE_ROUNDING_CENTS;
}

/**
 * Splits a total (cents) into a deposit of `percent`% (default 50) rounded half-up to whole
 * cents, and a final payment of the remainder: deposit + final === total always
 * (101 → 51 + 50). `percent` is an integer 0–100 (hosted-project quotes use 30).
 * Throws RangeError on a negative/non-integer total or a bad percent. Spec §9 "Deposits".
 */
export function splitDeposit(
  totalCents: number,
  percent: number = DEPOSIT_PERCENT,
): { depositCents: number; finalCents: number } {
  assertCents(totalCents, 'total');
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`deposit percent must be an integer from 0 to 100, got ${percent}`);
  }
  const depositCents = divRoundHalfUp(totalCents * percent, 100, 'deposit');
  return { depositCents, finalCents: totalCents - depositCents };
}

/**
 * The deposit share (integer percent) a quote was split with: its deposit over
 * its total, rounded (50 for the spec's quotes, 30 for hosted-project quotes);
 * DEPOSIT_PERCENT when there is no total to read it from.
 */
export function depositPercentOf(
  quoteCents: number | null | undefined,
  depositCents: number | null | undefined,
): number {
  if (!quoteCents || quoteCents <= 0 || depositCents == null || depositCents < 0) return DEPOSIT_PERCENT;
  return Math.min(100, Math.round((depositCents * 100) / quoteCents));
}

/** How a deposit is named on requests, payments and pages: "50% deposit", or "30% deposit" for a hosted-project quote. */
export function depositLabel(quoteCents: number | null | undefined, depositCents: number | null | undefined): string {
  return `${depositPercentOf(quoteCents, depositCents)}% deposit`;
}

/**
 * The deposit and final payment of an edited quote: the admin's own when
 * they add up to the total (both set on purpose), else the total split again
 * by the quote's deposit share (splitDeposit), so a changed total never
 * leaves amounts that do not add up. `resplit` says which.
 */
export function editedQuoteSplit(
  edit: { quoteCents: number; depositCents: number; finalCents: number },
  percent: number,
): { depositCents: number; finalCents: number; resplit: boolean } {
  if (edit.depositCents + edit.finalCents === edit.quoteCents)
    return { depositCents: edit.depositCents, finalCents: edit.finalCents, resplit: false };
  return { ...splitDeposit(edit.quoteCents, percent), resplit: true };
}

/**
 * Prices a quote and records how (spec §9 "Quote calculation"; §4 "Add Project Plan").
 * Rate: `hourlyRateCents` if given, else HOURLY_RATES_CENTS[projectType][complexity], else
 * 9500 when either is missing. Hours: `estimatedHours` (hours, ≤ 2 decimals) or 40.
 * Returns cents and hundredths (see Quote). Throws RangeError on negative, non-finite or
 * non-integer-cent rates, bad hours, unknown type/complexity, or amounts beyond safe integers.
 */
export function computeQuote(input: QuoteInput = {}): Quote {
  const projectType = input.projectType ?? null;
  const complexity = input.complexity ?? null;
  const tableRate = hourlyRateCents(projectType, complexity);
  let rate: number;
  let rateSource: RateSource;
  if (input.hourlyRateCents != null) {
    assertCents(input.hourlyRateCents, 'hourlyRateCents');
    rate = input.hourlyRateCents;
    rateSource = 'override';
  } else {
    rate = tableRate;
    rateSource = projectType != null && complexity != null ? 'table' : 'default';
  }
  const hoursHundredths =
    input.estimatedHours == null ? DEFAULT_ESTIMATED_HOURS_HUNDREDTHS : hoursToHundredths(input.estimatedHours);

  const baseCents = divRoundHalfUp(hoursHundredths * rate, 100, 'base');
  let amount = baseCents;
  const multipliers: AppliedMultiplier[] = [];
  for (const match of detectFeatureMultipliers(input.detectedFeatures)) {
    const after = divRoundHalfUp(amount * match.numerator, match.denominator, 'amount');
    multipliers.push({ ...match, beforeCents: amount, afterCents: after });
    amount = after;
  }
  const totalCents = roundQuoteTotalCents(amount);
  const { depositCents, finalCents } = splitDeposit(totalCents, DEPOSIT_PERCENT);
  return {
    projectType,
    complexity,
    hourlyRateCents: rate,
    rateSource,
    estimatedHoursHundredths: hoursHundredths,
    baseCents,
    multipliers,
    unroundedCents: amount,
    rounding: { unitCents: QUOTE_ROUNDING_CENTS, mode: 'half-up', deltaCents: totalCents - amount },
    totalCents,
    adjustmentsCents: totalCents - baseCents,
    depositPercent: DEPOSIT_PERCENT,
    depositCents,
    finalCents,
  };
}

/** Formats hundredths of an hour without trailing zeros: 4000 → "40", 4050 → "40.5", 4025 → "40.25". */
export function formatHours(hundredths: number): string {
  if (!Number.isSafeInteger(hundredths) || hundredths < 0)
    throw new RangeError(`hundredths must be a non-negative safe integer, got ${hundredths}`);
  const whole = Math.floor(hundredths / 100);
  const frac = String(hundredths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/**
 * Renders a quote as short human-readable lines joined by "\n" (no trailing newline):
 * total, base (hours × rate and where the rate came from), each multiplier with its
 * matched word and running amount, the $50 rounding, adjustments, deposit and final
 * payment. Appended to a lead's notes and shown to clients/admin (spec §4 "Add Project Plan").
 * Throws nothing for a Quote made by computeQuote.
 */
export function renderQuoteText(quote: Quote): string {
  const rateNote =
    quote.rateSource === 'override'
      ? 'custom rate'
      : quote.rateSource === 'table'
        ? `${quote.projectType}, ${quote.complexity}`
        : 'default rate';
  const lines = [
    `Quote total: ${formatUsd(quote.totalCents)}`,
    `Base: ${formatHours(quote.estimatedHoursHundredths)} h × ${formatUsd(quote.hourlyRateCents)}/h (${rateNote}) = ${formatUsd(quote.baseCents)}`,
  ];
  if (quote.multipliers.length === 0) lines.push('Feature multipliers: none');
  for (const m of quote.multipliers) {
    lines.push(`× ${m.factor} ${m.group} ("${m.matched}") = ${formatUsd(m.afterCents)}`);
  }
  lines.push(
    `Rounded to the nearest $${centsToString(quote.rounding.unitCents).replace(/\.00$/, '')} (halves up): ${formatUsd(quote.unroundedCents)} → ${formatUsd(quote.totalCents)}`,
    `Adjustments: ${quote.adjustmentsCents >= 0 ? '+' : ''}${formatUsd(quote.adjustmentsCents)}`,
    `Deposit (${quote.depositPercent}%): ${formatUsd(quote.depositCents)}`,
    `Final payment: ${formatUsd(quote.finalCents)}`,
  );
  return lines.join('\n');
}

/** How people read each multiplier group in a quote's adjustments note. */
const MULTIPLIER_GROUP_LABELS: Readonly<Record<MultiplierGroup, string>> = {
  'database/api': 'database or API',
  'payment/stripe': 'payments',
  'ai/automation': 'AI or automation',
};

/**
 * One line on why a computeQuote total differs from hours × rate, naming only
 * what this quote applied: its multipliers as percentages, then the $50
 * rounding. "Adjustments: hours × rate with database or API +20%, payments
 * +30%, rounded to the nearest $50." or, with no multiplier, "Adjustments:
 * hours × rate, rounded to the nearest $50." Throws nothing.
 */
export function quoteAdjustmentsNote(quote: Quote): string {
  const features = quote.multipliers.map(
    (m) => `${MULTIPLIER_GROUP_LABELS[m.group]} +${((m.numerator - m.denominator) * 100) / m.denominator}%`,
  );
  const unit = centsToString(quote.rounding.unitCents).replace(/\.00$/, '');
  return `Adjustments: hours × rate${features.length ? ` with ${features.join(', ')}` : ''}, rounded to the nearest $${unit}.`;
}

/** The adjustments note of a quote the studio priced by hand in Edit Quote (spec §4 "Quote review"). */
export const EDITED_QUOTE_ADJUSTMENTS_NOTE = 'Adjustments: the total is the price the studio set, not hours × rate.';

/** The money of a quote the details are written from, all in integer cents (see generatedQuoteDetailsOf). */
export interface QuoteDetailsCents {
  totalCents: number;
  depositCents: number;
  finalCents: number;
  hourlyRateCents: number;
  /** Hours × rate before rounding and multipliers; adjustments = total − base. */
  baseCents: number;
}

/**
 * The lead's generatedQuoteDetails object (spec §3): money as 2-decimal strings via
 * centsToString ("5950.00"; adjustments = total − base, may be negative "-20.00"),
 * hourlyRate in dollars per hour ("95.00"), estimatedHours as a number of hours (40.5),
 * and `adjustmentsNote`, the explanation of the pricing that made these amounts (the
 * price and its explanation travel together; no page writes one of its own).
 * The one writer of this shape for every quote source; the caller JSON-stringifies it.
 */
export function generatedQuoteDetailsOf(
  cents: QuoteDetailsCents,
  estimatedHours: number,
  adjustmentsNote: string,
): GeneratedQuoteDetails {
  const quoteAmount = centsToString(cents.totalCents);
  const depositAmount = centsToString(cents.depositCents);
  const finalAmount = centsToString(cents.finalCents);
  return {
    quoteAmount,
    depositAmount,
    finalAmount,
    hourlyRate: centsToString(cents.hourlyRateCents),
    estimatedHours,
    breakdown: {
      baseCost: centsToString(cents.baseCents),
      adjustments: centsToString(cents.totalCents - cents.baseCents),
      totalCost: quoteAmount,
      depositAmount,
      finalAmount,
    },
    adjustmentsNote,
  };
}

/** generatedQuoteDetails (spec §3) of a quote made by computeQuote, with its quoteAdjustmentsNote. Throws nothing. */
export function toGeneratedQuoteDetails(quote: Quote): GeneratedQuoteDetails {
  return generatedQuoteDetailsOf(
    quote,
    Number(formatHours(quote.estimatedHoursHundredths)),
    quoteAdjustmentsNote(quote),
  );
}
