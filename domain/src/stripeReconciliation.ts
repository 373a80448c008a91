/**
 * Stripe against the ledger (the daily `booksCheck`, functions
 * features/billing/stripeReconcile.ts): what Stripe says happened to the
 * studio's money in the last STRIPE_RECONCILE_DAYS days, compared with the
 * ledger's entries, each difference with what to do about it. Pure: the
 * caller lists Stripe's objects and reads the entries.
 *
 * The ledger records Stripe's events (a payment's `payment-{pi}` entry, a
 * refund's entry per `charge.refunded`, a dispute's entries by dispute id),
 * so a difference is an event that never arrived (the webhook was down, its
 * secret rotated, an event type missing from the endpoint) or an entry
 * written by other means. The comparison, per PaymentIntent:
 * - every succeeded PaymentIntent Stripe lists has its payment entry, of the
 *   same amount received and currency; a payment entry dated in the window
 *   names a PaymentIntent that Stripe says succeeded (one created before the
 *   window, an invoice paid late, is fetched by the caller: stripePaymentsToFetch);
 * - the refunds Stripe lists in the window (succeeded or pending; a failed or
 *   canceled refund returned the money) add up, per PaymentIntent, to the
 *   refund entries dated in the window;
 * - every dispute Stripe lists has its `dispute_opened` entry of the same
 *   amount, and a won or lost one its `dispute_won` / `dispute_lost` entry; a
 *   `dispute_opened` entry dated in the window names a dispute Stripe lists.
 */

/** How far back the daily check compares Stripe with the ledger, in days. */
export const STRIPE_RECONCILE_DAYS = 35;

/** The start of the compared window ending at `now` (STRIPE_RECONCILE_DAYS before it). */
export function reconcileWindowStart(now: Date): Date {
  return new Date(now.getTime() - STRIPE_RECONCILE_DAYS * 24 * 60 * 60_000);
}

/** A succeeded PaymentIntent as Stripe lists it. */
export interface StripePaymentFact {
  id: string;
  /** `amount_received`, cents. */
  amountCents: number;
  currency: string;
  /** Stripe's `status` (only `succeeded` counts as money in). */
  status: string;
}

/** A refund as Stripe lists it. */
export interface StripeRefundFact {
  id: string;
  paymentIntentId: string | null;
  amountCents: number;
  currency: string;
  /** succeeded, pending, requires_action, failed, canceled. */
  status: string;
}

/** A dispute as Stripe lists it. */
export interface StripeDisputeFact {
  id: string;
  paymentIntentId: string | null;
  amountCents: number;
  currency: string;
  /** won, lost, needs_response, under_review, warning_*... */
  status: string;
}

/** What the comparison reads of a ledger entry (domain ledgerEntryDocSchema has all of it). */
export interface ReconciledEntry {
  id: string;
  type: string;
  amountCents: number;
  currency: string;
  paymentIntentId: string | null;
  /** The refund's charge id, or the dispute id. */
  reference: string | null;
  at: Date;
}

/** What Stripe says, as the caller listed it. */
export interface StripeFacts {
  /** PaymentIntents created in the window, and any the caller fetched (stripePaymentsToFetch); any status. */
  payments: readonly StripePaymentFact[];
  /** PaymentIntents the caller fetched and Stripe does not have (404). */
  unknownPayments?: readonly string[];
  refunds: readonly StripeRefundFact[];
  disputes: readonly StripeDisputeFact[];
}

/** The kinds of difference, each with its own action. */
export const STRIPE_DIFFERENCES = [
  'payment-missing',
  'payment-differs',
  'payment-not-in-stripe',
  'refunds-differ',
  'dispute-missing',
  'dispute-differs',
  'dispute-outcome-missing',
  'dispute-not-in-stripe',
] as const;
export type StripeDifferenceKind = (typeof STRIPE_DIFFERENCES)[number];

/** One difference: its kind, the PaymentIntent (or dispute) it is about, and one line saying what and what to do. */
export interface StripeDifference {
  kind: StripeDifferenceKind;
  paymentIntentId: string | null;
  /** The dispute's or refund's Stripe id, when about one. */
  reference: string | null;
  text: string;
}

/** Refund statuses whose money left (or is leaving) the studio's balance. */
const REFUND_COUNTS = new Set(['succeeded', 'pending']);

