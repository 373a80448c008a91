/**
 * The CRM board's read model (spec §2 "CRM dashboard", §9).
 *
 * The dashboard does not listen to `leads` (one document per lead: 2,000
 * leads are 2,000 reads per load and ~1 s of client-side SDK work). The server
 * keeps a projection instead: `lead_board/{shard}` documents, each holding a
 * map `cards: { [leadId]: EncodedBoardCard }`: the fields the board, its
 * tiles, the Insights charts and the header badge read, as one JSON string
 * per card. A lead's card lives in the shard `leadBoardShardId(leadId)`, and
 * its changes since the shard was last written in the board's small
 * recent-changes documents (leadBoardChanges.ts: a change sends a board a few
 * KB, not its whole shard). The board listens to that one collection
 * (LEAD_BOARD_SHARDS shards, `_meta` and at most LEAD_BOARD_FOLD_AT + 1
 * changes documents, whatever the number of leads); dialogs that need a whole
 * lead (details, quotes) read it when they open.
 *
 * Capacity (docs/operations.md "Board capacity"): Firestore caps a document
 * at 1 MiB. A card's free text is clipped (CARD_TEXT_BUDGET_BYTES; the lead
 * keeps the whole text), so no card exceeds MAX_ENCODED_CARD_BYTES, a shard
 * holds LEAD_BOARD_SHARD_CARD_CAPACITY of the largest cards, and the board
 * holds leadBoardCapacity(shards) leads of the largest kind (typical cards are
 * a third of that size). The shard count lives in the `_meta` document of the
 * same collection (LEAD_BOARD_META_ID), so it grows with a rebuild
 * (`npm run board:rebuild -- --shards N`), not a release. The `cards` map is
 * exempt from indexing (firestore.indexes.json).
 */
import { COLLECTIONS } from './collections.js';
import { z } from 'zod';
import {
  DEFAULT_PROJECT_TYPE,
  LEAD_STATUSES,
  PROJECT_TYPES,
  PROPOSAL_STATUSES,
  type ProposalStatus,
} from './constants.js';
import { fnv1a32 } from './hash.js';
import { QUOTE_REVIEW_STATUSES } from './quoteReview.js';
import { isTestDataLead } from './leads.js';
import { leadDeadReason } from './leadStatus.js';
import type { LeadRecord } from './leads.js';

/** The most unread client messages a card counts (features/messages); more show as "99+". */
export const CARD_UNREAD_MAX = 99;

/** Number of `lead_board` shards when `_meta` names none (a board never rebuilt with --shards). */
export const LEAD_BOARD_SHARDS = 32;

/** Most shards a board may have (each is one read per dashboard load). */
export const LEAD_BOARD_MAX_SHARDS = 512;

/** The shard document ids for `shards` shards: "shard-00", "shard-01", ... */
export function leadBoardShardIds(shards: number): string[] {
  return Array.from({ length: shards }, (_, i) => `shard-${String(i).padStart(2, '0')}`);
}

/** The default shards' document ids: "shard-00" to "shard-31". */
export const LEAD_BOARD_SHARD_IDS: readonly string[] = leadBoardShardIds(LEAD_BOARD_SHARDS);

/** Firestore collection of the board's shards. */
export const LEAD_BOARD_COLLECTION = COLLECTIONS.leadBoard;

/**
 * The board's own document in LEAD_BOARD_COLLECTION (no `cards`): its shard
 * count and whether a card could not be written (see LeadBoardMeta). In the
 * same collection, so the board's one listener reads it too.
 */
export const LEAD_BOARD_META_ID = '_meta';

/** What `lead_board/_meta` holds; every field optional (a missing document means the defaults). */
export const leadBoardMetaSchema = z.object({
  /** How many shards the cards are spread over (set by a rebuild). */
  shards: z.number().int().min(1).max(LEAD_BOARD_MAX_SHARDS).optional(),
  /** A card write failed for good (e.g. a full shard): the board misses leads until a rebuild with more shards. */
  needsRebuild: z.boolean().optional(),
  /** The leads whose cards could not be written (capped list). */
  failedLeadIds: z.array(z.string()).optional(),
  /** The number of the open changes document (leadBoardChangesId), where the next card goes; 1 when absent. */
  open: z.number().int().min(1).optional(),
  /** Every changes document up to this number is folded into every shard (and deleted); 0 when absent. */
  folded: z.number().int().min(0).optional(),
});
export type LeadBoardMeta = z.infer<typeof leadBoardMetaSchema>;

/**
 * A shard of LEAD_BOARD_COLLECTION: `cards` maps a lead id to its encoded
 * card (EncodedBoardCard), as of the changes documents up to `through`
 * (leadBoardChanges.ts). An entry that is not a string (not a card this
 * release wrote) reads as null, and the readers leave it out.
 */
