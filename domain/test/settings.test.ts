import { describe, expect, it } from 'vitest';
import {
  automationSettingsSchema,
  DEFAULT_AUTOMATION_SETTINGS,
  DEFAULT_STUDIO_SETTINGS,
  readAutomationSettings,
  readStudioSettings,
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
      logoUrl: null,
    });
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
