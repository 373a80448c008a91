import { describe, expect, it } from 'vitest';
import { quoteLinkDocSchema } from '../src/index.js';

const ts = (iso: string) => ({ toDate: () => new Date(iso) });

describe('quoteLinkDocSchema', () => {
  it('reads a stored link, timestamps as Dates, extra fields ignored', () => {
    const link = quoteLinkDocSchema.parse({
      leadId: 'L1',
      quoteVersion: 2,
      expiresAt: ts('2026-04-01T00:00:00Z'),
      usedAt: null,
      revokedAt: ts('2026-03-05T00:00:00Z'),
      createdBy: 'admin',
    });
    expect(link).toEqual({
      leadId: 'L1',
      quoteVersion: 2,
      expiresAt: new Date('2026-04-01T00:00:00Z'),
      usedAt: null,
      revokedAt: new Date('2026-03-05T00:00:00Z'),
    });
  });

  it('refuses a link without a lead or with a non-timestamp expiry', () => {
    expect(
      quoteLinkDocSchema.safeParse({
        quoteVersion: 1,
        expiresAt: ts('2026-04-01T00:00:00Z'),
        usedAt: null,
        revokedAt: null,
      }).success,
    ).toBe(false);
    expect(
      quoteLinkDocSchema.safeParse({
        leadId: 'L1',
        quoteVersion: 1,
        expiresAt: '2026-04-01',
        usedAt: null,
        revokedAt: null,
      }).success,
    ).toBe(false);
  });
});
