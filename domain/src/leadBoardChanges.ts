/**
 * The CRM board's recent changes (spec §2 "CRM dashboard"; docs/architecture.md
 * "The board's bytes per change"): where a lead's new card goes, and how the
 * board reads its cards back.
 *
 * Firestore sends a listener the whole document that changed. A card written
 * into its shard (leadBoard.ts) therefore sends the whole shard to every open
 * board: about 170 KB per lead change at 20,000 leads over 32 shards. So a
 * changed card is not written into its shard but into the board's open
 * changes document, `lead_board/changes-NNNNNN` (leadBoardChangesId), a map
 * like a shard's that holds at most LEAD_BOARD_CHANGES_MAX_BYTES of cards.
 * When the next card would pass that, the document is sealed (never written
 * again, except to erase a deleted lead's card) and the next number opens
 * (`_meta.open`). When LEAD_BOARD_FOLD_AT sealed documents have gathered, the
 * server folds them into the shards (each shard records the last one it took,
 * `through`) and deletes them: one rewrite of the whole board every few
 * hundred changes instead of one shard per change.
 *
 * The board reads the one collection: `_meta`, the shards and the changes
 * documents (at most LEAD_BOARD_FOLD_AT + 1 of them while folds succeed), and
 * merges them with mergeLeadBoard: a lead's card is its entry in the newest
 * changes document newer than its shard's `through`, else its shard's entry.
 */
import { z } from 'zod';
import { leadBoardShardId, type EncodedBoardCard } from './leadBoard.js';

/** Most bytes of card entries (key and text, leadBoardEntryBytes) one changes document holds. */
export const LEAD_BOARD_CHANGES_MAX_BYTES = 16_384;

/**
 * How many sealed changes documents make the server fold them into the
 * shards. Each is one more read per dashboard load: with 32 shards and
 * `_meta` the board reads at most 32 + 1 + 25 documents.
 */
export const LEAD_BOARD_FOLD_AT = 24;

const CHANGES_PREFIX = 'changes-';

/** The id of changes document number `seq` (from 1): "changes-000001". */
export function leadBoardChangesId(seq: number): string {
  return `${CHANGES_PREFIX}${String(seq).padStart(6, '0')}`;
}

/** The number of a changes document id ("changes-000042" → 42), or null for any other id (a shard, `_meta`). */
export function leadBoardChangesSeq(id: string): number | null {
  if (!id.startsWith(CHANGES_PREFIX)) return null;
  const n = Number(id.slice(CHANGES_PREFIX.length));
  return Number.isInteger(n) && n >= 1 ? n : null;
}

/**
 * A changes document of LEAD_BOARD_COLLECTION: `cards` maps a lead id to its
 * encoded card, the newest written while the document was open. An entry
 * that is not a string is left out.
 */
export const leadBoardChangesDocSchema = z.object({
  cards: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((cards) => {
      const out: Record<string, EncodedBoardCard> = {};
      for (const [id, text] of Object.entries(cards ?? {})) if (typeof text === 'string') out[id] = text;
      return out;
    }),
});
export type LeadBoardChangesDoc = z.output<typeof leadBoardChangesDocSchema>;

const utf8 = new TextEncoder();

/** Bytes one card takes in a shard's or changes document's map: its key (+ 1) and its text (+ 1), as Firestore counts them. */
export function leadBoardEntryBytes(leadId: string, card: EncodedBoardCard): number {
  return utf8.encode(leadId).length + 1 + utf8.encode(card).length + 1;
}

/** Bytes of card entries `cards` takes (leadBoardEntryBytes summed). */
export function leadBoardCardsBytes(cards: Readonly<Record<string, EncodedBoardCard>>): number {
  let total = 0;
  for (const [id, text] of Object.entries(cards)) total += leadBoardEntryBytes(id, text);
  return total;
}

