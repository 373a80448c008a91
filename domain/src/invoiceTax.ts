/**
 * An invoice's tax treatment: which VAT category and rate its lines take and
 * which legal note it prints, from the studio's settings (VAT-registered or
 * not, its country, its tax id, its rate) and the client's record (company,
 * country, tax id). Pure; the rules, in order:
 *
 * 1. Studio not VAT-registered:
 *    - in the EU or the UK: no VAT, category E, with the exemption note
 *      (EU: the small-enterprise scheme, Art. 284 ff. Directive
 *      2006/112/EC, worded by the country where it has a required wording;
 *      UK: a business not registered charges no VAT; only a registered person
 *      issues VAT invoices, VAT Regulations 1995 reg. 13);
 *    - elsewhere or no country set (e.g. the US, no federal VAT): the studio's configured rate
 *      (a state sales tax, if it set one), category S, or O at 0%; no note.
 * 2. Studio in the EU, registered:
 *    - client in the same country, or of unknown country: domestic, the
 *      studio's rate (Art. 45: B2C and domestic supplies are taxed where the supplier is);
 *    - a business (company set) in another EU country with a VAT id valid
 *      for that country (isValidVatIdFor): reverse charge, AE at 0% with the
 *      note "Reverse charge" (Art. 44 and 196; the mention is Art. 226(11a));
 *    - a business outside the EU: O at 0%, place of supply where the customer
 *      is (Art. 44), note "VAT not applicable: place of supply outside the EU";
 *    - anyone else (a consumer, or a business without a valid VAT id in
 *      another EU country): domestic, the studio's rate. Never 0% without the
 *      evidence: fail closed.
 * 3. Studio in the UK, registered:
 *    - client in the UK, of unknown country, or a consumer: the studio's
 *      rate (VATA 1994 s.7A(2)(b); VAT Notice 741A);
 *    - a business outside the UK (company set; in the EU also a valid EU VAT
 *      id): O at 0%, outside the scope of UK VAT, the customer accounts for
 *      any VAT where it belongs (VATA 1994 s.7A(2)(a); VAT Notice 741A, the
 *      general B2B rule).
 * 4. Any other studio country, or none set yet, registered: the studio's rate.
 *
 * Not modelled (the studio sells design and web services, not goods): goods
 * (intra-Community supplies K, exports G), the EU special rules for
 * electronically supplied services to consumers (Art. 58, OSS), Northern
 * Ireland (XI) goods rules, US state nexus.
 */
import { checkVAT, countries } from 'jsvat';
import { z } from 'zod';
import { taxIncludedTotals } from './billing.js';
import { invoiceLineTotals, type InvoiceLine, type TaxBreakdownRow, type VatCategory } from './invoiceLines.js';
import { COUNTRY_MESSAGE, canonicalCountry, countryField } from './countries.js';

export { COUNTRY_MESSAGE, canonicalCountry };

/** EU member states, ISO 3166-1 alpha-2 (Greece is GR here; its VAT ids start EL). */
export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

const EU = new Set<string>(EU_COUNTRIES);

/** Whether `country` (ISO alpha-2, any case) is an EU member state. */
export const isEuCountry = (country: string | null | undefined): boolean => !!country && EU.has(country.toUpperCase());

/** The VAT id prefix of an EU country: its ISO code, but EL for Greece. */
export const vatPrefixOf = (country: string): string => (country.toUpperCase() === 'GR' ? 'EL' : country.toUpperCase());

/**
 * A VAT id as written ("de 136 695 976", "DE-136.695.976") in its canonical
 * form: upper case, no spaces, dots or dashes, with the country's prefix
 * added when the client typed the number without it.
 */
export function normalizeVatId(taxId: string, country: string): string {
  const bare = taxId.toUpperCase().replace(/[\s.\-/]/g, '');
  const prefix = vatPrefixOf(country);
  return bare.startsWith(prefix) ? bare : `${prefix}${bare}`;
}

/**
 * Whether `taxId` is a well-formed VAT id of EU country `country` (its
 * prefix, length, pattern and, where the country defines one, check digits),
 * by the jsvat library's per-country rules. A format check only: whether the
 * number is registered is VIES's answer, not this one's. False for a
 * non-EU country.
 */
export function isValidVatIdFor(taxId: string | null | undefined, country: string | null | undefined): boolean {
  if (!taxId?.trim() || !isEuCountry(country)) return false;
  const iso = country!.toUpperCase();
  const rules = countries.filter((c) => c.codes[0] === iso);
  if (rules.length === 0) return false;
  const r = checkVAT(normalizeVatId(taxId, iso), rules);
  return r.isValid && r.country?.isoCode.short === iso;
}

