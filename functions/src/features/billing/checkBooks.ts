/**
 * The books' self-check (`npm run books:check`): every invoice, payment
 * request and order's balance recomputed from the ledger (domain
 * documentBalance) against the status it stores, and every succeeded
 * payment against its ledger entry, and the totals the server keeps beside
 * the entries against them: each month's (`ledger_months`), each document's
 * sums by type (`ledgerCents`) and each payment entry's `refundedCents`. A
 * mismatch is money the books do not explain; an overpayment (a second
 * payment for one document) is listed for review but is not a mismatch: the
 * ledger explains it. Every entry is also held to the books' rules (domain
 * ledgerRules, the ones each event is recorded by): an entry that breaks one
 * is a mismatch that starts with the rule's name (`refund-exceeds-payment:
 * ledger entry …`). `repairKeptSums` rewrites the kept sums and month totals
 * that disagree from the entries (documents older than the sums have none).
 */
import type { Firestore } from 'firebase-admin/firestore';
import {
  BILLABLE_KINDS,
  centsToString,
  documentBalance,
  LEDGER_ENTRY_TYPES,
  leadOfRequest,
  ledgerMonths,
  PAYMENT_CURRENCY,
  ledgerSums,
  ledgerViolations,
  sameLedgerSums,
  type BillableKind,
  type LedgerSums,
  type LedgerViolation,
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
import { readLead } from '../leads/index.js';

export interface BooksReport {
  documents: number;
  payments: number;
  entries: number;
  mismatches: string[];
  overpaid: string[];
  /** The kept sums and month totals among the mismatches, which `repairKeptSums` can rewrite. */
  keptSums: KeptSum[];
  /** The entries that break a rule of the books (each also among the mismatches). */
  violations: LedgerViolation[];
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
    violations: [],
  };
  // Every document that exists, with its currency (one that does not parse still exists: it is reported as such).
  const documents = new Map<string, string | null>();
  for (const kind of BILLABLE_KINDS) {
    for (const { id, doc: d } of await listBillablesForBooks(db, kind)) {
      report.documents++;
      documents.set(`${kind}/${id}`, d?.currency ?? null);
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
  const payments = await succeededPayments(db);
  for (const p of payments) {
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
  await checkRules(db, entries, documents, payments, report);
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
 * Holds every entry to the books' rules (domain ledgerViolations), with what
 * exists beside them: `documents` (by `kind/id`, with their currency),
 * `payments` (the succeeded ones, with their record) and, for a payment
 * request that is not there (it may be issued after its payment), its lead.
 */
async function checkRules(
  db: Firestore,
  entries: Awaited<ReturnType<typeof allLedgerEntries>>,
  documents: ReadonlyMap<string, string | null>,
  payments: Awaited<ReturnType<typeof succeededPayments>>,
  report: BooksReport,
): Promise<void> {
  const records = new Map(payments.map((p) => [p.id, p.doc]));
  const missingLeads = new Set(
    entries
      .filter((e) => e.documentKind === 'request' && e.documentId && !documents.has(`request/${e.documentId}`))
      .map((e) => leadOfRequest(e.documentId!)),
  );
  const leads = new Set<string>();
  for (const id of missingLeads)
    // A lead that does not parse still exists.
    if (
      await readLead(db, id).then(
        (l) => l !== null,
        () => true,
      )
    )
      leads.add(id);
  const violations = ledgerViolations(entries, {
    document: (kind: BillableKind, id: string) => {
      const key = `${kind}/${id}`;
      return documents.has(key) ? { currency: documents.get(key) ?? PAYMENT_CURRENCY } : null;
    },
    leadExists: (id) => leads.has(id),
    payment: (pi) => (records.has(pi) ? { currency: records.get(pi)?.currency ?? null } : null),
  });
  for (const v of violations) report.mismatches.push(`${v.rule}: ledger entry ${v.entryId}: ${v.text}`);
  report.violations.push(...violations);
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
