/**
 * The books' invariants: what a ledger entry may be (billing.ts describes the
 * entries). The same rules decide whether a Stripe event is recorded
 * (functions features/billing: payments.ts, chargeEvents.ts, refundPayment.ts)
 * and what `npm run books:check` reports (checkBooks.ts), so an entry the
 * server would refuse to write is also one the check names. Pure; amounts in
 * integer cents, currencies as Stripe writes them (lower case).
 *
 * The rules, each named in a review reason and in books:check's report:
 * - `refund-exceeds-payment`: a payment's refunds and lost disputes never add
 *   up to more than it paid (what it kept never goes below 0);
 * - `credit-exceeds-payment`: its credit notes and write-offs (each refund's
 *   credit note, each lost dispute's write-off) never add up to more than it
 *   paid;
 * - `dispute-exceeds-payment`: a dispute (opened or lost) never takes more
 *   than the payment still kept, less what is already under dispute;
 * - `dispute-applied-twice`: each state of a dispute (by its Stripe id) is
 *   applied once: one opening, then one outcome, won or lost, never both;
 * - `dispute-closed-before-opened`: a dispute is won or lost only after it
 *   was opened (Stripe's `charge.dispute.created` before `closed`);
 * - `currency-mismatch`: a document's entries, and a payment's, are all in
 *   one currency: the document's own (an order's, else the studio's
 *   PAYMENT_CURRENCY) and the payment's entry's;
 * - `entry-without-document`: an entry names a document that exists (a
 *   deposit or final payment request may be issued after its payment, so its
 *   lead existing is enough), or, naming none, a payment with its own
 *   `payments` record (a plain payment link, a subscription renewal).
 */
import type { LedgerEntryType } from './ledgerSums.js';
import { centsToString } from './money.js';
import { PAYMENT_CURRENCY } from './payments.js';

/** The rules, in the order a review reason prefers them. */
export const LEDGER_RULES = [
  'entry-without-document',
  'currency-mismatch',
  'dispute-applied-twice',
  'dispute-closed-before-opened',
  'dispute-exceeds-payment',
  'refund-exceeds-payment',
  'credit-exceeds-payment',
] as const;
export type LedgerRule = (typeof LEDGER_RULES)[number];

/** What the rules read of an entry (a stored `ledger_entries` document, or one about to be written). */
export interface RuledEntry {
  id: string;
  type: LedgerEntryType;
  /** Positive cents. */
  amountCents: number;
  currency: string;
  documentKind: 'invoice' | 'request' | 'order' | null;
  documentId: string | null;
  paymentIntentId: string | null;
  /** Stripe's id of the refund's charge or of the dispute. */
  reference: string | null;
  at: Date;
}

/** What exists beside the entries, as the caller read it. */
export interface LedgerFacts {
  /** Billable document `kind`/`id` with its currency (lower case), or null when there is none. */
  document(kind: 'invoice' | 'request' | 'order', id: string): { currency: string } | null;
  /** Whether lead `leadId` exists (a payment request is issued after its lead's payment may arrive). */
  leadExists(leadId: string): boolean;
  /** Payment `paymentIntentId`'s own `payments` record, with its currency when it says one; null when none. */
  payment(paymentIntentId: string): { currency: string | null } | null;
}

/** An entry that breaks a rule, and why (one line, amounts with 2 decimals). */
export interface LedgerViolation {
  rule: LedgerRule;
  entryId: string;
  text: string;
}

/** "10.00 USD" */
const money = (cents: number, currency: string) => `${centsToString(cents)} ${currency.toUpperCase()}`;

/** The lead a payment request belongs to (`{leadId}_{purpose}`, invoiceNumbers.ts requestId). */
export const leadOfRequest = (requestId: string): string => requestId.replace(/_(deposit|final)$/, '');

/** Entries of one transaction share their time: a payment comes before what it pays for, an opening before its outcome. */
const TYPE_ORDER: Record<LedgerEntryType, number> = {
  payment: 0,
  dispute_opened: 1,
  refund: 2,
  credit_note: 3,
  dispute_won: 4,
  dispute_lost: 5,
  write_off: 6,
};
const inOrder = (a: RuledEntry, b: RuledEntry) =>
  a.at.getTime() - b.at.getTime() || TYPE_ORDER[a.type] - TYPE_ORDER[b.type];

/**
 * Every entry of `entries` that breaks a rule (see the file comment), with
 * `facts` saying what exists beside them. Per-payment rules replay a
 * payment's entries in time order, so the entry that crossed a bound is the
 * one named. Each entry breaks each rule at most once.
 */