export const leadBoardShardDocSchema = z.object({
  /** The last changes document folded into this shard (its cards include every entry up to it); 0 when none. */
  through: z.number().int().min(0).catch(0).default(0),
  cards: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((cards) => {
      const out: Record<string, EncodedBoardCard | null> = {};
      for (const [id, text] of Object.entries(cards ?? {})) out[id] = typeof text === 'string' ? text : null;
      return out;
    }),
});
export type LeadBoardShardDoc = z.output<typeof leadBoardShardDocSchema>;

/** The shard count a stored `_meta` names, or LEAD_BOARD_SHARDS when it names none or is not valid. */
export function leadBoardShardCount(meta: unknown): number {
  const parsed = leadBoardMetaSchema.safeParse(meta ?? {});
  return (parsed.success && parsed.data.shards) || LEAD_BOARD_SHARDS;
}

/** True when a stored `_meta` says a card could not be written (the admin is told to rebuild). */
export function leadBoardNeedsRebuild(meta: unknown): boolean {
  const parsed = leadBoardMetaSchema.safeParse(meta ?? {});
  return parsed.success && parsed.data.needsRebuild === true;
}

/**
 * Most UTF-8 bytes each free-text field of a card takes in its stored JSON
 * (escapes included); longer text is clipped to fit, ending in "…". Names
 * and subjects (at most 100 and 200 characters, LIMITS) fill a card's width
 * long before this; a dead reason can come from a note of 10,000 characters.
 */
// The dead reason's 72 bytes leave room for the unread count (12 bytes at most) within MAX_ENCODED_CARD_BYTES.
export const CARD_TEXT_BUDGET_BYTES = { name: 120, subject: 120, deadReason: 72, email: 80 } as const;

const utf8 = new TextEncoder();

/** UTF-8 bytes `text` takes inside a JSON string (quotes, backslashes and control characters escaped). */
export function jsonTextBytes(text: string): number {
  return utf8.encode(JSON.stringify(text)).length - 2;
}

/**
 * `text` clipped so that it takes at most `maxBytes` in a JSON string
 * (jsonTextBytes), cut between code points and ending in "…" when clipped;
 * unchanged when it fits.
 */
export function clipCardText(text: string, maxBytes: number): string {
  if (jsonTextBytes(text) <= maxBytes) return text;
  const budget = maxBytes - jsonTextBytes('…');
  let out = '';
  let used = 0;
  for (const ch of text) {
    const bytes = jsonTextBytes(ch);
    if (used + bytes > budget) break;
    out += ch;
    used += bytes;
  }
  return `${out}…`;
}

/** The fields a board card, the tiles, Insights and the header read; dates as `D` (Date, or a Firestore Timestamp when stored). */
export interface BoardCard<D = Date> {
  name: string;
  subject: string;
  projectType: LeadRecord['projectType'];
  status: LeadRecord['status'];
  quoteAmountCents: number | null;
  depositAmountCents: number | null;
  quoteGenerated: boolean;
  /** The client's address, for the board's search ("" when the lead has none); clipped like the other texts. */
  email: string;
  quoteReviewStatus: LeadRecord['quoteReviewStatus'];
  quoteAccepted: boolean;
  /** The dead reason (the field, or the last "Dead Reason:" line of the notes), or null. */
  deadReason: string | null;
  /** Marked as test data (hidden from the Dead bucket, spec §9). */
  testData: boolean;
  /** The status of the lead's latest proposal (Sent, Viewed, Signed, Countersigned), or null without one. */
  proposal: ProposalStatus | null;
  /** Client messages the owner has not read (features/messages), at most CARD_UNREAD_MAX. */
  unread: number;
  createdAt: D;
  /** The lead's last change (its age in the column). */
  updatedAt: D;
}

/** The one action button a board card offers, if any. */
export type LeadCardAction = 'accept' | 'review' | 'plan';

/**
 * The card's action (spec §2 "CRM dashboard"): in Quoted, with a quote not
 * yet accepted, Accept Quote once the review approved it and Review Quote
 * before; in Contacted, Review Quote when a quote exists and Add Project Plan
 * otherwise; none elsewhere.
 */
export function leadCardAction(
  lead: Pick<BoardCard<unknown>, 'status' | 'quoteGenerated' | 'quoteAccepted' | 'quoteReviewStatus'>,
): LeadCardAction | null {
  if (lead.status === 'Quoted' && lead.quoteGenerated && !lead.quoteAccepted)
    return lead.quoteReviewStatus === 'Approved' ? 'accept' : 'review';
  if (lead.status === 'Contacted') return lead.quoteGenerated ? 'review' : 'plan';
  return null;
}

