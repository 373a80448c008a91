/**
 * The CII XML of an invoice or credit note: UN/CEFACT Cross Industry Invoice
 * D16B at the EN 16931 profile (guideline `urn:cen.eu:en16931:2017`), the XML
 * a Factur-X / ZUGFeRD PDF carries as `factur-x.xml` and the one the plain
 * `.xml` download sends. Made from the domain's `EInvoice` (cents, ISO dates,
 * BT terms) and nothing else: no amount is recomputed here, so the XML states
 * exactly what the PDF prints.
 *
 * Library: xmlbuilder2. It is maintained, pure JavaScript, typed, escapes text
 * and attributes and handles namespaces itself, so no element is written by
 * string concatenation; the EN 16931 mapping (which BT goes where, in the order
 * the D16B schema wants) is the only thing written here.
 *
 * How EN 16931's rules (CEN's validation artefacts, checked in the tests) are met:
 * - amounts are cents as 2-decimal strings, quantities thousandths with up to 3
 *   decimals, rates basis points as a percent ("5.5");
 * - a discount line (negative unit price) is stated as a positive net price
 *   (BT-146 may not be negative, BR-27) on a negative quantity: the line net
 *   is the same;
 * - VAT category O ("not subject to VAT") states no VAT id of either party
 *   (BR-O-02) and no rate (BR-O-05), and may not be mixed with another
 *   category (BR-O-11);
 * - a seller without a VAT id in the XML is identified by its tax
 *   registration id as its legal registration id (BT-30), as BR-CO-26 needs
 *   one identifier, and that id is also stated as BT-32 (scheme FC);
 * - E, AE and O breakdown rows carry the document's legal note as the
 *   exemption reason (BT-120), AE also the code VATEX-EU-AE (BT-121);
 * - the date of supply (BT-72) is stated always: EInvoice's null means the
 *   issue date.
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { EInvoice, VatCategory } from '@studio/domain';

const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
} as const;

/** The EN 16931 profile's guideline id (BT-24), which Factur-X's EN 16931 level also uses. */
export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';

/** Where a missing fact is entered: the studio's Settings or the client's billing details. */
export type EInvoiceFieldPlace = 'settings' | 'client';

/**
 * An e-invoice cannot be made because the EInvoice lacks a fact EN 16931
 * requires. `field` names it as a person would ("the studio's country"),
 * `place` says where it is entered, `rule` is the EN 16931 rule that needs it;
 * the message reads "The e-invoice needs the studio's country in Settings".
 */
