/**
 * The Money page's pure logic (no React, no Firebase): outstanding invoices
 * with their ageing, revenue by month, the client filter and the ledger's
 * CSV. Balances come from the ledger (domain documentBalance), never from a
 * stored status.
 */
import Papa from 'papaparse';
import {
  AGEING_BUCKETS,
  ageingBucket,
  balanceLabel,
  centsToString,
  documentBalance,
  LEDGER_ENTRY_LABELS,
  revenueByMonth,
  type AgeingBucket,
  type BillableKind,
  type LedgerEntryDoc,
} from '@studio/domain';
import { escapeCsvCell } from '../../shared/lib/csv';

/** An invoice or payment request as the page reads it. */
export interface BillableDoc {
  id: string;
  number?: string | null;
  email: string | null;
  clientName?: string | null;
  description: string;
  amountCents: number;
  dueDate: Date | null;
  createdAt: Date | null;
}

type Entry = LedgerEntryDoc & { id: string };

/** One outstanding document: what is still due, and how late. */
export interface OutstandingRow {
  kind: BillableKind;
  id: string;
  number: string | null;
  client: string;
  email: string | null;
  description: string;
  dueDate: Date | null;
  totalCents: number;
  amountDueCents: number;
  label: string;
  bucket: AgeingBucket;
}

const key = (kind: string, id: string) => `${kind}/${id}`;

/** The entries of each document, by "kind/id". */
export function entriesByDocument(entries: readonly Entry[]): Map<string, Entry[]> {
  const by = new Map<string, Entry[]>();
  for (const e of entries) {
    if (!e.documentKind || !e.documentId) continue;
    const k = key(e.documentKind, e.documentId);
    by.set(k, [...(by.get(k) ?? []), e]);
  }
  return by;
}

/** True when `email` is the chosen client (no client chosen: everyone). */
export const isClient = (email: string | null | undefined, client: string | null) =>
  !client || (email ?? '').toLowerCase() === client;

/**
 * The invoices and payment requests with something due at `now`, oldest due
 * first, each with its ageing bucket; only `client`'s when one is chosen.
 */
export function outstanding(
  docs: ReadonlyArray<{ kind: BillableKind; doc: BillableDoc }>,
  entries: readonly Entry[],
  now: Date,
  client: string | null,
): OutstandingRow[] {
  const by = entriesByDocument(entries);
  const rows: OutstandingRow[] = [];
  for (const { kind, doc } of docs) {
    if (!isClient(doc.email, client)) continue;
    const balance = documentBalance(doc.amountCents, by.get(key(kind, doc.id)) ?? []);
    if (balance.amountDueCents <= 0) continue;
    rows.push({
      kind,
      id: doc.id,
      number: doc.number ?? null,
      client: doc.clientName || doc.email || 'Client',
      email: doc.email,
      description: doc.description,
      dueDate: doc.dueDate,
      totalCents: doc.amountCents,
      amountDueCents: balance.amountDueCents,
      label: balanceLabel(balance),
      bucket: ageingBucket(doc.dueDate, now),
    });
  }
  return rows.sort((a, b) => (a.dueDate?.getTime() ?? Infinity) - (b.dueDate?.getTime() ?? Infinity));
}

/** What is due in each ageing bucket, in cents, in bucket order. */
export function ageingTotals(rows: readonly OutstandingRow[]): Array<{ bucket: AgeingBucket; cents: number }> {
  return AGEING_BUCKETS.map((bucket) => ({
    bucket,
    cents: rows.filter((r) => r.bucket === bucket).reduce((s, r) => s + r.amountDueCents, 0),
  }));
}

/** Cash received by month (domain revenueByMonth) for `client`, or everyone. */
export function revenue(entries: readonly Entry[], client: string | null) {
  return revenueByMonth(entries.filter((e) => isClient(e.customerEmail, client)));
}

/** Every customer the books know (ledger and documents), by email, sorted; lower case. */
export function customers(entries: readonly Entry[], docs: ReadonlyArray<{ doc: BillableDoc }>): string[] {
  const all = new Set<string>();
  for (const e of entries) if (e.customerEmail) all.add(e.customerEmail.toLowerCase());
  for (const { doc } of docs) if (doc.email) all.add(doc.email.toLowerCase());
  return [...all].sort();
}

/** Column headings of the ledger export. */
export const LEDGER_CSV_COLUMNS = [
  'Date',
  'Type',
  'Amount',
  'Currency',
  'Client',
  'Email',
  'Document',
  'Credit note',
  'Payment',
  'Reference',
  'Reason',
] as const;

/** The ledger as CSV text (ISO dates, 2-decimal amounts, formula-safe cells, CRLF), via papaparse. */
export function ledgerCsv(entries: readonly Entry[]): string {
  const rows = entries.map((e) =>
    [
      e.at.toISOString(),
      LEDGER_ENTRY_LABELS[e.type],
      centsToString(e.amountCents),
      e.currency.toUpperCase(),
      e.customerName ?? '',
      e.customerEmail ?? '',
      e.documentNumber ?? '',
      e.number ?? '',
      e.paymentIntentId ?? '',
      e.reference ?? '',
      e.reason ?? '',
    ].map(escapeCsvCell),
  );
  return Papa.unparse({ fields: [...LEDGER_CSV_COLUMNS], data: rows }, { newline: '\r\n' });
}
