/**
 * The Money page's pure logic (no React, no Firebase): outstanding invoices
 * with their ageing, revenue by month, the client filter and the ledger's
 * CSV. What is due comes from the ledger (domain documentBalance); the stored
 * status only says which documents can owe anything (only an open one can:
 * books:check holds the two together), so the page reads the entries of open
 * documents only.
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
    if (doc.status !== 'open' || !isClient(doc.email, client)) continue;
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

/** Ids of the documents that can still owe something (stored status open): whose entries the page reads. */
export const openDocumentIds = (docs: ReadonlyArray<{ doc: BillableDoc }>): string[] =>
  docs.filter(({ doc }) => doc.status === 'open').map(({ doc }) => doc.id);

/** Refunded cents by PaymentIntent, from the refund entries. */
export function refundedByPayment(entries: readonly Entry[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const e of entries)
    if (e.type === 'refund' && e.paymentIntentId)
      m.set(e.paymentIntentId, (m.get(e.paymentIntentId) ?? 0) + e.amountCents);
  return m;
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