export function ledgerViolations(entries: readonly RuledEntry[], facts: LedgerFacts): LedgerViolation[] {
  const found = new Map<string, LedgerViolation>();
  const add = (rule: LedgerRule, e: RuledEntry, text: string) => {
    const key = `${rule} ${e.id}`;
    if (!found.has(key)) found.set(key, { rule, entryId: e.id, text });
  };

  for (const e of entries) {
    if (e.documentKind && e.documentId) {
      const doc = facts.document(e.documentKind, e.documentId);
      const lagging = !doc && e.documentKind === 'request' && facts.leadExists(leadOfRequest(e.documentId));
      if (!doc && !lagging)
        add('entry-without-document', e, `${e.type} names ${e.documentKind} ${e.documentId}, which does not exist`);
      const currency = doc?.currency ?? PAYMENT_CURRENCY;
      if ((doc || lagging) && e.currency.toLowerCase() !== currency.toLowerCase())
        add(
          'currency-mismatch',
          e,
          `${e.type} in ${e.currency.toUpperCase()} on ${e.documentKind} ${e.documentId}, which is in ${currency.toUpperCase()}`,
        );
    } else if (!e.paymentIntentId || !facts.payment(e.paymentIntentId)) {
      add(
        'entry-without-document',
        e,
        e.paymentIntentId
          ? `${e.type} names no document, and payment ${e.paymentIntentId} has no record`
          : `${e.type} names no document and no payment`,
      );
    }
  }

  const byPayment = new Map<string, RuledEntry[]>();
  for (const e of entries)
    if (e.paymentIntentId) byPayment.set(e.paymentIntentId, [...(byPayment.get(e.paymentIntentId) ?? []), e]);
  for (const [pi, list] of byPayment) {
    const sorted = [...list].sort(inOrder);
    const currency =
      sorted.find((e) => e.type === 'payment')?.currency ?? facts.payment(pi)?.currency ?? PAYMENT_CURRENCY;
    let paid = 0;
    let out = 0; // refunds + lost disputes
    let credited = 0; // credit notes + write-offs
    const open = new Map<string, number>();
    const opened = new Set<string>();
    const closed = new Set<string>();
    const underDispute = () => [...open.values()].reduce((s, c) => s + c, 0);
    for (const e of sorted) {
      if (e.currency.toLowerCase() !== currency.toLowerCase())
        add(
          'currency-mismatch',
          e,
          `${e.type} in ${e.currency.toUpperCase()} on payment ${pi}, which is in ${currency.toUpperCase()}`,
        );
      const ref = e.reference ?? e.id;
      switch (e.type) {
        case 'payment':
          paid += e.amountCents;
          break;
        case 'refund':
          out += e.amountCents;
          if (out > paid)
            add(
              'refund-exceeds-payment',
              e,
              `refunds and lost disputes of ${money(out, currency)} on payment ${pi}, which paid ${money(paid, currency)}`,
            );
          break;
        case 'credit_note':
        case 'write_off':
          credited += e.amountCents;
          if (credited > paid)
            add(
              'credit-exceeds-payment',
              e,
              `credit notes and write-offs of ${money(credited, currency)} on payment ${pi}, which paid ${money(paid, currency)}`,
            );
          break;
        case 'dispute_opened': {
          if (opened.has(ref)) {
            add('dispute-applied-twice', e, `dispute ${ref} on payment ${pi} opened twice`);
            break;
          }
          const disputable = paid - out - underDispute();
          if (e.amountCents > disputable)
            add(
              'dispute-exceeds-payment',
              e,
              `dispute ${ref} of ${money(e.amountCents, currency)} on payment ${pi}, which keeps ${money(Math.max(0, disputable), currency)} not already disputed`,
            );
          opened.add(ref);
          // One dispute over the bound is reported once, not again in every later dispute it crowds out.
          open.set(ref, Math.min(e.amountCents, Math.max(0, disputable)));
          break;
        }
        case 'dispute_won':
        case 'dispute_lost': {
          const outcome = e.type === 'dispute_won' ? 'won' : 'lost';
          if (closed.has(ref)) {
            add('dispute-applied-twice', e, `dispute ${ref} on payment ${pi} closed twice (${outcome} again)`);
            break;
          }
          closed.add(ref);
          if (!opened.has(ref))
            add('dispute-closed-before-opened', e, `dispute ${ref} on payment ${pi} ${outcome} before it was opened`);
          open.delete(ref);
          if (e.type === 'dispute_lost') {
            // What the payment still keeps, less the other disputes still open.
            const kept = paid - out - underDispute();
            if (e.amountCents > kept)
              add(
                'dispute-exceeds-payment',
                e,
                `dispute ${ref} lost ${money(e.amountCents, currency)} on payment ${pi}, which keeps ${money(Math.max(0, kept), currency)}`,
              );
            out += e.amountCents;
          }
          break;
        }
      }
    }
  }
  return [...found.values()];
}

/**
 * The violations that entries `planned` (about to be written) would add to
 * `existing` (what is already there, e.g. the payment's entries read in the
 * same transaction): what decides whether an event is recorded or held.
 */
export function newViolations(
  existing: readonly RuledEntry[],
  planned: readonly RuledEntry[],
  facts: LedgerFacts,
): LedgerViolation[] {
  const ids = new Set(planned.map((p) => p.id));
  return ledgerViolations([...existing, ...planned], facts)
    .filter((v) => ids.has(v.entryId))
    .sort((a, b) => LEDGER_RULES.indexOf(a.rule) - LEDGER_RULES.indexOf(b.rule));
}

/** A review reason naming the rule: "refund-exceeds-payment: refunds and lost disputes of …". */
export const violationText = (v: LedgerViolation): string => `${v.rule}: ${v.text}`;

