/**
 * Payments (spec §2 "Invoicing", "Checkout and payment success"; §4 "Invoice
 * view (client)"; §7 create-payment-intent, create-invoice, stripe/*).
 *
 * Pure rules shared by the functions and the web: what a lead owes next, the
 * request bodies, the stable idempotency keys, and how a verified payment
 * moves the lead and its project. Amounts are integer cents; currency usd.
 *
 * Moves on a paid payment (ours; the spec implies them, issue 7):
 * - deposit: the project leaves Set up (or an earlier stage) for Production
 *   and the lead follows (Set Up → Production), as a paid deposit is what
 *   starts the work; a lead without a project in Set Up moves the same way.
 * - final: the lead is paid in full. When the project is already delivered
 *   (Launch, Maintenance, Won) or there is none, the lead moves to Complete
 *   (the "Payment Completed" of the client's invoice view); a project still
 *   in the works keeps its stage and the lead completes with it at the end of
 *   the launch countdown.
 * - invoice, order, custom: recorded only; nothing moves.
 * A lead marked Lost never moves on a payment (the payment is still recorded).
 */
import { z } from 'zod';
import type { LeadStatus, ProjectStatus } from './constants.js';
import { parseAmountToCents } from './money.js';
import { requiredText } from './schemas.js';
import { moneyField } from './quotes.js';

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

/** True when the client has nothing left to pay (the invoice view's "Payment Completed"). */
export function isPaidInFull(lead: LeadPaymentState): boolean {
  return lead.status === 'Complete' || ((lead.quoteAmountCents ?? 0) > 0 && nextLeadPayment(lead) === null);
}

/**
 * The Stripe Idempotency-Key of a PaymentIntent: the same purpose and amount
 * for the same record always gives the same key, so a retried or doubled
 * request cannot create a second charge. Custom checkouts pass their own nonce.
 */
export function paymentIdempotencyKey(purpose: PaymentPurpose, recordId: string, amountCents: number): string {
  return `studio-pi-${purpose}-${recordId}-${amountCents}`;
}

/** The status moves a paid payment causes (see the file comment); absent keys mean "no move". */
export function paymentMoves(
  purpose: PaymentPurpose,
  leadStatus: LeadStatus | null,
  projectStatus: ProjectStatus | null,
): { lead?: LeadStatus; project?: ProjectStatus } {
  if (leadStatus === 'Lost') return {};
  if (purpose === 'deposit') {
    if (projectStatus && ['New', 'Quote Accepted', 'Deposit Paid', 'Set up'].includes(projectStatus)) return { project: 'Production', lead: 'Production' };
    if (!projectStatus && leadStatus === 'Set Up') return { lead: 'Production' };
    return {};
  }
  if (purpose === 'final') {
    const delivered = !projectStatus || ['Launch', 'Maintenance', 'Won'].includes(projectStatus);
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

const recordId = z.string().trim().min(1).max(128).regex(/^[A-Za-z0-9_-]+$/, 'Invalid id');

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
  checkoutId: z.string().trim().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid checkout id').optional(),
});
export type CreatePaymentIntentInput = z.output<typeof createPaymentIntentSchema>;

/** A date (YYYY-MM-DD or ISO) → Date; blank → undefined. */
const optionalDate = z
  .string()
  .trim()
  .max(40)
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const d = new Date(v);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid date' });
      return z.NEVER;
    }
    return d;
  });

/** POST /api/create-invoice body (spec §5 "Invoice form", §7). */
export const createInvoiceSchema = z.strictObject({
  leadId: recordId,
  amount: moneyField(AMOUNT_MESSAGE)
    .refine((c) => c >= PAYMENT_LIMITS.minCents, 'The amount must be at least 0.50')
    .refine((c) => c <= PAYMENT_LIMITS.maxCents, 'The amount must be at most 100000.00'),
  description: requiredText('Description is required', 300, 'Description'),
  dueDate: optionalDate,
});
export type CreateInvoiceInput = z.output<typeof createInvoiceSchema>;

/** The same form on the web, where the amount field is a number input (spec: "converted to a number, step 0.01"). */
export const invoiceFormSchema = z.object({
  amount: z.string().trim().min(1, AMOUNT_MESSAGE),
  description: z.string().trim().min(1, 'Description is required').max(300),
  dueDate: z.string().optional(),
});
export type InvoiceForm = z.infer<typeof invoiceFormSchema>;

/** Lead statuses shown on the invoicing page (spec §2 "Invoicing": Deposit, Production, Launch, Complete; an accepted quote waits for its deposit in Set Up). */
export const INVOICING_STATUSES = ['Deposit', 'Set Up', 'Production', 'Launch', 'Complete'] as const satisfies readonly LeadStatus[];

/** Days an invoice is due after it is sent when no due date is given. */
export const DEFAULT_INVOICE_DAYS = 14;
