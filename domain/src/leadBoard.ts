/**
 * The CRM board's read model (spec §2 "CRM dashboard", §9; issue 4 "Scale").
 *
 * The dashboard does not listen to `leads` (one document per lead: 2,000
 * leads are 2,000 reads per load and ~1 s of client-side SDK work). The server
 * keeps a projection instead: `lead_board/{shard}` documents, each holding a
 * map `cards: { [leadId]: StoredBoardCard }` of the fields the board, its tiles,
 * the Insights charts and the header badge read. A lead's card lives in the
 * shard `leadBoardShardId(leadId)`. The board listens to that one collection
 * (LEAD_BOARD_SHARDS documents whatever the number of leads); dialogs that
 * need a whole lead (details, quotes) read it when they open.
 *
 * Size: a stored card is ~200-300 bytes, so 32 shards hold ~100,000 leads under
 * Firestore's 1 MiB document limit (the `cards` map is exempt from indexing,
 * see firestore.indexes.json).
 */
import { isTestDataLead } from './leads.js';
import { leadDeadReason } from './leadStatus.js';
import type { LeadRecord } from './leads.js';

/** Number of `lead_board` documents the cards are spread over. */
export const LEAD_BOARD_SHARDS = 32;

/** The shards' document ids: "shard-00" to "shard-31". */
export const LEAD_BOARD_SHARD_IDS: readonly string[] = Array.from({ length: LEAD_BOARD_SHARDS }, (_, i) => `shard-${String(i).padStart(2, '0')}`);

/** Firestore collection of the board's shards. */
export const LEAD_BOARD_COLLECTION = 'lead_board';

/** The fields a board card, the tiles, Insights and the header read; dates as `D` (Date, or a Firestore Timestamp when stored). */
export interface BoardCard<D = Date> {
  name: string;
  subject: string;
  projectType: LeadRecord['projectType'];
  status: LeadRecord['status'];
  quoteAmountCents: number | null;
  depositAmountCents: number | null;
  quoteGenerated: boolean;
  quoteReviewStatus: LeadRecord['quoteReviewStatus'];
  quoteAccepted: boolean;
  /** The dead reason (the field, or the last "Dead Reason:" line of the notes), or null. */
  deadReason: string | null;
  /** Marked as test data (hidden from the Dead bucket, spec §9). */
  testData: boolean;
  createdAt: D;
  /** The lead's last change (its age in the column). */
  updatedAt: D;
}

/** What a card is made from: a stored lead (any date type). Missing optional fields read as their spec defaults. */
export type BoardCardSource<D> = Pick<LeadRecord, 'name' | 'subject' | 'projectType' | 'status'> &
  Partial<Pick<LeadRecord, 'quoteAmountCents' | 'depositAmountCents' | 'quoteGenerated' | 'quoteReviewStatus' | 'quoteAccepted' | 'notes' | 'deadReason'>> & {
    createdAt: D;
    updatedAt?: D | null;
  };

/** The board card of a lead (pure; dates are passed through as they are). */
export function boardCardOf<D>(lead: BoardCardSource<D>): BoardCard<D> {
  return {
    name: lead.name,
    subject: lead.subject,
    projectType: lead.projectType,
    status: lead.status,
    quoteAmountCents: lead.quoteAmountCents ?? null,
    depositAmountCents: lead.depositAmountCents ?? null,
    quoteGenerated: lead.quoteGenerated ?? false,
    quoteReviewStatus: lead.quoteReviewStatus ?? null,
    quoteAccepted: lead.quoteAccepted ?? false,
    deadReason: leadDeadReason(lead),
    testData: isTestDataLead(lead),
    createdAt: lead.createdAt,
    updatedAt: lead.updatedAt ?? lead.createdAt,
  };
}

/** Card fields a stored card leaves out while they hold their default (null or false). */
const DEFAULTED_FIELDS = ['quoteAmountCents', 'depositAmountCents', 'quoteGenerated', 'quoteReviewStatus', 'quoteAccepted', 'deadReason', 'testData'] as const;
type DefaultedField = (typeof DEFAULTED_FIELDS)[number];

/** A card as stored in a shard: the defaulted fields only when they differ from null/false. */
export type StoredBoardCard<D = Date> = Omit<BoardCard<D>, DefaultedField> & Partial<Pick<BoardCard<D>, DefaultedField>>;

/**
 * The card of a lead as the server stores it: fields holding their default
 * (null, false) are left out, which halves a typical card (most leads have no
 * quote, no dead reason), and so what every board load downloads and parses.
 */
export function storedBoardCardOf<D>(lead: BoardCardSource<D>): StoredBoardCard<D> {
  const card: Partial<BoardCard<D>> = boardCardOf(lead);
  for (const k of DEFAULTED_FIELDS) if (card[k] === null || card[k] === false) delete card[k];
  return card as StoredBoardCard<D>;
}

/** A stored card with its left-out fields back at their defaults (the inverse of storedBoardCardOf). */
export function boardCardFromStored<D>(stored: StoredBoardCard<D>): BoardCard<D> {
  return { quoteAmountCents: null, depositAmountCents: null, quoteGenerated: false, quoteReviewStatus: null, quoteAccepted: false, deadReason: null, testData: false, ...stored };
}

/**
 * The `lead_board` document that holds `leadId`'s card: "shard-00" to
 * "shard-31", by a 32-bit FNV-1a hash of the id (stable across releases as
 * long as LEAD_BOARD_SHARDS is).
 */
export function leadBoardShardId(leadId: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < leadId.length; i++) {
    h ^= leadId.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return LEAD_BOARD_SHARD_IDS[h % LEAD_BOARD_SHARDS]!;
}
