/**
 * The day a document (invoice, request, receipt, statement line, subscription period) is dated, as its PDF and
 * email print it and as its EN 16931 e-invoice writes it. Below invoiceDocument.ts and statement.ts, which both
 * print days: neither imports the other for it.
 */

/**
 * A day formatter for any zone: `locale` and `options` as Intl.DateTimeFormat takes them, the zone given per call
 * (an IANA name; UTC by default). One formatter per zone, made on first use: an Intl formatter costs a page tens
 * of ms of set-up. @throws RangeError (from the returned function) for a zone name Intl does not know.
 */
function dayFormatter(locale: string, options: Intl.DateTimeFormatOptions): (d: Date, timeZone?: string) => string {
  const byZone = new Map<string, Intl.DateTimeFormat>();
  return (d, timeZone = 'UTC') => {
    let fmt = byZone.get(timeZone);
    if (!fmt) byZone.set(timeZone, (fmt = new Intl.DateTimeFormat(locale, { ...options, timeZone })));
    return fmt.format(d);
  };
}

/**
 * "November 25, 2026": the day `d` falls on in `timeZone` (an IANA name, the
 * studio's settings `timeZone`; UTC by default), as emails and PDFs show it.
 * @throws RangeError for a zone name Intl does not know (settings validate it on save)
 */
export const formatDocumentDate = dayFormatter('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** "2026-11-25": the day `d` falls on in `timeZone` (the studio's clock), as EN 16931 dates are written (en-CA writes ISO calendar dates). */
export const isoDay = dayFormatter('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });
