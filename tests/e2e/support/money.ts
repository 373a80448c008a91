/**
 * The Money page as its specs read it: amounts as shown ("$3,000.00",
 * "−$475.00", "-475.00") in cents, the ledger's CSV export parsed by column
 * name, and the cash received the page shows. The CSV's cash column name is
 * the export's contract (README), so it is written here, not imported.
 */
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { parseAmountToCents } from '@studio/domain';
import { expect, type Page } from './test.js';

/** The export's cash column (web features/billing money.ts LEDGER_CSV_CASH). */
export const CSV_CASH = 'Cash (signed, sums to cash received)';

/** Cents of a signed 2-decimal cell ("-475.00") or of a shown amount ("$3,000.00", "−$475.00"). */
export function centsOf(text: string): number {
  const t = text.trim().replace(/[$,]/g, '');
  const negative = /^[-\u2212]/.test(t);
  const cents = parseAmountToCents(t.replace(/^[-\u2212]/, ''));
  if (cents === null) throw new Error(`not an amount: ${text}`);
  return negative ? -cents : cents;
}

/** The ledger's CSV as Export ledger downloads it: its rows by column name. */
export async function exportedLedger(page: Page): Promise<Array<Record<string, string>>> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export ledger (CSV)' }).click(),
  ]);
  const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.meta.fields).toContain(CSV_CASH);
  return parsed.data;
}

/** The sum of the rows' cash column, in cents. */
export const sumCash = (rows: Array<Record<string, string>>) => rows.reduce((s, r) => s + centsOf(r[CSV_CASH]!), 0);
