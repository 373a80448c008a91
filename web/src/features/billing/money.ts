/**
 * The Money page's pure logic (no React, no Firebase): outstanding invoices
 * with their ageing, revenue by month, the client filter and the ledger's
 * CSV and rows. What is due comes from the ledger (domain documentBalance), through the
 * sums of its entries the server keeps on each document (`ledgerCents`); the
 * stored status says which documents can owe anything (only an open one can).
 * books:check holds both to the entries, so the page reads no entry for them.
 */
import Papa from 'papaparse';
import {
  AGEING_BUCKETS,
  ageingBucket,
  billedDocument,
  centsToString,
  formatUsd,
  LEDGER_ENTRY_LABELS,
  ledgerRows,
  revenueByMonth,
  statementLine,
  statementStateText,
  type AgeingBucket,
  type BillableKind,
  type LedgerEntryDoc,
  type LedgerRow,
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
  /** Its state in the statement's words: "Open", "Partially paid", "Overdue 40 days". */
  label: string;
  /** Calendar days past its due day on the studio's clock (0: not late). */
  overdueDays: number;
  bucket: AgeingBucket;
}

/** True when `email` is the chosen client's (an email, any case; no client chosen: everyone). */
export const isClient = (email: string | null | undefined, client: string | null) =>
  !client || (email ?? '').trim().toLowerCase() === client.trim().toLowerCase();

/**
 * The invoices and payment requests with something due at `now`, oldest due
 * first, each with its ageing bucket and its state ("Overdue 40 days") on the
 * studio's clock (`timeZone`); only `client`'s when one is chosen. What is due
 * is the document's account statement line (domain statementLine: the
 * ledger's sums kept on it), as Invoicing, My Project and the portal read it.
 */
export function outstanding(
  docs: ReadonlyArray<{ kind: BillableKind; doc: BillableDoc }>,
  now: Date,
  client: string | null,
  timeZone = 'UTC',
): OutstandingRow[] {
  const rows: OutstandingRow[] = [];
  for (const { kind, doc } of docs) {
    if (!isClient(doc.email, client)) continue;
    const line = statementLine(billedDocument(doc.id, { leadId: null, ...doc }), now, timeZone);
    if (line.owedCents <= 0) continue;
    rows.push({
      kind,
      id: doc.id,
      number: doc.number ?? null,
      client: doc.clientName || doc.email || 'Client',
      email: doc.email,
      description: doc.description,
      dueDate: doc.dueDate,
      totalCents: doc.amountCents,
      amountDueCents: line.owedCents,
      label: statementStateText(line),
      overdueDays: line.overdueDays,
      bucket: ageingBucket(doc.dueDate, now, timeZone),
    });
  }
  return rows.sort((a, b) => (a.dueDate?.getTime() ?? Infinity) - (b.dueDate?.getTime() ?? Infinity));
}

/** What each ageing bucket is called on the page. */
export const BUCKET_LABELS: Record<AgeingBucket, string> = {
  current: 'Current',
  '1-30': '1–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': '90+ days',
};

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

/** A customer in the client filter: the email that identifies them (lower case) and the names the books give them. */
export interface ClientOption {
  email: string;
  /** Every distinct name seen with the email, in the order met (the first is shown). */
  names: string[];
}

/**
 * Every customer the books know, from their documents, orders and
 * subscriptions: one per email (lower case), with the names given with it;
 * sorted by what the filter shows (name, else email).
 */
export function customers(
  parties: Iterable<{ email: string | null | undefined; name?: string | null | undefined }>,
): ClientOption[] {
  const all = new Map<string, ClientOption>();
  for (const { email, name } of parties) {
    const key = email?.trim().toLowerCase();
    if (!key) continue;
    const option = all.get(key) ?? { email: key, names: [] };
    const clean = name?.trim();
    if (clean && !option.names.some((n) => n.toLowerCase() === clean.toLowerCase())) option.names.push(clean);
    all.set(key, option);
  }
  return [...all.values()].sort((a, b) => clientLabel(a).localeCompare(clientLabel(b)));
}

