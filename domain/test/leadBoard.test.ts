import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  boardCardOf,
  CARD_UNREAD_MAX,
  CARD_TEXT_BUDGET_BYTES,
  clipCardText,
  decodeBoardCard,
  encodeBoardCard,
  FIRESTORE_MAX_DOCUMENT_BYTES,
  groupLeadsForBoard,
  jsonTextBytes,
  largestBoardCard,
  LEAD_BOARD_SHARD_CARD_CAPACITY,
  LEAD_BOARD_SHARD_IDS,
  LEAD_BOARD_SHARDS,
  leadBoardCapacity,
  leadBoardNeedsRebuild,
  leadBoardShardCount,
  leadBoardShardId,
  leadBoardShardIds,
  LIMITS,
  MAX_CARD_ENTRY_BYTES,
  MAX_ENCODED_CARD_BYTES,
  newLeadRecord,
  outcomesByReason,
  pipelineValueByStage,
  dashboardTiles,
} from '../src/index.js';

const created = new Date('2026-03-01T10:00:00Z');
const base = {
  ...newLeadRecord({
    name: 'Ada',
    email: 'ada@example.com',
    subject: 'Shop',
    message: 'Hi',
    projectType: 'Web Project',
  }),
  createdAt: created,
  updatedAt: created,
};

describe('boardCardOf', () => {
  it('keeps the board fields, the address among them (the search reads it), and drops the rest (message, notes)', () => {
    const card = boardCardOf({
      ...base,
      quoteAmountCents: 150_000,
      depositAmountCents: 75_000,
      quoteReviewStatus: 'Pending' as const,
    });
    expect(card).toEqual({
      name: 'Ada',
      subject: 'Shop',
      projectType: base.projectType,
      status: 'New',
      quoteAmountCents: 150_000,
      depositAmountCents: 75_000,
      quoteGenerated: false,
      email: 'ada@example.com',
      quoteReviewStatus: 'Pending',
      quoteAccepted: false,
      deadReason: null,
      testData: false,
      proposal: null,
      unread: 0,
      createdAt: created,
      updatedAt: created,
    });
    expect(Object.keys(card)).not.toContain('message');
    expect(Object.keys(card)).not.toContain('notes');
  });

  it('counts the unread client messages, at most CARD_UNREAD_MAX, and leaves a zero count out of the stored text', () => {
    expect(boardCardOf({ ...base, unreadMessages: 3 }).unread).toBe(3);
    expect(boardCardOf({ ...base, unreadMessages: 500 }).unread).toBe(CARD_UNREAD_MAX);
    expect(boardCardOf({ ...base, unreadMessages: null }).unread).toBe(0);
    expect(encodeBoardCard(boardCardOf(base))).not.toContain('unread');
    expect(decodeBoardCard(encodeBoardCard(boardCardOf({ ...base, unreadMessages: 2 }))).unread).toBe(2);
  });

  it('reads the dead reason from the notes when the field is empty, and marks test data', () => {
    const lost = boardCardOf({ ...base, status: 'Lost' as const, notes: 'call back\nDead Reason: Budget - 1/2/2026' });
    expect(lost.deadReason).toBe('Budget');
    expect(lost.testData).toBe(false);
    const test = boardCardOf({ ...base, status: 'Lost' as const, notes: 'Dead Reason: Test Data - 1/2/2026' });
    expect(test.testData).toBe(true);
  });

  it('gives a revived lead no dead reason, though its notes keep the line', () => {
    const revived = boardCardOf({
      ...base,
      status: 'New' as const,
      deadReason: null,
      notes: 'call back\nDead Reason: Budget - 1/2/2026',
    });
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
    const sizes = (g: ReturnType<typeof groupLeadsForBoard>) => [
      g.won.length,
      g.dead.length,
      ...Object.values(g.columns).map((c) => c.length),
    ];
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
    expect(JSON.parse(text)).toEqual({
      name: 'Ada',
      subject: 'Shop',
      projectType: 'Web Project',
      status: 'New',
      email: 'ada@example.com',
      createdAt: created.getTime(),
      updatedAt: created.getTime(),
    });
    const quoted = {
      ...base,
      status: 'Quoted' as const,
      quoteAmountCents: 0,
      quoteGenerated: true,
      quoteReviewStatus: 'Approved' as const,
    };
    expect(JSON.parse(encodeBoardCard(boardCardOf(quoted)))).toMatchObject({
      quoteAmountCents: 0,
      quoteGenerated: true,
      quoteReviewStatus: 'Approved',
    });
  });

  it('reads back the card it stored', () => {
    for (const lead of [
      base,
      { ...base, status: 'Quoted' as const, quoteAmountCents: 0, quoteGenerated: true },
      { ...base, status: 'Lost' as const, notes: 'Dead Reason: Test Data - 1/2/2026' },
    ]) {
      expect(decodeBoardCard(encodeBoardCard(boardCardOf(lead)))).toEqual(boardCardOf(lead));
    }
  });

  it('reads a date left out as an invalid Date, which it leaves out again', () => {
    const text = JSON.stringify({ name: 'Ada', subject: 'Shop', projectType: 'Web Project', status: 'New' });
    const card = decodeBoardCard(text);
    expect(card.createdAt).toBeInstanceOf(Date);
    expect(Number.isNaN(card.createdAt.getTime())).toBe(true);
    expect(Number.isNaN(card.updatedAt.getTime())).toBe(true);
    expect(encodeBoardCard(card)).toBe(text);
  });

  it('encodes the same card to the same text, whatever the order of its fields', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.option(fc.integer({ min: 0, max: 10_000_000 })),
        fc.boolean(),
        fc.integer({ min: 0, max: 4_102_444_800_000 }),
        (name, quote, accepted, ms) => {
          const card = boardCardOf({
            ...base,
            name,
            quoteAmountCents: quote,
            quoteAccepted: accepted,
            createdAt: new Date(ms),
            updatedAt: new Date(ms),
          });
          const reversed = Object.fromEntries(Object.entries(card).reverse()) as typeof card;
          expect(encodeBoardCard(reversed)).toBe(encodeBoardCard(card));
          expect(decodeBoardCard(encodeBoardCard(card))).toEqual(card);
        },
      ),
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
    const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) % alphabet.length;
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

/** Firestore-style auto ids (20 characters), from a fixed seed. */
function autoIds(n: number, seed = 7): string[] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let x = seed;
  const rand = () => {
    // xorshift32: every bit usable
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % alphabet.length;
  };
  return Array.from({ length: n }, () => Array.from({ length: 20 }, () => alphabet[rand()]).join(''));
}