/**
 * Whether `leadId`'s new card fits in the open changes document holding
 * `open`: 'write' when it does (the lead's older entry there, if any, is
 * replaced), 'seal' when it would pass LEAD_BOARD_CHANGES_MAX_BYTES (the card
 * then opens the next document). An empty document always takes the card.
 */
export function leadBoardChangePlan(
  open: Readonly<Record<string, EncodedBoardCard>>,
  leadId: string,
  card: EncodedBoardCard,
): 'write' | 'seal' {
  const old = open[leadId];
  const after =
    leadBoardCardsBytes(open) -
    (old === undefined ? 0 : leadBoardEntryBytes(leadId, old)) +
    leadBoardEntryBytes(leadId, card);
  return after <= LEAD_BOARD_CHANGES_MAX_BYTES || Object.keys(open).length === 0 ? 'write' : 'seal';
}

/** The open changes document's number and the last folded one, from a parsed `_meta` (1 and 0 by default). */
export function leadBoardChangesState(meta: { open?: number; folded?: number }): { open: number; folded: number } {
  const open = meta.open ?? 1;
  return { open, folded: Math.min(meta.folded ?? 0, open - 1) };
}

/** True when enough sealed changes documents (open − 1 − folded) have gathered to fold them (LEAD_BOARD_FOLD_AT). */
export function leadBoardFoldDue(state: { open: number; folded: number }): boolean {
  return state.open - 1 - state.folded >= LEAD_BOARD_FOLD_AT;
}

/** A shard as the merge reads it: its cards and the last changes document folded into it. */
export interface BoardShardLayer {
  through: number;
  cards: Readonly<Record<string, EncodedBoardCard | null>>;
}

/** A changes document as the merge reads it. */
export interface BoardChangesLayer {
  seq: number;
  cards: Readonly<Record<string, EncodedBoardCard>>;
}

/**
 * Every lead's current card (pure): a lead's entry in the newest changes
 * document whose number is above its shard's `through` (its shard among
 * `shardCount`, leadBoardShardId), else its entry in a shard. A shard entry
 * that is not a card (null) is left out, and a lead with neither has no
 * card. Changes documents may come in any order.
 */
export function mergeLeadBoard(
  shardCount: number,
  shards: ReadonlyMap<string, BoardShardLayer>,
  changes: readonly BoardChangesLayer[],
): Map<string, EncodedBoardCard> {
  const out = new Map<string, EncodedBoardCard>();
  for (const shard of shards.values())
    for (const [id, text] of Object.entries(shard.cards)) if (text !== null) out.set(id, text);
  const newest = new Map<string, number>();
  for (const layer of changes) {
    for (const [id, text] of Object.entries(layer.cards)) {
      if (layer.seq <= (shards.get(leadBoardShardId(id, shardCount))?.through ?? 0)) continue;
      if (layer.seq <= (newest.get(id) ?? 0)) continue;
      newest.set(id, layer.seq);
      out.set(id, text);
    }
  }
  return out;
}

/**
 * The cards of shard `shardId` (among `shardCount`) once `changes` are
 * folded into it (pure): its own cards, each replaced by the lead's entry in
 * the newest of `changes` above the shard's `through`; entries of leads of
 * other shards are ignored. The caller stores it with `through` set to the
 * highest number folded.
 */
export function foldLeadBoardShard(
  shardId: string,
  shardCount: number,
  shard: BoardShardLayer,
  changes: readonly BoardChangesLayer[],
): Record<string, EncodedBoardCard> {
  const out: Record<string, EncodedBoardCard> = {};
  for (const [id, text] of Object.entries(shard.cards)) if (text !== null) out[id] = text;
  const newest = new Map<string, number>();
  for (const layer of changes) {
    if (layer.seq <= shard.through) continue;
    for (const [id, text] of Object.entries(layer.cards)) {
      if (leadBoardShardId(id, shardCount) !== shardId || layer.seq <= (newest.get(id) ?? 0)) continue;
      newest.set(id, layer.seq);
      out[id] = text;
    }
  }
  return out;
}