/** What the filter shows for a customer: "Ann Lee (ann@example.com)", or the email alone. */
export const clientLabel = (c: ClientOption): string => (c.names[0] ? `${c.names[0]} (${c.email})` : c.email);

/** True when `text` (trimmed, any case) is part of the customer's email or of one of their names; empty matches all. */
export function matchesClient(c: ClientOption, text: string): boolean {
  const q = text.trim().toLowerCase();
  return !q || c.email.includes(q) || c.names.some((n) => n.toLowerCase().includes(q));
}

/** The cash received over `months` (cents): what the revenue table's total shows, and the export's cash column sums to. */
export const cashReceived = (months: ReadonlyArray<{ cents: number }>): number =>
  months.reduce((s, m) => s + m.cents, 0);

/** Cents with their sign, as the ledger shows them: "−$475.00" (a true minus sign), "$3,475.00". */
export const signedUsd = (cents: number): string => (cents < 0 ? `\u2212${formatUsd(-cents)}` : formatUsd(cents));

/**
 * The figure a ledger row shows (domain ledgerRows), in cents with its sign,
 * and what it is when it is not cash: the row's cash when it moved any, else
 * what it wrote off or put under (or released from) dispute; null for a
 * credit note shown without its refund (its refund carries the cash).
 */
export function ledgerFigure(row: LedgerRow<Entry>): { cents: number | null; note: string | null } {
  if (row.cashCents !== 0) return { cents: row.cashCents, note: null };
  if (row.writtenOffCents !== 0) return { cents: row.writtenOffCents, note: 'Written off, not cash' };
  if (row.disputedCents > 0) return { cents: row.disputedCents, note: 'Under dispute, not cash' };
  if (row.disputedCents < 0) return { cents: row.disputedCents, note: 'Dispute released, not cash' };
  return { cents: null, note: 'Credit note of a refund, not cash' };
}

/** The export's cash column: it sums to the cash received the Money page shows (revenue by month), to the cent. */
export const LEDGER_CSV_CASH = 'Cash (signed, sums to cash received)';

/**
 * Column headings of the ledger export: one row per money movement (domain
 * ledgerRows: a refund's credit note is its document, in "Credit note"), with
 * signed amounts, each kind in its own column so that each column sums.
 */
export const LEDGER_CSV_COLUMNS = [
  'Date',
  'Type',
  LEDGER_CSV_CASH,
  'Written off (signed, not cash)',
  'Disputed (signed, not cash)',
  'Currency',
  'Client',
  'Email',
  'Document',
  'Credit note',
  'Payment',
  'Reference',
  'Reason',
] as const;

/**
 * The ledger as CSV text, via papaparse: the rows of domain ledgerRows, ISO
 * dates, signed 2-decimal amounts ("-475.00": numbers a spreadsheet sums, so
 * they are written as they are; every text cell is formula-safe), CRLF.
 */
export function ledgerCsv(entries: readonly Entry[]): string {
  const rows = ledgerRows(entries).map(({ entry: e, creditNote, cashCents, writtenOffCents, disputedCents }) => [
    escapeCsvCell(e.at.toISOString()),
    escapeCsvCell(LEDGER_ENTRY_LABELS[e.type]),
    centsToString(cashCents),
    centsToString(writtenOffCents),
    centsToString(disputedCents),
    ...[
      e.currency.toUpperCase(),
      e.customerName ?? '',
      e.customerEmail ?? '',
      e.documentNumber ?? '',
      creditNote?.number ?? '',
      e.paymentIntentId ?? '',
      e.reference ?? '',
      e.reason ?? '',
    ].map(escapeCsvCell),
  ]);
  return Papa.unparse({ fields: [...LEDGER_CSV_COLUMNS], data: rows }, { newline: '\r\n' });
}
