/**
 * Payments (spec §2 "Invoicing", "Checkout and payment success"; §4 "Invoice
 * view (client)"; §7 create-payment-intent, create-invoice, stripe/*).
 *
 * Pure rules shared by the functions and the web: what a lead owes next, the
 * request bodies, the stable idempotency keys, and how a verified payment
 * moves the lead and its project. Amounts are integer cents; currency usd.
 *
 * Moves on a paid payment (ours: the spec implies them without listing them):
 * - deposit: recorded only (the lead's and the project's `depositPaidAt`);
 *   nothing moves. Spec §4 lists Production as a manual stage, so the owner
 *   moves the project (or the lead) to Production when the work starts.
 * - final: the lead is paid in full. When the project is already delivered
 *   (Launch, Maintenance, Won) or there is none, the lead moves to Complete;
 *   a project still in the works keeps its stage and the lead completes with
 *   it at the end of the launch countdown. "Payment Completed" follows the
 *   account statement (statement.ts), not the stage.
 * - invoice, order, custom: recorded only; nothing moves.
 * A lead marked Lost never moves on a payment (the payment is still recorded).
 *
 * Payable only when the quote stands (leadPaymentDue): a lead's deposit can be
 * paid only after its quote is accepted, the final payment only after the
 * deposit (when there is one), and the amounts are those of the accepted quote
 * version (the `acceptedQuote` snapshot written at acceptance; older records
 * without it use the lead's own amounts, which cannot change once accepted).
 * Anything else is refused (409) with one of PAYMENT_REFUSALS.
 *
 * Failed payments: a failed deposit or final payment moves an active lead to
 * "Payment Failed" (paymentFailureMove) and remembers where it was; a later
 * success moves it on as a first success would, or back to where it was when
 * the paid stage moves nothing (paymentMoves' `resumeStatus`).
 *
 * Editing a quote after money has moved (quoteEditRefusal): REFUSED. Once a
 * deposit or final payment of the lead is recorded, the quote's amounts are
 * what the client agreed to and paid against; the Edit Quote call answers 409
 * QUOTE_EDIT_AFTER_PAYMENT, which points to Create Invoice for any difference
 * (an invoice is its own payment and leaves the quote's figures alone). The
 * refused attempt is recorded in the lead's activity history.
 */
import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import type { LeadStatus, ProjectStatus } from './constants.js';
import { parseAmountToCents } from './money.js';
import { requiredText } from './schemas.js';
import { moneyField } from './quotes.js';
import { projectDelivered } from './projects.js';
import { DATE_RANGE_MESSAGE, firestoreId, isDateInRange } from './ids.js';
import { invoiceLineInputSchema, LINE_LIMITS } from './invoiceLines.js';

export const PAYMENT_CURRENCY = 'usd';

/** Card payments accepted: $0.50 (Stripe's usd minimum) to $100,000.00, in cents. */
export const PAYMENT_LIMITS = { minCents: 50, maxCents: 10_000_000 } as const;

/** What a PaymentIntent pays for; carried in its metadata as `purpose`. */
export const PAYMENT_PURPOSES = ['deposit', 'final', 'invoice', 'order', 'custom'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** The payment fields of a stored lead that decide what it owes (cents; Stripe ids once paid). */
export interface LeadPaymentState {
  status?: LeadStatus | string | null;
  quoteAmountCents?: number | null;
  depositAmountCents?: number | null;
  finalAmountCents?: number | null;
  forceDeposit?: boolean | null;
  stripeDepositPaymentId?: string | null;
  stripeFinalPaymentId?: string | null;
}

/** A lead's quote amounts at the version the client accepted, in cents (written on the lead at acceptance). */
export interface AcceptedQuote {
  version: number | null;
  quoteAmountCents: number;
  depositAmountCents: number;
  finalAmountCents: number;
}

/** The fields of a stored lead that decide whether, and what, the client may pay. */
export interface PayableLeadState extends LeadPaymentState {
  quoteAccepted?: boolean | null;
  quoteReviewStatus?: string | null;
  acceptedQuote?: AcceptedQuote | null;
}

/** Why a lead payment is refused (the 409 messages of create-payment-intent). */
export const PAYMENT_REFUSALS = {
  closed: 'This project is closed, so no payment can be taken',
  quotePreparing: 'The quote is still being prepared. Payment opens once the quote is accepted.',
  notAccepted: 'The deposit can be paid only after the quote is accepted',
  nothingDue: 'Nothing is due on this project',
} as const;

const isCents = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * The amounts of the accepted quote version: the `acceptedQuote` snapshot, or
 * for records accepted before it existed, the lead's own amounts (an accepted
 * quote cannot be edited). Null when the quote is not accepted.
 */