/** What a card is made from: a stored lead (any date type). Missing optional fields read as their spec defaults. */
export type BoardCardSource<D> = Pick<LeadRecord, 'name' | 'subject' | 'projectType' | 'status'> &
  Partial<
    Pick<
      LeadRecord,
      | 'quoteAmountCents'
      | 'depositAmountCents'
      | 'quoteGenerated'
      | 'quoteReviewStatus'
      | 'quoteAccepted'
      | 'notes'
      | 'deadReason'
      | 'email'
    >
  > & {
    createdAt: D;
    updatedAt?: D | null;
    proposalStatus?: ProposalStatus | null;
    unreadMessages?: number | null;
  };

/** The board card of a lead (pure; dates are passed through as they are; free text clipped to CARD_TEXT_BUDGET_BYTES). */
export function boardCardOf<D>(lead: BoardCardSource<D>): BoardCard<D> {
  const deadReason = leadDeadReason(lead);
  return {
    name: clipCardText(lead.name, CARD_TEXT_BUDGET_BYTES.name),
    subject: clipCardText(lead.subject, CARD_TEXT_BUDGET_BYTES.subject),
    projectType: lead.projectType,
    status: lead.status,
    quoteAmountCents: lead.quoteAmountCents ?? null,
    depositAmountCents: lead.depositAmountCents ?? null,
    quoteGenerated: lead.quoteGenerated ?? false,
    email: clipCardText(lead.email ?? '', CARD_TEXT_BUDGET_BYTES.email),
    quoteReviewStatus: lead.quoteReviewStatus ?? null,
    quoteAccepted: lead.quoteAccepted ?? false,
    deadReason: deadReason === null ? null : clipCardText(deadReason, CARD_TEXT_BUDGET_BYTES.deadReason),
    testData: isTestDataLead(lead),
    proposal: lead.proposalStatus ?? null,
    unread: Math.min(Math.max(0, Math.floor(lead.unreadMessages ?? 0)), CARD_UNREAD_MAX),
    createdAt: lead.createdAt,
    updatedAt: lead.updatedAt ?? lead.createdAt,
  };
}