// ---------------------------------------------------------------------------
// Charge events (refunds and disputes)
// ---------------------------------------------------------------------------

/** What a refund or dispute event says, as the rules read it. */
export type ChargeFacts =
  | {
      kind: 'refund';
      /** The charge's cumulative refunds (Stripe's `amount_refunded`), cents. */
      amountRefundedCents: number;
      currency: string;
    }
  | {
      kind: 'dispute_created' | 'dispute_closed';
      disputeId: string;
      /** The disputed amount, cents. */
      amountCents: number;
      currency: string;
      /** Closed: won, lost, or another of Stripe's states (which writes nothing). */
      status?: string;
    };

/** An entry a charge event writes: its type, cents and id suffix (after the event id). */
export interface PlannedChargeEntry {
  type: LedgerEntryType;
  amountCents: number;
  suffix: string;
}

/**
 * What to do with a charge event: write `entries` (maybe none: an older
 * refund event, a closed state that moves no money), nothing because this
 * state of the dispute is already applied (`duplicate`), or hold it
 * (`review`, the broken rule and why).
 */
export type ChargePlan =
  | { outcome: 'apply'; entries: PlannedChargeEntry[] }
  | { outcome: 'duplicate' }
  | { outcome: 'review'; rule: LedgerRule; text: string };

/**
 * Decides a charge event on payment `paymentIntentId` whose entries so far are
 * `entries` (read in the transaction that will record it), with `facts` about
 * what exists and `entryBase` the document and dispute fields its entries
 * would carry. A refund writes what its cumulative adds to the refunds in
 * the ledger; a repeated dispute state writes nothing (`duplicate`); a
 * closed dispute that was never opened is held, never applied (its amount
 * was never checked against what the payment kept, and a lone `lost` would
 * write money off); any entry breaking a rule (ledgerViolations) holds the
 * whole event.
 */
export function planChargeEvent(
  event: ChargeFacts,
  entries: readonly RuledEntry[],
  facts: LedgerFacts,
  entryBase: {
    eventId: string;
    paymentIntentId: string;
    documentKind: RuledEntry['documentKind'];
    documentId: string | null;
    reference: string;
    at: Date;
  },
): ChargePlan {
  const planned = chargeEntries(event, entries);
  if ('outcome' in planned) return planned;
  const asEntries: RuledEntry[] = planned.map((p) => ({
    id: `${entryBase.eventId}-${p.suffix}`,
    type: p.type,
    amountCents: p.amountCents,
    currency: event.currency,
    documentKind: entryBase.documentKind,
    documentId: entryBase.documentId,
    paymentIntentId: entryBase.paymentIntentId,
    reference: entryBase.reference,
    at: entryBase.at,
  }));
  const [broken] = newViolations(entries, asEntries, facts);
  if (broken) return { outcome: 'review', rule: broken.rule, text: violationText(broken) };
  return { outcome: 'apply', entries: planned };
}

function chargeEntries(event: ChargeFacts, entries: readonly RuledEntry[]): PlannedChargeEntry[] | ChargePlan {
  if (event.kind === 'refund') {
    const refunded = entries.filter((e) => e.type === 'refund').reduce((s, e) => s + e.amountCents, 0);
    const delta = event.amountRefundedCents - refunded;
    return delta > 0
      ? [
          { type: 'refund', amountCents: delta, suffix: 'refund' },
          { type: 'credit_note', amountCents: delta, suffix: 'credit-note' },
        ]
      : [];
  }
  const ofDispute = entries.filter((e) => (e.reference ?? e.id) === event.disputeId);
  if (event.kind === 'dispute_created')
    return ofDispute.some((e) => e.type === 'dispute_opened')
      ? { outcome: 'duplicate' }
      : [{ type: 'dispute_opened', amountCents: event.amountCents, suffix: 'dispute-opened' }];
  const outcome = event.status === 'won' ? 'dispute_won' : event.status === 'lost' ? 'dispute_lost' : null;
  if (!outcome) return [];
  const closedAs = ofDispute.find((e) => e.type === 'dispute_won' || e.type === 'dispute_lost');
  if (closedAs?.type === outcome) return { outcome: 'duplicate' };
  if (closedAs)
    return {
      outcome: 'review',
      rule: 'dispute-applied-twice',
      text: `dispute-applied-twice: dispute ${event.disputeId} is already ${closedAs.type === 'dispute_won' ? 'won' : 'lost'}, and this event says ${event.status}`,
    };
  if (!ofDispute.some((e) => e.type === 'dispute_opened'))
    return {
      outcome: 'review',
      rule: 'dispute-closed-before-opened',
      text: `dispute-closed-before-opened: dispute ${event.disputeId} ${event.status} before it was opened`,
    };
  return outcome === 'dispute_won'
    ? [{ type: 'dispute_won', amountCents: event.amountCents, suffix: 'dispute-won' }]
    : [
        { type: 'dispute_lost', amountCents: event.amountCents, suffix: 'dispute-lost' },
        { type: 'write_off', amountCents: event.amountCents, suffix: 'write-off' },
      ];
}