export function acceptedQuoteOf(lead: PayableLeadState): AcceptedQuote | null {
  if (!lead.quoteAccepted) return null;
  const a = lead.acceptedQuote;
  if (a && isCents(a.quoteAmountCents) && isCents(a.depositAmountCents) && isCents(a.finalAmountCents)) return a;
  const quote = lead.quoteAmountCents ?? 0;
  if (!isCents(quote) || quote <= 0) return null;
  const deposit = isCents(lead.depositAmountCents) ? lead.depositAmountCents : 0;
  return {
    version: null,
    quoteAmountCents: quote,
    depositAmountCents: deposit,
    finalAmountCents: isCents(lead.finalAmountCents) ? lead.finalAmountCents : quote - deposit,
  };
}

export type LeadPaymentCheck =
  { ok: true; purpose: 'deposit' | 'final'; amountCents: number } | { ok: false; message: string };

/**
 * Whether the client may pay on `lead` now, and what (see the file comment):
 * a Lost lead → closed; a quote not accepted → quotePreparing (pending review
 * or needing revision) or notAccepted (approved, link not yet accepted); then
 * the next payment of the accepted quote version (deposit first, final only
 * after it), or nothingDue.
 */
export function leadPaymentDue(lead: PayableLeadState): LeadPaymentCheck {
  if (lead.status === 'Lost') return { ok: false, message: PAYMENT_REFUSALS.closed };
  const accepted = acceptedQuoteOf(lead);
  if (!accepted) {
    return {
      ok: false,
      message: lead.quoteReviewStatus === 'Approved' ? PAYMENT_REFUSALS.notAccepted : PAYMENT_REFUSALS.quotePreparing,
    };
  }
  const due = nextLeadPayment({
    quoteAmountCents: accepted.quoteAmountCents,
    depositAmountCents: accepted.depositAmountCents,
    finalAmountCents: accepted.finalAmountCents,
    stripeDepositPaymentId: lead.stripeDepositPaymentId,
    stripeFinalPaymentId: lead.stripeFinalPaymentId,
  });
  return due ? { ok: true, ...due } : { ok: false, message: PAYMENT_REFUSALS.nothingDue };
}

/**
 * True when the client's quote amounts may be shown (the client lookup, My
 * Project): an approved or accepted quote. Before that the quote is being
 * prepared and its draft figures stay private.
 */
export function clientMaySeeQuote(
  lead: Pick<PayableLeadState, 'quoteAccepted' | 'quoteReviewStatus' | 'status'>,
): boolean {
  return lead.status !== 'Lost' && (lead.quoteAccepted === true || lead.quoteReviewStatus === 'Approved');
}

/**
 * My Project's Pay Now: the lookup says something is payable now (its
 * `amountDue`, the account statement's next payable item), whatever the
 * pipeline stage: a Complete lead with its final payment open can still pay it.
 */
export function clientCanPayNow(lead: { amountDue?: string | null; quoteAmount?: string | null }): boolean {
  return Boolean(lead.amountDue) && Boolean(lead.quoteAmount);
}

/** The status a failed payment sets (spec §4 "Payment Failed"). */
export const PAYMENT_FAILED_STATUS: LeadStatus = 'Payment Failed';

/** Lead statuses a failed deposit or final payment moves to "Payment Failed". */
const FAILABLE_STATUSES: readonly string[] = ['Set Up', 'Deposit', 'Production', 'Launch'];

/**
 * The lead status after a failed payment of `purpose`: "Payment Failed" for a
 * deposit or final payment of an active lead; null (no move) for other
 * purposes, a lead already there, dead, complete or not yet accepted.
 */
export function paymentFailureMove(purpose: PaymentPurpose, leadStatus: LeadStatus | string | null): LeadStatus | null {
  if (purpose !== 'deposit' && purpose !== 'final') return null;
  return leadStatus && FAILABLE_STATUSES.includes(leadStatus) ? PAYMENT_FAILED_STATUS : null;
}

/** Edit Quote refused after money has moved (the policy in the file comment). */
export const QUOTE_EDIT_AFTER_PAYMENT =
  'Payments have been received on this quote, so it cannot be edited. Use Create Invoice to bill any difference.';

