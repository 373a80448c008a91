/**
 * Countries as the invoices' parties carry them: ISO 3166-1 alpha-2 codes,
 * upper case, checked against what Intl knows. Kept apart from invoiceTax.ts
 * (which needs jsvat) so the settings schema in the main export can use them
 * without pulling a VAT library into the web bundle.
 */
import { z } from 'zod';

/** The save error of a country that is not an ISO 3166-1 alpha-2 code. */
export const COUNTRY_MESSAGE = 'Choose a country (a two-letter code such as DE, GB or US)';

/** Region codes Intl knows that are not countries. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ']);
let regions: Intl.DisplayNames | undefined;

/**
 * Country `code` as an ISO 3166-1 alpha-2 code in upper case ("gb" → "GB";
 * the aliases "UK" → "GB" and Greece's VAT prefix "EL" → "GR"), or null when
 * Intl knows no such country.
 */
export function canonicalCountry(code: string): string | null {
  const c = code.trim().toUpperCase();
  const alias = c === 'UK' ? 'GB' : c === 'EL' ? 'GR' : c;
  if (!/^[A-Z]{2}$/.test(alias) || NOT_COUNTRIES.has(alias)) return null;
  regions ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  return regions.of(alias) ? alias : null;
}

/** A country as typed, canonical (canonicalCountry); blank or absent reads as null. */
export const countryField = z
  .union([z.string(), z.null()], { error: COUNTRY_MESSAGE })
  .optional()
  .transform((v, ctx) => {
    if (v == null || !v.trim()) return null;
    const c = canonicalCountry(v);
    if (!c) ctx.addIssue({ code: 'custom', message: COUNTRY_MESSAGE });
    return c ?? z.NEVER;
  });