/** The studio's side, from settings/studio. */
export interface StudioTaxFacts {
  vatRegistered: boolean;
  /** ISO alpha-2; null when not set yet. */
  country: string | null;
  taxId: string | null;
  /** The studio's own rate (settings taxRateBps). */
  taxRateBps: number;
}

/** The client's side, from its record. */
export interface ClientTaxFacts {
  /** The company billed; null or blank for a private person. */
  company: string | null;
  country: string | null;
  taxId: string | null;
}

/** A client's tax facts from their billing fields (a lead's `billing`), all null while none are set. */
export function clientTaxFacts(billing: Partial<ClientTaxFacts> | null | undefined): ClientTaxFacts {
  return { company: billing?.company ?? null, country: billing?.country ?? null, taxId: billing?.taxId ?? null };
}

/** Which rule applied. */
export type TaxTreatmentKind =
  'domestic' | 'reverse_charge' | 'outside_scope' | 'not_registered' | 'no_vat_jurisdiction';

/** What the invoice's lines take, and what it prints. */
export interface TaxTreatment {
  kind: TaxTreatmentKind;
  /**
   * The category of a line at the default rate. For domestic and
   * no_vat_jurisdiction, lines keep their own rate (S when > 0; at 0%: Z
   * domestic, O where there is no VAT); for the others every line takes this
   * category at 0%.
   */
  category: 'S' | 'Z' | 'AE' | 'O' | 'E';
  /** The rate lines default to, basis points: the studio's for S, 0 otherwise. */
  rateBps: number;
  /** The legal mention the invoice must print, or null. */
  note: string | null;
  /** The client's VAT id in canonical form, when the treatment relied on it. */
  clientVatId: string | null;
}

/** Legal notes, by rule. Worded after the legislation they cite. */
export const TAX_NOTES = {
  reverseCharge:
    'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)',
  outsideEu: 'VAT not applicable: place of supply outside the EU (Article 44, Council Directive 2006/112/EC)',
  outsideUk:
    'Outside the scope of UK VAT: the customer accounts for any VAT due where it belongs (VAT Act 1994 s.7A(2)(a); HMRC VAT Notice 741A)',
  exemptEu: 'VAT exempt: small enterprise scheme (Articles 284 ff., Council Directive 2006/112/EC)',
  /** Wordings a country requires for its small-enterprise scheme. */
  exemptByCountry: {
    DE: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet (Kleinunternehmerregelung).',
    FR: 'TVA non applicable, art. 293 B du CGI',
  } as Readonly<Record<string, string>>,
  notRegisteredUk: 'No VAT charged: the supplier is not registered for VAT',
} as const;

const isBusiness = (c: ClientTaxFacts) => !!c.company?.trim();
const up = (v: string | null) => (v?.trim() ? v.trim().toUpperCase() : null);

const keepsLineRates = (kind: TaxTreatmentKind) => kind === 'domestic' || kind === 'no_vat_jurisdiction';
const zeroCategoryOf = (kind: TaxTreatmentKind): 'Z' | 'O' => (kind === 'domestic' ? 'Z' : 'O');

const standard = (studio: StudioTaxFacts, kind: 'domestic' | 'no_vat_jurisdiction'): TaxTreatment => ({
  kind,
  category: studio.taxRateBps > 0 ? 'S' : zeroCategoryOf(kind),
  rateBps: studio.taxRateBps,
  note: null,
  clientVatId: null,
});

const zeroRated = (
  kind: TaxTreatmentKind,
  category: 'AE' | 'O' | 'E',
  note: string,
  clientVatId: string | null,
): TaxTreatment => ({
  kind,
  category,
  rateBps: 0,
  note,
  clientVatId,
});

/** The tax treatment of an invoice from `studio` to `client`, by the rules in the file comment. Pure. */
export function taxTreatment(studio: StudioTaxFacts, client: ClientTaxFacts): TaxTreatment {
  const home = up(studio.country);
  const where = up(client.country);
  const inEu = isEuCountry(home);
  const inUk = home === 'GB';
  if (!studio.vatRegistered) {
    if (inEu) return zeroRated('not_registered', 'E', TAX_NOTES.exemptByCountry[home!] ?? TAX_NOTES.exemptEu, null);
    if (inUk) return zeroRated('not_registered', 'E', TAX_NOTES.notRegisteredUk, null);
    return standard(studio, 'no_vat_jurisdiction');
  }
  const vatId = where && isValidVatIdFor(client.taxId, where) ? normalizeVatId(client.taxId!, where) : null;
  if (inEu) {
    if (!where || where === home || !isBusiness(client)) return standard(studio, 'domestic');
    if (isEuCountry(where))
      return vatId ? zeroRated('reverse_charge', 'AE', TAX_NOTES.reverseCharge, vatId) : standard(studio, 'domestic');
    return zeroRated('outside_scope', 'O', TAX_NOTES.outsideEu, null);
  }
  if (inUk) {
    if (!where || where === 'GB' || !isBusiness(client)) return standard(studio, 'domestic');
    // An EU business shows its status by its VAT id; elsewhere the company billed is the evidence.
    if (isEuCountry(where) && !vatId) return standard(studio, 'domestic');
    return zeroRated('outside_scope', 'O', TAX_NOTES.outsideUk, vatId);
  }
  return standard(studio, 'domestic');
}

