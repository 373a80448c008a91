/** The CRM collections' stored-document schemas, each against a document as the server writes it. */
import { describe, expect, it } from 'vitest';
import {
  automationSettingsDocSchema,
  automationSettingsWriteSchema,
  DEFAULT_AUTOMATION_SETTINGS,
  leadBoardShardDocSchema,
  leadDocFieldsSchema,
  quoteAcceptanceDocSchema,
  quoteVersionDocSchema,
  reminderDocSchema,
  storedProjectDocSchema,
  studioSettingsDocSchema,
  studioSettingsWriteSchema,
  userDocSchema,
  type StudioSettings,
} from '../src/index.js';

const ts = (iso: string) => ({ toDate: () => new Date(iso) });

const studio: StudioSettings = {
  businessName: 'Northwind Studio',
  postalAddress: '12 Harbour Street\nBrighton BN1 1AA',
  contactEmail: 'hello@northwind-studio.example',
  taxId: null,
  taxRateBps: 0,
  taxLabel: 'Tax',
  logoUrl: null,
  paymentTermsDays: 14,
  invoiceFooter: 'Thank you for your business.',
  timeZone: 'Europe/London',
  legalName: null,
  legalAddress: null,
  country: null,
  vatRegistered: false,
};

describe('userDocSchema', () => {
  it('reads an admin profile (never a password field)', () => {
    expect(userDocSchema.parse({ id: 'u1', username: 'owner', createdAt: ts('2026-01-02T00:00:00Z') })).toEqual({
      id: 'u1',
      username: 'owner',
      createdAt: new Date('2026-01-02T00:00:00Z'),
    });
    expect(userDocSchema.safeParse({ id: 'u1' }).success).toBe(false);
  });
});

describe('quoteVersionDocSchema', () => {
  const plan = {
    leadId: 'L1',
    version: 1,
    source: 'plan',
    estimatedHours: 42.5,
    hourlyRateCents: 9_500,
    quoteAmountCents: 403_750,
    depositAmountCents: 201_875,
    finalAmountCents: 201_875,
    complexity: 'Medium',
    explanation: 'Base 42.5 h × $95.00',
    by: 'owner',
    at: ts('2026-03-01T10:00:00Z'),
  };
  it("reads a plan's version, and an edit's without an explanation", () => {
    expect(quoteVersionDocSchema.parse(plan)).toMatchObject({ source: 'plan', at: new Date('2026-03-01T10:00:00Z') });
    const { explanation: _e, ...edit } = { ...plan, source: 'edit', version: 2 };
    expect(quoteVersionDocSchema.parse(edit)).toMatchObject({ version: 2, explanation: null });
  });
  it('refuses amounts that are not whole cents, and unknown sources', () => {
    expect(quoteVersionDocSchema.safeParse({ ...plan, quoteAmountCents: 10.5 }).success).toBe(false);
    expect(quoteVersionDocSchema.safeParse({ ...plan, source: 'magic' }).success).toBe(false);
  });
});

describe('quoteAcceptanceDocSchema', () => {
  it("reads a client's acceptance evidence", () => {
    const doc = {
      leadId: 'L1',
      projectId: 'P1',
      quoteVersion: 2,
      quoteAmountCents: 500_000,
      at: ts('2026-03-02T09:00:00Z'),
      via: 'client',
      by: 'client',
      ip: '203.0.113.9',
      userAgent: 'Mozilla/5.0',
    };
    expect(quoteAcceptanceDocSchema.parse(doc)).toEqual({ ...doc, at: new Date('2026-03-02T09:00:00Z') });
    expect(quoteAcceptanceDocSchema.safeParse({ ...doc, via: 'email' }).success).toBe(false);
  });
});

describe('reminderDocSchema', () => {
  it('reads a sent reminder, and an old-format skip with only its lead and status', () => {
    const sent = reminderDocSchema.parse({
      leadId: 'L1',
      automation: 'quoteFollowUp',
      step: 1,
      days: 7,
      templateId: 'reminder-quote-follow-up',
      label: 'Quote follow-up (7 days)',
      dueAt: ts('2026-03-08T09:00:00Z'),
      runAt: ts('2026-03-08T09:00:00Z'),
      status: 'sent',
      outboxId: 'o1',
      by: 'system',
      at: ts('2026-03-08T09:00:01Z'),
    });
    expect(sent).toMatchObject({ status: 'sent', dueAt: new Date('2026-03-08T09:00:00Z'), legacyId: null });
    expect(reminderDocSchema.parse({ leadId: 'L1', status: 'skipped' })).toMatchObject({
      status: 'skipped',
      step: null,
    });
    expect(reminderDocSchema.safeParse({ leadId: 'L1' }).success).toBe(false);
  });
});

describe('leadBoardShardDocSchema', () => {
  it('reads the cards and the last changes document folded in; an entry that is not a card text reads as null', () => {
    expect(leadBoardShardDocSchema.parse({ cards: { a: '{"n":"Ada"}', b: 42 }, through: 3 })).toEqual({
      cards: { a: '{"n":"Ada"}', b: null },
      through: 3,
    });
    expect(leadBoardShardDocSchema.parse({})).toEqual({ cards: {}, through: 0 });
  });
});

describe('storedProjectDocSchema', () => {
  it("reads the server's bookkeeping dates beside the project", () => {
    const p = storedProjectDocSchema.parse({
      leadId: 'L1',
      name: 'Site',
      status: 'Set up',
      depositPaidAt: ts('2026-03-03T00:00:00Z'),
      startDate: null,
    });
    expect(p).toMatchObject({ depositPaidAt: new Date('2026-03-03T00:00:00Z'), startDate: null, completedDate: null });
  });
});

describe('leadDocFieldsSchema (lead writes)', () => {
  it('checks the fields an update writes, leaving the rest out', () => {
    expect(leadDocFieldsSchema.partial().safeParse({ status: 'Quoted', quoteReviewStatus: 'Approved' }).success).toBe(
      true,
    );
    expect(leadDocFieldsSchema.partial().safeParse({ status: 'Shipped' }).success).toBe(false);
  });
});

describe('settings documents', () => {
  it('read as their settings and version; missing or invalid documents read as the defaults', () => {
    const saved = { ...studio, version: 3, updatedBy: 'owner', updatedAt: ts('2026-03-01T00:00:00Z') };
    expect(studioSettingsDocSchema.parse(saved)).toEqual({ settings: studio, version: 3 });
    expect(automationSettingsDocSchema.parse({})).toEqual({ settings: DEFAULT_AUTOMATION_SETTINGS, version: 0 });
    expect(automationSettingsDocSchema.parse({ quoteFollowUp: 'on', version: 2 })).toEqual({
      settings: DEFAULT_AUTOMATION_SETTINGS,
      version: 2,
    });
  });
  it('a save is checked: the settings as parsed, with its version and author', () => {
    expect(studioSettingsWriteSchema.safeParse({ ...studio, version: 1, updatedBy: 'owner' }).success).toBe(true);
    expect(
      automationSettingsWriteSchema.safeParse({ ...DEFAULT_AUTOMATION_SETTINGS, version: 1, updatedBy: 'owner' })
        .success,
    ).toBe(true);
    expect(studioSettingsWriteSchema.safeParse({ ...studio, version: 1 }).success).toBe(false);
    expect(studioSettingsWriteSchema.safeParse({ ...studio, version: 1, updatedBy: 'o', stray: 1 }).success).toBe(
      false,
    );
  });
});
