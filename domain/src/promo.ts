/**
 * Promo codes (spec §3 promo_codes, §5 "Promo code", §9 "Promo codes are
 * uppercased and validated at subscription creation, in one-time mode only").
 *
 * Units: Firestore and code carry `discountValue` as a whole percent for
 * "percentage" and as integer CENTS for "fixed"; the minimum order and the
 * maximum discount are cents too. Forms and the API take dollars (at most 2
 * decimals) and replies show 2-decimal strings (`toPromoDto`).
 *
 * Bounds (ours; the spec shows none): code 3–32 of A–Z 0–9 _ - (uppercased);
 * percentage 1–100 whole; fixed 0.01–99,999,999.99; minimum order ≥ 0;
 * maximum discount ≥ 0.01; usage limit 1–1,000,000 (blank = unlimited).
 *
 * Validity window by server time, half-open: valid from `validFrom`
 * (inclusive) until `validUntil` (exclusive; null = no expiration).
 *
 * Reserved, then redeemed: creating a cart order RESERVES the code for that
 * order (a hold of PROMO_RESERVATION_MINUTES); the hold becomes a redemption
 * when the order's payment succeeds (`usedCount` + 1: usedCount counts paid
 * redemptions only), and ends when the order expires unpaid. A declined card
 * keeps the hold (the client may try another card on the same payment). The
 * usage limit counts both: usedCount + active holds.
 *
 * No payment may land after its hold lapses, or a sold-out code would be used
 * once more: PROMO_CHECKOUT_EXPIRY_MARGIN_MS before the hold ends, the server
 * cancels the order's payment and releases the hold (the order "expired"),
 * so a client paying then is refused (CHECKOUT_EXPIRED_MESSAGE). A code may be
 * limited to one use per customer (`onePerCustomer`, by normalized email): a
 * customer holding or having redeemed it is refused.
 */
import { z } from 'zod';
import { centsToString, formatUsd, parseAmountToCents } from './money.js';
import { ORDER_EXPIRY_EVERY_MINUTES } from './constants.js';
import { DATE_RANGE_MESSAGE, isDateInRange } from './ids.js';

export const PROMO_DISCOUNT_TYPES = ['percentage', 'fixed'] as const;
export type PromoDiscountType = (typeof PROMO_DISCOUNT_TYPES)[number];

/** Stored codes: 3–32 of A–Z, 0–9, underscore and hyphen (also the Firestore doc id). */
export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;
export const PROMO_CODE_MESSAGE = 'Use 3 to 32 letters, digits, _ or -';
export const PROMO_USAGE_LIMIT_MAX = 1_000_000;

/** A promo code as stored (Firestore timestamps already turned into Dates). */
export interface PromoRecord {
  code: string;
  discountType: PromoDiscountType;
  /** Whole percent (percentage) or cents (fixed). */
  discountValue: number;
  minOrderAmountCents: number | null;
  maxDiscountAmountCents: number | null;
  /** null = unlimited. */
  usageLimit: number | null;
  usedCount: number;
  isActive: boolean;
  validFrom: Date;
  /** null = no expiration. */
  validUntil: Date | null;
  /** One use per customer (by email); absent = false. */
  onePerCustomer?: boolean;
  /** Orders holding the code right now (reservations not yet released); absent = 0. */
  reservedCount?: number;
}

/** How long an unpaid order holds its promo code. */
export const PROMO_RESERVATION_MINUTES = 30;
export const PROMO_RESERVATION_MS = PROMO_RESERVATION_MINUTES * 60_000;

/**
 * How long before its hold lapses an unpaid promo order is expired (its
 * payment cancelled), in ms: two expiry runs, so the run that catches it, or
 * the next one after a failed cancellation, still ends before the hold does.
 * A client therefore has PROMO_RESERVATION_MINUTES − 10 = 20 minutes to pay.
 */
export const PROMO_CHECKOUT_EXPIRY_MARGIN_MS = 2 * ORDER_EXPIRY_EVERY_MINUTES * 60_000;

