/**
 * Invoice numbers and payment requests.
 *
 * Numbers: `INV-YYYY-NNNN`, sequential and gap-free per calendar year (UTC),
 * shared by invoices, deposit requests and final payment requests. The server
 * takes the next one from a per-year counter document (`counters/invoices-YYYY`,
 * field `last`) in the same Firestore transaction that creates the numbered
 * document, so a number is used exactly when its document is stored. Past
 * 9999 the number simply grows (INV-2026-10000). A number never changes once
 * issued.
 *
 * Payment requests: a lead's deposit and final payment are requested once the
 * quote is accepted; each is stored once (`payment_requests/{leadId}_{purpose}`)
 * with its number, and marked paid when the lead's payment id appears.
 */
import { COLLECTIONS } from './collections.js';
import { DAY_MS, type LeadStatus } from './constants.js';
import { acceptedQuoteOf, type AcceptedQuote } from './payments.js';
import { depositLabel } from './pricing.js';
import { checkoutPath } from './quotes.js';
import { DELIVERED_LEAD_STATUSES } from './projects.js';

export const INVOICE_NUMBER_PREFIX = 'INV';
export const COUNTERS_COLLECTION = COLLECTIONS.counters;
export const PAYMENT_REQUESTS_COLLECTION = COLLECTIONS.paymentRequests;

/**
 * The numbered series: invoices (with payment requests) as INV-YYYY-NNNN, and
 * credit notes as their own gap-free CN-YYYY-NNNN, each with its counter.
 */
export const NUMBER_SERIES = {
  invoice: { prefix: INVOICE_NUMBER_PREFIX, counter: 'invoices' },
  creditNote: { prefix: 'CN', counter: 'credit-notes' },
} as const;
export type NumberSeries = keyof typeof NUMBER_SERIES;

/** The UTC calendar year of `date`: the year its number counts in. */
export const invoiceYear = (date: Date): number => date.getUTCFullYear();

/** Counter document id for `year` of `series` ("invoices-2026", "credit-notes-2026"). */
export const invoiceCounterId = (year: number, series: NumberSeries = 'invoice'): string =>
  `${NUMBER_SERIES[series].counter}-${year}`;

/** "INV-2026-0007" for (2026, 7); "CN-2026-0007" in the credit-note series. @throws RangeError for a sequence below 1 or a non-integer. */
export function formatInvoiceNumber(year: number, seq: number, series: NumberSeries = 'invoice'): string {
  if (!Number.isSafeInteger(seq) || seq < 1 || !Number.isSafeInteger(year))
    throw new RangeError(`Invalid invoice number ${year}/${seq}`);
  return `${NUMBER_SERIES[series].prefix}-${year}-${String(seq).padStart(4, '0')}`;
}

/** { year, seq } of a number of `series`, or null when it is not one. */
export function parseInvoiceNumber(
  value: string,
  series: NumberSeries = 'invoice',
): { year: number; seq: number } | null {
  const m = new RegExp(`^${NUMBER_SERIES[series].prefix}-(\\d{4})-(\\d{4,})$`).exec(value);
  return m ? { year: Number(m[1]), seq: Number(m[2]) } : null;
}

/**
 * The next number after the counter's `last` (a stored value: anything but a
 * non-negative integer counts as 0, a fresh year). Returns the new `last` too.
 */
export function nextInvoiceNumber(
  last: unknown,
  now: Date,
  series: NumberSeries = 'invoice',
): { year: number; seq: number; number: string } {
  const year = invoiceYear(now);
  const prev = typeof last === 'number' && Number.isSafeInteger(last) && last >= 0 ? last : 0;
  const seq = prev + 1;
  return { year, seq, number: formatInvoiceNumber(year, seq, series) };
}

// ---------------------------------------------------------------------------
// Payment requests
// ---------------------------------------------------------------------------

export type RequestPurpose = 'deposit' | 'final';

/** The lead fields that decide its payment requests. */
export interface LeadForRequests {
  name?: string | null;
  email?: string | null;
  subject?: string | null;
  projectType?: string | null;
  status?: LeadStatus | string | null;
  quoteAccepted?: boolean | null;
  quoteAmountCents?: number | null;
  depositAmountCents?: number | null;
  finalAmountCents?: number | null;
  /** The accepted quote version's amounts, which the charge takes (payments.ts acceptedQuoteOf). */
  acceptedQuote?: AcceptedQuote | null;
  stripeDepositPaymentId?: string | null;
  stripeFinalPaymentId?: string | null;
}

export interface PaymentRequestPlan {
  purpose: RequestPurpose;
  amountCents: number;
  description: string;
  /** The paying PaymentIntent once paid, else null. */
  paymentIntentId: string | null;
  /** Where the client pays it (relative URL; the lead's checkout). */
  checkoutUrl: string;
}

const ACCEPTED_STATUSES: readonly string[] = ['Set Up', 'Production', 'Launch', 'Complete'];

