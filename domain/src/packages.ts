/**
 * Cart packages and pricing (spec §2 "Cart", §3 "Subscription package",
 * "Cart client info", §7 POST /api/create-subscription, §9 "Cart packages").
 *
 * Money is integer cents, currency usd. Three pricing modes:
 * - onetime: the $500 setup fee once, then hosting per month (12.99 / 49.99 /
 *   249.99). A promo code applies here only, to the setup fee (the one-time
 *   price is the order amount).
 * - monthly (default): the monthly price; the setup fee is waived.
 * - annual: the annual price per year; the setup fee is waived. The annual
 *   saving is 12 × monthly − annual.
 *
 * Due now (ours; the spec does not say): the setup fee after the discount plus
 * the first billing period, as a card subscription charges its first period
 * at once. So one-time $500 + $12.99, monthly $45, annual $450.
 */
import { z } from 'zod';
import { LIMITS } from './constants.js';
import { emailField, optionalText, requiredText } from './schemas.js';
import { checkPromo, type PromoCheck, type PromoRecord, PROMO_CODE_PATTERN } from './promo.js';

export const PRICING_MODES = ['onetime', 'monthly', 'annual'] as const;
export type PricingMode = (typeof PRICING_MODES)[number];
export const DEFAULT_PRICING_MODE: PricingMode = 'monthly';
export const PRICING_MODE_LABELS: Readonly<Record<PricingMode, string>> = {
  onetime: 'One Time',
  monthly: 'Monthly',
  annual: 'Annual',
};

export const CART_CURRENCY = 'usd';
/** One-time setup fee of every package, in cents (spec §9). */
export const SETUP_FEE_CENTS = 50_000;
/** Hours beyond a plan's allocation, in cents per hour, invoiced separately (spec §9). */
export const EXTRA_HOUR_RATE_CENTS = 12_500;
/** Domain renewal after the included first year, in cents per year (.com, .net, .org; spec §9). */
export const DOMAIN_RENEWAL_CENTS = 2_500;

export const PACKAGE_IDS = ['web-hosting', 'maintenance-2hr', 'maintenance-8hr'] as const;
export type PackageId = (typeof PACKAGE_IDS)[number];

/** A cart package (spec §3 "Subscription package"), prices in cents. */
export interface CartPackage {
  id: PackageId;
  name: string;
  description: string;
  /** One-time mode: the setup fee. */
  oneTimePriceCents: number;
  /** One-time mode: hosting billed per month after the setup. */
  oneTimeHostingMonthlyCents: number;
  monthlyPriceCents: number;
  annualPriceCents: number;
  features: readonly string[];
  popular: boolean;
}

/** The three packages of spec §9, in display order. */
export const CART_PACKAGES: readonly CartPackage[] = [
  {
    id: 'web-hosting',
    name: 'Web Fresh/Refresh + Hosting',
    description: 'A new site or a refresh of yours, hosted and kept online.',
    oneTimePriceCents: SETUP_FEE_CENTS,
    oneTimeHostingMonthlyCents: 1_299,
    monthlyPriceCents: 4_500,
    annualPriceCents: 45_000,
    features: [
      'Website design or refresh',
      'Managed hosting with SSL',
      'Domain included the first year',
      'Uptime monitoring',
      'Email support',
    ],
    popular: false,
  },
  {
    id: 'maintenance-2hr',
    name: 'Plus 2hr Maintenance',
    description: 'Hosting plus two hours of updates and fixes every month.',
    oneTimePriceCents: SETUP_FEE_CENTS,
    oneTimeHostingMonthlyCents: 4_999,
    monthlyPriceCents: 8_500,
    annualPriceCents: 92_500,
    features: [
      'Everything in Web Fresh/Refresh + Hosting',
      '2 hours of maintenance per month',
      'Content updates and bug fixes',
      'Monthly backups',
      'Priority email support',
    ],
    popular: true,
  },
  {
    id: 'maintenance-8hr',
    name: 'Plus 8hr Maintenance',
    description: 'Hosting plus eight hours a month for improvements and new features.',
    oneTimePriceCents: SETUP_FEE_CENTS,
    oneTimeHostingMonthlyCents: 24_999,
    monthlyPriceCents: 27_500,
    annualPriceCents: 317_500,
    features: [
      'Everything in Plus 2hr Maintenance',
      '8 hours of maintenance per month',
      'New features and integrations',
      'Performance and SEO tuning',
      'Same-day support',
    ],
    popular: false,
  },
];

export function findPackage(id: string): CartPackage | undefined {
  return CART_PACKAGES.find((p) => p.id === id);
}