/**
 * True when an unpaid order whose promo hold lasts until `reservedUntilMs`
 * is due to expire at `nowMs` (both epoch ms): within
 * PROMO_CHECKOUT_EXPIRY_MARGIN_MS of the hold's end, or past it.
 */
export function promoCheckoutExpired(reservedUntilMs: number, nowMs: number): boolean {
  return reservedUntilMs <= promoCheckoutExpiryCutoff(nowMs);
}

/** The latest hold end (epoch ms) of an order due to expire at `nowMs`: the bound of the expiry's query. */
export function promoCheckoutExpiryCutoff(nowMs: number): number {
  return nowMs + PROMO_CHECKOUT_EXPIRY_MARGIN_MS;
}

/** The refusal of a payment on an expired checkout (its promo hold released). */
export const CHECKOUT_EXPIRED_MESSAGE = 'This checkout has expired. Please start again from the cart.';

/** A reservation as stored in the code's `holds` map, by order id: until when (epoch ms) and the customer's key. */
export interface PromoHold {
  expiresAtMs: number;
  customer: string | null;
}

/**
 * The orders holding a code: every hold counts against its limit until it is
 * released, whatever its time. A hold is released by its order's payment (a
 * redemption) or by the order's expiry once its PaymentIntent is cancelled
 * (functions features/billing/orderExpiry.ts), never by the clock alone: a payment that
 * lands after the hold's time would otherwise take a use that another order
 * was given meanwhile. `expiresAtMs` is the checkout's deadline, which the
 * expiry job acts on.
 */
export function heldPromoOrders(holds: Record<string, PromoHold> | null | undefined): string[] {
  return Object.keys(holds ?? {});
}

/**
 * How many paid uses a code has beyond its limit (0 within it): possible only
 * when a payment races its order's expiry, or the admin lowers the limit. The
 * promo list shows "over limit by N".
 */
export function promoOverLimitBy(promo: Pick<PromoRecord, 'usageLimit' | 'usedCount'>): number {
  return promo.usageLimit == null ? 0 : Math.max(0, promo.usedCount - promo.usageLimit);
}

/** The customer key of a one-use-per-customer check: the email trimmed and lowercased. */
export function promoCustomerKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether a customer may use a one-use-per-customer code: not if they hold it for another order or redeemed it. */
export function customerMayUsePromo(
  promo: Pick<PromoRecord, 'onePerCustomer'>,
  customer: { redeemed: boolean; heldByOtherOrder: boolean },
): boolean {
  return !promo.onePerCustomer || (!customer.redeemed && !customer.heldByOtherOrder);
}

// ---- validation -------------------------------------------------------------

export type PromoRejectionReason = 'inactive' | 'not_yet_valid' | 'expired' | 'below_minimum' | 'usage_limit_reached';

/** Client-facing messages. `usage_limit_reached` is also the 409 a lost redemption race gets. */
export const PROMO_MESSAGES = {
  notFound: 'Invalid promo code',
  inactive: 'This promo code is not active',
  not_yet_valid: 'This promo code is not valid yet',
  expired: 'This promo code has expired',
  usage_limit_reached: 'Promo code usage limit reached',
  usedByCustomer: 'This promo code has already been used with this email',
} as const;

export function belowMinimumMessage(minOrderAmountCents: number): string {
  return `This promo code needs an order of at least ${formatUsd(minOrderAmountCents)}`;
}

export type PromoCheck =
  { ok: true; discountCents: number } | { ok: false; reason: PromoRejectionReason; message: string };

/**
 * The discount `promo` gives on an order of `orderCents`, before any rule is
 * checked: percentage rounded half-up to whole cents, or the fixed amount;
 * then capped by the maximum discount, and never above the order.
 */