/** Card fields an encoded card leaves out while they hold their default (null, false or ""). */
const DEFAULTED_FIELDS = [
  'quoteAmountCents',
  'depositAmountCents',
  'quoteGenerated',
  'email',
  'quoteReviewStatus',
  'quoteAccepted',
  'deadReason',
  'testData',
  'proposal',
  'unread',
] as const;
const DEFAULTS: Pick<BoardCard, (typeof DEFAULTED_FIELDS)[number]> = {
  quoteAmountCents: null,
  depositAmountCents: null,
  quoteGenerated: false,
  email: '',
  quoteReviewStatus: null,
  quoteAccepted: false,
  deadReason: null,
  testData: false,
  proposal: null,
  unread: 0,
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
const CARD_FIELDS: readonly (keyof BoardCard)[] = [
  'name',
  'subject',
  'projectType',
  'status',
  ...DEFAULTED_FIELDS,
  'createdAt',
  'updatedAt',
];

const dateMs = (d: Date | null | undefined): number | undefined =>
  d instanceof Date && !Number.isNaN(d.getTime()) ? d.getTime() : undefined;

/** The stored text of a card (see EncodedBoardCard); a missing or invalid date is left out. */
export function encodeBoardCard(card: BoardCard): EncodedBoardCard {
  const out: Record<string, unknown> = {};
  for (const k of CARD_FIELDS) {
    const v = k === 'createdAt' || k === 'updatedAt' ? dateMs(card[k]) : card[k];
    if (v !== undefined && !(k in DEFAULTS && v === DEFAULTS[k as keyof typeof DEFAULTS])) out[k] = v;
  }
  return JSON.stringify(out);
}

/** A date of a stored card: epoch ms, or left out (an invalid Date, NaN time). */
const cardDate = z
  .number()
  .optional()
  .transform((ms) => new Date(ms ?? Number.NaN));

/**
 * The JSON of a stored card (EncodedBoardCard) as a BoardCard: the fields
 * encodeBoardCard leaves out back at their defaults; a subject or project
 * type a sparse lead lacked reads as "" and "Web Project" (as toLeadDto reads
 * them). Fields not listed are dropped.
 */
export const encodedBoardCardSchema = z.object({
  name: z.string(),
  subject: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  projectType: z
    .enum(PROJECT_TYPES)
    .nullish()
    .transform((v) => v ?? DEFAULT_PROJECT_TYPE),
  status: z.enum(LEAD_STATUSES),
  quoteAmountCents: z.number().nullable().default(DEFAULTS.quoteAmountCents),
  depositAmountCents: z.number().nullable().default(DEFAULTS.depositAmountCents),
  quoteGenerated: z.boolean().default(DEFAULTS.quoteGenerated),
  email: z.string().default(DEFAULTS.email),
  quoteReviewStatus: z.enum(QUOTE_REVIEW_STATUSES).nullable().default(DEFAULTS.quoteReviewStatus),
  quoteAccepted: z.boolean().default(DEFAULTS.quoteAccepted),
  deadReason: z.string().nullable().default(DEFAULTS.deadReason),
  testData: z.boolean().default(DEFAULTS.testData),
  proposal: z.enum(PROPOSAL_STATUSES).nullable().default(DEFAULTS.proposal),
  unread: z.number().int().min(0).max(CARD_UNREAD_MAX).catch(DEFAULTS.unread).default(DEFAULTS.unread),
  createdAt: cardDate,
  updatedAt: cardDate,
});

/**
 * The card a stored text holds, parsed (encodedBoardCardSchema), its
 * left-out fields back at their defaults (the inverse of encodeBoardCard). A
 * date left out reads as an invalid Date (NaN time), which encodeBoardCard
 * leaves out again and date readers such as leadAttention treat as unknown.
 * @throws SyntaxError when `text` is not JSON; ZodError when it is not a card
 */
export function decodeBoardCard(text: EncodedBoardCard): BoardCard {
  return encodedBoardCardSchema.parse(JSON.parse(text)) satisfies BoardCard;
}

/**
 * The `lead_board` document that holds `leadId`'s card among `shards`
 * shards ("shard-00" to "shard-31" by default), by a 32-bit FNV-1a hash of
 * the id (stable as long as the shard count is: a new count needs a rebuild).
 */
export function leadBoardShardId(leadId: string, shards: number = LEAD_BOARD_SHARDS): string {
  return `shard-${String(fnv1a32(leadId) % shards).padStart(2, '0')}`;
}

/** Firestore's largest document, in bytes. */
export const FIRESTORE_MAX_DOCUMENT_BYTES = 1_048_576;

/**
 * The largest card there can be: every text field at its budget in 3-byte
 * characters, the longest enum values, 16-digit amounts, every flag set
 * (what the capacity figures below are computed from, and tested with).
 */
export function largestBoardCard(): BoardCard {
  const fill = (maxBytes: number) => '界'.repeat(Math.floor(maxBytes / 3));
  const longest = <T extends string>(values: readonly T[]) => values.reduce((a, b) => (b.length > a.length ? b : a));
  const at = new Date(9_999_999_999_999); // the largest 13-digit epoch milliseconds
  return {
    name: fill(CARD_TEXT_BUDGET_BYTES.name),
    subject: fill(CARD_TEXT_BUDGET_BYTES.subject),
    projectType: longest(PROJECT_TYPES),
    status: longest(LEAD_STATUSES),
    quoteAmountCents: -Number.MAX_SAFE_INTEGER,
    depositAmountCents: -Number.MAX_SAFE_INTEGER,
    quoteGenerated: true,
    email: fill(CARD_TEXT_BUDGET_BYTES.email),
    quoteReviewStatus: 'Needs Revision',
    quoteAccepted: true,
    deadReason: fill(CARD_TEXT_BUDGET_BYTES.deadReason),
    testData: true,
    proposal: longest(PROPOSAL_STATUSES),
    unread: CARD_UNREAD_MAX,
    createdAt: at,
    updatedAt: at,
  };
}

/** Most bytes an encoded card takes (encodeBoardCard of largestBoardCard, rounded up). */
export const MAX_ENCODED_CARD_BYTES = 770;

/**
 * Bytes of a shard besides its cards: its document name (under 200 with a
 * 30-character project id), the `cards` field name and Firestore's 32-byte
 * document overhead, with room to spare.
 */
const SHARD_OVERHEAD_BYTES = 1_024;

/** Bytes one card takes in a shard's map: its key (a 20-character auto id, + 1) and its text (+ 1). */
export const MAX_CARD_ENTRY_BYTES = 21 + MAX_ENCODED_CARD_BYTES + 1;

/** How many of the largest cards one shard holds under Firestore's 1 MiB. */
export const LEAD_BOARD_SHARD_CARD_CAPACITY = Math.floor(
  (FIRESTORE_MAX_DOCUMENT_BYTES - SHARD_OVERHEAD_BYTES) / MAX_CARD_ENTRY_BYTES,
);

/**
 * How many leads a board of `shards` shards holds when every card is the
 * largest possible: 85 % of the shards' room, since the hash does not fill
 * them evenly (at this size the fullest shard holds about 8 % above the
 * average; tested in domain/test/leadBoard.test.ts).
 */
export function leadBoardCapacity(shards: number = LEAD_BOARD_SHARDS): number {
  return Math.floor(shards * LEAD_BOARD_SHARD_CARD_CAPACITY * 0.85);
}