export class EInvoiceIncomplete extends Error {
  constructor(
    readonly field: string,
    readonly place: EInvoiceFieldPlace,
    readonly rule: string,
  ) {
    super(`The e-invoice needs ${field} ${place === 'settings' ? 'in Settings' : "in the client's billing details"}`);
    this.name = 'EInvoiceIncomplete';
  }
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const COUNTRY = /^[A-Z]{2}$/;

/** "2026-03-05" → "20260305" (UNTDID 2379 format 102). @throws RangeError on another shape. */
function date102(iso: string, what: string): string {
  const m = ISO_DATE.exec(iso);
  if (!m) throw new RangeError(`${what} is not a YYYY-MM-DD date: ${iso}`);
  return `${m[1]}${m[2]}${m[3]}`;
}

/** Integer `n` divided by 10^`places` as a decimal string, trailing zeros kept to `keep` decimals. */
function decimal(n: number, places: number, keep: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not an integer amount: ${n}`);
  const neg = n < 0;
  const digits = String(Math.abs(n)).padStart(places + 1, '0');
  let int = digits.slice(0, -places);
  let frac = digits.slice(-places);
  while (frac.length > keep && frac.endsWith('0')) frac = frac.slice(0, -1);
  if (frac === '') int = int || '0';
  return `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** Cents as an amount with 2 decimals: 123456 → "1234.56", -5 → "-0.05". */
export const amount = (cents: number): string => decimal(cents, 2, 2);
/** Thousandths of a unit as a quantity: 1500 → "1.5", 2000 → "2". */
export const quantity = (milli: number): string => decimal(milli, 3, 0);
/** Basis points as a percent: 2000 → "20", 550 → "5.5", 0 → "0". */
export const percent = (bps: number): string => decimal(bps, 2, 0);

/** Free-text address lines (BT-35..BT-37 / BT-50..BT-52): at most three, the rest joined into the third. */
function addressLines(address: string | null): string[] {
  const lines = (address ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.length <= 3 ? lines : [lines[0]!, lines[1]!, lines.slice(2).join(', ')];
}

/** Exemption reasons (BT-120) stated when the document has no legal note of its own. */
const DEFAULT_REASON: Partial<Record<VatCategory, string>> = {
  E: 'Exempt from VAT',
  AE: 'Reverse charge',
  O: 'Not subject to VAT',
};

/**
 * The facts an e-invoice of `e` needs and EN 16931 makes mandatory, checked
 * before any XML is written. @throws EInvoiceIncomplete for a fact to enter
 * (Settings or the client's record); RangeError for a malformed EInvoice.
 */
function check(e: EInvoice): void {
  if (!e.seller.name.trim()) throw new EInvoiceIncomplete("the studio's legal name", 'settings', 'BR-06');
  if (!e.seller.country) throw new EInvoiceIncomplete("the studio's country", 'settings', 'BR-09');
  if (!e.seller.vatId && !e.seller.taxRegistrationId)
    throw new EInvoiceIncomplete("the studio's VAT id or tax id", 'settings', 'BR-CO-26');
  if (!e.buyer.name.trim()) throw new EInvoiceIncomplete("the client's name", 'client', 'BR-07');
  if (!e.buyer.country) throw new EInvoiceIncomplete("the client's country", 'client', 'BR-11');
  const categories = new Set(e.totals.lines.map((l) => l.taxCategory));
  if (categories.has('AE') && !e.buyer.vatId)
    throw new EInvoiceIncomplete("the client's VAT id (reverse charge)", 'client', 'BR-AE-02');
  if (categories.has('AE') && !e.seller.vatId)
    throw new EInvoiceIncomplete("the studio's VAT id (reverse charge)", 'settings', 'BR-AE-02');
  if (e.totals.lines.length === 0) throw new RangeError('An e-invoice has at least one line (BR-16)');
  if (categories.has('O') && categories.size > 1)
    throw new RangeError('A line not subject to VAT (O) cannot share an invoice with taxed lines (BR-O-11)');
  for (const c of [e.seller.country, e.buyer.country])
    if (!COUNTRY.test(c)) throw new RangeError(`Not an ISO 3166-1 alpha-2 country code: ${c}`);
  if (e.paidCents < 0 || e.dueCents !== e.totals.totalCents - e.paidCents)
    throw new RangeError('The amount due (BT-115) is not the total less what was paid (BR-CO-16)');
}

/**
 * The CII XML (UTF-8 text with its declaration) of `e`, at the EN 16931 profile.
 * @throws EInvoiceIncomplete when a fact EN 16931 requires is missing (its message says what and where to
 * enter it); RangeError when `e` is malformed (a bad date or country code, no lines, O mixed with other
 * categories, a due amount that is not total − paid).
 */
export function ciiXml(e: EInvoice): string {
  check(e);
  const outsideScope = e.totals.lines.some((l) => l.taxCategory === 'O');
  const currency = e.currency;

  const doc = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '\uFFFD' });
  const root = doc.ele(NS.rsm, 'rsm:CrossIndustryInvoice', {
    'xmlns:qdt': NS.qdt,
    'xmlns:ram': NS.ram,
    'xmlns:udt': NS.udt,
  });
  const ram = (parent: XMLBuilder, name: string, text?: string, attrs?: Record<string, string>): XMLBuilder => {
    const el = parent.ele(NS.ram, `ram:${name}`, attrs);
    if (text !== undefined) el.txt(text);
    return el;
  };
  const dateTime = (parent: XMLBuilder, name: string, iso: string, what: string, ns: 'udt' | 'qdt' = 'udt') =>
    ram(parent, name).ele(NS[ns], `${ns}:DateTimeString`, { format: '102' }).txt(date102(iso, what));

  // BG-2: the process and profile.
  ram(root.ele(NS.rsm, 'rsm:ExchangedDocumentContext'), 'GuidelineSpecifiedDocumentContextParameter')
    .ele(NS.ram, 'ram:ID')
    .txt(EN16931_GUIDELINE);

  // BT-1, BT-3, BT-2, and the legal note as a document note (BT-22) for a reader of the XML alone.
  const header = root.ele(NS.rsm, 'rsm:ExchangedDocument');
  ram(header, 'ID', e.number);
  ram(header, 'TypeCode', String(e.typeCode));
  dateTime(header, 'IssueDateTime', e.issueDate, 'The issue date (BT-2)');
  if (e.taxNote) ram(ram(header, 'IncludedNote'), 'Content', e.taxNote);

  const tx = root.ele(NS.rsm, 'rsm:SupplyChainTradeTransaction');

  // BG-25: the lines.
  e.totals.lines.forEach((l, i) => {
    const item = ram(tx, 'IncludedSupplyChainTradeLineItem');
    ram(ram(item, 'AssociatedDocumentLineDocument'), 'LineID', String(i + 1));
    ram(ram(item, 'SpecifiedTradeProduct'), 'Name', l.description.trim() || `Line ${i + 1}`);
    const discount = l.unitPriceCents < 0;
    ram(
      ram(ram(item, 'SpecifiedLineTradeAgreement'), 'NetPriceProductTradePrice'),
      'ChargeAmount',
      amount(Math.abs(l.unitPriceCents)),
    );
    ram(
      ram(item, 'SpecifiedLineTradeDelivery'),
      'BilledQuantity',
      quantity(discount ? -l.quantityMilli : l.quantityMilli),
      {
        unitCode: l.unit,
      },
    );
    const settlement = ram(item, 'SpecifiedLineTradeSettlement');
    const tax = ram(settlement, 'ApplicableTradeTax');
    ram(tax, 'TypeCode', 'VAT');
    ram(tax, 'CategoryCode', l.taxCategory);
    if (l.taxCategory !== 'O') ram(tax, 'RateApplicablePercent', percent(l.taxRateBps));
    ram(ram(settlement, 'SpecifiedTradeSettlementLineMonetarySummation'), 'LineTotalAmount', amount(l.netCents));
  });

  // BG-4 and BG-7: seller and buyer.
  const agreement = ram(tx, 'ApplicableHeaderTradeAgreement');
  const seller = ram(agreement, 'SellerTradeParty');
  ram(seller, 'Name', e.seller.name.trim());
  const sellerVat = outsideScope ? null : e.seller.vatId;
  // BR-CO-26: without a VAT id stated, the tax registration id identifies the seller (BT-30).
  if (!sellerVat) ram(ram(seller, 'SpecifiedLegalOrganization'), 'ID', (e.seller.taxRegistrationId ?? e.seller.vatId)!);
  if (e.seller.email)
    ram(ram(ram(seller, 'DefinedTradeContact'), 'EmailURIUniversalCommunication'), 'URIID', e.seller.email);
  address(seller, e.seller.address, e.seller.country!);
  if (sellerVat) ram(ram(seller, 'SpecifiedTaxRegistration'), 'ID', sellerVat, { schemeID: 'VA' });
  if (e.seller.taxRegistrationId)
    ram(ram(seller, 'SpecifiedTaxRegistration'), 'ID', e.seller.taxRegistrationId, { schemeID: 'FC' });

  const buyer = ram(agreement, 'BuyerTradeParty');
  ram(buyer, 'Name', e.buyer.name.trim());
  if (e.buyer.contactName || e.buyer.email) {
    const contact = ram(buyer, 'DefinedTradeContact');
    if (e.buyer.contactName) ram(contact, 'PersonName', e.buyer.contactName);
    if (e.buyer.email) ram(ram(contact, 'EmailURIUniversalCommunication'), 'URIID', e.buyer.email);
  }
  address(buyer, e.buyer.address, e.buyer.country!);
  if (e.buyer.vatId && !outsideScope)
    ram(ram(buyer, 'SpecifiedTaxRegistration'), 'ID', e.buyer.vatId, { schemeID: 'VA' });

  // BT-72: the date of supply (the issue date when the EInvoice states none).
  const delivery = ram(tx, 'ApplicableHeaderTradeDelivery');
  dateTime(
    ram(delivery, 'ActualDeliverySupplyChainEvent'),
    'OccurrenceDateTime',
    e.supplyDate ?? e.issueDate,
    'The supply date (BT-72)',
  );

  const settlement = ram(tx, 'ApplicableHeaderTradeSettlement');
  ram(settlement, 'InvoiceCurrencyCode', currency);
  // BG-23: one row per category and rate.
  for (const row of e.totals.breakdown) {
    const tax = ram(settlement, 'ApplicableTradeTax');
    ram(tax, 'CalculatedAmount', amount(row.taxCents));
    ram(tax, 'TypeCode', 'VAT');
    const reason = DEFAULT_REASON[row.category] ? (e.taxNote ?? DEFAULT_REASON[row.category]!) : null;
    if (reason) ram(tax, 'ExemptionReason', reason);
    ram(tax, 'BasisAmount', amount(row.taxableCents));
    ram(tax, 'CategoryCode', row.category);
    if (row.category === 'AE') ram(tax, 'ExemptionReasonCode', 'VATEX-EU-AE');
    if (row.category !== 'O') ram(tax, 'RateApplicablePercent', percent(row.rateBps));
  }
  // BT-20 and BT-9.
  if (e.paymentTerms || e.dueDate) {
    const terms = ram(settlement, 'SpecifiedTradePaymentTerms');
    if (e.paymentTerms) ram(terms, 'Description', e.paymentTerms);
    if (e.dueDate) dateTime(terms, 'DueDateDateTime', e.dueDate, 'The due date (BT-9)');
  }
  // BG-22: BT-106, BT-109, BT-110, BT-112, BT-113, BT-115 (no allowances, charges or rounding).
  const sums = ram(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  ram(sums, 'LineTotalAmount', amount(e.totals.netCents));
  ram(sums, 'TaxBasisTotalAmount', amount(e.totals.netCents));
  ram(sums, 'TaxTotalAmount', amount(e.totals.taxCents), { currencyID: currency });
  ram(sums, 'GrandTotalAmount', amount(e.totals.totalCents));
  if (e.paidCents > 0) ram(sums, 'TotalPrepaidAmount', amount(e.paidCents));
  ram(sums, 'DuePayableAmount', amount(e.dueCents));
  // BG-3: the invoice a credit note corrects.
  if (e.precedingInvoice) {
    const ref = ram(settlement, 'InvoiceReferencedDocument');
    ram(ref, 'IssuerAssignedID', e.precedingInvoice.number);
    if (e.precedingInvoice.issueDate)
      dateTime(
        ref,
        'FormattedIssueDateTime',
        e.precedingInvoice.issueDate,
        'The preceding invoice date (BT-26)',
        'qdt',
      );
  }

  return doc.end({ prettyPrint: true });

  /** BG-5 / BG-8: the address lines, then the country (BT-40 / BT-55), in the schema's order. */
  function address(party: XMLBuilder, text: string | null, country: string) {
    const a = ram(party, 'PostalTradeAddress');
    addressLines(text).forEach((line, i) => ram(a, ['LineOne', 'LineTwo', 'LineThree'][i]!, line));
    ram(a, 'CountryID', country);
  }
}
