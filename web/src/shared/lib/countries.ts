/**
 * Country codes as people read them: ISO 3166-1 alpha-2 codes (domain invoiceTax canonicalCountry, which also
 * takes "UK" and "EL") named in English through Intl.DisplayNames, for the legal and billing forms.
 */
import { canonicalCountry } from '@studio/domain/invoiceTax';

let regions: Intl.DisplayNames | undefined;

/** The English name of country `code` ("de" → "Germany"), or null when it is no country. */
export function countryName(code: string): string | null {
  const iso = canonicalCountry(code);
  if (!iso) return null;
  regions ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  return regions.of(iso) ?? null;
}

/** Country `code` as shown: "Germany (DE)"; an unknown code as it is. */
export function countryLabel(code: string): string {
  const name = countryName(code);
  return name ? `${name} (${canonicalCountry(code)})` : code;
}
