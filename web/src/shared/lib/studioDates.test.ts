import { afterEach, describe, expect, it } from 'vitest';
import { formatDocumentDate } from '@studio/domain';
import { formatCalendarDay, studioDateFormat } from './studioDates';

// ICU writes a narrow no-break space before AM/PM; the tests read it as a space.
const plain = (s: string) => s.replace(/\s/g, ' ');

const london = studioDateFormat('Europe/London');
/** 03:29 on Dec 2 in London (UTC+0 in winter): 7:29 PM on Dec 1 in Los Angeles. */
const LA_EVENING = new Date('2026-12-02T03:29:00Z');
/** 8:00 PM on Dec 1 in London: 5:00 AM on Dec 2 in Tokyo. */
const TOKYO_MORNING = new Date('2026-12-01T20:00:00Z');

// Node applies a change of TZ at once: each test plays a browser in another zone, then the zone is put back.
const zoneBefore = process.env.TZ;
afterEach(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

describe('studioDateFormat: dates on the studio clock, not the browser one', () => {
  it("a London studio's day, whatever the browser's zone (Los Angeles: the day after its own)", () => {
    process.env.TZ = 'America/Los_Angeles';
    // What a browser-zone format showed ("Deposit paid Dec 1") against the studio's day.
    expect(LA_EVENING.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })).toBe('Dec 1');
    expect(london.day(LA_EVENING)).toBe('Dec 2, 2026');
    expect(london.longDay(LA_EVENING)).toBe('December 2, 2026');
    expect(plain(london.dayTime(LA_EVENING))).toBe('Dec 2, 2026, 3:29 AM');
  });

  it("a London studio's day, whatever the browser's zone (Tokyo: the day before its own)", () => {
    process.env.TZ = 'Asia/Tokyo';
    expect(TOKYO_MORNING.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })).toBe('Dec 2');
    expect(london.day(TOKYO_MORNING)).toBe('Dec 1, 2026');
    expect(plain(london.dayTime(TOKYO_MORNING))).toBe('Dec 1, 2026, 8:00 PM');
    // The lead's activity at 03:27 in London reads 3:27 AM, not Tokyo's 12:27 PM.
    expect(plain(london.dayTime('2026-12-02T03:27:00Z'))).toBe('Dec 2, 2026, 3:27 AM');
  });

  it('the same moment in each zone: the studio in Los Angeles or Tokyo sees its own day', () => {
    expect(studioDateFormat('America/Los_Angeles').day(LA_EVENING)).toBe('Dec 1, 2026');
    expect(studioDateFormat('Asia/Tokyo').day(TOKYO_MORNING)).toBe('Dec 2, 2026');
  });

  it('follows summer time: 23:30 UTC on July 1 is 12:30 AM on July 2 in London (BST)', () => {
    const at = new Date('2026-07-01T23:30:00Z');
    expect(london.day(at)).toBe('Jul 2, 2026');
    expect(plain(london.shortDayTime(at))).toBe('Jul 2, 12:30 AM');
    expect(plain(london.time(at))).toBe('12:30:00 AM');
  });

  it('writes the long day as the emails and PDFs do (domain formatDocumentDate), from a Date or an ISO string', () => {
    for (const zone of ['Europe/London', 'America/Los_Angeles', 'Asia/Tokyo', 'Pacific/Auckland']) {
      const dates = studioDateFormat(zone);
      for (const at of [LA_EVENING, TOKYO_MORNING]) {
        expect(dates.longDay(at)).toBe(formatDocumentDate(at, zone));
        expect(dates.longDay(at.toISOString())).toBe(formatDocumentDate(at, zone));
      }
    }
  });

  it('shows a due day picked on the studio clock as that day (stored as its midnight there, domain dueDayStart)', () => {
    // Dec 15, 2026 picked in Auckland (UTC+13) starts at 11:00 UTC on Dec 14.
    expect(studioDateFormat('Pacific/Auckland').day(new Date('2026-12-14T11:00:00Z'))).toBe('Dec 15, 2026');
  });

  it('keeps one set of formatters per zone (stable for React) and refuses a zone Intl does not know', () => {
    expect(studioDateFormat('Europe/London')).toBe(london);
    expect(london.timeZone).toBe('Europe/London');
    expect(() => studioDateFormat('Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('formatCalendarDay', () => {
  it('writes a calendar day as itself on every clock', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(formatCalendarDay('2026-12-02')).toBe('Dec 2, 2026');
    process.env.TZ = 'Asia/Tokyo';
    expect(formatCalendarDay('2026-12-02')).toBe('Dec 2, 2026');
  });
});
