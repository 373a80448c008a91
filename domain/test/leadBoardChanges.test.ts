import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  foldLeadBoardShard,
  LEAD_BOARD_CHANGES_MAX_BYTES,
  LEAD_BOARD_FOLD_AT,
  leadBoardChangePlan,
  leadBoardChangesDocSchema,
  leadBoardChangesId,
  leadBoardChangesSeq,
  leadBoardChangesState,
  leadBoardEntryBytes,
  leadBoardFoldDue,
  leadBoardShardDocSchema,
  leadBoardShardId,
  leadBoardShardIds,
  MAX_ENCODED_CARD_BYTES,
  mergeLeadBoard,
  type BoardChangesLayer,
  type BoardShardLayer,
} from '../src/index.js';

describe('changes document ids', () => {
  it('numbers them from 1, and tells them from shards and _meta', () => {
    expect(leadBoardChangesId(1)).toBe('changes-000001');
    expect(leadBoardChangesSeq('changes-000042')).toBe(42);
    expect(leadBoardChangesSeq(leadBoardChangesId(123_456))).toBe(123_456);
    for (const id of ['shard-00', '_meta', 'changes-', 'changes-x', 'changes-000000'])
      expect(leadBoardChangesSeq(id)).toBeNull();
  });

  it('reads a stored changes document, leaving out entries that are not cards', () => {
    expect(leadBoardChangesDocSchema.parse({ cards: { a: '{"name":"A"}', b: 3 } }).cards).toEqual({
      a: '{"name":"A"}',
    });
    expect(leadBoardChangesDocSchema.parse({}).cards).toEqual({});
    expect(leadBoardShardDocSchema.parse({ cards: {} }).through).toBe(0);
    expect(leadBoardShardDocSchema.parse({ cards: {}, through: 7 }).through).toBe(7);
  });
});

describe('leadBoardChangePlan', () => {
  const card = (n: number) => 'x'.repeat(n);
  it('writes into the open document while the cards fit, and seals it once the next would pass the cap', () => {
    const open: Record<string, string> = {};
    let i = 0;
    while (leadBoardChangePlan(open, `lead-${i}`, card(700)) === 'write') open[`lead-${i++}`] = card(700);
    let bytes = 0;
    for (const [id, text] of Object.entries(open)) bytes += leadBoardEntryBytes(id, text);
    expect(bytes).toBeLessThanOrEqual(LEAD_BOARD_CHANGES_MAX_BYTES);
    expect(bytes + leadBoardEntryBytes(`lead-${i}`, card(700))).toBeGreaterThan(LEAD_BOARD_CHANGES_MAX_BYTES);
    // The same lead again replaces its entry: a smaller or equal card still fits.
    expect(leadBoardChangePlan(open, 'lead-0', card(700))).toBe('write');
    expect(leadBoardChangePlan(open, 'lead-0', card(600))).toBe('write');
  });

  it('always takes a card into an empty document', () => {
    expect(leadBoardChangePlan({}, 'a', card(MAX_ENCODED_CARD_BYTES))).toBe('write');
  });
});

describe('fold bookkeeping', () => {
  it('starts at document 1 with nothing folded, and folds once LEAD_BOARD_FOLD_AT are sealed', () => {
    expect(leadBoardChangesState({})).toEqual({ open: 1, folded: 0 });
    expect(leadBoardChangesState({ open: 5, folded: 9 })).toEqual({ open: 5, folded: 4 });
    expect(leadBoardFoldDue({ open: LEAD_BOARD_FOLD_AT, folded: 0 })).toBe(false);
    expect(leadBoardFoldDue({ open: LEAD_BOARD_FOLD_AT + 1, folded: 0 })).toBe(true);
    expect(leadBoardFoldDue({ open: LEAD_BOARD_FOLD_AT + 11, folded: 10 })).toBe(true);
  });
});

describe('mergeLeadBoard', () => {
  const shards = 4;
  const home = (id: string) => leadBoardShardId(id, shards);
  it('takes the newest changes entry above its shard’s through, else the shard’s card', () => {
    const layers = new Map<string, BoardShardLayer>(
      leadBoardShardIds(shards).map((s) => [s, { through: 0, cards: {} }]),
    );
    const a = 'lead-a';
    layers.set(home(a), { through: 2, cards: { [a]: 'base' } });
    const merged = mergeLeadBoard(shards, layers, [
      { seq: 3, cards: { [a]: 'three', b: 'b3' } },
      { seq: 2, cards: { [a]: 'two (folded already)' } },
      { seq: 4, cards: { b: 'b4' } },
    ]);
    expect(merged.get(a)).toBe('three');
    expect(merged.get('b')).toBe('b4');
    expect(mergeLeadBoard(shards, layers, [{ seq: 2, cards: { [a]: 'old' } }]).get(a)).toBe('base');
  });

  it('leaves out shard entries that are not cards', () => {
    const merged = mergeLeadBoard(1, new Map([['shard-00', { through: 0, cards: { x: null, y: 'y' } }]]), []);
    expect([...merged]).toEqual([['y', 'y']]);
  });

  // Folding the sealed documents into every shard and dropping them never changes what the board shows.
  it('reads the same board before and after a fold', () => {
    const id = fc.constantFrom(...Array.from({ length: 12 }, (_, i) => `lead-${i}`));
    const cards = fc.dictionary(id, fc.string({ maxLength: 3 }));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(cards, { maxLength: 8 }),
        fc.array(cards, { minLength: 1, maxLength: 8 }),
        fc.nat(),
        (count, bases, docs, cut) => {
          const ids = leadBoardShardIds(count);
          const layers = new Map<string, BoardShardLayer>(ids.map((s) => [s, { through: 0, cards: {} }]));
          for (const base of bases)
            for (const [lead, text] of Object.entries(base))
              (layers.get(leadBoardShardId(lead, count))!.cards as Record<string, string>)[lead] = text;
          const changes: BoardChangesLayer[] = docs.map((c, i) => ({ seq: i + 1, cards: c }));
          const before = mergeLeadBoard(count, layers, changes);
          const k = cut % (changes.length + 1);
          const folded = new Map(
            ids.map((s) => [
              s,
              { through: k, cards: foldLeadBoardShard(s, count, layers.get(s)!, changes.slice(0, k)) },
            ]),
          );
          // Half folded (some shards only) reads the same too: the rest still take the entries from the documents.
          const half = new Map(ids.map((s, i) => [s, i % 2 ? folded.get(s)! : layers.get(s)!]));
          expect(mergeLeadBoard(count, folded, changes.slice(k))).toEqual(before);
          expect(mergeLeadBoard(count, half, changes)).toEqual(before);
        },
      ),
    );
  });
});
