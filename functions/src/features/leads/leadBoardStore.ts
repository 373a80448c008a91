/**
 * The CRM board's projection on the server (domain/leadBoard.ts): keeps
 * `lead_board/{shard}.cards.{leadId}` equal to the lead's encoded card
 * (`storedBoardCard(lead)`, a JSON string) for every lead. A Firestore
 * trigger on `leads/{leadId}` (leadBoardSync.ts) calls syncBoardCard
 * after every write, whoever made it (the API, the scheduled job, a webhook,
 * a seed or the console), so no write path has to remember the board. The
 * board's own moves (features/leads/moveLead.ts) also write their card in the
 * move's transaction (setBoardCardIn), so other devices see a move as soon as
 * it commits rather than after the trigger's delivery; the trigger then finds
 * the card current. The seeds and a first deploy fill it in one go with
 * rebuildLeadBoard (`npm run board:rebuild`).
 *
 * The shard count is read from `lead_board/_meta` (domain LEAD_BOARD_META_ID;
 * default 32) at every sync, and set by a rebuild (`--shards N`), so a
 * growing studio adds shards without a release. A card that Firestore refuses
 * for good (INVALID_ARGUMENT: a full shard) is not retried: the sync marks
 * the board as needing a rebuild in `_meta`, which the dashboard shows.
 *
 * Takes the Firestore instance as a parameter (no import of ../firebase.js),
 * so scripts can use it against the emulators.
 */
import {
  FieldPath,
  FieldValue,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type SetOptions,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  boardCardOf,
  COLLECTIONS,
  encodeBoardCard,
  FIRESTORE_MAX_DOCUMENT_BYTES,
  LEAD_BOARD_COLLECTION,
  LEAD_BOARD_MAX_SHARDS,
  LEAD_BOARD_META_ID,
  leadBoardMetaSchema,
  leadBoardShardCount,
  leadBoardShardId,
  leadBoardShardIds,
  leadDocSchema,
  type EncodedBoardCard,
  type LeadBoardMeta,
} from '@studio/domain';
import * as logger from 'firebase-functions/logger';

/** gRPC status of a write Firestore refuses whatever the retries (e.g. a document over 1 MiB). */
const INVALID_ARGUMENT = 3;

/** How many failed lead ids `_meta` lists at most (the flag stays set beyond). */
const MAX_FAILED_IDS = 100;

/** True for an error no retry can fix: Firestore refused the write itself (INVALID_ARGUMENT). */
export function isPermanentWriteError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === INVALID_ARGUMENT;
}

/** The board's `_meta` document. */
export function boardMetaRef(db: Firestore) {
  return db.collection(LEAD_BOARD_COLLECTION).doc(LEAD_BOARD_META_ID);
}

/**
 * The encoded card (domain EncodedBoardCard) of the stored lead `leadId`, or
 * null when the lead does not parse (domain leadDocSchema; logged as an
 * error): such a lead has no card, as the web's live lists leave it out, and
 * no retry could fix it.
 */
export function storedBoardCard(leadId: string, lead: DocumentData): EncodedBoardCard | null {
  const parsed = leadDocSchema.safeParse(lead);
  if (parsed.success) return encodeBoardCard(boardCardOf(parsed.data));
  logger.error('leadBoard: a stored lead does not parse, so it has no card', { leadId, issues: parsed.error.issues });
  return null;
}

/** The shard document holding `leadId`'s card among `shards` shards. */
export function boardShardRef(db: Firestore, leadId: string, shards: number) {
  return db.collection(LEAD_BOARD_COLLECTION).doc(leadBoardShardId(leadId, shards));
}

/** The board's `_meta` as stored (a malformed one reads as the defaults). */
function boardMetaOf(metaSnap: DocumentSnapshot): LeadBoardMeta {
  const parsed = leadBoardMetaSchema.safeParse(metaSnap.data() ?? {});
  return parsed.success ? parsed.data : {};
}

/** How many shards the board has, from its `_meta` snapshot (domain leadBoardShardCount). */
export function boardShardCountOf(metaSnap: DocumentSnapshot): number {
  return leadBoardShardCount(boardMetaOf(metaSnap));
}

