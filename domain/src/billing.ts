/**
 * The books: one ledger of every money movement, and what an invoice owes
 * derived from it (modelled on Stripe's invoices, refunds, disputes and
 * credit notes). Amounts are integer cents, always positive: the entry's type
 * says which way the money went.
 *
 * A billable document is an admin invoice (`invoices/{id}`), a lead's deposit
 * or final payment request (`payment_requests/{leadId}_{purpose}`) or a cart
 * order (`orders/{id}`). Each ledger entry (`ledger_entries/{id}`) names the
 * document it moves money on, the customer (the client's email) and, where
 * it comes from Stripe, the PaymentIntent and the event.
 *
 * Entry types and what they do to a document of total T:
 * - payment: money received (cash in);
 * - refund: money given back (cash out). Every refund comes with a
 *   credit_note of the same amount, so a refunded invoice owes nothing more:
 *   what it says is owed shrinks by what was given back;
 * - credit_note: reduces what the document asks for, numbered CN-YYYY-NNNN;
 * - dispute_opened / dispute_won: informational (the amount under dispute,
 *   and its release); they change nothing owed;
 * - dispute_lost: the bank took the money back (cash out), and a write_off
 *   of the same amount closes it: the invoice becomes uncollectible;
 * - write_off: what will not be collected.
 *
 *   kept    = payments − refunds − disputes lost
 *   reduced = credit notes + write-offs
 *   due     = T − reduced − kept   (never stored: always recomputed here)
 *
 * Statuses follow Stripe's (draft and void are not produced yet): open while
 * something is due, paid when nothing is, uncollectible when a write-off
 * closed it. "Partially paid" is a label, not a status.
 */
import { addMonths, addYears, differenceInCalendarDays } from 'date-fns';
import { TZDate, tz } from '@date-fns/tz';
import { z } from 'zod';
import { COLLECTIONS } from './collections.js';
import { formatUsd } from './money.js';
import {
  ledgerSums,
  ledgerSumsSchema,
  LEDGER_ENTRY_TYPES,
  type LedgerEntryType,
  type LedgerSums,
} from './ledgerSums.js';
import { INVOICE_STATUSES, orNull, storedDate } from './storedDocuments.js';

/** What a ledger entry moves money on. */
export const BILLABLE_KINDS = ['invoice', 'request', 'order'] as const;
export type BillableKind = (typeof BILLABLE_KINDS)[number];

/** The collection that holds a billable kind. */
export const BILLABLE_COLLECTION: Readonly<Record<BillableKind, string>> = {
  invoice: COLLECTIONS.invoices,
  request: COLLECTIONS.paymentRequests,
  order: COLLECTIONS.orders,
};

/** An entry as the balance rules read it. */
export interface LedgerMovement {
  type: LedgerEntryType;
  /** Positive cents. */
  amountCents: number;
}

/** Stripe's invoice statuses we produce (storedDocuments INVOICE_STATUSES; draft is reserved for later). */
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What a document's entries add up to, in cents. */
export interface DocumentBalance {
  totalCents: number;
  paidCents: number;
  refundedCents: number;
  creditedCents: number;
  disputedCents: number;
  lostCents: number;
  writtenOffCents: number;
  /** Money kept: payments − refunds − disputes lost. */
  keptCents: number;
  /** What is still owed: total − credits − write-offs − kept; never below 0. */
  amountDueCents: number;
  /** Paid beyond what was owed (a second payment for the same document): for review. */
  overpaidCents: number;
  status: InvoiceStatus;
}

/**
 * The balance of a document of `totalCents` from its ledger entries, or from
 * the sums of them by type the server keeps on it (`{ sums: doc.ledgerCents }`,
 * ledgerSums.ts): both give the same balance (see the file comment). Pure.
 */