export function promoDiscountCents(
  promo: Pick<PromoRecord, 'discountType' | 'discountValue' | 'maxDiscountAmountCents'>,
  orderCents: number,
): number {
  if (!Number.isSafeInteger(orderCents) || orderCents <= 0) return 0;
  let discount =
    promo.discountType === 'percentage' ? Math.round((orderCents * promo.discountValue) / 100) : promo.discountValue;
  if (promo.maxDiscountAmountCents != null) discount = Math.min(discount, promo.maxDiscountAmountCents);
  return Math.max(0, Math.min(discount, orderCents));
}

/**
 * Whether `promo` applies to an order of `orderCents` at server time `now`.
 * Checks, in order: active, not before validFrom, not at/after validUntil,
 * usage limit not reached (paid redemptions plus active reservations), order
 * at least the minimum. On success returns the
 * discount (promoDiscountCents); otherwise the reason and a client message.
 */
export function checkPromo(promo: PromoRecord, orderCents: number, now: Date): PromoCheck {
  const t = now.getTime();
  if (!promo.isActive) return { ok: false, reason: 'inactive', message: PROMO_MESSAGES.inactive };
  if (t < promo.validFrom.getTime())
    return { ok: false, reason: 'not_yet_valid', message: PROMO_MESSAGES.not_yet_valid };
  if (promo.validUntil && t >= promo.validUntil.getTime())
    return { ok: false, reason: 'expired', message: PROMO_MESSAGES.expired };
  if (promo.usageLimit != null && promo.usedCount + (promo.reservedCount ?? 0) >= promo.usageLimit) {
    return { ok: false, reason: 'usage_limit_reached', message: PROMO_MESSAGES.usage_limit_reached };
  }
  if (promo.minOrderAmountCents != null && orderCents < promo.minOrderAmountCents) {
    return { ok: false, reason: 'below_minimum', message: belowMinimumMessage(promo.minOrderAmountCents) };
  }
  return { ok: true, discountCents: promoDiscountCents(promo, orderCents) };
}

// ---- request schemas ----------------------------------------------------------

/** A code typed by a client or the admin: trimmed, uppercased, A–Z 0–9 _ -, 3–32. */
export const promoCodeField = z
  .string({ error: 'Promo code is required' })
  .trim()
  .toUpperCase()
  .min(1, 'Promo code is required')
  .regex(PROMO_CODE_PATTERN, PROMO_CODE_MESSAGE);

/** True for the "empty" values of an optional form field: absent, null or blank. */
const isBlank = (v: unknown) => v == null || (typeof v === 'string' && v.trim() === '');