const bytes = (s: string) => new TextEncoder().encode(s).length;

describe('card text budget', () => {
  it('leaves text that fits as it is', () => {
    expect(clipCardText('Ada Lovelace', 120)).toBe('Ada Lovelace');
    expect(clipCardText('界'.repeat(40), 120)).toBe('界'.repeat(40));
  });

  // CPU-bound (100 generated texts of up to 400 code units, each clipped and measured): about a second alone,
  // past vitest's 5 s default when both cores are busy, so its timeout is sized for its work, not for a wait.
  it('clips longer text between code points, within the budget, ending in an ellipsis', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), fc.integer({ min: 8, max: 200 }), (text, max) => {
        const clipped = clipCardText(text, max);
        expect(jsonTextBytes(clipped)).toBeLessThanOrEqual(max);
        if (clipped !== text) {
          expect(clipped.endsWith('…')).toBe(true);
          expect(text.startsWith(clipped.slice(0, -1))).toBe(true);
        }
      }),
    );
    const emoji = clipCardText('😀'.repeat(100), 10); // 4 bytes each: one fits beside the 3-byte ellipsis, never half of one
    expect(emoji).toBe('😀…');
    expect(jsonTextBytes('a"\\\n\u0001')).toBe(1 + 2 + 2 + 2 + 6);
  });

  it('clips a card (name, subject, a dead reason from a 10,000-character note); the lead keeps its text', () => {
    const lead = {
      ...base,
      status: 'Lost' as const,
      name: 'N'.repeat(LIMITS.name),
      subject: 'S'.repeat(LIMITS.subject),
      notes: `Dead Reason: ${'r'.repeat(LIMITS.note - 40)} - 1/2/2026`,
    };
    const card = boardCardOf(lead);
    expect(jsonTextBytes(card.name)).toBeLessThanOrEqual(CARD_TEXT_BUDGET_BYTES.name);
    expect(jsonTextBytes(card.subject)).toBeLessThanOrEqual(CARD_TEXT_BUDGET_BYTES.subject);
    expect(jsonTextBytes(card.deadReason!)).toBeLessThanOrEqual(CARD_TEXT_BUDGET_BYTES.deadReason);
    expect(card.subject.startsWith('SSSS')).toBe(true);
    expect(lead.subject).toHaveLength(LIMITS.subject);
    expect(bytes(encodeBoardCard(card))).toBeLessThan(MAX_ENCODED_CARD_BYTES);
  });

  it('keeps every card, whatever its text, within MAX_ENCODED_CARD_BYTES; the largest card is at it', () => {
    expect(bytes(encodeBoardCard(largestBoardCard()))).toBeLessThanOrEqual(MAX_ENCODED_CARD_BYTES);
    expect(bytes(encodeBoardCard(largestBoardCard()))).toBeGreaterThan(MAX_ENCODED_CARD_BYTES - 16);
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: LIMITS.name }),
        fc.string({ unit: 'binary', maxLength: LIMITS.subject }),
        fc.string({ unit: 'binary', maxLength: 2_000 }),
        (name, subject, deadReason) => {
          const card = boardCardOf({
            ...base,
            name,
            subject,
            status: 'Lost' as const,
            deadReason,
            quoteAmountCents: 99_999_999_99,
            depositAmountCents: 49_999_999_99,
            quoteGenerated: true,
            quoteAccepted: true,
            quoteReviewStatus: 'Needs Revision' as const,
          });
          expect(bytes(encodeBoardCard(card))).toBeLessThanOrEqual(MAX_ENCODED_CARD_BYTES);
        },
      ),
    );
  });
});