/** QUOTE_EDIT_AFTER_PAYMENT when a deposit or final payment of the lead is recorded; null when the quote may be edited. */
export function quoteEditRefusal(
  lead: Pick<LeadPaymentState, 'stripeDepositPaymentId' | 'stripeFinalPaymentId'>,
): string | null {
  return lead.stripeDepositPaymentId || lead.stripeFinalPaymentId ? QUOTE_EDIT_AFTER_PAYMENT : null;
}

/** The next payment a lead owes, or null when nothing is due (no quote, or paid in full). */
export function nextLeadPayment(lead: LeadPaymentState): { purpose: 'deposit' | 'final'; amountCents: number } | null {
  const quote = lead.quoteAmountCents ?? 0;
  if (quote <= 0) return null;
  const deposit = lead.depositAmountCents ?? 0;
  const depositDue = deposit > 0 && !lead.stripeDepositPaymentId;
  if (depositDue) return { purpose: 'deposit', amountCents: deposit };
  if (lead.stripeFinalPaymentId) return null;
  // Without a deposit paid, the final payment is the whole quote; after it, the remainder.
  const final = lead.stripeDepositPaymentId ? (lead.finalAmountCents ?? quote - deposit) : quote;
  return final > 0 ? { purpose: 'final', amountCents: final } : null;
}

/**
 * The Stripe Idempotency-Key of a PaymentIntent: the same purpose and amount
 * for the same record always gives the same key, so a retried or doubled
 * request cannot create a second charge. Custom checkouts pass their own nonce.
 */
export function paymentIdempotencyKey(purpose: PaymentPurpose, recordId: string, amountCents: number): string {
  return `studio-pi-${purpose}-${recordId}-${amountCents}`;
}

/**
 * The status moves a paid payment causes (see the file comment); absent keys
 * mean "no move". A lead in "Payment Failed" whose paid stage moves nothing
 * goes back to `resumeStatus` (where the failure found it).
 */
export function paymentMoves(
  purpose: PaymentPurpose,
  leadStatus: LeadStatus | null,
  projectStatus: ProjectStatus | null,
  resumeStatus?: LeadStatus | null,
): { lead?: LeadStatus } {
  if (leadStatus === 'Lost') return {};
  const moves = paidStageMoves(purpose, leadStatus, projectStatus);
  if (leadStatus === PAYMENT_FAILED_STATUS && !moves.lead && (purpose === 'deposit' || purpose === 'final')) {
    moves.lead =
      resumeStatus && resumeStatus !== PAYMENT_FAILED_STATUS && resumeStatus !== 'Lost' ? resumeStatus : 'Set Up';
  }
  return moves;
}

function paidStageMoves(
  purpose: PaymentPurpose,
  leadStatus: LeadStatus | null,
  projectStatus: ProjectStatus | null,
): { lead?: LeadStatus } {
  // A paid deposit moves nothing: Production is a manual stage (spec §4).
  if (purpose === 'deposit') return {};
  if (purpose === 'final') {
    const delivered = !projectStatus || projectDelivered(projectStatus);
    return delivered && leadStatus !== 'Complete' ? { lead: 'Complete' } : {};
  }
  return {};
}

const AMOUNT_MESSAGE = 'Amount is required';

/** An amount as the checkout link carries it ("1234.50" or a number) → cents within PAYMENT_LIMITS. */
const paymentAmount = z
  .union([z.string(), z.number()], { error: AMOUNT_MESSAGE })
  .transform((v, ctx) => {
    const cents = parseAmountToCents(typeof v === 'number' ? v.toFixed(2) : v);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount with at most 2 decimals' });
      return z.NEVER;
    }
    return cents;
  })
  .refine((c) => c >= PAYMENT_LIMITS.minCents, 'The amount must be at least 0.50')
  .refine((c) => c <= PAYMENT_LIMITS.maxCents, 'The amount must be at most 100000.00');

const recordId = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid id')
  .pipe(firestoreId());

/**
 * POST /api/create-payment-intent body (spec §7: amount, currency (usd),
 * description, leadId). With leadId or invoiceId the server's own amount is
 * charged and `amount` is only checked against it; without either, the
 * amount of the payment link is charged.
 */