/** Dollars (number or string, ≤ 2 decimals) → cents, or null when blank. */
function optionalDollars(label: string, minCents: number) {
  return z
    .union([z.number(), z.string(), z.null()], { error: `${label} must be an amount` })
    .optional()
    .transform((v, ctx) => {
      if (isBlank(v)) return null;
      const cents = parseAmountToCents(typeof v === 'number' ? String(v) : (v as string));
      if (cents === null || cents < minCents) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be an amount of at least ${centsToString(minCents)} with at most 2 decimals`,
        });
        return z.NEVER;
      }
      return cents;
    });
}

const usageLimitField = z
  .union([z.number(), z.string(), z.null()], { error: 'Usage limit must be a whole number' })
  .optional()
  .transform((v, ctx) => {
    if (isBlank(v)) return null;
    const n = typeof v === 'number' ? v : /^\s*\d+\s*$/.test(v as string) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n < 1 || n > PROMO_USAGE_LIMIT_MAX) {
      ctx.addIssue({
        code: 'custom',
        message: `Usage limit must be a whole number from 1 to ${PROMO_USAGE_LIMIT_MAX.toLocaleString('en-US')}`,
      });
      return z.NEVER;
    }
    return n;
  });

const validFromField = z
  .string({ error: 'Valid from is required' })
  .trim()
  .min(1, 'Valid from is required')
  .pipe(z.iso.datetime({ offset: true, error: 'Valid from must be an ISO date-time' }))
  .transform((v) => new Date(v))
  .refine(isDateInRange, DATE_RANGE_MESSAGE);

const optionalIsoDate = z
  .union([z.string(), z.null()], { error: 'Valid until must be an ISO date-time' })
  .optional()
  .transform((v, ctx) => {
    if (isBlank(v)) return null;
    const parsed = z.iso.datetime({ offset: true }).safeParse((v as string).trim());
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'Valid until must be an ISO date-time' });
      return z.NEVER;
    }
    const at = new Date(parsed.data);
    if (!isDateInRange(at)) {
      ctx.addIssue({ code: 'custom', message: DATE_RANGE_MESSAGE });
      return z.NEVER;
    }
    return at;
  });

const discountValueField = z.union([z.number(), z.string()], { error: 'Discount value is required' });

/**
 * The discount value in stored units: a whole percent 1–100 ("10", "10.00"
 * and 10 all mean 10%), or dollars with at most 2 decimals as cents ≥ 1.
 * `{ error }` when it does not fit the type.
 */
export function parseDiscountValue(
  type: PromoDiscountType,
  value: number | string,
): { value: number } | { error: string } {
  if (isBlank(value)) return { error: 'Discount value is required' };
  const cents = parseAmountToCents(typeof value === 'number' ? String(value) : value);
  if (type === 'percentage') {
    if (cents === null || cents % 100 !== 0 || cents < 100 || cents > 10_000)
      return { error: 'Percentage must be a whole number from 1 to 100' };
    return { value: cents / 100 };
  }
  if (cents === null || cents < 1)
    return { error: 'Fixed discount must be an amount of at least 0.01 with at most 2 decimals' };
  return { value: cents };
}

/** Fields of both the create and the update body, before the cross-field rules. */
const termsShape = {
  discountType: z.enum(PROMO_DISCOUNT_TYPES, { error: 'Discount type must be percentage or fixed' }),
  discountValue: discountValueField,
  minOrderAmount: optionalDollars('Minimum order amount', 0),
  maxDiscountAmount: optionalDollars('Maximum discount amount', 1),
  usageLimit: usageLimitField,
  validUntil: optionalIsoDate,
};

type TermsIn = {
  discountType: PromoDiscountType;
  discountValue: number | string;
  minOrderAmount: number | null;
  maxDiscountAmount: number | null;
  usageLimit: number | null;
  validUntil: Date | null;
  validFrom?: Date;
};

/** Cross-field rules. Zod runs them even when a field failed, so each looks only at fields that parsed. */
function checkTerms(v: TermsIn, ctx: z.RefinementCtx) {
  const typeOk = (PROMO_DISCOUNT_TYPES as readonly unknown[]).includes(v.discountType);
  const valueOk = typeof v.discountValue === 'number' || typeof v.discountValue === 'string';
  if (typeOk && valueOk) {
    const parsed = parseDiscountValue(v.discountType, v.discountValue);
    if ('error' in parsed) ctx.addIssue({ code: 'custom', path: ['discountValue'], message: parsed.error });
  }
  if (v.validFrom instanceof Date && v.validUntil instanceof Date && v.validUntil.getTime() <= v.validFrom.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'Valid until must be after valid from' });
  }
}

function toTerms(v: TermsIn) {
  return {
    discountType: v.discountType,
    discountValue: (parseDiscountValue(v.discountType, v.discountValue) as { value: number }).value,
    minOrderAmountCents: v.minOrderAmount,
    maxDiscountAmountCents: v.maxDiscountAmount,
    usageLimit: v.usageLimit,
    validUntil: v.validUntil,
  };
}

/** Flags a create or update body carries beside its terms (required on create, optional on update). */
type PromoFlags = { code?: string; isActive?: boolean; onePerCustomer?: boolean; validFrom?: Date };

/** A checked create or update body as stored: the code and flags as sent, the terms in cents. */
function toPromoFields<V extends TermsIn & PromoFlags>(v: V): Pick<V, keyof PromoFlags> & ReturnType<typeof toTerms> {
  return {
    code: v.code,
    ...toTerms(v),
    isActive: v.isActive,
    onePerCustomer: v.onePerCustomer,
    validFrom: v.validFrom,
  };
}

/**
 * POST /api/promo-codes body (spec §5, §7). Dollars in, cents out:
 * `{ code, discountType, discountValue (percent or cents), minOrderAmountCents,
 * maxDiscountAmountCents, usageLimit, isActive (default true), validFrom,
 * validUntil }`; blank optional numbers and dates become null.
 */
export const promoCreateSchema = z
  .strictObject({
    code: promoCodeField,
    ...termsShape,
    isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
    onePerCustomer: z.boolean({ error: 'onePerCustomer must be true or false' }).default(false),
    validFrom: validFromField,
  })
  .superRefine(checkTerms)
  .transform(toPromoFields);
export type PromoCreateInput = z.input<typeof promoCreateSchema>;
export type PromoCreate = z.output<typeof promoCreateSchema>;

/**
 * PUT /api/promo-codes/{id} body: the same fields. It replaces the terms:
 * discountType and discountValue are required, and an omitted (or blank)
 * minimum order, maximum discount, usage limit or validUntil is cleared
 * (the form omits empty fields, so clearing one clears it). Omitted isActive
 * onePerCustomer and validFrom keep their stored values. `code` may be sent but cannot change
 * (the route checks it against the id); usedCount is never client-written.
 */
export const promoUpdateSchema = z
  .strictObject({
    code: promoCodeField.optional(),
    ...termsShape,
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
    onePerCustomer: z.boolean({ error: 'onePerCustomer must be true or false' }).optional(),
    validFrom: validFromField.optional(),
  })
  .superRefine(checkTerms)
  .transform(toPromoFields);
export type PromoUpdateInput = z.input<typeof promoUpdateSchema>;
export type PromoUpdate = z.output<typeof promoUpdateSchema>;

// ---- replies -----------------------------------------------------------------

/** A promo code as the API shows it: money and discount as 2-decimal strings, dates ISO. */
export interface PromoDto {
  id: string;
  code: string;
  discountType: PromoDiscountType;
  /** "10.00" (percent) or "50.00" (dollars). */
  discountValue: string;
  minOrderAmount: string | null;
  maxDiscountAmount: string | null;
  usageLimit: number | null;
  /** Paid redemptions. */
  usedCount: number;
  /** Unpaid orders holding the code now. */
  reservedCount: number;
  onePerCustomer: boolean;
  isActive: boolean;
  validFrom: string;
  validUntil: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

export function toPromoDto(
  id: string,
  p: PromoRecord & { createdAt?: Date | null; updatedAt?: Date | null },
): PromoDto {
  return {
    id,
    code: p.code,
    discountType: p.discountType,
    discountValue: centsToString(p.discountType === 'percentage' ? p.discountValue * 100 : p.discountValue),
    minOrderAmount: p.minOrderAmountCents == null ? null : centsToString(p.minOrderAmountCents),
    maxDiscountAmount: p.maxDiscountAmountCents == null ? null : centsToString(p.maxDiscountAmountCents),
    usageLimit: p.usageLimit ?? null,
    usedCount: p.usedCount ?? 0,
    reservedCount: p.reservedCount ?? 0,
    onePerCustomer: p.onePerCustomer === true,
    isActive: p.isActive,
    validFrom: p.validFrom.toISOString(),
    validUntil: p.validUntil ? p.validUntil.toISOString() : null,
    createdAt: p.createdAt ? p.createdAt.toISOString() : null,
    updatedAt: p.updatedAt ? p.updatedAt.toISOString() : null,
  };
}

/** "10% off" or "$50.00 off" (admin list, cart). */
export function describePromo(
  p: Pick<PromoRecord, 'discountType' | 'discountValue' | 'maxDiscountAmountCents'>,
): string {
  const base = p.discountType === 'percentage' ? `${p.discountValue}% off` : `${formatUsd(p.discountValue)} off`;
  return p.discountType === 'percentage' && p.maxDiscountAmountCents != null
    ? `${base} (up to ${formatUsd(p.maxDiscountAmountCents)})`
    : base;
}