export function documentBalance(
  totalCents: number,
  from: readonly LedgerMovement[] | { sums: LedgerSums },
  opts: { voided?: boolean } = {},
): DocumentBalance {
  const sums = 'sums' in from ? from.sums : ledgerSums(from);
  const sumOf = (type: LedgerEntryType) => sums[type] ?? 0;
  const paidCents = sumOf('payment');
  const refundedCents = sumOf('refund');
  const creditedCents = sumOf('credit_note');
  const lostCents = sumOf('dispute_lost');
  const writtenOffCents = sumOf('write_off');
  const disputedCents = Math.max(0, sumOf('dispute_opened') - sumOf('dispute_won') - lostCents);
  const keptCents = paidCents - refundedCents - lostCents;
  const owed = totalCents - creditedCents - writtenOffCents - keptCents;
  // A void document owes nothing: it was cancelled before any money was kept (voidRefusal).
  const amountDueCents = opts.voided ? 0 : Math.max(0, owed);
  const status: InvoiceStatus = opts.voided
    ? 'void'
    : amountDueCents > 0
      ? 'open'
      : writtenOffCents > 0
        ? 'uncollectible'
        : 'paid';
  return {
    totalCents,
    paidCents,
    refundedCents,
    creditedCents,
    disputedCents,
    lostCents,
    writtenOffCents,
    keptCents,
    amountDueCents,
    overpaidCents: Math.max(0, -owed),
    status,
  };
}

/**
 * The balance of a stored document (an invoice or a payment request): only an
 * open one can owe anything, as the server keeps the stored status with the
 * ledger (books:check reports any document whose status and entries
 * disagree); how much it owes is its ledger sums' (`ledgerCents`). A void one
 * owes nothing. The one rule the account statement, the reminders and the
 * PDFs read. Pure.
 */
export function storedDocumentBalance(doc: {
  amountCents: number;
  status: InvoiceStatus;
  ledgerCents: LedgerSums;
}): DocumentBalance {
  const fromLedger = documentBalance(doc.amountCents, { sums: doc.ledgerCents }, { voided: doc.status === 'void' });
  return doc.status === 'open' || fromLedger.amountDueCents === 0
    ? fromLedger
    : { ...fromLedger, amountDueCents: 0, status: doc.status };
}

/** The label an owner reads for a balance: "Paid", "Partially paid", "Refunded", "Disputed"... */
export function balanceLabel(b: DocumentBalance): string {
  if (b.status === 'void') return 'Void';
  if (b.disputedCents > 0) return 'Disputed';
  if (b.status === 'uncollectible') return 'Uncollectible';
  if (b.status === 'open') return b.keptCents > 0 ? 'Partially paid' : 'Open';
  if (b.refundedCents > 0) return b.refundedCents >= b.paidCents ? 'Refunded' : 'Partially refunded';
  return 'Paid';
}

/** Ageing buckets of an open invoice, by days past its due date. */
export const AGEING_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/**
 * How many days a document due at `dueDate` is overdue at `now`: the calendar
 * days from the day `dueDate` falls on to the day `now` falls on, both on the
 * clock of `timeZone` (an IANA name: the studio settings' `timeZone`, as
 * formatDocumentDate prints the days), so a daylight saving change or the hour
 * of either instant never moves it. 0 on the due day and before it (never
 * negative); 1 from the midnight after the due day. A due day the admin picks
 * starts at midnight on that clock (payments.ts dueDayStart), so it reads as
 * that day. Pure.
 * @throws RangeError when Intl does not know `timeZone` (settings validate it on save)
 */
