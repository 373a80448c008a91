/**
 * The parties' legal fields as the CRM reads them back (no UI): the studio's from its settings (legalName,
 * legalAddress, country, taxId, vatRegistered: domain invoiceTax studioLegalFieldsSchema), and the tax facts
 * domain taxTreatment takes from them and a client's billing fields (read with the lead: leadDocSchema `billing`).
 *
 * Read leniently: a document saved before these fields existed, or holding one that no longer checks, reads
 * each such field as unset (null, not VAT-registered), so a page never fails on them; the server checks every
 * save with the strict schemas.
 */
import { z } from 'zod';
import type { ClientBillingFields, ClientTaxFacts, StudioLegalFields, StudioTaxFacts } from '@studio/domain/invoiceTax';

/** A stored text: trimmed, blank or anything else read as null. */
const storedText = z
  .unknown()
  .transform((v) => (typeof v === 'string' && v.trim() ? v.trim() : null))
  .catch(null);

const studioLegalSchema = z.object({
  legalName: storedText,
  legalAddress: storedText,
  country: storedText,
  taxId: storedText,
  vatRegistered: z.boolean().catch(false),
});

/** The studio's legal fields of a settings object (any other key ignored). */
export const studioLegalOf = (settings: object): StudioLegalFields => studioLegalSchema.parse(settings);

/** The studio's side of an invoice's tax treatment: its legal fields and its rate (basis points). */
export const studioTaxFacts = (settings: object & { taxRateBps: number }): StudioTaxFacts => {
  const { vatRegistered, country, taxId } = studioLegalOf(settings);
  return { vatRegistered, country, taxId, taxRateBps: settings.taxRateBps };
};

/** The client's side of an invoice's tax treatment. */
export const clientTaxFacts = (billing: ClientBillingFields): ClientTaxFacts => ({
  company: billing.company,
  country: billing.country,
  taxId: billing.taxId,
});
