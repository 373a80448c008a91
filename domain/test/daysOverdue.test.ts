/** daysOverdue and ageingBucket (domain billing.ts): calendar days on the studio's clock. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ageingBucket, daysOverdue, dueDayStart } from '../src/index.js';

const LA = 'America/Los_Angeles';
const TOKYO = 'Asia/Tokyo';

describe('daysOverdue', () => {
  it('counts calendar days from the due day to today: 0 on the due day and before, 1 from the next midnight', () => {
    const due = new Date('2026-11-26T00:00:00Z');
    expect(daysOverdue(due, new Date('2026-11-20T09:00:00Z'), 'UTC')).toBe(0);
    expect(daysOverdue(due, new Date('2026-11-26T23:59:59Z'), 'UTC')).toBe(0);
    expect(daysOverdue(due, new Date('2026-11-27T00:00:00Z'), 'UTC')).toBe(1);
    // The report's case: due November 26, the reminder sent 6 days later.
    expect(daysOverdue(due, new Date('2026-12-02T09:00:00Z'), 'UTC')).toBe(6);
  });

  it('is the same whatever the hour of the due date or of now, on that clock', () => {
    const due = new Date('2026-11-26T22:30:00Z');
    expect(daysOverdue(due, new Date('2026-11-27T00:10:00Z'), 'UTC')).toBe(1);
    expect(daysOverdue(due, new Date('2026-11-28T23:50:00Z'), 'UTC')).toBe(2);
  });

  it('across daylight saving time in Los Angeles (spring forward and fall back)', () => {
    // Due March 6 2026 (midnight PST); the clocks go forward on March 8.
    const spring = dueDayStart(new Date('2026-03-06T12:00:00Z'), LA);
    expect(spring.toISOString()).toBe('2026-03-06T08:00:00.000Z');
    expect(daysOverdue(spring, new Date('2026-03-13T07:00:00Z'), LA)).toBe(7); // 00:00 PDT, 6 d 23 h later
    expect(daysOverdue(spring, new Date('2026-03-13T06:59:00Z'), LA)).toBe(6); // 23:59 PDT the day before
    // Due October 30 2026 (midnight PDT); the clocks go back on November 1.
    const fall = dueDayStart(new Date('2026-10-30T12:00:00Z'), LA);
    expect(daysOverdue(fall, new Date('2026-11-06T08:00:00Z'), LA)).toBe(7); // 00:00 PST, 7 d 1 h later
    expect(daysOverdue(fall, new Date('2026-11-06T07:59:00Z'), LA)).toBe(6);
  });

  it('at 03:29 UTC: still the evening before in Los Angeles, already the afternoon in Tokyo', () => {
    const at = new Date('2026-12-02T03:29:00Z'); // 19:29 Dec 1 in LA (PST), 12:29 Dec 2 in Tokyo
    expect(daysOverdue(dueDayStart(new Date('2026-11-26T12:00:00Z'), LA), at, LA)).toBe(5);
    expect(daysOverdue(dueDayStart(new Date('2026-11-26T12:00:00Z'), TOKYO), at, TOKYO)).toBe(6);
    expect(daysOverdue(dueDayStart(new Date('2026-11-26T12:00:00Z'), 'UTC'), at, 'UTC')).toBe(6);
  });

  it('throws for a zone Intl does not know', () => {
    expect(() => daysOverdue(new Date(), new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });

  it('a picked due day is n days overdue at any hour of the n-th day after it, in any zone', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('UTC', LA, TOKYO, 'Europe/Paris', 'Australia/Lord_Howe', 'Asia/Kolkata'),
        fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2035-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 23 }),
        (zone, picked, n, hour) => {
          const due = dueDayStart(picked, zone);
          // `hour` o'clock on the n-th day after the due day, on the zone's clock.
          const later = dueDayStart(
            new Date(Date.UTC(picked.getUTCFullYear(), picked.getUTCMonth(), picked.getUTCDate() + n, 12)),
            zone,
          );
          const at = new Date(later.getTime() + hour * 3_600_000);
          // A DST change inside the first hours can push `hour` past midnight only if the day is shorter than 24 h.
          if (daysOverdue(later, at, zone) !== 0) return;
          expect(daysOverdue(due, at, zone)).toBe(n);
        },
      ),
    );
  });
});

describe('ageingBucket', () => {
  it('buckets by daysOverdue, UTC unless a zone is given', () => {
    const due = new Date('2026-11-01T07:00:00Z'); // midnight November 1 in Los Angeles (PDT; PST from 02:00)
    expect(ageingBucket(due, new Date('2026-11-02T07:59:00Z'), LA)).toBe('current');
    expect(ageingBucket(due, new Date('2026-11-02T08:00:00Z'), LA)).toBe('1-30');
    // The same instants on UTC's calendar: November 1 is the due day, November 2 the next.
    expect(ageingBucket(due, new Date('2026-11-02T07:59:00Z'))).toBe('1-30');
    expect(ageingBucket(due, new Date('2026-11-01T23:59:00Z'))).toBe('current');
    expect(ageingBucket(null, new Date(), LA)).toBe('current');
  });
});