export function daysOverdue(dueDate: Date, now: Date, timeZone: string): number {
  const days = differenceInCalendarDays(now, dueDate, { in: tz(timeZone) });
  // TZDate reads an unknown zone as NaN rather than throwing.
  if (Number.isNaN(days)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return Math.max(0, days);
}

/**
 * The ageing bucket of a document due at `dueDate` seen at `now`, by its
 * daysOverdue in `timeZone` (the studio's; UTC when not given): "current"
 * until its due day has passed.
 */
export function ageingBucket(dueDate: Date | null, now: Date, timeZone = 'UTC'): AgeingBucket {
  if (!dueDate) return 'current';
  const days = daysOverdue(dueDate, now, timeZone);
  if (days < 1) return 'current';
  if (days <= 30) return '1-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}

/** Entry types that move cash, with their sign: what revenue by month counts. */
const CASH_SIGN: Partial<Record<LedgerEntryType, 1 | -1>> = { payment: 1, refund: -1, dispute_lost: -1 };

/** Net cash an entry moved (payments in, refunds and lost disputes out); 0 for the others. */
export const cashOf = (e: LedgerMovement): number => (CASH_SIGN[e.type] ?? 0) * e.amountCents;

/** "2026-11" for a date (UTC month). */
export const monthKey = (d: Date): string => d.toISOString().slice(0, 7);

/**
 * The instants of UTC month `month` ("YYYY-MM"), from `start` (inclusive) to
 * `end` (exclusive): every date whose monthKey is `month`.
 */
export function monthRange(month: string): { start: Date; end: Date } {
  const [year, m] = month.split('-').map(Number);
  const start = new TZDate(year!, m! - 1, 1, 'UTC');
  return { start: new Date(start.getTime()), end: new Date(addMonths(start, 1).getTime()) };
}

/** One UTC month of the ledger: its net cash (cents) and how many entries it holds. */
export interface LedgerMonth {
  month: string;
  cashCents: number;
  entries: number;
}

/**
 * The ledger's totals by UTC month, oldest first: what the server keeps in
 * `ledger_months` as it writes each entry (one entry adds cashOf(entry) and 1),
 * and what books:check recomputes from the entries.
 */
export function ledgerMonths(entries: ReadonlyArray<LedgerMovement & { at: Date }>): LedgerMonth[] {
  const by = new Map<string, LedgerMonth>();
  for (const e of entries) {
    const month = monthKey(e.at);
    const m = by.get(month) ?? { month, cashCents: 0, entries: 0 };
    m.cashCents += cashOf(e);
    m.entries += 1;
    by.set(month, m);
  }
  return [...by.values()].sort((a, b) => a.month.localeCompare(b.month));
}

/**
 * Cash received by month, oldest first, for the revenue chart and table:
 * every month that has an entry (one with only a dispute opened shows 0).
 * Takes the entries themselves or the months' stored totals.
 */
export function revenueByMonth(
  from: ReadonlyArray<LedgerMovement & { at: Date }> | { months: readonly LedgerMonth[] },
): Array<{ month: string; cents: number }> {
  const months =
    'months' in from ? [...from.months].sort((a, b) => a.month.localeCompare(b.month)) : ledgerMonths(from);
  return months.filter((m) => m.entries > 0).map((m) => ({ month: m.month, cents: m.cashCents }));
}

/** What each entry type is called, in the ledger, the CSV and the lead's history. */
export const LEDGER_ENTRY_LABELS: Readonly<Record<LedgerEntryType, string>> = {
  payment: 'Payment',
  refund: 'Refund',
  credit_note: 'Credit note',
  dispute_opened: 'Dispute opened',
  dispute_won: 'Dispute won',
  dispute_lost: 'Dispute lost',
  write_off: 'Write-off',
};

/** The lead's activity line for an entry ("Refund of $475.00 on INV-2026-0003 (CN-2026-0001)"). */
export function ledgerActivityLine(e: {
  type: LedgerEntryType;
  amountCents: number;
  documentNumber: string | null;
  creditNoteNumber?: string | null;
}): string {
  const on = e.documentNumber ? ` on ${e.documentNumber}` : '';
  const cn = e.creditNoteNumber ? ` (${e.creditNoteNumber})` : '';
  return `${LEDGER_ENTRY_LABELS[e.type]} of ${formatUsd(e.amountCents)}${on}${cn}`;
}

// ---------------------------------------------------------------------------
// Checking a payment against what is owed
// ---------------------------------------------------------------------------

/** Why a verified payment was not applied (listed for review). */
export type PaymentMismatch = 'currency' | 'amount';

/**
 * Whether a received payment may be applied to what it pays: the currency
 * must be the one owed, and the amount exactly what is owed. A mismatch is
 * not applied: it is recorded for review. `owedCents` null means nothing
 * decides an amount (a plain payment link): only the currency is checked.
 */
export function paymentMismatch(
  received: { amountCents: number; currency: string | null | undefined },
  owed: { amountCents: number | null; currency: string },
): PaymentMismatch | null {
  if ((received.currency ?? '').toLowerCase() !== owed.currency.toLowerCase()) return 'currency';
  if (owed.amountCents !== null && received.amountCents !== owed.amountCents) return 'amount';
  return null;
}

/** The review line of a mismatch ("Received 0.50 EUR where 475.00 USD is owed"). */
export function mismatchText(
  received: { amountCents: number; currency: string | null | undefined },
  owed: { amountCents: number | null; currency: string },
): string {
  const fmt = (c: number) => (c / 100).toFixed(2);
  const got = `${fmt(received.amountCents)} ${(received.currency ?? '?').toUpperCase()}`;
  const want =
    owed.amountCents === null ? owed.currency.toUpperCase() : `${fmt(owed.amountCents)} ${owed.currency.toUpperCase()}`;
  return `Received ${got} where ${want} is owed`;
}

// ---------------------------------------------------------------------------
// Refunds
// ---------------------------------------------------------------------------

/** POST /api/billing/payments/{paymentIntentId}/refund body: the amount (2 decimals) or, absent, what is left. */
export const refundRequestSchema = z.strictObject({
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter an amount with at most 2 decimals')
    .optional(),
  reason: z.string().trim().max(300, 'Reason must be at most 300 characters').optional(),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/** Why a refund is refused (409). */
export const REFUND_REFUSALS = {
  notPaid: 'Only a succeeded payment can be refunded',
  nothingLeft: 'This payment is already refunded in full',
  tooMuch: 'The refund is more than what is left to refund on this payment',
  zero: 'The refund must be at least 0.01',
} as const;

/**
 * The amount to refund on a payment of `paidCents` of which `refundedCents`
 * is already refunded: `askedCents` or, when absent, all that is left.
 * Returns the cents, or one of REFUND_REFUSALS: `tooMuch` for an amount
 * above what is left, `nothingLeft` when none is asked and nothing is left.
 */
export function refundAmount(
  paidCents: number,
  refundedCents: number,
  askedCents: number | null,
): { ok: true; cents: number } | { ok: false; message: string } {
  const left = Math.max(0, paidCents - refundedCents);
  if (askedCents === null)
    return left > 0 ? { ok: true, cents: left } : { ok: false, message: REFUND_REFUSALS.nothingLeft };
  if (askedCents <= 0) return { ok: false, message: REFUND_REFUSALS.zero };
  // An amount asked for that passes what is left (nothing, once refunded in full) is too much.
  if (askedCents > left) return { ok: false, message: REFUND_REFUSALS.tooMuch };
  return { ok: true, cents: askedCents };
}

// ---------------------------------------------------------------------------
// Void and write-off (an admin's invoice; as Stripe's invoices do)
// ---------------------------------------------------------------------------

/** Why a void or a write-off is refused (409). */
export const CLOSE_REFUSALS = {
  notOpen: 'Only an open invoice can be voided or written off',
  hasPayment: 'An invoice with a payment cannot be voided: refund the payment, or write off what is left',
  nothingDue: 'Nothing is due on this invoice',
} as const;

/**
 * Why invoice `b` cannot be voided, or null: only an open invoice on which
 * no money is kept (a void keeps its number and owes nothing, so money on it
 * would be unexplained).
 */
export function voidRefusal(b: DocumentBalance): string | null {
  if (b.status !== 'open') return CLOSE_REFUSALS.notOpen;
  if (b.keptCents > 0 || b.disputedCents > 0) return CLOSE_REFUSALS.hasPayment;
  return null;
}

/**
 * The write-off that closes invoice `b` as uncollectible: what is still due,
 * in cents; or why it is refused.
 */
export function writeOffOf(b: DocumentBalance): { ok: true; cents: number } | { ok: false; message: string } {
  if (b.status !== 'open') return { ok: false, message: CLOSE_REFUSALS.notOpen };
  if (b.amountDueCents <= 0) return { ok: false, message: CLOSE_REFUSALS.nothingDue };
  return { ok: true, cents: b.amountDueCents };
}

/** POST /api/billing/invoices/{id}/void and /write-off body: an optional reason. */
export const closeInvoiceSchema = z.strictObject({
  reason: z.string().trim().max(300, 'Reason must be at most 300 characters').optional(),
});

// ---------------------------------------------------------------------------
// Tax
// ---------------------------------------------------------------------------

/** Tax on `subtotalCents` at `rateBps` basis points (2000 = 20%), rounded half up to the cent. */
export function taxOn(subtotalCents: number, rateBps: number): number {
  return Math.floor((subtotalCents * rateBps + 5_000) / 10_000);
}

/** An invoice's subtotal, tax and total (cents) at the studio's rate; a rate of 0 adds nothing. */
export function invoiceTotals(
  subtotalCents: number,
  rateBps: number,
): { subtotalCents: number; taxCents: number; totalCents: number } {
  const taxCents = taxOn(subtotalCents, rateBps);
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

/**
 * The subtotal and tax inside `totalCents`, a price that includes the tax at
 * `rateBps`: a quote's deposit and final payment are the amounts the client
 * accepted, so the tax is shown within them, never added on top. The subtotal
 * is rounded half up to the cent and the tax is the rest, so the three always
 * add up; a rate of 0 leaves the whole as the subtotal.
 */
export function taxIncludedTotals(
  totalCents: number,
  rateBps: number,
): { subtotalCents: number; taxCents: number; totalCents: number } {
  const subtotalCents = Math.floor((totalCents * 10_000 * 2 + (10_000 + rateBps)) / (2 * (10_000 + rateBps)));
  return { subtotalCents, taxCents: totalCents - subtotalCents, totalCents };
}

/** "20%", "8.25%" for a rate in basis points. */
export const taxRateText = (rateBps: number): string => `${Number((rateBps / 100).toFixed(2))}%`;

// ---------------------------------------------------------------------------
// Create-invoice idempotency
// ---------------------------------------------------------------------------

/** An `Idempotency-Key` header as Stripe takes it: 1 to 255 printable ASCII characters. */
export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'Invalid Idempotency-Key');

// ---------------------------------------------------------------------------
// Stored entries
// ---------------------------------------------------------------------------

/**
 * `ledger_entries/{id}`: one money movement, written once by the server, its
 * facts never changed (ids are deterministic: `payment-{paymentIntentId}`,
 * `{stripeEventId}-refund`, ...); only a payment's `refundedCents` grows with
 * its refunds. Admin-readable (the Money page).
 */
export const ledgerEntryDocSchema = z.object({
  type: z.enum(LEDGER_ENTRY_TYPES),
  amountCents: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  currency: z.string(),
  documentKind: orNull(z.enum(BILLABLE_KINDS)),
  documentId: orNull(z.string()),
  /** INV-YYYY-NNNN of the document, when it has one. */
  documentNumber: orNull(z.string()),
  /** CN-YYYY-NNNN of a credit note entry. */
  number: orNull(z.string()),
  leadId: orNull(z.string()),
  /** The customer: the client's email, lower case. */
  customerEmail: orNull(z.string()),
  customerName: orNull(z.string()),
  paymentIntentId: orNull(z.string()),
  /** Stripe's id of the refund or dispute. */
  reference: orNull(z.string()),
  stripeEventId: orNull(z.string()),
  reason: orNull(z.string()),
  by: z.string(),
  at: storedDate,
  /**
   * A payment's refunds so far (cents; Stripe's `amount_refunded` on a
   * charge), kept by the server in the transaction that writes each refund
   * entry: what the payment can still refund without reading them. 0 on other
   * entries.
   */
  refundedCents: z
    .number()
    .int()
    .nonnegative()
    .nullish()
    .transform((v) => v ?? 0),
});
export type LedgerEntryDoc = z.output<typeof ledgerEntryDocSchema>;

/**
 * `ledger_months/{YYYY-MM}`: the ledger's running totals for one UTC month,
 * incremented by the server in the transaction that writes each entry (see
 * ledgerMonths), so the Money page reads revenue without reading the ledger.
 * Admin-readable; books:check recomputes them.
 */
export const ledgerMonthDocSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  cashCents: z.number().int(),
  entries: z.number().int().nonnegative(),
});
export type LedgerMonthDoc = z.output<typeof ledgerMonthDocSchema>;

/**
 * `ledger_early_entries/{requestId}`: the ids of the ledger entries written for payment request `requestId`
 * before it existed (a payment, or its refund, that reached the ledger before the request was issued), added in
 * each entry's own transaction. The issuing transaction reads this one document and those entries by id, never a
 * query over the ledger, and deletes it. Server only.
 */
export const ledgerEarlyEntriesDocSchema = z.object({
  entryIds: z.array(z.string().min(1)),
});
export type LedgerEarlyEntriesDoc = z.output<typeof ledgerEarlyEntriesDocSchema>;

/** The states of a cart order (orderDocSchema). */
export const ORDER_STATUSES = ['pending_payment', 'payment_setup_failed', 'payment_failed', 'paid', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses of an order that may still be paid: its intent is open. */
export const PAYABLE_ORDER_STATUSES = ['pending_payment', 'payment_failed'] as const satisfies readonly OrderStatus[];

/**
 * `orders/{id}`: a cart order (functions features/billing/orders.ts): who bought
 * which hosting package, what was due at checkout (cents) and its state.
 * The buyer is a customer whether or not they are a lead.
 */
export const orderDocSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  packageId: z.string(),
  packageName: z.string(),
  pricingMode: z.enum(['onetime', 'monthly', 'annual']),
  clientInfo: z.object({
    name: z.string(),
    email: z.string(),
    phone: orNull(z.string()),
    projectDescription: z.string().nullish(),
  }),
  promoCode: orNull(z.string()),
  currency: z.string(),
  setupFeeCents: z.number().int(),
  recurringCents: z.number().int(),
  interval: orNull(z.string()),
  discountCents: z
    .number()
    .int()
    .nullish()
    .transform((v) => v ?? 0),
  totalDueNowCents: z.number().int(),
  paymentIntentId: orNull(z.string()),
  /** The end of the order's promo hold (an order made with a code). */
  promoReservedUntil: orNull(storedDate),
  annualSavingCents: z.number().int().nullish(),
  paymentMode: z.enum(['test', 'live']).nullish(),
  /** A live monthly or annual order: its Stripe Subscription and Customer. */
  stripeSubscriptionId: z.string().nullish(),
  stripeCustomerId: z.string().nullish(),
  /** Why its last payment attempt failed (payment_failed). */
  lastError: z.string().nullish(),
  /** Once paid: the lead standing for the buyer as a client, found by address or made for them (cartClients.ts). */
  clientLeadId: z.string().nullish(),
  createdAt: orNull(storedDate),
  paidAt: orNull(storedDate),
  /** When an unpaid order's promo hold lapsed and it was expired (features/billing/orderExpiry.ts). */
  expiredAt: orNull(storedDate),
  updatedAt: orNull(storedDate),
  /** The sums of its ledger entries by type (cents), kept by the server with each entry (ledgerSums.ts). */
  ledgerCents: ledgerSumsSchema,
});
export type OrderDoc = z.output<typeof orderDocSchema>;

/**
 * `payments/{paymentIntentId}`, the part the Money page reads: a payment
 * held for review (`needs_review`, with why), refunded or disputed.
 */
export const paymentDocSchema = z.object({
  purpose: z.string(),
  leadId: orNull(z.string()),
  invoiceId: orNull(z.string()),
  orderId: orNull(z.string()),
  amountCents: z.number().int().nullish(),
  amountReceivedCents: z.number().int().nullish(),
  receivedCurrency: orNull(z.string()),
  status: z.string(),
  reviewReason: orNull(z.string()),
  amountRefundedCents: z.number().int().nullish(),
  disputeStatus: orNull(z.string()),
  /** Stripe's id of the payment's last dispute. */
  disputeId: z.string().nullish(),
  /** Why the payment failed (a declined card's message). */
  lastError: z.string().nullish(),
  /** The Idempotency-Key the PaymentIntent was created with. */
  idempotencyKey: z.string().nullish(),
  /** What the server asked for when it made the PaymentIntent (absent on a subscription's invoice payment). */
  currency: z.string().nullish(),
  description: z.string().nullish(),
  mode: z.enum(['test', 'live']).nullish(),
  paidAt: orNull(storedDate),
  createdAt: orNull(storedDate),
  updatedAt: orNull(storedDate),
});
export type PaymentDoc = z.output<typeof paymentDocSchema>;

// ---------------------------------------------------------------------------
// Hosting subscriptions
// ---------------------------------------------------------------------------

/** Stripe's subscription statuses we keep: active, past_due (a renewal failed), canceled. */
export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * `subscriptions/{orderId}`: the recurring part of a paid cart order (the
 * hosting package's monthly or annual price, or one-time mode's monthly
 * hosting after its first month). Written by the server only: started when
 * the order is paid, moved by Stripe's `invoice.paid`,
 * `invoice.payment_failed` and `customer.subscription.deleted` (in test mode
 * by the CRM's test actions). Amounts in cents.
 */
export const subscriptionDocSchema = z.object({
  orderId: z.string(),
  packageId: z.string(),
  packageName: z.string(),
  customerEmail: z.string(),
  customerName: orNull(z.string()),
  interval: z.enum(['month', 'year']),
  amountCents: z.number().int().nonnegative(),
  currency: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  currentPeriodEnd: storedDate,
  cancelAtPeriodEnd: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  stripeSubscriptionId: orNull(z.string()),
  mode: z.enum(['test', 'live']),
  lastPaymentFailedAt: orNull(storedDate),
  canceledAt: orNull(storedDate),
  /** Who asked to cancel at period end: the admin's username (CRM), or "client <address>" (portal). */
  cancelRequestedBy: z.string().nullish(),
  createdAt: orNull(storedDate),
  updatedAt: orNull(storedDate),
});
export type SubscriptionDoc = z.output<typeof subscriptionDocSchema>;

/** The end of the period that starts at `from`: one calendar month or year later (31 Jan + 1 month = 28/29 Feb). */
export function periodEndAfter(from: Date, interval: 'month' | 'year'): Date {
  return interval === 'year' ? addYears(from, 1) : addMonths(from, 1);
}

/**
 * The new period end when a renewal is paid at `paidAt`: one period after the
 * current end, or after `paidAt` when the subscription had lapsed past it (a
 * late payment of a past_due subscription starts a fresh period).
 */
export function renewedPeriodEnd(currentPeriodEnd: Date, interval: 'month' | 'year', paidAt: Date): Date {
  return periodEndAfter(currentPeriodEnd.getTime() >= paidAt.getTime() ? currentPeriodEnd : paidAt, interval);
}

/** Why a subscription action is refused (409). */
export const SUBSCRIPTION_REFUSALS = {
  canceled: 'This subscription is canceled',
  alreadyCanceling: 'This subscription already ends at the end of its period',
} as const;