export const createPaymentIntentSchema = z.strictObject({
  amount: paymentAmount.optional(),
  currency: z.literal(PAYMENT_CURRENCY).default(PAYMENT_CURRENCY),
  description: z.string().trim().max(300, 'Description must be at most 300 characters').optional(),
  leadId: recordId.optional(),
  invoiceId: recordId.optional(),
  /** A random id the checkout page keeps for its lifetime: the idempotency key of a custom payment. */
  checkoutId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid checkout id')
    .optional(),
});
export type CreatePaymentIntentInput = z.output<typeof createPaymentIntentSchema>;

/**
 * A date (YYYY-MM-DD or ISO) within DATE_YEARS → Date; blank → undefined. A
 * plain day (a date input's value) is that day at 12:00 UTC, so its UTC
 * calendar day is the day picked; the server then places it on the studio's
 * clock (dueDayStart).
 */
const optionalDate = z
  .string()
  .trim()
  .max(40)
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T12:00:00Z` : v);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid date' });
      return z.NEVER;
    }
    if (!isDateInRange(d)) {
      ctx.addIssue({ code: 'custom', message: DATE_RANGE_MESSAGE });
      return z.NEVER;
    }
    return d;
  });

/** The save error of a supply date that is not a day. */
export const SUPPLY_DATE_MESSAGE = 'Enter the date of supply as YYYY-MM-DD';

/** The error of an invoice that has both an amount and lines, or neither. */
export const AMOUNT_OR_LINES_MESSAGE = 'Enter either an amount or invoice lines, not both';

/**
 * POST /api/create-invoice body (spec §5 "Invoice form", §7): leadId,
 * description, dueDate? and EITHER `amount` (one line of that subtotal, as
 * the spec's form sends it) OR `lines` (1–50 invoiceLineInputSchema: the
 * description, quantity, unit, unit price and rate of each), with an optional
 * `supplyDate` (YYYY-MM-DD, EN 16931 BT-72: when the work was delivered, if
 * not the issue day). The server sets each line's tax category by the
 * invoice's tax treatment (invoiceTax.ts) and computes the totals
 * (invoiceLines.ts invoiceLineTotals).
 */
export const createInvoiceSchema = z
  .strictObject({
    leadId: recordId,
    amount: moneyField(AMOUNT_MESSAGE)
      .refine((c) => c >= PAYMENT_LIMITS.minCents, 'The amount must be at least 0.50')
      .refine((c) => c <= PAYMENT_LIMITS.maxCents, 'The amount must be at most 100000.00')
      .optional(),
    lines: z
      .array(invoiceLineInputSchema, { error: 'Lines must be a list' })
      .min(1, 'Add at least one line')
      .max(LINE_LIMITS.maxLines, `An invoice has at most ${LINE_LIMITS.maxLines} lines`)
      .optional(),
    description: requiredText('Description is required', 300, 'Description'),
    dueDate: optionalDate,
    supplyDate: z
      .string({ error: SUPPLY_DATE_MESSAGE })
      .regex(/^\d{4}-\d{2}-\d{2}$/, SUPPLY_DATE_MESSAGE)
      .refine((v) => {
        const d = new Date(`${v}T12:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v) && isDateInRange(d);
      }, SUPPLY_DATE_MESSAGE)
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.amount !== undefined && v.lines !== undefined)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: AMOUNT_OR_LINES_MESSAGE });
    else if (v.amount === undefined && v.lines === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: AMOUNT_MESSAGE });
  });
export type CreateInvoiceInput = z.output<typeof createInvoiceSchema>;

/** The same form on the web, where the amount field is a number input (spec: "converted to a number, step 0.01"). */
export const invoiceFormSchema = z.object({
  amount: z.string().trim().min(1, AMOUNT_MESSAGE),
  description: z.string().trim().min(1, 'Description is required').max(300),
  dueDate: z.string().optional(),
});
export type InvoiceForm = z.infer<typeof invoiceFormSchema>;

/** Days an invoice is due after it is sent when no due date is given. */
export const DEFAULT_INVOICE_DAYS = 14;

/**
 * When a picked due day begins on the studio's clock: midnight in `timeZone`
 * (an IANA name) of `picked`'s UTC calendar day. An invoice is due from the
 * start of its day where the studio is, so its PDF and emails print that day
 * and the 09:00 reminders count whole days to it. @throws RangeError for an
 * unknown zone (settings hold only canonical names).
 */
export function dueDayStart(picked: Date, timeZone: string): Date {
  return new Date(new TZDate(picked.getUTCFullYear(), picked.getUTCMonth(), picked.getUTCDate(), timeZone).getTime());
}
