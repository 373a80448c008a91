import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  DEFAULT_STUDIO_SETTINGS,
  hourIn,
  readStudioSettings,
  REMINDER_SEND_HOUR,
  studioSettingsSchema,
  TIME_ZONE_MESSAGE,
} from '../src/index.js';

describe('the studio time zone', () => {
  it('takes IANA names in their canonical spelling and refuses anything else', () => {
    expect(canonicalTimeZone('America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(canonicalTimeZone('america/los_angeles')).toBe('America/Los_Angeles');
    expect(canonicalTimeZone(' Europe/Paris ')).toBe('Europe/Paris');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const bad of ['', 'Mars/Olympus_Mons', 'Europe/', '+25:00']) expect(canonicalTimeZone(bad), bad).toBeNull();
  });

  it('reads the hour on the studio clock, daylight saving time included', () => {
    expect(hourIn(new Date('2034-01-10T17:00:00Z'), 'America/Los_Angeles')).toBe(9); // PST, UTC-8
    expect(hourIn(new Date('2034-07-10T16:00:00Z'), 'America/Los_Angeles')).toBe(9); // PDT, UTC-7
    expect(hourIn(new Date('2034-07-10T07:00:00Z'), 'Europe/Paris')).toBe(REMINDER_SEND_HOUR); // CEST, UTC+2
    expect(hourIn(new Date('2034-07-10T00:30:00Z'), 'UTC')).toBe(0);
    expect(hourIn(new Date('2034-07-10T23:30:00Z'), 'Asia/Kolkata')).toBe(5); // UTC+5:30
  });

  it('is a setting: UTC when absent (documents saved before it), canonical when saved, refused when unknown', () => {
    const { timeZone: _absent, ...before } = DEFAULT_STUDIO_SETTINGS;
    expect(readStudioSettings(before).timeZone).toBe('UTC');
    expect(studioSettingsSchema.parse({ ...before, timeZone: 'asia/tokyo' }).timeZone).toBe('Asia/Tokyo');
    const bad = studioSettingsSchema.safeParse({ ...before, timeZone: 'Nowhere/Land' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['timeZone'], message: TIME_ZONE_MESSAGE });
  });
});