/** Dispute statuses that close it, with the ledger entry each writes. */
const DISPUTE_OUTCOME: Record<string, string> = { won: 'dispute_won', lost: 'dispute_lost' };

/** "12.34 usd". */
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toLowerCase()}`;

const RESEND =
  "resend its events from Stripe's dashboard (Developers → Events, filter by the id, Resend), then run npm run books:check";

const inWindow = (e: ReconciledEntry, start: Date) => e.at.getTime() >= start.getTime();

/**
 * The PaymentIntents whose payment entries are dated in the window but that Stripe's list (created in the window)
 * did not return: created earlier and paid later. The caller fetches each and passes it in `StripeFacts.payments`
 * (or `unknownPayments` when Stripe has none), so they are compared rather than reported as unknown.
 */
export function stripePaymentsToFetch(
  entries: readonly ReconciledEntry[],
  listed: readonly StripePaymentFact[],
  windowStart: Date,
): string[] {
  const have = new Set(listed.map((p) => p.id));
  const ids = entries
    .filter((e) => e.type === 'payment' && e.paymentIntentId && inWindow(e, windowStart))
    .map((e) => e.paymentIntentId!)
    .filter((id) => !have.has(id));
  return [...new Set(ids)].sort();
}

/**
 * Compares Stripe's facts with the ledger's entries for the window starting at `windowStart` (see the module
 * comment). @returns every difference, payments first, each once, in a stable order; empty when they agree.
 */
export function reconcileStripe(
  stripe: StripeFacts,
  entries: readonly ReconciledEntry[],
  windowStart: Date,
): StripeDifference[] {
  const out: StripeDifference[] = [];
  const paymentEntry = new Map<string, ReconciledEntry>();
  for (const e of entries) if (e.type === 'payment' && e.paymentIntentId) paymentEntry.set(e.paymentIntentId, e);

  // Payments: Stripe → ledger.
  const succeeded = new Map(stripe.payments.filter((p) => p.status === 'succeeded').map((p) => [p.id, p]));
  for (const p of [...succeeded.values()].sort((a, b) => a.id.localeCompare(b.id))) {
    const e = paymentEntry.get(p.id);
    if (!e)
      out.push({
        kind: 'payment-missing',
        paymentIntentId: p.id,
        reference: null,
        text: `payment ${p.id}: Stripe received ${money(p.amountCents, p.currency)}, the ledger has no payment entry; ${RESEND}`,
      });
    else if (e.amountCents !== p.amountCents || e.currency.toLowerCase() !== p.currency.toLowerCase())
      out.push({
        kind: 'payment-differs',
        paymentIntentId: p.id,
        reference: null,
        text: `payment ${p.id}: Stripe received ${money(p.amountCents, p.currency)}, the ledger says ${money(e.amountCents, e.currency)}; compare the payment in Stripe's dashboard with the entry ${e.id} and correct the books by hand`,
      });
  }
  // Payments: ledger → Stripe (entries dated in the window).
  const unknown = new Set(stripe.unknownPayments ?? []);
  const known = new Map(stripe.payments.map((p) => [p.id, p]));
  for (const e of [...paymentEntry.values()].sort((a, b) => a.id.localeCompare(b.id))) {
    if (!inWindow(e, windowStart) || succeeded.has(e.paymentIntentId!)) continue;
    const p = known.get(e.paymentIntentId!);
    if (!p && !unknown.has(e.paymentIntentId!)) continue; // not fetched: nothing known either way
    out.push({
      kind: 'payment-not-in-stripe',
      paymentIntentId: e.paymentIntentId,
      reference: null,
      text: `payment ${e.paymentIntentId}: the ledger has ${money(e.amountCents, e.currency)} (entry ${e.id}), Stripe ${p ? `says it is ${p.status}` : 'has no such PaymentIntent'}; find out where the entry came from (a test-mode key, a hand edit) and correct the books by hand`,
    });
  }

  // Refunds: per PaymentIntent, what Stripe refunded in the window against the refund entries dated in it.
  const stripeRefunds = new Map<string, { cents: number; currency: string; ids: string[] }>();
  for (const r of stripe.refunds) {
    if (!r.paymentIntentId || !REFUND_COUNTS.has(r.status)) continue;
    const s = stripeRefunds.get(r.paymentIntentId) ?? { cents: 0, currency: r.currency, ids: [] };
    s.cents += r.amountCents;
    s.ids.push(r.id);
    stripeRefunds.set(r.paymentIntentId, s);
  }
  const ledgerRefunds = new Map<string, { cents: number; currency: string }>();
  for (const e of entries) {
    if (e.type !== 'refund' || !e.paymentIntentId || !inWindow(e, windowStart)) continue;
    const s = ledgerRefunds.get(e.paymentIntentId) ?? { cents: 0, currency: e.currency };
    s.cents += e.amountCents;
    ledgerRefunds.set(e.paymentIntentId, s);
  }
  for (const pi of [...new Set([...stripeRefunds.keys(), ...ledgerRefunds.keys()])].sort()) {
    const s = stripeRefunds.get(pi);
    const l = ledgerRefunds.get(pi);
    if ((s?.cents ?? 0) === (l?.cents ?? 0)) continue;
    const currency = s?.currency ?? l?.currency ?? 'usd';
    out.push({
      kind: 'refunds-differ',
      paymentIntentId: pi,
      reference: s?.ids.sort().join(',') ?? null,
      text: `payment ${pi}: Stripe refunded ${money(s?.cents ?? 0, currency)} in the last ${STRIPE_RECONCILE_DAYS} days, the ledger's refunds of that time add up to ${money(l?.cents ?? 0, currency)}; ${(s?.cents ?? 0) > (l?.cents ?? 0) ? `a charge.refunded event is missing: ${RESEND}` : "the ledger has a refund Stripe does not: compare the payment's refunds in Stripe's dashboard and correct the books by hand"}`,
    });
  }

  // Disputes: Stripe → ledger, by dispute id.
  const disputeEntries = new Map<string, ReconciledEntry[]>();
  for (const e of entries)
    if (e.type.startsWith('dispute_') && e.reference)
      disputeEntries.set(e.reference, [...(disputeEntries.get(e.reference) ?? []), e]);
  const listedDisputes = new Set(stripe.disputes.map((d) => d.id));
  for (const d of [...stripe.disputes].sort((a, b) => a.id.localeCompare(b.id))) {
    const own = disputeEntries.get(d.id) ?? [];
    const opened = own.find((e) => e.type === 'dispute_opened');
    const about = { paymentIntentId: d.paymentIntentId, reference: d.id };
    if (!opened) {
      out.push({
        ...about,
        kind: 'dispute-missing',
        text: `dispute ${d.id} on payment ${d.paymentIntentId ?? '(none)'}: Stripe has it (${d.status}, ${money(d.amountCents, d.currency)}), the ledger has no entry; ${RESEND}`,
      });
      continue;
    }
    if (opened.amountCents !== d.amountCents || opened.currency.toLowerCase() !== d.currency.toLowerCase())
      out.push({
        ...about,
        kind: 'dispute-differs',
        text: `dispute ${d.id}: Stripe disputes ${money(d.amountCents, d.currency)}, the ledger opened ${money(opened.amountCents, opened.currency)}; compare it in Stripe's dashboard and correct the books by hand`,
      });
    const outcome = DISPUTE_OUTCOME[d.status];
    if (outcome && !own.some((e) => e.type === outcome))
      out.push({
        ...about,
        kind: 'dispute-outcome-missing',
        text: `dispute ${d.id}: Stripe says it is ${d.status}, the ledger has no ${outcome} entry; a charge.dispute.closed event is missing: ${RESEND}`,
      });
  }
  // Disputes: ledger → Stripe (opened in the window).
  for (const [id, own] of [...disputeEntries.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const opened = own.find((e) => e.type === 'dispute_opened');
    if (!opened || !inWindow(opened, windowStart) || listedDisputes.has(id)) continue;
    out.push({
      kind: 'dispute-not-in-stripe',
      paymentIntentId: opened.paymentIntentId,
      reference: id,
      text: `dispute ${id}: the ledger opened ${money(opened.amountCents, opened.currency)} (entry ${opened.id}), Stripe lists no such dispute in the last ${STRIPE_RECONCILE_DAYS} days; find out where the entry came from and correct the books by hand`,
    });
  }
  return out;
}