/**
 * `lines` under `treatment`: a domestic (or no-VAT-jurisdiction) treatment
 * keeps each line's own rate, so a reduced-rate line stays reduced (S when
 * > 0, else Z domestic or O); any other sets every rate to 0 with the
 * treatment's category. Pure.
 */
export function applyTaxTreatment<L extends { taxRateBps: number }>(
  lines: readonly L[],
  treatment: TaxTreatment,
): (Omit<L, 'taxCategory'> & { taxCategory: VatCategory })[] {
  return lines.map((l) =>
    keepsLineRates(treatment.kind)
      ? { ...l, taxCategory: l.taxRateBps > 0 ? 'S' : zeroCategoryOf(treatment.kind) }
      : { ...l, taxRateBps: 0, taxCategory: treatment.category },
  );
}

/** The tax fields a payment request (deposit or final payment) is stored with. */
export interface RequestTaxFields {
  /** Net, tax and rate; all null when the request states no tax at all (no VAT where the studio is, 0%). */
  subtotalCents: number | null;
  taxCents: number | null;
  taxRateBps: number | null;
  /** Its one line when the treatment is not the studio's rate (0%, the treatment's category); else null. */
  lines: InvoiceLine[] | null;
  taxBreakdown: TaxBreakdownRow[] | null;
  taxTreatment: TaxTreatmentKind;
  taxNote: string | null;
  /** The client's VAT id in canonical form, when the treatment relied on it. */
  clientVatId: string | null;
}

/**
 * The tax of a payment request of `amountCents`, the share of the accepted
 * quote the client pays whatever the treatment (its checkout charges that
 * amount). Under a treatment that keeps the studio's rate (domestic, or no
 * VAT jurisdiction) the rate's tax is shown inside the amount
 * (billing.ts taxIncludedTotals), never added, and the request keeps no lines
 * (one is read from those fields, invoiceLines.ts linesFromStoredInvoice);
 * where there is no VAT and the studio set no rate, it states no tax, as it
 * always has. Under any other (reverse charge, outside the scope, not
 * registered) the whole amount is one line at 0% in the treatment's category,
 * with its legal note, as an invoice to the same client would be. Pure.
 */
export function requestTaxFields(amountCents: number, description: string, treatment: TaxTreatment): RequestTaxFields {
  const stated = {
    lines: null,
    taxBreakdown: null,
    taxTreatment: treatment.kind,
    taxNote: null,
    clientVatId: treatment.clientVatId,
  };
  if (keepsLineRates(treatment.kind) && treatment.rateBps > 0) {
    const tax = taxIncludedTotals(amountCents, treatment.rateBps);
    return { ...stated, subtotalCents: tax.subtotalCents, taxCents: tax.taxCents, taxRateBps: treatment.rateBps };
  }
  if (treatment.kind === 'no_vat_jurisdiction')
    return { ...stated, subtotalCents: null, taxCents: null, taxRateBps: null, clientVatId: null };
  const [line] = applyTaxTreatment(
    [
      {
        description: description.trim() || 'Payment',
        quantityMilli: 1000,
        unit: 'C62' as const,
        unitPriceCents: amountCents,
        taxRateBps: 0,
      },
    ],
    treatment,
  );
  return {
    ...stated,
    subtotalCents: amountCents,
    taxCents: 0,
    taxRateBps: 0,
    lines: [line!],
    taxBreakdown: invoiceLineTotals([line!]).breakdown,
    taxNote: treatment.note,
  };
}

/**
 * The reference a credit note carries to the invoice it corrects (EN 16931
 * BG-3: BT-25 preceding invoice number, BT-26 its issue date; Art. 219 of the
 * Directive treats it as an invoice that refers to the original).
 */
export interface CorrectedInvoiceRef {
  invoiceId: string;
  number: string;
  issuedAt: Date;
}

/** Why a credit note cannot be issued against an invoice. */
export const CREDIT_NOTE_REFUSALS = {
  noNumber: 'This invoice has no number, so a credit note cannot refer to it',
  void: 'A void invoice cannot be credited',
  notIssued: 'This invoice has no issue date, so a credit note cannot refer to it',
  tooMuch: 'A credit note cannot credit more than the invoice still has to credit',
  nothing: 'A credit note must credit more than 0.00',
} as const;

