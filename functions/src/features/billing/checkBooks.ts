/**
 * The books' self-check (`npm run books:check`): every invoice, payment
 * request and order's balance recomputed from the ledger (domain
 * documentBalance) against the status it stores, and every succeeded
 * payment against its ledger entry, and the totals the server keeps beside
 * the entries against them: each month's (`ledger_months`), each document's
 * sums by type (`ledgerCents`) and each payment entry's `refundedCents`. A
 * mismatch is money the books do not explain; an overpayment (a second
 * payment for one document) is listed for review but is not a mismatch: the
 * ledger explains it. `repairKeptSums` rewrites the kept sums and month totals
 * that disagree from the entries (documents older than the sums have none).
 */
import type { Firestore } from 'firebase-admin/firestore';
import {
  BILLABLE_KINDS,
  centsToString,
  documentBalance,
  LEDGER_ENTRY_TYPES,
  ledgerMonths,
  ledgerSums,
  sameLedgerSums,
  type LedgerSums,
} from '@studio/domain';
import {
  allLedgerEntries,
  ledgerMonthTotals,
  listBillablesForBooks,
  rewriteKeptSums,
  succeededPayments,
  type KeptSum,
} from './billingStore.js';
import { paymentEntryId } from './ledger.js';

export interface BooksReport {
  documents: number;
  payments: number;
  entries: number;
  mismatches: string[];
  overpaid: string[];
  /** The kept sums and month totals among the mismatches, which `repairKeptSums` can rewrite. */
  keptSums: KeptSum[];
}

/** A `ledger_months` document's id: its UTC month. */
const MONTH_ID = /^\d{4}-\d{2}$/;

const num = (v: unknown): number => (typeof v === 'number' && Number.isSafeInteger(v) ? v : 0);

/** "payment 100.00, refund 20.00" (the spec's 2-decimal amounts), or "nothing". */
const sumsText = (sums: LedgerSums) =>
  LEDGER_ENTRY_TYPES.filter((t) => sums[t])
    .map((t) => `${t} ${centsToString(sums[t] ?? 0)}`)
    .join(', ') || 'nothing';

/** Recomputes the books (see the file comment). Reads every billable document, payment and entry once. */
export async function checkBooks(db: Firestore): Promise<BooksReport> {
  const entries = await allLedgerEntries(db);
  const byDocument = new Map<string, typeof entries>();
  for (const e of entries) {
    if (!e.documentKind || !e.documentId) continue;
    const key = `${e.documentKind}/${e.documentId}`;
    byDocument.set(key, [...(byDocument.get(key) ?? []), e]);
  }
  const report: BooksReport = {
    documents: 0,
    payments: 0,
    entries: entries.length,
    mismatches: [],
    overpaid: [],
    keptSums: [],
  };
  for (const kind of BILLABLE_KINDS) {
    for (const { id, doc: d } of await listBillablesForBooks(db, kind)) {
      report.documents++;
      if (!d) {
        report.mismatches.push(`${kind} ${id}: unreadable (does not match its schema)`);
        continue;
      }
      const entries = byDocument.get(`${kind}/${id}`) ?? [];
      // What the document bills, in cents (an order: what was due at checkout).
      const balance = documentBalance(d.totalCents, entries, { voided: d.status === 'void' });
      const name = `${kind} ${id}${d.number ? ` (${d.number})` : ''}`;
      const sums = ledgerSums(entries);
      if (!sameLedgerSums(d.ledgerCents, sums)) {
        report.mismatches.push(`${name}: keeps ${sumsText(d.ledgerCents)}, its entries add up to ${sumsText(sums)}`);
        report.keptSums.push({ kind, id });
      }
      const storedClosed = d.status === 'paid' || d.status === 'uncollectible';
      if (storedClosed && balance.status === 'open')
        report.mismatches.push(
          `${name}: stored ${String(d.status)}, but the ledger says ${balance.amountDueCents} cents are due`,
        );
      if (d.status === 'void' && balance.keptCents > 0)
        report.mismatches.push(`${name}: void, but the ledger says ${balance.keptCents} cents were kept`);
      if (d.status === 'open' && balance.status !== 'open' && balance.paidCents > 0)
        report.mismatches.push(`${name}: stored ${String(d.status)}, but the ledger says it is ${balance.status}`);
      if (balance.overpaidCents > 0)
        report.overpaid.push(`${name}: paid ${balance.overpaidCents} cents more than owed`);
    }
  }
  const ids = new Set(entries.map((e) => e.id));
  for (const p of await succeededPayments(db)) {
    report.payments++;
    if (!p.doc) {
      report.mismatches.push(`payment ${p.id}: unreadable (does not match its schema)`);
      continue;
    }
    const received = num(p.doc.amountReceivedCents) || num(p.doc.amountCents);
    const entry = entries.find((e) => e.id === paymentEntryId(p.id));
    if (!ids.has(paymentEntryId(p.id))) {
      if (received > 0) report.mismatches.push(`payment ${p.id}: succeeded, but not in the ledger`);
    } else if (entry && entry.amountCents !== received)
      report.mismatches.push(`payment ${p.id}: received ${received} cents, the ledger says ${entry.amountCents}`);
  }
  const refunds = new Map<string, number>();
  for (const e of entries)
    if (e.type === 'refund' && e.paymentIntentId)
      refunds.set(e.paymentIntentId, (refunds.get(e.paymentIntentId) ?? 0) + e.amountCents);
  for (const e of entries) {
    if (e.type !== 'payment' || !e.paymentIntentId || e.id !== paymentEntryId(e.paymentIntentId)) continue;
    const refunded = refunds.get(e.paymentIntentId) ?? 0;
    if (e.refundedCents !== refunded) {
      report.mismatches.push(
        `payment ${e.paymentIntentId}: its entry keeps ${e.refundedCents} cents refunded, its refunds add up to ${refunded}`,
      );
      report.keptSums.push({ entryId: e.id, paymentIntentId: e.paymentIntentId });
    }
  }
  const stored = new Map<string, { cashCents: number; entries: number }>();
  const repairable = new Set<string>();
  const monthMismatch = (month: string, text: string) => {
    report.mismatches.push(`ledger month ${month}: ${text}`);
    // A month document named otherwise is none the ledger writes: reported, never rewritten.
    if (!MONTH_ID.test(month) || repairable.has(month)) return;
    repairable.add(month);
    report.keptSums.push({ month });
  };
  for (const m of await ledgerMonthTotals(db)) {
    if (m.doc) stored.set(m.id, m.doc);
    else monthMismatch(m.id, 'unreadable totals');
  }
  for (const m of ledgerMonths(entries)) {
    const s = stored.get(m.month);
    stored.delete(m.month);
    if (!s || s.cashCents !== m.cashCents || s.entries !== m.entries)
      monthMismatch(
        m.month,
        `stored ${s ? `${s.cashCents} cents in ${s.entries} entries` : 'nothing'}, the entries say ${m.cashCents} cents in ${m.entries}`,
      );
  }
  for (const [month, s] of stored)
    if (s.entries !== 0 || s.cashCents !== 0)
      monthMismatch(month, `stored ${s.cashCents} cents in ${s.entries} entries, the ledger has none`);
  return report;
}

/**
 * Rewrites each kept sum of `sums` (from a BooksReport) from the entries, each
 * in its own transaction that reads them, so an entry written meanwhile is
 * counted once. Safe to run while the site takes payments. Returns how many
 * it rewrote.
 */
export async function repairKeptSums(db: Firestore, sums: readonly KeptSum[]): Promise<number> {
  for (const s of sums) await rewriteKeptSums(db, s);
  return sums.length;
}
