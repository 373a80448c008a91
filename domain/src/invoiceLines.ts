/**
 * Invoice lines and their totals: what an invoice bills, line by line, and
 * the tax per rate, in integer cents with ONE rounding rule (EN 16931's):
 *
 *   line net (BT-131)      = quantity × unit price, rounded to the cent
 *   taxable (BT-116)       = Σ line nets of one VAT category and rate
 *   tax (BT-117)           = taxable × rate, rounded to the cent, ONCE per category and rate
 *   net total (BT-106)     = Σ line nets
 *   tax total (BT-110)     = Σ tax of each category and rate
 *   grand total (BT-112)   = net total + tax total
 *
 * "Rounded to the cent" is always half away from zero (0.5 → 1, −0.5 → −1),
 * the commercial rounding EN 16931 and HMRC (VATREC12000) accept. Tax is
 * never computed per line and summed: a line's share of tax is not an amount
 * of the invoice. Computed with BigInt products, so quantity × price never
 * loses a cent to floating point.
 *
 * Units:
 * - quantity in thousandths (`quantityMilli`: 1500 = 1.5 hours), so a part
 *   of an hour or a day needs no float;
 * - unit price in cents (may be negative for a discount line);
 * - tax rate in basis points (`taxRateBps`: 2000 = 20%, 550 = 5.5%), like the
 *   studio settings' `taxRateBps` and the stored invoices' `taxRateBps`: every
 *   EU, UK and US rate has at most 2 decimals, so basis points hold each
 *   exactly, and integers need no parsing or decimal library (a decimal string
 *   would be parsed back to the same integer everywhere it is used);
 * - unit as a UN/ECE Recommendation 20 code (BT-130), which an e-invoice needs.
 */
import { z } from 'zod';

/**
 * VAT category codes of EN 16931 (UNTDID 5305, BT-118/BT-151) this studio can issue:
 * S standard rate, Z zero rated, E exempt, AE reverse charge, O not subject to VAT
 * (outside the scope, or no tax stated).
 */
export const VAT_CATEGORIES = ['S', 'Z', 'E', 'AE', 'O'] as const;
export type VatCategory = (typeof VAT_CATEGORIES)[number];

/** Units a line may be billed in: UN/ECE Rec. 20 code → the word printed. */
export const LINE_UNITS = {
  C62: 'unit',
  HUR: 'hour',
  DAY: 'day',
  WEE: 'week',
  MON: 'month',
  ANN: 'year',
  LS: 'lump sum',
} as const;
export type LineUnit = keyof typeof LINE_UNITS;

/**
 * Caps that keep every sum a safe integer of cents: a line is at most 10,000
 * units at 99,999,999.99 each (the amounts parseAmountToCents reads, so every
 * stored single-amount invoice fits one line), 10^14 cents, and 50 such
 * lines stay below Number.MAX_SAFE_INTEGER (about 9 × 10^15).
 */
export const LINE_LIMITS = {
  description: 500,
  maxQuantityMilli: 10_000_000,
  maxUnitPriceCents: 9_999_999_999,
  maxLines: 50,
  /** 100% in basis points. */
  maxTaxRateBps: 10_000,
} as const;

/** One line of an invoice. */
export interface InvoiceLine {
  description: string;
  /** Thousandths of a unit (1000 = 1), > 0. */
  quantityMilli: number;
  unit: LineUnit;
  /** Cents per unit; negative for a discount line. */
  unitPriceCents: number;
  /** Basis points, 0–10000. */
  taxRateBps: number;
  /** EN 16931 VAT category; set by the invoice's tax treatment (invoiceTax.ts applyTaxTreatment). */
  taxCategory: VatCategory;
}

/** One row of the VAT breakdown (BG-23): a category and rate with its taxable amount and tax, in cents. */
export interface TaxBreakdownRow {
  category: VatCategory;
  rateBps: number;
  /** BT-116. */
  taxableCents: number;
  /** BT-117. */
  taxCents: number;
}

/** An invoice's lines with their net amounts, the breakdown per category and rate, and the totals (cents). */
export interface InvoiceLineTotals {
  lines: (InvoiceLine & { netCents: number })[];
  /** Sorted by category, then rate from the highest. */
  breakdown: TaxBreakdownRow[];
  netCents: number;
  taxCents: number;
  totalCents: number;
}

