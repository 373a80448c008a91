/**
 * The books' self-check (`npm run books:check`): every invoice, payment
 * request and order's balance recomputed from the ledger (domain
 * documentBalance) against the status it stores, and every succeeded
 * payment against its ledger entry, and the stored month totals
 * (`ledger_months`) against the entries. A mismatch is money the books do not
 * explain; an overpayment (a second payment for one document) is listed for
 * review but is not a mismatch: the ledger explains it.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { BILLABLE_KINDS, documentBalance, ledgerMonths } from '@studio/domain';
import { allLedgerEntries, ledgerMonthTotals, listBillablesForBooks, succeededPayments } from './billingStore.js';
import { paymentEntryId } from './ledger.js';

export interface BooksReport {
  documents: number;
  payments: number;
  entries: number;
  mismatches: string[];
  overpaid: string[];
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isSafeInteger(v) ? v : 0);

/** Recomputes the books (see the file comment). Reads every billable document, payment and entry once. */
export async function checkBooks(db: Firestore): Promise<BooksReport> {
  const entries = await allLedgerEntries(db);
  const byDocument = new Map<string, typeof entries>();
  for (const e of entries) {
    if (!e.documentKind || !e.documentId) continue;
    const key = `${e.documentKind}/${e.documentId}`;
    byDocument.set(key, [...(byDocument.get(key) ?? []), e]);
  }
  const report: BooksReport = { documents: 0, payments: 0, entries: entries.length, mismatches: [], overpaid: [] };
  for (const kind of BILLABLE_KINDS) {
    for (const { id, doc: d } of await listBillablesForBooks(db, kind)) {
      report.documents++;
      if (!d) {
        report.mismatches.push(`${kind} ${id}: unreadable (does not match its schema)`);
        continue;
      }
      const entries = byDocument.get(`${kind}/${id}`) ?? [];
      // What the document bills, in cents (an order: what was due at checkout).
      const balance = documentBalance(num(d.totalCents), entries, { voided: d.status === 'void' });
      const name = `${kind} ${id}${d.number ? ` (${d.number})` : ''}`;
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
  const stored = new Map<string, { cashCents: number; entries: number }>();
  for (const m of await ledgerMonthTotals(db)) {
    if (m.doc) stored.set(m.id, m.doc);
    else report.mismatches.push(`ledger month ${m.id}: unreadable totals`);
  }
  for (const m of ledgerMonths(entries)) {
    const s = stored.get(m.month);
    stored.delete(m.month);
    if (!s || s.cashCents !== m.cashCents || s.entries !== m.entries)
      report.mismatches.push(
        `ledger month ${m.month}: stored ${s ? `${s.cashCents} cents in ${s.entries} entries` : 'nothing'}, the entries say ${m.cashCents} cents in ${m.entries}`,
      );
  }
  for (const [month, s] of stored)
    if (s.entries !== 0)
      report.mismatches.push(`ledger month ${month}: stored ${s.entries} entries, the ledger has none`);
  return report;
}
