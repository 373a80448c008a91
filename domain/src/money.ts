/**
 * Money helpers. Code and Firestore carry integer cents; the API and UI show
 * 2-decimal strings such as "1234.50" (spec §3: decimals 10,2).
 */

/** Formats integer cents as a 2-decimal string: 123450 → "1234.50". Throws on non-integers. */
export function centsToString(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be a safe integer, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Like centsToString, but null/undefined stay null (an absent amount). */
export function optionalCentsToString(cents: number | null | undefined): string | null {
  return cents == null ? null : centsToString(cents);
}

/**
 * Parses a decimal amount ("1234.5", "1234.50", "12") into integer cents.
 * Returns null when the text is not a non-negative amount with at most 2 decimals.
 */
export function parseAmountToCents(text: string): number | null {
  const m = /^\s*(\d{1,8})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

let usd: Intl.NumberFormat | undefined;

/**
 * Formats cents for display with a currency sign and grouping: 123450 →
 * "$1,234.50", -5 → "-$0.05", exactly as Intl.NumberFormat('en-US', USD)
 * does (the tests compare the two). Integer cents are written out by hand:
 * a page's first Intl formatter costs 25-50 ms of ICU set-up, which the
 * dashboard's first render would otherwise pay. Anything else (fractions,
 * NaN) goes through Intl.
 */
export function formatUsd(cents: number): string {
  if (!Number.isSafeInteger(cents)) {
    usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    return usd.format(cents / 100);
  }
  const grouped = centsToString(Math.abs(cents)).replace(/\B(?=(\d{3})+\.)/g, ','); // "1234.50" → "1,234.50"
  return `${cents < 0 ? '-' : ''}$${grouped}`;
}
