import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { boardCardOf, decodeBoardCard, encodeBoardCard, groupLeadsForBoard, LEAD_BOARD_SHARD_IDS, LEAD_BOARD_SHARDS, leadBoardShardId, newLeadRecord, outcomesByReason, pipelineValueByStage, dashboardTiles } from '../src/index.js';

const created = new Date('2026-03-01T10:00:00Z');
const base = { ...newLeadRecord({ name: 'Ada', email: 'ada@example.com', subject: 'Shop', message: 'Hi', projectType: 'Web Project' }), createdAt: created, updatedAt: created };

describe('boardCardOf', () => {
  it('keeps the board fields and drops the rest (message, email, notes)', () => {
    const card = boardCardOf({ ...base, quoteAmountCents: 150_000, depositAmountCents: 75_000, quoteReviewStatus: 'Pending' as const });
    expect(card).toEqual({
      name: 'Ada',
      subject: 'Shop',
      projectType: base.projectType,
      status: 'New',
      quoteAmountCents: 150_000,
      depositAmountCents: 75_000,
      quoteGenerated: false,
      quoteReviewStatus: 'Pending',
      quoteAccepted: false,
      deadReason: null,
      testData: false,
      createdAt: created,
      updatedAt: created,
    });
    expect(Object.keys(card)).not.toContain('message');
    expect(Object.keys(card)).not.toContain('notes');
  });

  it('reads the dead reason from the notes when the field is empty, and marks test data', () => {
    const lost = boardCardOf({ ...base, status: 'Lost' as const, notes: 'call back\nDead Reason: Budget - 1/2/2026' });
    expect(lost.deadReason).toBe('Budget');
    expect(lost.testData).toBe(false);
    const test = boardCardOf({ ...base, status: 'Lost' as const, notes: 'Dead Reason: Test Data - 1/2/2026' });
    expect(test.testData).toBe(true);
  });

  it('gives a revived lead no dead reason, though its notes keep the line', () => {
    const revived = boardCardOf({ ...base, status: 'New' as const, deadReason: null, notes: 'call back\nDead Reason: Budget - 1/2/2026' });
    expect(revived.deadReason).toBeNull();
  });

  it('groups and counts lost reasons exactly as the leads it came from', () => {
    const leads = [
      { ...base, status: 'Lost' as const, notes: 'Dead Reason: Test Data - 1/2/2026' },
      { ...base, status: 'Lost' as const, notes: 'Dead Reason: Budget - 1/2/2026' },
      { ...base, status: 'Lost' as const, deadReason: 'Timing' },
      { ...base, status: 'Complete' as const },
      { ...base, status: 'Quoted' as const },
    ];
    const cards = leads.map((l) => boardCardOf(l));
    const sizes = (g: ReturnType<typeof groupLeadsForBoard>) => [g.won.length, g.dead.length, ...Object.values(g.columns).map((c) => c.length)];
    expect(sizes(groupLeadsForBoard(cards))).toEqual(sizes(groupLeadsForBoard(leads)));
    expect(outcomesByReason(cards)).toEqual(outcomesByReason(leads));
    expect(pipelineValueByStage(cards)).toEqual(pipelineValueByStage(leads));
    expect(dashboardTiles(cards)).toEqual(dashboardTiles(leads));
  });

  it('dates the card with createdAt when the lead has no updatedAt', () => {
    expect(boardCardOf({ ...base, updatedAt: null }).updatedAt).toBe(created);
  });
});

describe('encodeBoardCard / decodeBoardCard', () => {
  it('stores one JSON string, dates in epoch ms, the fields at their default left out', () => {
    const text = encodeBoardCard(boardCardOf(base));
    expect(JSON.parse(text)).toEqual({ name: 'Ada', subject: 'Shop', projectType: 'Web Project', status: 'New', createdAt: created.getTime(), updatedAt: created.getTime() });
    const quoted = { ...base, status: 'Quoted' as const, quoteAmountCents: 0, quoteGenerated: true, quoteReviewStatus: 'Approved' as const };
    expect(JSON.parse(encodeBoardCard(boardCardOf(quoted)))).toMatchObject({ quoteAmountCents: 0, quoteGenerated: true, quoteReviewStatus: 'Approved' });
  });

  it('reads back the card it stored', () => {
    for (const lead of [base, { ...base, status: 'Quoted' as const, quoteAmountCents: 0, quoteGenerated: true }, { ...base, status: 'Lost' as const, notes: 'Dead Reason: Test Data - 1/2/2026' }]) {
      expect(decodeBoardCard(encodeBoardCard(boardCardOf(lead)))).toEqual(boardCardOf(lead));
    }
  });

  it('encodes the same card to the same text, whatever the order of its fields', () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.integer({ min: 0, max: 10_000_000 })), fc.boolean(), fc.integer({ min: 0, max: 4_102_444_800_000 }), (name, quote, accepted, ms) => {
        const card = boardCardOf({ ...base, name, quoteAmountCents: quote, quoteAccepted: accepted, createdAt: new Date(ms), updatedAt: new Date(ms) });
        const reversed = Object.fromEntries(Object.entries(card).reverse()) as typeof card;
        expect(encodeBoardCard(reversed)).toBe(encodeBoardCard(card));
        expect(decodeBoardCard(encodeBoardCard(card))).toEqual(card);
      }),
    );
  });
});

describe('leadBoardShardId', () => {
  it('is stable and names one of the shards', () => {
    expect(leadBoardShardId('abc')).toBe(leadBoardShardId('abc'));
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), (id) => {
        const shard = leadBoardShardId(id);
        expect(shard).toMatch(/^shard-\d\d$/);
        expect(Number(shard.slice(6))).toBeLessThan(LEAD_BOARD_SHARDS);
      }),
    );
  });

  it('spreads Firestore auto-ids evenly (no shard above twice its share)', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) % alphabet.length);
    const counts = new Map<string, number>();
    const n = 6_400;
    for (let i = 0; i < n; i++) {
      const id = Array.from({ length: 20 }, () => alphabet[rand()]).join('');
      const s = leadBoardShardId(id);
      counts.set(s, (counts.get(s) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([...LEAD_BOARD_SHARD_IDS]);
    expect(Math.max(...counts.values())).toBeLessThan((2 * n) / LEAD_BOARD_SHARDS);
  });
});