/**
 * The reference of a credit note of `amountCents` against invoice `inv`, or
 * why it cannot be issued: the invoice must be numbered and issued, not void,
 * and the credit must be > 0 and at most its total less what earlier credit
 * notes took. Pure.
 */
export function creditNoteReference(
  inv: { id: string; number: string | null | undefined; issuedAt: Date | null; status: string; amountCents: number },
  creditedCents: number,
  amountCents: number,
): { ok: true; ref: CorrectedInvoiceRef } | { ok: false; message: string } {
  if (inv.status === 'void') return { ok: false, message: CREDIT_NOTE_REFUSALS.void };
  if (!inv.number) return { ok: false, message: CREDIT_NOTE_REFUSALS.noNumber };
  if (!inv.issuedAt) return { ok: false, message: CREDIT_NOTE_REFUSALS.notIssued };
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    return { ok: false, message: CREDIT_NOTE_REFUSALS.nothing };
  if (amountCents > inv.amountCents - creditedCents) return { ok: false, message: CREDIT_NOTE_REFUSALS.tooMuch };
  return { ok: true, ref: { invoiceId: inv.id, number: inv.number, issuedAt: inv.issuedAt } };
}

// ---------------------------------------------------------------------------
// The parties' legal fields (schemas only: not yet in settings/studio nor on a lead)
// ---------------------------------------------------------------------------

/** Field caps (characters). */
export const PARTY_LIMITS = { legalName: 200, company: 200, address: 400, taxId: 40 } as const;

const country = countryField;
const optionalText = (label: string, max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (typeof v === 'string' ? v.trim() : '') || null)
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`).nullable());

/** The save error of a tax id that is not a VAT number of the EU country chosen. */
export const vatIdMessage = (country: string) =>
  `Enter a valid VAT number for ${country} (such as ${vatPrefixOf(country)} followed by its digits), or leave it empty`;

/**
 * A tax id in an EU country must be a well-formed VAT id of that country
 * (isValidVatIdFor), stored canonical; elsewhere any id up to the cap is kept
 * as typed (a UK VAT number, a US EIN).
 */
function checkTaxId<T extends { country: string | null; taxId: string | null }>(v: T, ctx: z.RefinementCtx): T {
  if (!v.taxId || !v.country || !isEuCountry(v.country)) return v;
  if (!isValidVatIdFor(v.taxId, v.country)) {
    ctx.addIssue({ code: 'custom', path: ['taxId'], message: vatIdMessage(v.country) });
    return v;
  }
  return { ...v, taxId: normalizeVatId(v.taxId, v.country) };
}

/**
 * The studio's legal fields, to join studioSettingsSchema (settings.ts) when
 * the invoices print them (EU Art. 226(3)/(5), UK VATREC5010: the supplier's
 * full name, address and VAT number). Every field is optional on its own so
 * settings saved before them still read; a VAT-registered studio needs its
 * country and its tax id (an EU one a valid VAT id of that country).
 */
export const studioLegalFieldsSchema = z
  .strictObject({
    legalName: optionalText('Legal name', PARTY_LIMITS.legalName),
    legalAddress: optionalText('Legal address', PARTY_LIMITS.address),
    country,
    taxId: optionalText('Tax ID', PARTY_LIMITS.taxId),
    vatRegistered: z.boolean({ error: 'VAT registered must be on or off' }).default(false),
  })
  .superRefine((v, ctx) => {
    if (!v.vatRegistered) return;
    if (!v.country)
      ctx.addIssue({ code: 'custom', path: ['country'], message: 'A VAT-registered studio needs its country' });
    if (!v.taxId)
      ctx.addIssue({ code: 'custom', path: ['taxId'], message: 'A VAT-registered studio needs its VAT number' });
  })
  .transform(checkTaxId);
export type StudioLegalFields = z.output<typeof studioLegalFieldsSchema>;

/**
 * The client's billing fields, to join a lead's record: the company billed
 * (blank for a private person), its address, country and tax id (EU Art.
 * 226(4)/(5): the customer's name and address, and its VAT id where it
 * accounts for the tax).
 */
export const clientBillingFieldsSchema = z
  .strictObject({
    company: optionalText('Company', PARTY_LIMITS.company),
    address: optionalText('Address', PARTY_LIMITS.address),
    country,
    taxId: optionalText('Tax ID', PARTY_LIMITS.taxId),
  })
  .transform(checkTaxId);
export type ClientBillingFields = z.output<typeof clientBillingFieldsSchema>;