export const requestId = (leadId: string, purpose: RequestPurpose): string => `${leadId}_${purpose}`;

/** The amounts a lead's requests and charges take: the accepted quote version's, else the lead's own (older records). */
function requestAmounts(lead: LeadForPaymentDescription): {
  quoteAmountCents: number;
  depositAmountCents: number;
  finalAmountCents: number | null;
} {
  return (
    acceptedQuoteOf(lead) ?? {
      quoteAmountCents: lead.quoteAmountCents ?? 0,
      depositAmountCents: lead.depositAmountCents ?? 0,
      finalAmountCents: lead.finalAmountCents ?? null,
    }
  );
}

/** The lead fields a payment's description draws on. */
export type LeadForPaymentDescription = Pick<
  LeadForRequests,
  | 'subject'
  | 'projectType'
  | 'quoteAccepted'
  | 'quoteAmountCents'
  | 'depositAmountCents'
  | 'finalAmountCents'
  | 'acceptedQuote'
>;

/** What a lead's payments are for: its subject, else its project type, else "your project". */
export function leadPaymentTopic(lead: Pick<LeadForRequests, 'subject' | 'projectType'>): string {
  return lead.subject?.trim() || lead.projectType?.trim() || 'your project';
}

/**
 * The one description of a lead's deposit or final payment, wherever it is
 * shown: its payment request (and PDF), the checkout link of the request, My
 * Project and the quote page, the PaymentIntent (Stripe and the receipt), and
 * the emails that name it. "50% deposit: Bakery website" (domain
 * depositLabel, of the accepted quote's amounts) or "Final payment: Bakery
 * website" (leadPaymentTopic). An admin's invoice is described by its own
 * description, as entered.
 */
export function leadPaymentDescription(purpose: RequestPurpose, lead: LeadForPaymentDescription): string {
  const what = leadPaymentTopic(lead);
  if (purpose === 'final') return `Final payment: ${what}`;
  const amounts = requestAmounts(lead);
  return `${depositLabel(amounts.quoteAmountCents, amounts.depositAmountCents)}: ${what}`;
}

/**
 * The checkout of a lead's deposit or final payment (relative URL, domain
 * checkoutPath): `amountCents` with leadPaymentDescription. The server
 * charges what is due whatever the link says; the link says the same.
 */
export function leadCheckoutPath(
  leadId: string,
  purpose: RequestPurpose,
  amountCents: number,
  lead: LeadForPaymentDescription,
): string {
  return checkoutPath(amountCents, leadPaymentDescription(purpose, lead), leadId);
}

/**
 * The payment requests lead `leadId` should have: none before its quote is
 * accepted; then the deposit (when there is one), and the final payment once
 * the deposit is paid and the work is delivered (DELIVERED_LEAD_STATUSES:
 * launched or complete), or at once without a deposit. Amounts in cents, from
 * the accepted quote version as the charge takes them (acceptedQuoteOf), so a
 * request never names another amount than its payment; a lead past Quoted
 * with no acceptance recorded (older records) uses its own amounts. A lead
 * marked Lost gets no new request.
 */
export function leadPaymentRequests(leadId: string, lead: LeadForRequests): PaymentRequestPlan[] {
  const amounts = requestAmounts(lead);
  const quote = amounts.quoteAmountCents;
  const accepted = lead.quoteAccepted === true || ACCEPTED_STATUSES.includes(String(lead.status ?? ''));
  if (quote <= 0 || !accepted || lead.status === 'Lost') return [];
  const deposit = amounts.depositAmountCents;
  const out: PaymentRequestPlan[] = [];
  if (deposit > 0) {
    out.push({
      purpose: 'deposit',
      amountCents: deposit,
      description: leadPaymentDescription('deposit', lead),
      paymentIntentId: lead.stripeDepositPaymentId ?? null,
      checkoutUrl: leadCheckoutPath(leadId, 'deposit', deposit, lead),
    });
  }
  // The final payment is requested at delivery (launch), or at once when there is no deposit; a final
  // paid early (the client may pay it any time after the deposit) is recorded as a paid request.
  const delivered = deposit <= 0 || DELIVERED_LEAD_STATUSES.includes(String(lead.status ?? ''));
  const depositSettled = deposit <= 0 || Boolean(lead.stripeDepositPaymentId);
  if ((depositSettled && delivered) || lead.stripeFinalPaymentId) {
    const final = lead.stripeDepositPaymentId ? (amounts.finalAmountCents ?? quote - deposit) : quote;
    if (final > 0)
      out.push({
        purpose: 'final',
        amountCents: final,
        description: leadPaymentDescription('final', lead),
        paymentIntentId: lead.stripeFinalPaymentId ?? null,
        checkoutUrl: leadCheckoutPath(leadId, 'final', final, lead),
      });
  }
  return out;
}

/** Adds `days` whole days to `from` (ms arithmetic, UTC). */
export const addDays = (from: Date, days: number): Date => new Date(from.getTime() + days * DAY_MS);