describe('board capacity', () => {
  it('fits LEAD_BOARD_SHARD_CARD_CAPACITY of the largest cards in one shard under 1 MiB', () => {
    expect(LEAD_BOARD_SHARD_CARD_CAPACITY * MAX_CARD_ENTRY_BYTES).toBeLessThanOrEqual(
      FIRESTORE_MAX_DOCUMENT_BYTES - 1_024,
    );
    expect(LEAD_BOARD_SHARD_CARD_CAPACITY).toBe(1_322);
    expect(leadBoardCapacity()).toBe(35_958); // the figure in docs/operations.md
    // Twice the shards, twice the room (within the rounding down of each figure).
    expect(leadBoardCapacity(64) - 2 * leadBoardCapacity(32)).toBeGreaterThanOrEqual(0);
    expect(leadBoardCapacity(64) - 2 * leadBoardCapacity(32)).toBeLessThanOrEqual(1);
  });

  it.each([32, 64])('at leadBoardCapacity(%i) auto-id leads, the fullest shard still fits', (shards) => {
    const counts = new Map<string, number>();
    for (const id of autoIds(leadBoardCapacity(shards), shards)) {
      const s = leadBoardShardId(id, shards);
      counts.set(s, (counts.get(s) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(leadBoardShardIds(shards));
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(LEAD_BOARD_SHARD_CARD_CAPACITY);
  });
});

describe('shard count', () => {
  it("reads the count from the board's _meta document, defaulting to LEAD_BOARD_SHARDS", () => {
    expect(leadBoardShardCount(undefined)).toBe(LEAD_BOARD_SHARDS);
    expect(leadBoardShardCount({})).toBe(LEAD_BOARD_SHARDS);
    expect(leadBoardShardCount({ shards: 64, needsRebuild: false })).toBe(64);
    for (const bad of [{ shards: 0 }, { shards: 2.5 }, { shards: '64' }, { shards: 100_000 }])
      expect(leadBoardShardCount(bad)).toBe(LEAD_BOARD_SHARDS);
    expect(leadBoardNeedsRebuild({ needsRebuild: true, failedLeadIds: ['a'] })).toBe(true);
    expect(leadBoardNeedsRebuild(undefined)).toBe(false);
  });

  it('places cards among any number of shards, the default placement unchanged', () => {
    expect(leadBoardShardIds(LEAD_BOARD_SHARDS)).toEqual([...LEAD_BOARD_SHARD_IDS]);
    for (const id of autoIds(200)) {
      expect(leadBoardShardId(id)).toBe(leadBoardShardId(id, LEAD_BOARD_SHARDS));
      expect(leadBoardShardIds(128)).toContain(leadBoardShardId(id, 128));
    }
  });
});

describe('decodeBoardCard parses the stored text', () => {
  it('reads a card of a sparse lead (no subject or project type) with the defaults', () => {
    expect(decodeBoardCard(JSON.stringify({ name: 'Ada', status: 'New', createdAt: 0 }))).toMatchObject({
      name: 'Ada',
      subject: '',
      projectType: 'Web Project',
      quoteAmountCents: null,
      testData: false,
      createdAt: new Date(0),
    });
  });

  it('refuses a card with a wrong type, an unknown status or no name', () => {
    const ok = { name: 'Ada', subject: 'Shop', projectType: 'Web Project', status: 'New' };
    expect(() => decodeBoardCard(JSON.stringify(ok))).not.toThrow();
    expect(() => decodeBoardCard(JSON.stringify({ ...ok, quoteAmountCents: '4000' }))).toThrow();
    expect(() => decodeBoardCard(JSON.stringify({ ...ok, createdAt: '2026-03-01' }))).toThrow();
    expect(() => decodeBoardCard(JSON.stringify({ ...ok, status: 'Pending' }))).toThrow();
    expect(() => decodeBoardCard(JSON.stringify({ ...ok, name: undefined }))).toThrow();
    expect(() => decodeBoardCard('not json')).toThrow(SyntaxError);
  });
});
