import { describe, expect, it } from 'vitest';
import {
  automationSettingsSaveSchema,
  automationSettingsSchema,
  DEFAULT_AUTOMATION_SETTINGS,
  DEFAULT_STUDIO_SETTINGS,
  isPrivateLogoHost,
  PRIVATE_LOGO_HOST,
  readAutomationSettings,
  readSettingsVersion,
  readStudioSettings,
  settingsSaveVersion,
  studioSettingsSaveSchema,
  studioSettingsSchema,
} from '../src/settings.js';

const VALID = {
  businessName: ' Studio Co ',
  postalAddress: '1 Road',
  contactEmail: 'A@B.CO',
  taxId: ' ',
  logoUrl: '',
  paymentTermsDays: 30,
  invoiceFooter: 'Thanks',
};

describe('studio settings', () => {
  it('trims, lowercases, turns blanks to null', () => {
    expect(studioSettingsSchema.parse(VALID)).toEqual({
      ...VALID,
      businessName: 'Studio Co',
      contactEmail: 'a@b.co',
      taxId: null,
      // Absent: no tax until the owner sets a rate.
      taxRateBps: 0,
      taxLabel: 'Tax',
      logoUrl: null,
      // Absent: UTC, the schedules' clock before the setting existed.
      timeZone: 'UTC',
      // Absent (settings saved before the legal fields): none, not VAT-registered.
      legalName: null,
      legalAddress: null,
      country: null,
      vatRegistered: false,
    });
  });

  it('reads the legal fields: country canonical, blanks as null', () => {
    const s = studioSettingsSchema.parse({
      ...VALID,
      legalName: '  Studio Co GmbH ',
      legalAddress: '',
      country: 'de',
      vatRegistered: true,
    });
    expect(s).toMatchObject({ legalName: 'Studio Co GmbH', legalAddress: null, country: 'DE', vatRegistered: true });
    expect(studioSettingsSchema.safeParse({ ...VALID, country: 'XX' }).success).toBe(false);
    expect(studioSettingsSchema.safeParse({ ...VALID, vatRegistered: 'yes' }).success).toBe(false);
  });

  it('rejects unknown keys, http logos and fractional terms', () => {
    expect(studioSettingsSchema.safeParse({ ...VALID, admin: true }).success).toBe(false);
    expect(studioSettingsSchema.safeParse({ ...VALID, logoUrl: 'http://x.example/l.png' }).success).toBe(false);
    expect(studioSettingsSchema.safeParse({ ...VALID, paymentTermsDays: 2.5 }).success).toBe(false);
  });

  it('reads stored documents (with their metadata) and falls back to defaults', () => {
    expect(
      readStudioSettings({ ...studioSettingsSchema.parse(VALID), updatedAt: new Date(), updatedBy: 'admin' })
        .businessName,
    ).toBe('Studio Co');
    expect(readStudioSettings(undefined)).toEqual(DEFAULT_STUDIO_SETTINGS);
    expect(readStudioSettings({ businessName: 42 })).toEqual(DEFAULT_STUDIO_SETTINGS);
    expect(readAutomationSettings(undefined)).toEqual(DEFAULT_AUTOMATION_SETTINGS);
    expect(Object.values(DEFAULT_AUTOMATION_SETTINGS).every((a) => !a.enabled)).toBe(true);
  });

  it('automations: overdue days increasing and distinct', () => {
    const ok = { ...DEFAULT_AUTOMATION_SETTINGS, invoiceOverdue: { enabled: true, days: [1, 7, 14] } };
    expect(automationSettingsSchema.safeParse(ok).success).toBe(true);
    expect(automationSettingsSchema.safeParse({ ...ok, invoiceOverdue: { enabled: true, days: [7, 7] } }).success).toBe(
      false,
    );
    expect(automationSettingsSchema.safeParse({ ...ok, quoteFollowUp: { enabled: true, days: 91 } }).success).toBe(
      false,
    );
  });
});

describe('settings versions: a save must start from the stored version', () => {
  it('reads a stored version, 0 when there is none or it is not a whole number ≥ 0', () => {
    expect(readSettingsVersion({ version: 4 })).toBe(4);
    for (const data of [undefined, null, {}, { version: -1 }, { version: 1.5 }, { version: '4' }])
      expect(readSettingsVersion(data)).toBe(0);
  });

  it('a save from the stored version writes the next one; any other is stale', () => {
    expect(settingsSaveVersion(0, 0)).toBe(1);
    expect(settingsSaveVersion(4, 4)).toBe(5);
    expect(settingsSaveVersion(5, 4)).toBeNull();
    expect(settingsSaveVersion(4, 5)).toBeNull();
  });

  it('the save bodies require the version beside the settings, and stay strict', () => {
    const studio = { ...DEFAULT_STUDIO_SETTINGS, taxId: '', logoUrl: '' };
    expect(studioSettingsSaveSchema.safeParse(studio).success).toBe(false);
    expect(studioSettingsSaveSchema.parse({ ...studio, version: 2 })).toMatchObject({ version: 2, taxId: null });
    expect(studioSettingsSaveSchema.safeParse({ ...studio, version: 2, extra: 1 }).success).toBe(false);
    expect(automationSettingsSaveSchema.safeParse({ ...DEFAULT_AUTOMATION_SETTINGS, version: 0 }).success).toBe(true);
    expect(automationSettingsSaveSchema.safeParse(DEFAULT_AUTOMATION_SETTINGS).success).toBe(false);
  });

  it('the stored version is not a setting: documents with it still parse', () => {
    expect(readStudioSettings({ ...DEFAULT_STUDIO_SETTINGS, version: 3, updatedBy: 'a' })).toEqual(
      DEFAULT_STUDIO_SETTINGS,
    );
  });
});

describe('the logo host', () => {
  it('is private as written: localhost names, and loopback, private, link-local or mapped IP literals in any form', () => {
    for (const url of [
      'https://localhost/logo.png',
      'https://cdn.localhost/logo.png',
      'https://nas.local/logo.png',
      'https://metadata.google.internal/logo.png',
      'https://127.0.0.1:8443/',
      'https://2130706433/',
      'https://0x7f.1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.1.2.3/',
      'https://172.20.0.1/',
      'https://192.168.1.1/',
      'https://100.64.0.1/',
      'https://0.0.0.0/',
      'https://[::1]/',
      'https://[::]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[fe80::1]/',
      'https://[fd00::1]/',
      'not a url',
    ])
      expect(isPrivateLogoHost(url), url).toBe(true);
    for (const url of [
      'https://studio.example/logo.png',
      'https://8.8.8.8/logo.png',
      'https://172.32.0.1/logo.png',
      'https://[2606:4700::1111]/logo.png',
    ])
      expect(isPrivateLogoHost(url), url).toBe(false);
  });

  it('a save refuses a private host with its message; a stored one still reads, with every other setting', () => {
    const stored = { ...VALID, logoUrl: 'https://127.0.0.1/logo.png' };
    expect(studioSettingsSchema.safeParse(stored).error?.issues[0]?.message).toBe(PRIVATE_LOGO_HOST);
    expect(readStudioSettings(stored)).toMatchObject({
      businessName: 'Studio Co',
      logoUrl: 'https://127.0.0.1/logo.png',
    });
  });
});
