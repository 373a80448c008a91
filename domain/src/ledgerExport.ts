/**
 * The ledger as rows an owner reads and an accountant sums: which entry is
 * which row, and the signed cents each row carries. The Money page's ledger
 * table and its CSV export both read these rows, so the screen and the file
 * show the same signs. Pure; amounts are integer cents.
 *
 * - payment: a row, +amount cash;
 * - refund: a row, −amount cash; its credit note (the entry written with it,
 *   same Stripe event and amount) is the refund's document, named on the
 *   refund's row, never a row of its own;
 * - dispute_lost: a row, −amount cash (the bank took it back), and −amount
 *   disputed (the dispute is closed);
 * - dispute_opened / dispute_won: a row with no cash, +amount / −amount
 *   disputed (under dispute, then released);
 * - write_off (by the owner, or the one that closes a lost dispute): a row
 *   with no cash, −amount written off;
 * - a credit note whose refund is not among the entries (on screen, its
 *   refund on the next page) keeps a row of its own, with no cash.
 *
 * So over any entries the cash column sums to the cash received (cashOf,
 * what revenue by month counts), the written-off column to minus the
 * write-offs, and the disputed column to what is still under dispute.
 */
import { cashOf, type LedgerMovement } from './billing.js';

/** What the rows read of a ledger entry (domain ledgerEntryDocSchema has all of it). */
export interface LedgerRowEntry extends LedgerMovement {
  /** CN-YYYY-NNNN of a credit note. */
  number: string | null;
  /** The Stripe event that wrote it: a refund and its credit note share it. */
  stripeEventId: string | null;
  paymentIntentId: string | null;
  /** Stripe's id of the refund or dispute. */
  reference: string | null;
}

/** One row of the ledger as shown and exported. */
export interface LedgerRow<E extends LedgerRowEntry> {
  /** The row's entry: a refund for a refund with its credit note. */
  entry: E;
  /** The refund's credit note (its document); a credit note row's own entry; otherwise null. */
  creditNote: E | null;
  /** Cash moved, signed (cashOf): + payments, − refunds and lost disputes, 0 for the rest. */
  cashCents: number;
  /** Written off, signed and not cash: − a write-off's amount, 0 for the rest. */
  writtenOffCents: number;
  /** Under dispute, signed and not cash: + opened, − won or lost, 0 for the rest. */
  disputedCents: number;
}

const DISPUTE_SIGN: Partial<Record<LedgerRowEntry['type'], 1 | -1>> = {
  dispute_opened: 1,
  dispute_won: -1,
  dispute_lost: -1,
};

/**
 * What ties a refund to its credit note: the Stripe event that wrote both
 * (or, without one, the payment and Stripe's refund id), and the amount.
 * Null when nothing ties the entry to another.
 */
function pairKey(e: LedgerRowEntry): string | null {
  if (e.stripeEventId) return `event:${e.stripeEventId}:${e.amountCents}`;
  if (e.reference && e.paymentIntentId) return `refund:${e.paymentIntentId}:${e.reference}:${e.amountCents}`;
  return null;
}

/**
 * The rows of `entries`, in their order (see the file comment): one per
 * entry, except a credit note that is its refund's document (the refund of
 * the same event and amount among `entries`), which is named on the refund's
 * row. Every entry is in exactly one row, as its entry or its credit note.
 */
export function ledgerRows<E extends LedgerRowEntry>(entries: readonly E[]): Array<LedgerRow<E>> {
  // Each refund takes at most one credit note of its key, and each credit note one refund.
  const notes = new Map<string, E[]>();
  for (const e of entries) {
    const key = e.type === 'credit_note' ? pairKey(e) : null;
    if (key) notes.set(key, [...(notes.get(key) ?? []), e]);
  }
  const documentOf = new Map<E, E>();
  for (const e of entries) {
    const key = e.type === 'refund' ? pairKey(e) : null;
    const note = key ? notes.get(key)?.shift() : undefined;
    if (note) documentOf.set(e, note);
  }
  const paired = new Set(documentOf.values());
  const rows: Array<LedgerRow<E>> = [];
  for (const e of entries) {
    if (paired.has(e)) continue;
    rows.push({
      entry: e,
      creditNote: e.type === 'credit_note' ? e : (documentOf.get(e) ?? null),
      cashCents: cashOf(e),
      writtenOffCents: e.type === 'write_off' ? -e.amountCents : 0,
      disputedCents: (DISPUTE_SIGN[e.type] ?? 0) * e.amountCents,
    });
  }
  return rows;
}

/** The sums of `rows`' signed columns, in cents: cash is the cash received (Σ cashOf). */
export function ledgerRowTotals(rows: ReadonlyArray<LedgerRow<LedgerRowEntry>>): {
  cashCents: number;
  writtenOffCents: number;
  disputedCents: number;
} {
  const totals = { cashCents: 0, writtenOffCents: 0, disputedCents: 0 };
  for (const r of rows) {
    totals.cashCents += r.cashCents;
    totals.writtenOffCents += r.writtenOffCents;
    totals.disputedCents += r.disputedCents;
  }
  return totals;
}
