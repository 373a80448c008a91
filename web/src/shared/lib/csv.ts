/**
 * CSV exports in the browser: formula-safe cells and the download. The rows
 * themselves are built by each feature (papaparse writes the text).
 */

/** First characters that make spreadsheet apps treat a cell as a formula (or hide one). */
const FORMULA_TRIGGER = /^[=+\-@\t\r]/;

/**
 * Neutralises CSV / formula injection (OWASP): a cell starting with =, +, -,
 * @, tab or carriage return gets a leading single quote so spreadsheets show
 * it as text. Other values are returned unchanged.
 */
export function escapeCsvCell(value: string): string {
  return FORMULA_TRIGGER.test(value) ? `'${value}` : value;
}

/** Starts a browser download of `csv` (UTF-8 with a BOM so spreadsheet apps read accents right). */
export function downloadCsv(csv: string, fileName: string): void {
  downloadFile(['\uFEFF', csv], fileName, 'text/csv;charset=utf-8');
}

/** Starts a browser download of `parts` as one file of MIME type `type`. */
export function downloadFile(parts: BlobPart[], fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke after the click has been handled so the download can start.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `prefix-YYYY-MM-DD.csv` for the given (local) day. */
export function csvFileName(prefix: string, now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
