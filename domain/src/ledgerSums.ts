/**
 * The ledger's entry types, and the running sums of them the server keeps on
 * each billable document (`ledgerCents`, like Stripe's `amount_paid` on an
 * invoice) so that a page can show what a document owes without reading its
 * entries. Amounts are integer cents, always positive (the type says which
 * way the money went). No Firebase imports; the balance rules are in
 * billing.ts (documentBalance).
 */
import { z } from 'zod';

export const LEDGER_ENTRY_TYPES = [
  'payment',
  'refund',
  'credit_note',
  'dispute_opened',
  'dispute_won',
  'dispute_lost',
  'write_off',
] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];

/** Cents by entry type; a type with no entry is absent (reads as 0). */
export type LedgerSums = Partial<Record<LedgerEntryType, number>>;

const cents = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/**
 * A document's `ledgerCents` as stored: the sum of its entries' cents by
 * type, kept by the ledger's writer in the transaction that writes each entry.
 * Absent on a document with no entry (and on documents older than the sums:
 * `npm run books:check -- --repair` writes theirs). Unknown types are refused.
 */
export const ledgerSumsSchema = z
  .strictObject(
    Object.fromEntries(LEDGER_ENTRY_TYPES.map((t) => [t, cents.optional()])) as Record<
      LedgerEntryType,
      z.ZodOptional<typeof cents>
    >,
  )
  .nullish()
  .transform((v): LedgerSums => v ?? {});

/** The sums of `entries`' cents by type (what a document's `ledgerCents` must hold). */
export function ledgerSums(entries: ReadonlyArray<{ type: LedgerEntryType; amountCents: number }>): LedgerSums {
  const sums: LedgerSums = {};
  for (const e of entries) sums[e.type] = (sums[e.type] ?? 0) + e.amountCents;
  return sums;
}

/** True when two sums hold the same cents for every type (an absent type counts as 0). */
export const sameLedgerSums = (a: LedgerSums, b: LedgerSums): boolean =>
  LEDGER_ENTRY_TYPES.every((t) => (a[t] ?? 0) === (b[t] ?? 0));