/** `n / d` rounded to the nearest integer, halves away from zero; d > 0. */
function divRound(n: bigint, d: bigint): bigint {
  const q = n / d; // truncates toward zero
  const r = n % d;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < d) return q;
  return n < 0n ? q - 1n : q + 1n;
}

/** Cents as a safe-integer number, or a RangeError. */
function toCents(v: bigint, what: string): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} is beyond a safe integer of cents`);
  return n;
}

/** A line's net amount (BT-131): quantity × unit price, rounded half away from zero to the cent. */
export function lineNetCents(line: Pick<InvoiceLine, 'quantityMilli' | 'unitPriceCents'>): number {
  return toCents(divRound(BigInt(line.quantityMilli) * BigInt(line.unitPriceCents), 1000n), 'A line amount');
}

/** Tax (BT-117) on a taxable amount of `taxableCents` at `rateBps`, rounded half away from zero to the cent. */
export function taxOnTaxable(taxableCents: number, rateBps: number): number {
  return toCents(divRound(BigInt(taxableCents) * BigInt(rateBps), 10_000n), 'A tax amount');
}

const CATEGORY_ORDER: Record<VatCategory, number> = { S: 0, Z: 1, E: 2, AE: 3, O: 4 };

/**
 * The totals of `lines` by the rule in the file comment: each line's net,
 * one breakdown row per (category, rate) with its tax rounded once, and the
 * invoice's net, tax and grand total. Pure.
 * @throws RangeError when a line is outside LINE_LIMITS or there are more than maxLines (parse input with invoiceLineInputSchema first)
 */
export function invoiceLineTotals(lines: readonly InvoiceLine[]): InvoiceLineTotals {
  if (lines.length > LINE_LIMITS.maxLines) throw new RangeError(`An invoice has at most ${LINE_LIMITS.maxLines} lines`);
  const withNet = lines.map((l) => {
    checkLine(l);
    return { ...l, netCents: lineNetCents(l) };
  });
  const groups = new Map<string, TaxBreakdownRow>();
  for (const l of withNet) {
    const key = `${l.taxCategory}:${l.taxRateBps}`;
    const row = groups.get(key) ?? { category: l.taxCategory, rateBps: l.taxRateBps, taxableCents: 0, taxCents: 0 };
    row.taxableCents += l.netCents;
    groups.set(key, row);
  }
  const breakdown = [...groups.values()]
    .map((r) => ({ ...r, taxCents: taxOnTaxable(r.taxableCents, r.rateBps) }))
    .sort((a, b) => CATEGORY_ORDER[a.category] - CATEGORY_ORDER[b.category] || b.rateBps - a.rateBps);
  const netCents = withNet.reduce((s, l) => s + l.netCents, 0);
  const taxCents = breakdown.reduce((s, r) => s + r.taxCents, 0);
  return { lines: withNet, breakdown, netCents, taxCents, totalCents: netCents + taxCents };
}

function checkLine(l: InvoiceLine): void {
  const ok =
    Number.isInteger(l.quantityMilli) &&
    l.quantityMilli > 0 &&
    l.quantityMilli <= LINE_LIMITS.maxQuantityMilli &&
    Number.isInteger(l.unitPriceCents) &&
    Math.abs(l.unitPriceCents) <= LINE_LIMITS.maxUnitPriceCents &&
    Number.isInteger(l.taxRateBps) &&
    l.taxRateBps >= 0 &&
    l.taxRateBps <= LINE_LIMITS.maxTaxRateBps &&
    // Only a standard-rated line carries a rate; the others are 0% by definition.
    (l.taxCategory === 'S' ? l.taxRateBps > 0 : l.taxRateBps === 0);
  if (!ok) throw new RangeError(`Invalid invoice line: ${JSON.stringify(l)}`);
}

/**
 * A line as the admin enters it (an API body), before the invoice's tax
 * treatment sets its category: quantity as a decimal with up to 3 places
 * ("1.5"), unit price as a 2-decimal amount ("1234.50", "-100" for a
 * discount), the rate in basis points. Strict: unknown keys are refused.
 */
export const invoiceLineInputSchema = z.strictObject({
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(LINE_LIMITS.description, `Description must be at most ${LINE_LIMITS.description} characters`),
  quantity: z
    .string({ error: 'Quantity must be a number such as 1 or 1.5' })
    .regex(/^\d{1,5}(\.\d{1,3})?$/, 'Quantity must be a number such as 1 or 1.5, with at most 3 decimals')
    .transform((v) => {
      const [whole, frac = ''] = v.split('.');
      return Number(whole) * 1000 + Number(frac.padEnd(3, '0'));
    })
    .pipe(
      z
        .number()
        .min(1, 'Quantity must be more than 0')
        .max(LINE_LIMITS.maxQuantityMilli, 'Quantity must be at most 10,000'),
    ),
  unit: z.enum(Object.keys(LINE_UNITS) as [LineUnit, ...LineUnit[]], { error: 'Choose a unit' }).default('C62'),
  unitPrice: z
    .string({ error: 'Unit price must be an amount such as 1234.50' })
    .regex(/^-?\d{1,8}(\.\d{1,2})?$/, 'Unit price must be an amount such as 1234.50')
    .transform((v) => {
      const neg = v.startsWith('-');
      const [whole, frac = ''] = v.replace('-', '').split('.');
      const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
      return neg ? -cents : cents;
    }),
  taxRateBps: z
    .number({ error: 'The tax rate must be a number' })
    .int('The tax rate must be whole basis points')
    .min(0, 'The tax rate cannot be negative')
    .max(LINE_LIMITS.maxTaxRateBps, 'The tax rate must be at most 100%'),
});
export type InvoiceLineInput = z.output<typeof invoiceLineInputSchema>;

/** A stored line (`invoices/{id}.lines[]`), read back and checked. */
export const storedInvoiceLineSchema = z.object({
  description: z.string(),
  quantityMilli: z.number().int().positive().max(LINE_LIMITS.maxQuantityMilli),
  unit: z.enum(Object.keys(LINE_UNITS) as [LineUnit, ...LineUnit[]]),
  unitPriceCents: z.number().int().min(-LINE_LIMITS.maxUnitPriceCents).max(LINE_LIMITS.maxUnitPriceCents),
  taxRateBps: z.number().int().min(0).max(LINE_LIMITS.maxTaxRateBps),
  taxCategory: z.enum(VAT_CATEGORIES),
});

/**
 * The amounts an invoice stored before lines keeps (storedDocuments.ts invoiceDocSchema). Stated here, not picked
 * from InvoiceDoc: storedDocuments.ts builds on this module's line schema, so it may not import that module back.
 * storedInvoiceTotals (invoiceDocument.ts) passes it a stored invoice, so the compiler keeps the two in step.
 */
export interface StoredSingleAmount {
  amountCents: number;
  subtotalCents: number | null;
  taxCents: number | null;
  taxRateBps: number | null;
  description: string;
}

/**
 * An invoice stored before lines existed (one amount), read as one line and
 * its totals, with the amounts AS ISSUED: a stored document is the legal
 * record, so its subtotal and tax are kept even where recomputing would
 * differ (a payment request's tax was taken out of a tax-included price,
 * billing.ts taxIncludedTotals, which may differ by a cent from the tax
 * added to that subtotal). An admin invoice (billing.ts invoiceTotals, half
 * up on one subtotal) recomputes to the same figures.
 *
 * - with a tax (subtotalCents and taxCents stored, rate > 0): one standard-rated line
 *   of quantity 1 at the subtotal;
 * - with none: one line of the whole amount at 0%, category O (no tax was
 *   stated on it; what the studio's treatment was then is not recorded).
 * Description: the stored one, or "Invoice" when it is empty. Pure.
 */
export function linesFromStoredInvoice(doc: StoredSingleAmount): InvoiceLineTotals {
  const description = doc.description.trim() || 'Invoice';
  const taxed = doc.subtotalCents !== null && doc.taxCents !== null && (doc.taxRateBps ?? 0) > 0;
  const netCents = taxed ? doc.subtotalCents! : doc.amountCents;
  const rateBps = taxed ? doc.taxRateBps! : 0;
  const category: VatCategory = taxed ? 'S' : 'O';
  const taxCents = taxed ? doc.taxCents! : 0;
  const line = {
    description,
    quantityMilli: 1000,
    unit: 'C62' as const,
    unitPriceCents: netCents,
    taxRateBps: rateBps,
    taxCategory: category,
    netCents,
  };
  return {
    lines: [line],
    breakdown: [{ category, rateBps, taxableCents: netCents, taxCents }],
    netCents,
    taxCents,
    totalCents: doc.amountCents,
  };
}
