import { describe, expect, it } from 'vitest';
import {
  ATTENTION_AFTER_DAYS,
  ATTENTION_DAYS_RANGE,
  ageInDays,
  leadAttention,
  parseAttentionDays,
  DAY_MS,
} from '../src/index.js';

const now = new Date('2026-05-20T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * DAY_MS);

describe('ageInDays', () => {
  it('counts whole days and never goes negative', () => {
    expect(ageInDays(daysAgo(0), now)).toBe(0);
    expect(ageInDays(new Date(now.getTime() - DAY_MS + 1), now)).toBe(0);
    expect(ageInDays(daysAgo(3), now)).toBe(3);
    expect(ageInDays(new Date(now.getTime() + DAY_MS), now)).toBe(0);
  });
});

describe('leadAttention', () => {
  it('flags an open lead once it has sat N days, with N as given', () => {
    const lead = { status: 'Contacted' as const, updatedAt: daysAgo(5) };
    expect(leadAttention(lead, now, 5)).toEqual({ ageDays: 5, needsAttention: true });
    expect(leadAttention(lead, now, 6)).toEqual({ ageDays: 5, needsAttention: false });
    expect(leadAttention(lead, now, 1).needsAttention).toBe(true);
  });

  it('defaults N to ATTENTION_AFTER_DAYS', () => {
    expect(ATTENTION_AFTER_DAYS).toBe(7);
    expect(leadAttention({ status: 'New', updatedAt: daysAgo(6) }, now).needsAttention).toBe(false);
    expect(leadAttention({ status: 'New', updatedAt: daysAgo(7) }, now).needsAttention).toBe(true);
  });

  it('never flags won or dead leads', () => {
    for (const status of ['Complete', 'Won', 'Subscription Expired', 'Lost'] as const) {
      expect(leadAttention({ status, updatedAt: daysAgo(400) }, now, 1)).toEqual({
        ageDays: 400,
        needsAttention: false,
      });
    }
  });

  it('flags Deposit and Payment Failed leads, which sit in the Set Up column', () => {
    for (const status of ['Deposit', 'Payment Failed'] as const)
      expect(leadAttention({ status, updatedAt: daysAgo(8) }, now, 7).needsAttention).toBe(true);
  });

  it('treats a missing or invalid date as age 0', () => {
    expect(leadAttention({ status: 'New' }, now, 1)).toEqual({ ageDays: 0, needsAttention: false });
    expect(leadAttention({ status: 'New', updatedAt: new Date('nope') }, now, 1).ageDays).toBe(0);
  });
});

describe('parseAttentionDays', () => {
  it('accepts whole days within the range, as text or number', () => {
    expect(ATTENTION_DAYS_RANGE).toEqual({ min: 1, max: 90 });
    expect(parseAttentionDays('1')).toBe(1);
    expect(parseAttentionDays(' 14 ')).toBe(14);
    expect(parseAttentionDays(90)).toBe(90);
    expect(parseAttentionDays('007')).toBe(7);
  });

  it('refuses anything else', () => {
    for (const bad of ['', '0', '91', '3.5', '-2', '1e1', 'abc', '1000', null, undefined, 3.5, Number.NaN, {}]) {
      expect(parseAttentionDays(bad), String(bad)).toBeNull();
    }
  });
});