/** The write of `leadId`'s card (a delete when `card` is null): only that map entry of the shard is replaced. */
function boardCardWrite(
  db: Firestore,
  leadId: string,
  shards: number,
  card: EncodedBoardCard | null,
): [DocumentReference, DocumentData, SetOptions] {
  return [
    boardShardRef(db, leadId, shards),
    { cards: { [leadId]: card ?? FieldValue.delete() } },
    { mergeFields: [new FieldPath('cards', leadId)] },
  ];
}

/** Sets `leadId`'s card (or removes it when `card` is null). */
function setBoardCard(db: Firestore, leadId: string, shards: number, card: EncodedBoardCard | null) {
  const [ref, data, options] = boardCardWrite(db, leadId, shards, card);
  return ref.set(data, options);
}

/**
 * Sets `leadId`'s card within `tx`, committed with the lead's own write, so
 * the card can never be older than the lead it was made from. `shards` must
 * come from `_meta` read in the same transaction (boardShardCountOf), so a
 * rebuild changing the count makes the transaction retry. A shard Firestore
 * refuses (isPermanentWriteError at commit) fails the whole transaction: the
 * caller retries without the card and leaves it to the trigger.
 */
export function setBoardCardIn(
  tx: Transaction,
  db: Firestore,
  leadId: string,
  shards: number,
  card: EncodedBoardCard,
): void {
  const [ref, data, options] = boardCardWrite(db, leadId, shards, card);
  tx.set(ref, data, options);
}

/** Records in `_meta` that `leadId`'s card could not be written: the dashboard then asks for a rebuild. */
async function markNeedsRebuild(db: Firestore, leadId: string, meta: LeadBoardMeta): Promise<void> {
  const listed = meta.failedLeadIds?.length ?? 0;
  await boardMetaRef(db).set(
    { needsRebuild: true, ...(listed < MAX_FAILED_IDS ? { failedLeadIds: FieldValue.arrayUnion(leadId) } : {}) },
    { merge: true },
  );
}

/** Same version of a lead: both absent, or both present with the same update time. */
function sameVersion(a: DocumentSnapshot, b: DocumentSnapshot): boolean {
  return a.exists === b.exists && (!a.exists || !!a.updateTime?.isEqual(b.updateTime!));
}

/** How many times a sync writes before giving up on a lead that keeps changing (the trigger then retries). */
const MAX_ROUNDS = 5;

/**
 * Brings `leadId`'s card in line with the lead as it is now. Nothing is
 * written when the card is already current (e.g. after a seed wrote the cards
 * itself). Otherwise it writes the card, then reads the lead again: if the
 * lead changed meanwhile, it writes again from the newer version. So the last
 * card written is always followed by a check that the lead has not moved on,
 * and out-of-order or repeated trigger deliveries never leave an older card
 * behind, without a transaction (one would contend on the shard with every
 * other lead's sync).
 *
 * A write Firestore refuses for good (isPermanentWriteError, e.g. the shard
 * is full) is not thrown, so the trigger does not retry it for days: the
 * board's `_meta` is marked `needsRebuild` (with the lead's id) and the sync
 * answers 'rejected' (the trigger logs it as an error).
 * @returns what it did
 * @throws when the lead changed under it MAX_ROUNDS times in a row, or on a transient failure (the trigger retries)
 */
export async function syncBoardCard(
  db: Firestore,
  leadId: string,
): Promise<'written' | 'removed' | 'unchanged' | 'rejected'> {
  const leadRef = db.collection(COLLECTIONS.leads).doc(leadId);
  const [first, metaSnap] = await db.getAll(leadRef, boardMetaRef(db));
  const meta = boardMetaOf(metaSnap!);
  const shards = leadBoardShardCount(meta);
  const shard = await boardShardRef(db, leadId, shards).get();
  const stored = shard.exists ? (shard.get(new FieldPath('cards', leadId)) as unknown) : undefined;
  const cardOf = (lead: DocumentSnapshot) => (lead.exists ? storedBoardCard(leadId, lead.data()!) : null);
  let lead = first!;
  let card = cardOf(lead);
  if (stored === (card ?? undefined)) return 'unchanged';
  for (let round = 0; round < MAX_ROUNDS; round++) {
    try {
      await setBoardCard(db, leadId, shards, card);
    } catch (err) {
      if (!isPermanentWriteError(err)) throw err;
      await markNeedsRebuild(db, leadId, meta);
      return 'rejected';
    }
    const now = await leadRef.get();
    if (sameVersion(now, lead)) return card ? 'written' : 'removed';
    lead = now;
    card = cardOf(lead);
  }
  throw new Error(`lead ${leadId} changed ${MAX_ROUNDS} times during its board sync`);
}

