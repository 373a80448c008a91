/**
 * A client's data export (POST /api/clients/export, domain ClientExportReply)
 * as downloadable files: the reply itself as JSON, and a CSV with one row per
 * stored field (collection, document id, field, value), so every collection
 * fits one sheet whatever its fields. Nested values are JSON text; every cell
 * is formula-safe (escapeCsvCell).
 */
import Papa from 'papaparse';
import type { ClientExportReply } from '@studio/domain';
import { escapeCsvCell } from '../../shared/lib/csv';

/** The CSV's header row. */
export const CLIENT_EXPORT_CSV_COLUMNS = ['collection', 'id', 'field', 'value'] as const;

const cell = (v: unknown): string => (v == null ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** One row per field of every exported document, then one per Stripe Customer id; cells escaped. */
export function clientExportCsvRows(data: ClientExportReply): string[][] {
  const rows: string[][] = [];
  for (const [collection, docs] of Object.entries(data.collections))
    for (const doc of docs) {
      const id = cell(doc.id);
      for (const [field, value] of Object.entries(doc))
        if (field !== 'id') rows.push([collection, id, field, cell(value)]);
    }
  for (const id of data.stripeCustomerIds) rows.push(['stripe_customers', id, 'id', id]);
  return rows.map((r) => r.map(escapeCsvCell));
}

/** The export as CSV text (header first, CRLF line ends), via Papa.unparse. */
export function clientExportCsv(data: ClientExportReply): string {
  return Papa.unparse({ fields: [...CLIENT_EXPORT_CSV_COLUMNS], data: clientExportCsvRows(data) }, { newline: '\r\n' });
}

/** The export's file name without extension: `client-data-<address made file-safe>-YYYY-MM-DD`. */
export function clientExportFileStem(data: Pick<ClientExportReply, 'email' | 'exportedAt'>): string {
  const who = data.email.toLowerCase().replace(/[^a-z0-9._-]+/g, '_');
  return `client-data-${who}-${data.exportedAt.slice(0, 10)}`;
}
