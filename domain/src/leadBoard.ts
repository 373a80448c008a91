/**
 * The CRM board's read model (spec §2 "CRM dashboard", §9; issue 4 "Scale").
 *
 * The dashboard does not listen to `leads` (one document per lead: 2,000
 * leads are 2,000 reads per load and ~1 s of client-side SDK work). The server
 * keeps a projection instead: `lead_board/{shard}` documents, each holding a
 * map `cards: { [leadId]: EncodedBoardCard }`: the fields the board, its
 * tiles, the Insights charts and the header badge read, as one JSON string
 * per card. A lead's card lives in the shard `leadBoardShardId(leadId)`. The board listens to that one collection
 * (LEAD_BOARD_SHARDS documents whatever the number of leads); dialogs that
 * need a whole lead (details, quotes) read it when they open.
 *
 * Size: a stored card is ~150-300 bytes, so 32 shards hold ~100,000 leads under
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

/** Card fields an encoded card leaves out while they hold their default (null or false). */
const DEFAULTED_FIELDS = ['quoteAmountCents', 'depositAmountCents', 'quoteGenerated', 'quoteReviewStatus', 'quoteAccepted', 'deadReason', 'testData'] as const;
const DEFAULTS: Pick<BoardCard, (typeof DEFAULTED_FIELDS)[number]> = {
  quoteAmountCents: null,
  depositAmountCents: null,
  quoteGenerated: false,
  quoteReviewStatus: null,
  quoteAccepted: false,
  deadReason: null,
  testData: false,
};

/**
 * A card as a shard stores it: JSON text of the card, dates as epoch
 * milliseconds, and the defaulted fields (null, false) left out, e.g.
 * `{"name":"Ada","subject":"Shop","projectType":"Web Project","status":"New","createdAt":1772359200000,"updatedAt":1772359200000}`.
 *
 * One string per card rather than a Firestore map: the web SDK converts every
 * map field it delivers into a JavaScript value, ~20,000 of them for 2,000
 * cards (the largest part of the board's first render, measured), while a
 * string is handed over as it is and JSON.parse reads it natively. The text
 * of a card is deterministic (fixed key order), so the same card always
 * encodes to the same string and "unchanged" is a string comparison, on the
 * server and in the browser.
 */
export type EncodedBoardCard = string;

/** Every card field, in the order a stored card lists them. */
const CARD_FIELDS: readonly (keyof BoardCard)[] = ['name', 'subject', 'projectType', 'status', ...DEFAULTED_FIELDS, 'createdAt', 'updatedAt'];

const dateMs = (d: Date | null | undefined): number | undefined => (d instanceof Date && !Number.isNaN(d.getTime()) ? d.getTime() : undefined);

/** The stored text of a card (see EncodedBoardCard); a missing or invalid date is left out. */
export function encodeBoardCard(card: BoardCard): EncodedBoardCard {
  const out: Record<string, unknown> = {};
  for (const k of CARD_FIELDS) {
    const v = k === 'createdAt' || k === 'updatedAt' ? dateMs(card[k]) : card[k];
    if (v !== undefined && !(k in DEFAULTS && v === DEFAULTS[k as keyof typeof DEFAULTS])) out[k] = v;
  }
  return JSON.stringify(out);
}

/**
 * The card a stored text holds, its left-out fields back at their defaults
 * (the inverse of encodeBoardCard). A date left out reads as undefined.
 * @throws SyntaxError when `text` is not JSON
 */
export function decodeBoardCard(text: EncodedBoardCard): BoardCard {
  const raw = JSON.parse(text) as Omit<BoardCard<number>, keyof typeof DEFAULTS> & Partial<typeof DEFAULTS>;
  return {
    ...DEFAULTS,
    ...raw,
    createdAt: typeof raw.createdAt === 'number' ? new Date(raw.createdAt) : (undefined as unknown as Date),
    updatedAt: typeof raw.updatedAt === 'number' ? new Date(raw.updatedAt) : (undefined as unknown as Date),
  };
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