/** Bytes Firestore counts for a shard holding `cards` (its name and overhead rounded up to 1 KiB). */
function shardBytes(cards: Record<string, EncodedBoardCard>): number {
  let total = 1_024;
  for (const [id, text] of Object.entries(cards)) total += Buffer.byteLength(id) + 1 + Buffer.byteLength(text) + 1;
  return total;
}

/**
 * Rewrites every shard from the leads as they are (reads every lead once;
 * one write per shard), over `shards` shards (default: the count `_meta`
 * names), records that count in `_meta` and clears its `needsRebuild`, and
 * deletes shard documents a smaller count no longer uses. For the seeds, a
 * first deploy onto existing leads, a repair, or more shards; a lead written
 * while it runs may keep a stale card until its next change, so run it when
 * the CRM is idle.
 * @returns the number of leads and shards written
 * @throws Error before writing anything when a shard would pass 1 MiB (naming a shard count that fits), or for a count out of 1..LEAD_BOARD_MAX_SHARDS
 */
export async function rebuildLeadBoard(
  db: Firestore,
  options: { shards?: number } = {},
): Promise<{ leads: number; shards: number }> {
  const collection = db.collection(LEAD_BOARD_COLLECTION);
  const count = options.shards ?? leadBoardShardCount((await boardMetaRef(db).get()).data());
  if (!Number.isInteger(count) || count < 1 || count > LEAD_BOARD_MAX_SHARDS)
    throw new Error(`the shard count must be a whole number from 1 to ${LEAD_BOARD_MAX_SHARDS} (got ${count})`);
  const snap = await db.collection(COLLECTIONS.leads).get();
  const encoded = snap.docs.flatMap((doc) => {
    const card = storedBoardCard(doc.id, doc.data());
    return card ? [[doc.id, card] as const] : [];
  });
  const placed = (n: number) => {
    const shards = new Map<string, Record<string, EncodedBoardCard>>(leadBoardShardIds(n).map((id) => [id, {}]));
    for (const [id, text] of encoded) shards.get(leadBoardShardId(id, n))![id] = text;
    return shards;
  };
  const fits = (shards: Map<string, Record<string, EncodedBoardCard>>) =>
    [...shards.values()].every((cards) => shardBytes(cards) <= FIRESTORE_MAX_DOCUMENT_BYTES);
  const shards = placed(count);
  if (!fits(shards)) {
    let enough = count * 2;
    while (enough < LEAD_BOARD_MAX_SHARDS && !fits(placed(enough))) enough *= 2;
    throw new Error(
      `${snap.size} leads do not fit in ${count} shards (one would pass Firestore's 1 MiB): rebuild with --shards ${Math.min(enough, LEAD_BOARD_MAX_SHARDS)}`,
    );
  }
  // The count first, so syncs from now on place cards where this rebuild puts them.
  await boardMetaRef(db).set({ shards: count, needsRebuild: false, failedLeadIds: [] });
  // One write per shard, not a batch: a batch is capped at 10 MiB, a shard at 1 MiB.
  await Promise.all([...shards].map(([id, cards]) => collection.doc(id).set({ cards })));
  const unused = (await collection.listDocuments()).filter(
    (ref) => ref.id !== LEAD_BOARD_META_ID && !shards.has(ref.id),
  );
  await Promise.all(unused.map((ref) => ref.delete()));
  return { leads: encoded.length, shards: shards.size };
}
