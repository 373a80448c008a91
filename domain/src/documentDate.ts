/**
 * The day a document (invoice, request, receipt, statement line, subscription period) is dated, as its PDF and
 * email print it. Below invoiceDocument.ts and statement.ts, which both print days: neither imports the other for it.
 */

// Made on first use, one per zone: an Intl formatter costs a page tens of ms of set-up.
const dateFmts = new Map<string, Intl.DateTimeFormat>();

/**
 * "November 25, 2026": the day `d` falls on in `timeZone` (an IANA name, the
 * studio's settings `timeZone`; UTC by default), as emails and PDFs show it.
 * @throws RangeError for a zone name Intl does not know (settings validate it on save)
 */
export function formatDocumentDate(d: Date, timeZone = 'UTC'): string {
  let fmt = dateFmts.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone });
    dateFmts.set(timeZone, fmt);
  }
  return fmt.format(d);
}
