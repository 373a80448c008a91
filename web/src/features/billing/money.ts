/**
 * The Money page's pure logic (no React, no Firebase): outstanding invoices
 * with their ageing, revenue by month, the client filter and the ledger's
 * CSV. What is due comes from the ledger (domain documentBalance), through the
 * sums of its entries the server keeps on each document (`ledgerCents`); the
 * stored status says which documents can owe anything (only an open one can).
 * books:check holds both to the entries, so the page reads no entry for them.
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
  type InvoiceStatus,
  type LedgerMonth,
  type LedgerSums,
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
  /** The stored status (Stripe's): only an open one can owe anything (kept by the server, checked by books:check). */
  status: InvoiceStatus;
  dueDate: Date | null;
  createdAt: Date | null;
  /** Its ledger entries' cents by type (domain ledgerSums), kept by the server. */
  ledgerCents: LedgerSums;
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

/** True when `email` is the chosen client (no client chosen: everyone). */
export const isClient = (email: string | null | undefined, client: string | null) =>
  !client || (email ?? '').toLowerCase() === client;

/**
 * The invoices and payment requests with something due at `now`, oldest due
 * first, each with its ageing bucket; only `client`'s when one is chosen.
 */
export function outstanding(
  docs: ReadonlyArray<{ kind: BillableKind; doc: BillableDoc }>,
  now: Date,
  client: string | null,
): OutstandingRow[] {
  const rows: OutstandingRow[] = [];
  for (const { kind, doc } of docs) {
    if (doc.status !== 'open' || !isClient(doc.email, client)) continue;
    const balance = documentBalance(doc.amountCents, { sums: doc.ledgerCents });
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

/**
 * Cash received by month (domain revenueByMonth): from the stored month
 * totals for everyone, or from `client`'s own entries when one is chosen.
 */
export function revenue(
  months: readonly LedgerMonth[],
  clientEntries: readonly Entry[],
  client: string | null,
): Array<{ month: string; cents: number }> {
  return client
    ? revenueByMonth(clientEntries.filter((e) => isClient(e.customerEmail, client)))
    : revenueByMonth({ months });
}

/** Every customer the books know, from the emails of their documents, orders and subscriptions; lower case, sorted. */
export function customers(emails: Iterable<string | null | undefined>): string[] {
  const all = new Set<string>();
  for (const email of emails) if (email) all.add(email.trim().toLowerCase());
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
