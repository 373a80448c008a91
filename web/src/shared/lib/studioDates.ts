/**
 * Every date the web shows, on the studio's clock: the studio's settings
 * `timeZone` (an IANA name, e.g. "Europe/London"), never the browser's. The
 * server writes its emails and PDFs through domain invoiceDocument.ts
 * (`formatDocumentDate`); this is the web's one module, so a page in a Los
 * Angeles or Tokyo browser shows the day the receipt and the email show.
 *
 * Where the zone comes from: the admin's pages read it from the settings
 * (features/settings `useStudioDateFormat()`); the public pages (My Project,
 * the portal) get it in the API's reply (`timeZone`), since they cannot read
 * the admin-only settings document.
 *
 * Inputs keep their own meaning: a picked due day is stored as its midnight
 * on the studio's clock (domain dueDayStart), which `day` shows back as that
 * day.
 */
import { formatDocumentDate } from '@studio/domain';

/** A moment: a Date, or an ISO string as the API sends it. */
export type DateInput = Date | string;

export interface StudioDateFormat {
  /** The IANA zone the dates are shown in. */
  readonly timeZone: string;
  /** "Dec 2, 2026": the day `at` falls on. */
  day(at: DateInput): string;
  /** "December 2, 2026", word for word as the emails and PDFs write it (domain formatDocumentDate). */
  longDay(at: DateInput): string;
  /** "Dec 2, 2026, 3:27 AM". */
  dayTime(at: DateInput): string;
  /** "Dec 2, 3:27 AM": a message's time, where the year goes without saying. */
  shortDayTime(at: DateInput): string;
  /** "3:27:05 AM": a time of today, to the second (the email test page). */
  time(at: DateInput): string;
}

const asDate = (at: DateInput): Date => (typeof at === 'string' ? new Date(at) : at);

// One set per zone, each formatter made on its first use: an Intl formatter costs a page ms to set up.
const formats = new Map<string, StudioDateFormat>();

/**
 * The formatters of zone `timeZone` (an IANA name; the settings validate it on save), one shared set per zone,
 * so the result is stable for React.
 * @throws RangeError for a zone Intl does not know
 */
export function studioDateFormat(timeZone: string): StudioDateFormat {
  const known = formats.get(timeZone);
  if (known) return known;
  // The day's formatter is made now, so a zone Intl does not know fails here rather than at the first date shown.
  const dayFmt = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });
  const fmt = (options: Intl.DateTimeFormatOptions) => {
    let f: Intl.DateTimeFormat | null = null;
    return (at: DateInput) => (f ??= new Intl.DateTimeFormat('en-US', { ...options, timeZone })).format(asDate(at));
  };
  const made: StudioDateFormat = {
    timeZone,
    day: (at) => dayFmt.format(asDate(at)),
    longDay: (at) => formatDocumentDate(asDate(at), timeZone),
    dayTime: fmt({ month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }),
    shortDayTime: fmt({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
    time: fmt({ hour: 'numeric', minute: '2-digit', second: '2-digit' }),
  };
  formats.set(timeZone, made);
  return made;
}

/**
 * "Dec 2, 2026" for a calendar day written "2026-12-02" (a proposal's timeline): a day, not a moment, so the
 * same on every clock (read and written in UTC, where the text names its midnight).
 */
export function formatCalendarDay(isoDay: string): string {
  return studioDateFormat('UTC').day(`${isoDay}T00:00:00Z`);
}