/** 12 × monthly − annual, in cents (spec §9). */
export function annualSavingCents(pkg: Pick<CartPackage, 'monthlyPriceCents' | 'annualPriceCents'>): number {
  return 12 * pkg.monthlyPriceCents - pkg.annualPriceCents;
}

/** The recurring price of a package in a mode, and how often it is billed. */
export function recurringPrice(pkg: CartPackage, mode: PricingMode): { cents: number; interval: 'month' | 'year' } {
  if (mode === 'annual') return { cents: pkg.annualPriceCents, interval: 'year' };
  return { cents: mode === 'monthly' ? pkg.monthlyPriceCents : pkg.oneTimeHostingMonthlyCents, interval: 'month' };
}

export interface CartPrice {
  packageId: PackageId;
  mode: PricingMode;
  /** 0 for monthly and annual (waived). */
  setupFeeCents: number;
  recurringCents: number;
  interval: 'month' | 'year';
  annualSavingCents: number;
  discountCents: number;
  /** setupFee − discount + the first period. */
  totalDueNowCents: number;
  promoApplied: boolean;
  /** Why a promo given in one-time mode did not apply; null otherwise (also when ignored outside one-time). */
  promoRejection: Extract<PromoCheck, { ok: false }> | null;
}

/**
 * Prices a cart on the server's terms. `promo` counts in one-time mode only
 * (checked with checkPromo against the setup fee at `now`); in the other
 * modes it is ignored. @throws RangeError for an unknown package.
 */
export function priceCart(
  packageId: string,
  mode: PricingMode,
  promo?: PromoRecord | null,
  now: Date = new Date(),
): CartPrice {
  const pkg = findPackage(packageId);
  if (!pkg) throw new RangeError(`Unknown package: ${packageId}`);
  const setupFeeCents = mode === 'onetime' ? pkg.oneTimePriceCents : 0;
  const { cents: recurringCents, interval } = recurringPrice(pkg, mode);
  let discountCents = 0;
  let promoRejection: CartPrice['promoRejection'] = null;
  if (mode === 'onetime' && promo) {
    const check = checkPromo(promo, setupFeeCents, now);
    if (check.ok) discountCents = check.discountCents;
    else promoRejection = check;
  }
  return {
    packageId: pkg.id,
    mode,
    setupFeeCents,
    recurringCents,
    interval,
    annualSavingCents: annualSavingCents(pkg),
    discountCents,
    totalDueNowCents: setupFeeCents - discountCents + recurringCents,
    promoApplied: mode === 'onetime' && !!promo && promoRejection === null,
    promoRejection,
  };
}

// ---- request schemas ----------------------------------------------------------

/** Cart client info (spec §3, §5): name, email and projectDescription required; phone optional. */
export const cartClientInfoSchema = z.strictObject({
  name: requiredText('Name is required', LIMITS.name, 'Name'),
  email: emailField,
  phone: optionalText(LIMITS.phone, 'Phone'),
  projectDescription: requiredText('Project description is required', LIMITS.message, 'Project description'),
});
export type CartClientInfoInput = z.input<typeof cartClientInfoSchema>;
export type CartClientInfo = z.output<typeof cartClientInfoSchema>;

/** An optional promo code typed in the cart: trimmed, uppercased; blank means none. */
export const discountCodeField = z
  .string({ error: 'Invalid promo code' })
  .trim()
  .toUpperCase()
  .max(32, 'Invalid promo code')
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || PROMO_CODE_PATTERN.test(v), 'Invalid promo code');

export const packageIdField = z.enum(PACKAGE_IDS, { error: 'Choose one of the packages' });

/** POST /api/create-subscription body (spec §7). discountCode counts in one-time mode only. */
export const createSubscriptionSchema = z.strictObject({
  packageId: packageIdField,
  pricingMode: z
    .enum(PRICING_MODES, { error: 'Pricing mode must be onetime, monthly or annual' })
    .default(DEFAULT_PRICING_MODE),
  discountCode: discountCodeField,
  clientInfo: cartClientInfoSchema,
});
export type CreateSubscriptionInput = z.input<typeof createSubscriptionSchema>;
export type CreateSubscription = z.output<typeof createSubscriptionSchema>;

/** POST /api/promo-codes/validate body: the code and the package whose one-time price is the order. */
export const promoValidateSchema = z.strictObject({
  code: z
    .string({ error: 'Promo code is required' })
    .trim()
    .toUpperCase()
    .min(1, 'Promo code is required')
    .max(32, 'Invalid promo code')
    .regex(PROMO_CODE_PATTERN, 'Invalid promo code'),
  packageId: packageIdField,
});
export type PromoValidateInput = z.input<typeof promoValidateSchema>;
